"""Kit: every example battle plays to an end with the AI on every side within
its step bound; replaying the log rebuilds exactly the live state; undo then
the same action on the same dice gives the same state; a refused action and a
forecast leave the battle file byte for byte as it was."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.dice.source import PhysicalDice
from tactician.engine.battle import act, replay
from tactician.engine.store_file import load_battle, save_battle
from tactician.engine.undo import undo
from tactician.errors import TacticianError
from tactician.rulesets.contract import Capability, ExampleBattle, RulesetContract
from tactician.table.battles import new_battle, open_battle, perform, preview_attack
from tests.conformance.kit import check_modifiers, play


def _battles(contract: RulesetContract) -> tuple[ExampleBattle, ...]:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    battles = contract.examples().battles
    assert battles, f"{contract.id} declares battles but ships no example battle"
    return battles


# the fast tests play the opening this many actions deep; the slow one plays it all
OPENING = 25


def _played(
    contract: RulesetContract, example: ExampleBattle, limit: int | None = OPENING
) -> list[tuple[Any, Any, Any]]:
    if not contract.has(Capability.AI):
        pytest.skip(f"{contract.id} declares no AI")
    return list(play(contract, example, limit))


@pytest.mark.slow
def test_every_example_battle_ends_within_its_step_bound(contract: RulesetContract) -> None:
    """The whole battle with the AI on every side, and its replay."""
    for example in _battles(contract):
        steps = _played(contract, example, None)
        battle, rules, state = steps[-1]
        assert state.result != "ongoing", (example.name, len(battle.log))
        assert len(battle.log) <= example.step_bound
        assert rules.dump_state(replay(battle, rules)) == rules.dump_state(state)


def test_replaying_the_log_rebuilds_the_live_state(
    contract: RulesetContract, tmp_path: Path
) -> None:
    for example in _battles(contract):
        battle, rules, live = _played(contract, example)[-1]
        assert rules.dump_state(replay(battle, rules)) == rules.dump_state(live)
        path = tmp_path / f"{example.name}.json"
        save_battle(battle, path)
        opened = open_battle(path)
        assert opened.rules.dump_state(opened.state) == rules.dump_state(live)


def test_undo_then_the_same_action_on_the_same_dice_gives_the_same_state(
    contract: RulesetContract,
) -> None:
    for example in _battles(contract):
        for battle, rules, after in _played(contract, example):
            entry = battle.log[-1]
            undone, dropped = undo(battle)
            assert dropped == entry and len(undone.log) == len(battle.log) - 1
            dice = PhysicalDice([d.value for d in entry.dice])
            redone, again, state = act(undone, rules, entry.action, dice)
            assert rules.dump_state(state) == rules.dump_state(after)
            assert (again.summary, again.records) == (entry.summary, entry.records)
            assert redone.log[:-1] == undone.log


REFUSED: list[dict[str, Any]] = [
    {"type": "no_such_action"},
    {"type": "move", "unit": "nobody-at-all", "to": [0, 0]},
    {"type": "attack", "unit": "nobody-at-all", "target": "nobody-else"},
    {"unit": "nobody-at-all"},
]


def test_a_refused_action_leaves_the_battle_file_as_it_was(
    contract: RulesetContract, tmp_path: Path
) -> None:
    for example in _battles(contract):
        path = tmp_path / f"{example.name}.json"
        new_battle(contract.id, example.map, list(example.units), path, seed=example.seed,
                   options=list(example.options))
        before = path.read_bytes()
        for action in REFUSED:
            with pytest.raises(TacticianError):
                perform(path, action)
            assert path.read_bytes() == before, action
        # the first unit of the first side cannot move off the map
        first = open_battle(path).rules.dump_state(open_battle(path).state)
        unit = _first_unit(contract, path)
        with pytest.raises(TacticianError):
            perform(path, {"type": "move", "unit": unit, "to": [-5, -5]})
        assert path.read_bytes() == before
        assert open_battle(path).rules.dump_state(open_battle(path).state) == first
        refused = CliRunner().invoke(app, ["battle", "act", unit, "no_such_action",
                                           "--battle", str(path)])
        assert refused.exit_code == 2 and path.read_bytes() == before


def _first_unit(contract: RulesetContract, path: Path) -> str:
    opened = open_battle(path)
    view = contract.board_view(opened.state)
    return str(view["units"][0]["id"])


def test_an_in_battle_forecast_changes_nothing_and_sums_to_one(
    contract: RulesetContract, tmp_path: Path
) -> None:
    for example in _battles(contract):
        steps = _played(contract, example)
        attacks = [(i, b.log[-1].action) for i, (b, _, _) in enumerate(steps)
                   if b.log[-1].action.get("type") == "attack"]
        assert attacks, f"{example.name}: the AI never attacked"
        index, action = attacks[0]
        battle = steps[index][0].model_copy(update={"log": steps[index][0].log[:-1]})
        path = tmp_path / f"{example.name}.json"
        save_battle(battle, path)
        before = path.read_bytes()
        report = preview_attack(path, action)
        assert path.read_bytes() == before
        assert load_battle(path) == battle
        for side, distribution in report["hp"].items():
            assert math.isclose(sum(distribution.values()), 1.0, abs_tol=1e-9), side
        _valid_forecast(report)
        check_modifiers(report, example.name)


def _valid_forecast(report: dict[str, Any]) -> None:
    """``battle forecast --json`` shares ``forecast --json``'s schema."""
    import json

    from jsonschema import Draft202012Validator

    from tactician.table.schemas import SCHEMA_DIR

    schema = json.loads((SCHEMA_DIR / "forecast.json").read_text(encoding="utf-8"))
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(report)]
    assert not errors, errors[:5]
