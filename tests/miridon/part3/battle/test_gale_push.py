"""Gale Burst moves the units it knocks back on the grid (004 L3313-3315)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting
from tests.miridon.battle.helpers import act, battle, unit


def _gale(*others: Any) -> Any:
    witch = unit("witch", "enemy", at=(5, 2), weapons=("Short Staff",), ghost=30)
    witch = with_casting(witch, Casting("Gale Burst", (), 5, 0, "self", None))
    witch = witch.model_copy(update={"slots": ()})
    return battle(witch, *others, width=20, order=("witch", *(o.id for o in others)))


def _blow(state: Any, *ids: str) -> Any:
    after, _, _ = act(state, {"type": "activate_spell", "unit": "witch", "targets": list(ids)})
    return after


def test_a_free_push_goes_30_feet_away_and_hurts_no_one() -> None:
    after = _blow(_gale(unit("aria", at=(6, 2))), "aria")
    assert after.unit("aria").position == (12, 2) and after.unit("aria").hp == 40  # 6 squares


def test_the_map_edge_stops_it_and_the_feet_left_hurt() -> None:
    after = _blow(_gale(unit("aria", at=(4, 2), pdr=3)), "aria")
    aria = after.unit("aria")
    # 4 squares (20 ft) to the edge, 10 ft left: 10 damage, PDR reduces it (L3313)
    assert aria.position == (0, 2) and aria.hp == 40 - (10 - 3)


def test_a_unit_in_the_way_is_a_stationary_object_and_the_far_one_moves_first() -> None:
    state = _gale(unit("aria", at=(6, 2)), unit("rock", at=(9, 2)), unit("bo", at=(7, 2)))
    after = _blow(state, "aria", "bo")
    # bo (farther) stops before the rock after 5 ft (25 left); aria then stops behind bo
    assert after.unit("bo").position == (8, 2) and after.unit("bo").hp == 40 - 25
    assert after.unit("aria").position == (7, 2) and after.unit("aria").hp == 40 - 25
    assert after.unit("rock").position == (9, 2)
