"""The board's move reach for Miridon (issue 29: the table drew none, so no dragged path):
the squares the ``move`` action takes now (004 L1923-1965), each with what it spends,
and exactly those: every square of the map is tried on the action itself."""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.battle.view import board_view
from tactician.rulesets.registry import contract
from tests.conformance.kit import play
from tests.miridon.battle.helpers import act, battle, unit


def accepted(state: MiridonBattle, mover: str) -> set[tuple[int, int]]:
    """Every square of the map the table's move (``{type, unit, to}``) is taken to."""
    found = set()
    for y in range(state.map.height):
        for x in range(state.map.width):
            try:
                act(state, {"type": "move", "unit": mover, "to": [x, y]})
            except RulesError:
                continue
            found.add((x, y))
    return found


def reach(state: MiridonBattle, mover: str) -> dict[str, Any]:
    shown: dict[str, Any] = board_view(state, mover)["reach"]
    return shown


def tiles(found: dict[str, Any]) -> set[tuple[int, int]]:
    return {(t[0], t[1]) for t in found["move"]}


def field() -> MiridonBattle:
    """A mover at (5,4) facing east, an ally in its way east, a foe 3 squares west (out
    of melee range, so no Obstruct Movement)."""
    return battle(unit("mover", at=(5, 4), facing="e"), unit("ally", at=(6, 4)),
                  unit("foe", "enemy", at=(2, 4)), width=12, height=9)


def test_the_reach_is_every_square_the_move_action_takes_and_no_other() -> None:
    state = field()
    shown = tiles(reach(state, "mover"))
    assert shown == accepted(state, "mover")
    # the rules behind it, by the text: allies are passed, nobody ends on them (spec 3.1);
    # Sidestep/Fast Sidestep any way (L1927-1941); 15-20 ft only by (Fast) Charge within
    # 60 degrees of the facing (L1949, L1961)
    assert (7, 4) in shown and (6, 4) not in shown
    assert {(5, 6), (3, 6), (3, 2), (4, 4), (5, 2)} <= shown  # 10 ft S, SW, NW, N; 5 ft W
    assert {(8, 4), (9, 4), (8, 1), (8, 7), (9, 8)} <= shown  # 15-20 ft E, NE, SE
    assert not {(5, 1), (2, 1), (2, 7), (5, 7)} & shown  # 15 ft N, NW, SW, S: off the cone
    assert (5, 4) not in shown and (6, 6) not in shown  # no move; no straight line (L1929)


def test_each_square_says_what_the_move_there_spends_and_how() -> None:
    state = field()
    found = reach(state, "mover")
    for key, cost in found["costs"].items():
        x, y = map(int, key.split(","))
        _, outcome, _ = act(state, {"type": "move", "unit": "mover", "to": [x, y]})
        record = next(r for r in outcome.records if r["type"] == "move")
        assert cost == {"spent": record["spent"], "how": record["how"],
                        "facing": record["facing"]}
    assert found["costs"]["9,4"]["how"] == "fast_charge"
    # a charge faces the way it moved (L1953); a sidestep keeps the facing (L1931)
    assert found["costs"]["8,1"] == {"spent": "2 str / 4 spd", "how": "fast_charge",
                                     "facing": "ne"}
    assert found["costs"]["5,5"] == {"spent": "0 str / 1 spd", "how": "sidestep",
                                     "facing": "e"}


def test_off_turn_and_after_the_move_the_reach_is_empty_with_the_rules_words() -> None:
    state = field()
    waiting = reach(state, "ally")
    assert waiting["move"] == [] and "mover's turn" in waiting["refused"]
    moved, _, _ = act(state, {"type": "move", "unit": "mover", "to": [5, 5]})
    after = reach(moved, "mover")
    assert after["move"] == [] and "L1590" in after["refused"]
    assert accepted(moved, "mover") == set()


def test_a_move_an_enemy_would_obstruct_is_shown_as_cancelled() -> None:
    """L2186-2188: leaving a foe's melee range, the policy obstructs: the action is taken
    (its costs paid) but the unit stays; the reach says so."""
    state = battle(unit("mover", at=(5, 2)), unit("foe", "enemy", at=(4, 2)))
    found = reach(state, "mover")
    assert tiles(found) == accepted(state, "mover")
    cancelled = [k for k, c in found["costs"].items() if "obstructed" in c]
    assert "7,2" in cancelled and "5,3" not in cancelled  # (5,3) stays beside the foe


def test_over_the_example_skirmish_every_acting_units_reach_is_exact() -> None:
    rules_contract = contract("miridon")
    example = rules_contract.examples().battles[0]
    checked = 0
    for _, _, state in play(rules_contract, example, 24):
        current = state.current if state.started else None
        if current is None or current.position is None:
            continue
        assert tiles(reach(state, current.id)) == accepted(state, current.id), current.id
        checked += 1
    assert checked >= 8
