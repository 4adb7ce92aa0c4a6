"""Multi-Directional and Aerial Gale Burst in battle (004 L1169-1195): the caster chooses
each target's direction, a path of legs up to the spell's distance, the caster may be a
target; with Aerial, ``up`` and ``down`` too, the ground a wall. Bad directions are refused
naming the fault, nothing moved."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_battle.gale_directions import AERIAL, MULTI
from tactician.rulesets.miridon.spirit_battle.unit_slices import with_casting
from tests.miridon.battle.helpers import act, battle, unit

SELECTIVE = ("Selective Gale Burst",)


def _gale(*others: Any, flairs: tuple[str, ...] = (MULTI,),
          modifiers: tuple[str, ...] = SELECTIVE) -> Any:
    """The witch at (5, 5) of a 20 x 12 open map, her 30 ft Gale Burst ready."""
    witch = unit("witch", "enemy", at=(5, 5), weapons=("Short Staff",), ghost=30,
                 flairs=flairs)
    witch = with_casting(witch, Casting("Gale Burst", modifiers, 5, 0, "self", None))
    witch = witch.model_copy(update={"slots": ()})
    return battle(witch, *others, width=20, height=12,
                  order=("witch", *(o.id for o in others)))


def _blow(state: Any, directions: Any, targets: tuple[str, ...] = ("aria",),
          **more: Any) -> tuple[Any, Any]:
    after, outcome, _ = act(state, {"type": "activate_spell", "unit": "witch",
                                    "targets": list(targets), "directions": directions,
                                    **more})
    return after, outcome


def test_l1172_a_chosen_direction_replaces_away_from_the_caster() -> None:
    """aria east of the witch, sent south: 30 ft = 6 squares to (6, 11), no wall."""
    after, outcome = _blow(_gale(unit("aria", at=(6, 5))), {"aria": "s"})
    assert after.unit("aria").position == (6, 11) and after.unit("aria").hp == 40
    assert "knocked back 30 ft along s30 (L1172-1178) to (6, 11)" in outcome.summary


def test_l1178_a_combination_of_directions_up_to_the_distance() -> None:
    """n10+e20: (6, 5) -> (6, 3) -> (10, 3); n10 alone goes 10 ft and no wall is met."""
    after, _ = _blow(_gale(unit("aria", at=(6, 5))), "aria:n10+e20")
    assert after.unit("aria").position == (10, 3) and after.unit("aria").hp == 40
    after, _ = _blow(_gale(unit("aria", at=(6, 5))), {"aria": [["n", 10]]})
    assert after.unit("aria").position == (6, 3) and after.unit("aria").hp == 40


def test_l3313_a_wall_on_the_path_stops_it_and_the_feet_left_hurt() -> None:
    """n10+w20 with a unit at (4, 3): 10 ft north, 5 ft west to (5, 3), stopped; 30 - 15 =
    15 feet left, less PDR 2 (L3313)."""
    state = _gale(unit("aria", at=(6, 5), pdr=2), unit("rock", at=(4, 3)))
    after, outcome = _blow(state, {"aria": "n10+w20"})
    assert after.unit("aria").position == (5, 3) and after.unit("aria").hp == 40 - 13
    assert after.unit("rock").position == (4, 3)
    assert "stopped (L3313, L1193): 13 damage" in outcome.summary


def test_l1180_the_caster_can_be_a_target_given_a_direction() -> None:
    """The witch blows herself west: 5 squares to the edge, 5 ft left; aria goes east."""
    state = _gale(unit("aria", at=(6, 5)))
    with pytest.raises(RulesError, match="witch is a target of its own Gale Burst and needs "
                                         "a direction"):
        _blow(state, {"aria": "e"}, ("witch", "aria"))
    after, _ = _blow(state, {"self": "w", "aria": "e"}, ("self", "aria"))
    assert after.unit("witch").position == (0, 5) and after.unit("witch").hp == 40 - 5
    assert after.unit("aria").position == (12, 5)
    plain = _gale(unit("aria", at=(6, 5)), flairs=())
    with pytest.raises(RulesError, match="L1184"):
        _blow(plain, None, ("witch", "aria"))


@pytest.mark.parametrize(("flairs", "modifiers", "directions", "error"), [
    ((), SELECTIVE, {"aria": "s"}, "needs the Multi-Directional Gale Burst flair"),
    ((MULTI,), (), {"aria": "s"}, "the cast needs that modifier"),
    ((MULTI,), SELECTIVE, {"aria": "up10"}, r"'up' is vertical .*L1174"),
    ((MULTI,), SELECTIVE, {"aria": "sideways"}, "'sideways' is not a direction"),
    ((MULTI,), SELECTIVE, {"aria": "n20+e20"}, "legs total 40 ft, more than the spell's 30"),
    ((MULTI,), SELECTIVE, {"aria": "n10+e"}, "'e' has none"),
    ((MULTI,), SELECTIVE, {"bo": "n"}, "'bo' is not a target"),
    ((MULTI,), SELECTIVE, "aria=n", "'aria=n' is not unit:direction"),
    ((MULTI,), SELECTIVE, 7, "directions must map each unit to its direction"),
])
def test_bad_directions_are_refused_naming_the_fault(flairs: Any, modifiers: Any,
                                                      directions: Any, error: str) -> None:
    state = _gale(unit("aria", at=(6, 5)), unit("bo", at=(15, 5)), flairs=flairs,
                  modifiers=modifiers)
    with pytest.raises(RulesError, match=error):
        _blow(state, directions)
    assert state.unit("aria").position == (6, 5)


def test_legs_and_distances_must_agree() -> None:
    state = _gale(unit("aria", at=(6, 5)))
    with pytest.raises(RulesError, match="legs total 20 ft but distances gives 10 ft"):
        _blow(state, {"aria": "n10+e10"}, distances={"aria": 10})
    after, _ = _blow(state, {"aria": "n"}, distances={"aria": 10})  # a bare direction
    assert after.unit("aria").position == (6, 3)


def test_l1191_aerial_goes_up_and_falls_back() -> None:
    """up10+e20: up 10 ft, 4 squares east to (10, 5), then a fall of 10 ft (spec §2 Altitude:
    1 damage per foot, PDR 3 reduces it)."""
    state = _gale(unit("aria", at=(6, 5), pdr=3), flairs=(MULTI, AERIAL))
    after, outcome = _blow(state, {"aria": "up10+e20"})
    assert after.unit("aria").position == (10, 5) and after.unit("aria").hp == 40 - 7
    assert "falls 10 ft: 7 damage" in outcome.summary


def test_l1193_movement_into_the_ground_is_a_wall() -> None:
    """down30 from the ground: stopped at once, 30 feet left; up10+down20: 10 ft below the
    start's height is the ground, 10 ft left."""
    state = _gale(unit("aria", at=(6, 5)), flairs=(MULTI, AERIAL))
    after, _ = _blow(state, {"aria": "down30"})
    assert after.unit("aria").position == (6, 5) and after.unit("aria").hp == 40 - 30
    after, _ = _blow(state, {"aria": "up10+down20"})
    assert after.unit("aria").position == (6, 5) and after.unit("aria").hp == 40 - 10


def test_a_dragon_that_would_stay_up_is_refused() -> None:
    """Dragon Flight "no longer falls" (L1438): the map has no height to keep it at."""
    state = _gale(unit("drake", at=(6, 5), flairs=("Dragon Flight",)),
                  flairs=(MULTI, AERIAL))
    with pytest.raises(RulesError, match="drake would stay 10 ft up"):
        _blow(state, {"drake": "up10+e10"}, ("drake",))
    after, _ = _blow(state, {"drake": "up10+e10+down10"}, ("drake",))
    assert after.unit("drake").position == (8, 5) and after.unit("drake").hp == 40
