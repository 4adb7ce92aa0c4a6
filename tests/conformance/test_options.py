"""Kit: every option of the ruleset appears in docs/rulings.md with its
default, and every value of every battle option can be set and round-trips
through a battle file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import TacticianError
from tactician.rulesets.contract import Capability, RulesetContract
from tactician.rulesets.contract.helpers import format_value
from tactician.table.battles import new_battle, open_battle

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"


def test_every_option_is_in_rulings_md_with_its_default(contract: RulesetContract) -> None:
    rows = [line for line in RULINGS.read_text(encoding="utf-8").splitlines()
            if line.startswith("|")]
    options = contract.options()
    assert options, f"{contract.id} declares no options"
    for spec in options:
        cells = [[c.strip().strip("`") for c in row.strip("|").split("|")] for row in rows
                 if row.strip("|").split("|")[0].strip() == f"`{spec.name}`"]
        assert cells, f"{spec.name} is not a row of docs/rulings.md"
        assert any(len(c) > 1 and c[1] == spec.default for c in cells), (spec, cells)


def test_defaults_are_the_values_in_force(contract: RulesetContract) -> None:
    battle_specs = [s for s in contract.options() if s.scope == "battle"]
    values = contract.option_values([])
    for spec in battle_specs:
        assert format_value(values[spec.name]) == spec.default, spec.name


def test_every_option_value_round_trips_through_a_battle_file(
    contract: RulesetContract, tmp_path: Path
) -> None:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    battles = contract.examples().battles
    assert battles, f"{contract.id} declares battles but ships no example battle"
    example = battles[0]
    path = tmp_path / "battle.json"
    for spec in (s for s in contract.options() if s.scope == "battle"):
        for value in spec.samples():
            pair = f"{spec.name}={value}"
            new_battle(contract.id, example.map, list(example.units), path, seed=1,
                       options=[pair], overwrite=True)
            opened = open_battle(path)
            assert opened.battle.options == [pair]
            assert format_value(contract.option_values(opened.battle.options)[spec.name]) \
                == value, pair


def test_an_unknown_option_or_value_is_refused_by_name(contract: RulesetContract) -> None:
    with pytest.raises(TacticianError, match="no_such_option"):
        contract.option_values(["no_such_option=1"])
    choice = next((s for s in contract.options() if s.kind == "choice"), None)
    if choice is not None and choice.scope == "battle":
        with pytest.raises(TacticianError, match=choice.name):
            contract.option_values([f"{choice.name}=not-a-value"])


def test_every_advancement_option_value_is_taken(contract: RulesetContract) -> None:
    specs = [s for s in contract.options() if s.scope == "advancement"]
    if not specs:
        pytest.skip(f"{contract.id} has no advancement options")
    from tactician.dice.source import SeededDice
    from tactician.rulesets.contract import AdvanceRequest

    unit = contract.examples().units[0]
    chosen = contract.examples().advance_choices
    plain = contract.advance(unit, AdvanceRequest(chosen), SeededDice(1))
    for spec in specs:
        for value in (*spec.samples(), spec.default):
            result = contract.advance(
                unit, AdvanceRequest(chosen, options=(f"{spec.name}={value}",)), SeededDice(1))
            assert result.unit.keys() == plain.unit.keys()
        with pytest.raises(TacticianError, match=spec.name):
            contract.advance(unit, AdvanceRequest(chosen, options=(f"{spec.name}=not-a-value",)),
                             SeededDice(1))
