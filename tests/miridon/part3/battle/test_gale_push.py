"""Gale Burst moves the units it knocks back on the grid (004 L3313-3315)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tactician.errors import RulesError
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
    # the rock is within the radius: only Selective Gale Burst leaves it out (L2724)
    state = _selective(unit("aria", at=(6, 2)), unit("rock", at=(9, 2)),
                       unit("bo", at=(7, 2)))
    after = _blow(state, "aria", "bo")
    # bo (farther) stops before the rock after 5 ft (25 left); aria then stops behind bo
    assert after.unit("bo").position == (8, 2) and after.unit("bo").hp == 40 - 25
    assert after.unit("aria").position == (7, 2) and after.unit("aria").hp == 40 - 25
    assert after.unit("rock").position == (9, 2)


def _selective(*others: Any) -> Any:
    witch = unit("witch", "enemy", at=(5, 2), weapons=("Short Staff",), ghost=30)
    witch = with_casting(witch, Casting("Gale Burst", ("Selective Gale Burst",), 5, 0, "self",
                                        None))
    witch = witch.model_copy(update={"slots": ()})
    return battle(witch, *others, width=20, order=("witch", *(o.id for o in others)))


def test_l2718_selective_gale_burst_pushes_each_unit_its_chosen_distance() -> None:
    """"the caster can decide the distance each target is knocked back ... separately"
    (L2718), "can be reduced to 0" (L2722): aria 10 ft (2 squares), bo 0 ft, cy not named
    goes the whole 30 ft."""
    state = _selective(unit("aria", at=(6, 2)), unit("bo", at=(4, 2)), unit("cy", at=(5, 3)))
    after, outcome, _ = act(state, {"type": "activate_spell", "unit": "witch",
                                    "targets": ["aria", "bo", "cy"],
                                    "distances": {"aria": 10, "bo": 0}})
    assert after.unit("aria").position == (8, 2) and after.unit("aria").hp == 40
    assert after.unit("bo").position == (4, 2) and after.unit("bo").hp == 40
    assert after.unit("cy").position == (5, 4) and after.unit("cy").hp == 40 - 25  # the edge
    assert "aria is knocked back 10 ft" in outcome.summary


def test_a_wall_before_the_chosen_distance_hurts_by_the_chosen_feet_left() -> None:
    """25 ft chosen toward the edge 20 ft away: stopped, 5 ft left = 5 damage (L3313)."""
    state = _selective(unit("aria", at=(4, 2)))
    after, _, _ = act(state, {"type": "activate_spell", "unit": "witch", "targets": ["aria"],
                              "distances": "aria:25"})
    assert after.unit("aria").position == (0, 2) and after.unit("aria").hp == 40 - 5


@pytest.mark.parametrize(("distances", "words"), [
    ({"aria": 35}, "aria's 35 ft is outside 0..30 ft"),
    ({"aria": -5}, "aria's -5 ft is outside 0..30 ft"),
    ({"aria": "far"}, "aria's distance must be whole feet, not 'far'"),
    ({"zed": 5}, "'zed' is not a target of this Gale Burst"),
    ("aria=5", "'aria=5' is not unit:feet"),
    (7, "distances must map each unit to its feet"),
])
def test_bad_distances_are_refused_naming_the_fault(distances: Any, words: str) -> None:
    state = _selective(unit("aria", at=(6, 2)))
    with pytest.raises(RulesError, match=re.escape(words)):
        act(state, {"type": "activate_spell", "unit": "witch", "targets": ["aria"],
                    "distances": distances})
    assert state.unit("aria").position == (6, 2)


def test_chosen_distances_need_selective_gale_burst() -> None:
    with pytest.raises(RulesError, match="needs the Selective Gale Burst modifier"):
        act(_gale(unit("aria", at=(6, 2))), {"type": "activate_spell", "unit": "witch",
                                             "targets": ["aria"], "distances": {"aria": 5}})


def test_l3313_every_other_unit_within_45_feet_is_knocked_back_by_default() -> None:
    """"All other units within the radius of the range of the caster, both friendly and
    unfriendly" (L3313; 45 ft, L3309): with no targets named, aria (5 ft) and the friend bo
    (10 ft) are pushed; far (50 ft) is not; the caster stays."""
    witch = unit("witch", "enemy", at=(5, 2), weapons=("Short Staff",), ghost=30)
    witch = with_casting(witch, Casting("Gale Burst", (), 5, 0, "self", None))
    witch = witch.model_copy(update={"slots": ()})
    state = battle(witch, unit("aria", at=(6, 2)), unit("bo", "enemy", at=(3, 2)),
                   unit("far", at=(15, 2)), width=30, order=("witch", "aria", "bo", "far"))
    after, _, _ = act(state, {"type": "activate_spell", "unit": "witch"})
    assert after.unit("aria").position == (12, 2)
    assert after.unit("bo").position == (0, 2) and after.unit("bo").hp == 40 - 15
    assert after.unit("far").position == (15, 2) and after.unit("witch").position == (5, 2)


@pytest.mark.parametrize(("targets", "words"), [
    (["aria"], "a Gale Burst knocks back all other units within 45 ft (004 L3313); bo too"),
    (["aria", "bo", "far"], "far is 50 ft away, not within the Gale Burst's 45 ft radius"),
    (["witch", "aria", "bo"], "the caster cannot be a target of its own Gale Burst"),
])
def test_gale_burst_targets_are_checked(targets: list[str], words: str) -> None:
    state = _gale(unit("aria", at=(6, 2)), unit("bo", at=(3, 2)), unit("far", at=(15, 2)))
    with pytest.raises(RulesError, match=re.escape(words)):
        act(state, {"type": "activate_spell", "unit": "witch", "targets": targets})
