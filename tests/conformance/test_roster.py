"""Kit: the campaign's roster in every ruleset (issue 24). Every example battle's
player-side characters go on a campaign's roster (``character add`` of their unit
files) and the battle starts from the roster: the roster's sheet is what fights (an
advanced character fights advanced; a sheet put in another's place fights in its
place). When the battle ends (VICTORY or DEFEAT) its aftermath reaches the roster:
``character show`` and ``character history`` show what each character carried back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.contract import AdvanceRequest, Capability, ExampleBattle, RulesetContract
from tactician.store.battles import find_battle, load_battle
from tactician.store.campaigns import current_campaign
from tactician.store.database import open_database
from tactician.table.campaigns import rules_for, store_steps
from tests.conformance.evening import Evening, evening, party, scenario, unit_name, with_files
from tests.conformance.kit import play_from


def _battles(contract: RulesetContract) -> tuple[ExampleBattle, ...]:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    return contract.examples().battles


def _start(night: Evening, example: ExampleBattle) -> None:
    night.run("battle", "new", example.name, "--map", str(example.map),
              *[a for u in example.units for a in ("--units", str(u))],
              "--seed", str(example.seed),
              *[a for o in example.options for a in ("--option", o)])


def _stored(night: Evening, name: str) -> Any:
    db = open_database(night.db)
    try:
        return load_battle(db, find_battle(db, current_campaign(db), name).id)
    finally:
        db.close()


def _expected_start(contract: RulesetContract, example: ExampleBattle, folder: Path,
                    files: dict[str, Path], names: list[str]) -> dict[str, Any]:
    """The start a battle from plain units files reading ``files`` (by placement id) gets,
    with the ruleset's muster of the roster's characters (nothing carried yet)."""
    rules = contract.battle_rules(list(example.options))
    state = rules.start_state({**scenario(example),
                               "units": [str(p) for p in with_files(example, folder, files)]})
    return rules.dump_state(contract.muster(state, {n: {} for n in names}))


def test_the_party_on_the_roster_fights_as_the_roster_has_it(
    contract: RulesetContract, tmp_path: Path
) -> None:
    """Every player-side character is added, the battle starts from the roster (no
    ruleset refuses the muster), and what fights is the roster's sheet: the first
    character's sheet replaced by the second's fights in the first's place, and, where
    the ruleset advances characters, an advanced one fights with its new sheet."""
    for example in _battles(contract):
        folder = tmp_path / example.name
        folder.mkdir()
        night = evening(folder, contract)
        members = party(contract, example)
        names = [unit_name(path) for _, path in members]
        for _, path in members:
            night.run("character", "add", str(path))
        _start(night, example)
        assert _stored(night, example.name).start == _expected_start(
            contract, example, folder, {}, names)
        (first, first_file), (_, second_file) = members[0], members[1]
        night.run("character", "add", str(second_file), "--name", names[0], "--replace")
        _start(night, ExampleBattle(f"{example.name}-2", example.map, example.units,
                                    example.seed, options=example.options))
        assert _stored(night, f"{example.name}-2").start == _expected_start(
            contract, example, folder, {first: second_file}, names)
        advanced = _advanced(contract, first_file, folder)
        if advanced is None:
            continue
        night.run("character", "add", str(advanced), "--name", names[0], "--replace")
        _start(night, ExampleBattle(f"{example.name}-3", example.map, example.units,
                                    example.seed, options=example.options))
        start = _stored(night, f"{example.name}-3").start
        assert start == _expected_start(contract, example, folder, {first: advanced}, names)
        assert start != _expected_start(contract, example, folder, {}, names)


def _advanced(contract: RulesetContract, unit: Path, folder: Path) -> Path | None:
    """The unit advanced one step on seeded dice without choices, as a unit file (None
    when the ruleset does not advance, or needs a choice to)."""
    if not contract.has(Capability.ADVANCEMENT):
        return None
    try:
        step = contract.advance(unit, AdvanceRequest(), SeededDice(3))
    except RulesError:
        return None
    target = folder / f"advanced-{unit.name}"
    target.write_text(yaml.safe_dump(dict(step.unit), sort_keys=False), encoding="utf-8")
    return target


def test_a_refused_muster_names_the_gms_own_file(
    contract: RulesetContract, tmp_path: Path
) -> None:
    """A fault in the GM's units file is named in the GM's file, never a copy."""
    for example in _battles(contract):
        night = evening(tmp_path / example.name, contract)
        (_, path), *_ = party(contract, example)
        night.run("character", "add", str(path))
        units = with_files(example, tmp_path / example.name, {})
        data = yaml.safe_load(units[0].read_text(encoding="utf-8"))
        data["units"][0]["at"] = [999, 999]
        broken = tmp_path / example.name / "my-party.yaml"
        broken.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        refused = night.run("battle", "new", example.name, "--map", str(example.map),
                            "--units", str(broken),
                            *[a for u in units[1:] for a in ("--units", str(u))], code=2)
        assert str(broken) in refused.output and "tactician-" not in refused.output


@pytest.mark.slow
def test_the_aftermath_reaches_the_roster(contract: RulesetContract, tmp_path: Path) -> None:
    """The battle started from the roster, played to its end with the engine on every
    side and stored: each character who fought has what the ruleset's aftermath says
    it carries (its card, where it carries one, becomes its sheet), shown by
    ``character show`` and recorded in ``character history``."""
    for example in _battles(contract):
        if not contract.has(Capability.AI):
            pytest.skip(f"{contract.id} declares no AI")
        night = evening(tmp_path / example.name, contract)
        members = party(contract, example)
        for _, path in members:
            night.run("character", "add", str(path))
        _start(night, example)
        stored = _stored(night, example.name)
        rules = rules_for(contract.id, list(stored.options))
        steps = [(played.log[-1], after) for played, _, after in play_from(
            contract, stored, rules, rules.load_state(stored.start), example.step_bound)]
        state = steps[-1][1]
        assert state.result in ("victory", "defeat"), (example.name, len(steps))
        db = open_database(night.db)
        try:
            info = find_battle(db, current_campaign(db), example.name)
            store_steps(db, info.id, rules, 0, steps)
        finally:
            db.close()
        carried = contract.aftermath(state)
        for _, path in members:
            name = unit_name(path)
            shown = night.json("character", "show", name)
            assert shown["last_battle"] == {"name": example.name, "result": state.result}
            expected = {k: v for k, v in carried[name].items() if k != "unit"}
            assert shown["carried"] == expected, name
            rows = night.json("character", "history", name)
            assert rows[-1]["who"] == "battle" and example.name in rows[-1]["what"]
            if "unit" in carried[name]:
                assert rows[-1]["after"]["unit"] == carried[name]["unit"]
                assert any(f.startswith("unit.") for f in rows[-1]["changed"]) or \
                    rows[-1]["before"]["unit"] == carried[name]["unit"]
            text = night.run("character", "show", name).stdout
            assert f"After battle {example.name} ({state.result})" in text
