"""Kit: a ruleset that declares ``Capability.CREATION`` builds each of its example
new characters by its rules into a unit file its own check accepts, the same on the
same dice; the table's rolls (``--rolls``) are drawn in order, and a short supply
names the die it needs (a creation without dice says it is not rolled); a missing
required choice is refused by name and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import NeedRoll, TacticianError
from tactician.rulesets.contract import AdvanceRequest, Capability, RulesetContract
from tactician.table.sheets import create


def _creations(contract: RulesetContract) -> list[dict[str, str]]:
    if not contract.has(Capability.CREATION):
        pytest.skip(f"{contract.id} declares no creation")
    made = [dict(c) for c in contract.examples().creations]
    assert made, f"{contract.id} declares creation but ships no example creations"
    return made


def test_each_example_creation_is_a_legal_build(contract: RulesetContract,
                                                tmp_path: Path) -> None:
    creations = _creations(contract)
    names = {c.name for c in contract.creation_choices()}
    for number, choices in enumerate(creations):
        name = choices.pop("name")
        assert set(choices) <= names, (choices, names)
        target = tmp_path / f"new-{number}.yaml"
        made = create(contract.id, name, AdvanceRequest(choices), SeededDice(number), target)
        assert made.written == target and contract.check_unit(target).valid
        again = contract.create(name, AdvanceRequest(choices), SeededDice(number))
        assert again.unit == made.advancement.unit  # the same dice, the same character
        # the table's own dice, the same faces: the same character
        rolled = PhysicalDice(list(made.dice["used"]))
        assert contract.create(name, AdvanceRequest(choices), rolled).unit == again.unit
        if made.dice["used"]:  # a point-buy creation (Tropera) draws no die
            with pytest.raises(NeedRoll):
                contract.create(name, AdvanceRequest(choices),
                                PhysicalDice(list(made.dice["used"])[:-1]))
        else:
            assert not made.advancement.rolled


def test_a_refused_creation_writes_nothing(contract: RulesetContract, tmp_path: Path) -> None:
    _creations(contract)
    target = tmp_path / "nobody.yaml"
    with pytest.raises(TacticianError):
        create(contract.id, "Nobody", AdvanceRequest({}), SeededDice(1), target)
    assert not target.exists()
    result = CliRunner().invoke(app, ["character", "new", "Nobody", "--ruleset", contract.id,
                                      "--out", str(target), "--seed", "1", "--json"])
    assert result.exit_code == 2 and "error" in json.loads(result.stdout)
    assert not target.exists()
    # an existing file is never overwritten
    target.write_text("name: Kept\n")
    choices = dict(contract.examples().creations[0])
    name = choices.pop("name")
    with pytest.raises(TacticianError, match="already exists"):
        create(contract.id, name, AdvanceRequest(choices), SeededDice(1), target)
    assert target.read_text() == "name: Kept\n"
