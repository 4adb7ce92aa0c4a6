"""Kit: what a move says and what the board offers after it, for every ruleset.

Issue 24 item 10: fe-classic's ``battle move`` printed "path: ; None movement spent,
None left", and its ``--reach`` after a move still drew the whole 85 tiles of a
fresh turn (002 L29-33: a unit moves once, then acts). Checked on the moves the
AI makes in each example battle's opening.
"""

from __future__ import annotations

from typing import Any

import pytest

from tactician.cli.battle import render_entry
from tactician.engine.battle import act
from tactician.errors import TacticianError
from tactician.rulesets.contract import Capability, RulesetContract
from tests.conformance.kit import play

OPENING = 25
TRIED = 4  # tiles of each reach tried as moves (the farthest first)


def _moves(contract: RulesetContract) -> list[tuple[Any, Any, Any, dict[str, Any]]]:
    """(battle, rules, state, move record) after each move the AI makes in the opening."""
    if not (contract.has(Capability.BATTLES) and contract.has(Capability.AI)):
        pytest.skip(f"{contract.id} plays no battles with an AI")
    found = []
    for example in contract.examples().battles:
        for battle, rules, state in play(contract, example, OPENING):
            record = next((r for r in battle.log[-1].records if r.get("type") == "move"), None)
            if record is not None and battle.log[-1].action.get("type") == "move":
                found.append((battle, rules, state, record))
    return found


def test_a_move_prints_its_path_and_the_movement_spent_and_left(
    contract: RulesetContract, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = _moves(contract)
    assert moves, f"{contract.id}: the AI made no move in the opening"
    for battle, _, state, record in moves:
        capsys.readouterr()
        render_entry(battle.log[-1], contract.board_view(state))
        text = capsys.readouterr().out
        assert "None" not in text and "path: ;" not in text, text
        assert record.get("path"), record
        assert record.get("spent") is not None and record.get("movement_left") is not None


def test_every_tile_of_a_reach_after_a_move_is_a_move_the_rules_accept(
    contract: RulesetContract,
) -> None:
    """``--reach`` right after a move shows only where the unit may still go."""
    for battle, rules, state, _ in _moves(contract)[:6]:
        unit = str(battle.log[-1].action["unit"])
        reach = contract.board_view(state, unit).get("reach", {})
        if "move" not in reach:
            continue  # a ruleset whose reach is distances, not tiles (Miridon)
        here = next(u["position"] for u in contract.board_view(state)["units"]
                    if u["id"] == unit)
        tiles = [t for t in reach["move"] if t != here]
        tiles.sort(key=lambda t: -(abs(t[0] - here[0]) + abs(t[1] - here[1])))
        for tile in tiles[:TRIED]:
            try:
                act(battle, rules, {"type": "move", "unit": unit, "to": tile},
                    None, state)
            except TacticianError as exc:
                raise AssertionError(f"{contract.id}: {unit}'s reach shows {tile} "
                                     f"after its move, but the move is refused: {exc}") from None
