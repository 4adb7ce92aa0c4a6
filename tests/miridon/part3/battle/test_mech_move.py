"""A mech part moves the mech (004 L3641, L3647; the movement actions L1923-1965)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.spirit_battle.mech_move import legal_mech_moves
from tactician.rulesets.miridon.spirit_battle.mech_units import (
    board,
    mech_of,
    replace_part,
    with_mech,
)
from tests.miridon.battle.helpers import act, battle, unit
from tests.miridon.part3.battle.test_mech_battle import frame

BODY = "Training Frame Body"
OPTIONS = BattleOptions()


def _piloted() -> Any:
    pilot = board(unit("rill", specials={"Mech Training": 2}), "frame")
    return battle(frame(at=(1, 1), pilot="rill"), pilot, unit("ogre", "enemy", at=(5, 1)),
                  order=("frame", "rill", "ogre"))


def test_the_body_sidesteps_the_mech_paid_in_its_own_speed_once_a_block() -> None:
    state = _piloted()
    before = mech_of(state.unit("frame")).part(BODY).speed
    after, _, _ = act(state, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [2, 1]})
    assert after.unit("frame").position == (2, 1)
    assert mech_of(after.unit("frame")).part(BODY).speed == before - 1  # Sidestep: 1 (L3641)
    with pytest.raises(RulesError, match="already acted"):
        act(after, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [3, 1]})


def test_a_part_without_a_move_or_a_far_square_is_refused_with_nothing_changed() -> None:
    state = _piloted()
    with pytest.raises(RulesError, match="Training Frame Gun has no movement action; it can: "
                       "Gun Attack"):
        act(state, {"type": "mech_move", "unit": "frame", "part": "Training Frame Gun",
                    "to": [2, 1]})
    # 15 ft: beyond the body's Fast Sidestep and Charge (10 ft, L1939, L1949)
    with pytest.raises(RulesError, match="do not reach"):
        act(state, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [4, 1]})
    with pytest.raises(RulesError, match="cannot move by 'fast_charge'"):
        act(state, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [3, 1],
                    "how": "fast_charge"})
    # a charge goes the way the mech faces (east) or 60 degrees off (L1949)
    with pytest.raises(RulesError, match="60 degrees"):
        act(state, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [1, 3],
                    "how": "charge"})
    # an enemy's square stops it, as a character's move (L3647)
    blocked = state.replace_units(state.unit("ogre").model_copy(update={"position": (2, 1)}))
    with pytest.raises(RulesError, match="taken by ogre"):
        act(blocked, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [3, 1]})
    assert mech_of(state.unit("frame")).part(BODY).speed == 4 and \
        state.unit("frame").position == (1, 1)


def test_a_longer_move_is_paid_in_the_parts_speed_and_a_charge_faces_its_way() -> None:
    state = _piloted()
    after, outcome, _ = act(state, {"type": "mech_move", "unit": "frame", "part": BODY,
                                    "to": [3, 1]})  # the cheapest that reaches: Fast Sidestep
    assert after.unit("frame").position == (3, 1)
    assert mech_of(after.unit("frame")).part(BODY).speed == 4 - 2
    assert "Fast Sidestep" in outcome.summary
    charged, outcome, _ = act(state, {"type": "mech_move", "unit": "frame", "part": BODY,
                                      "to": [2, 2], "how": "charge"})
    assert charged.unit("frame").position == (2, 2) and charged.unit("frame").facing == "se"
    assert charged.unit("frame").charge == 1  # the weight on its next melee attack (L1953)
    poor = state.replace_units(with_mech(state.unit("frame"), replace_part(
        mech_of(state.unit("frame")), replace(mech_of(state.unit("frame")).part(BODY),
                                              speed=1))))
    with pytest.raises(RulesError, match="has 1 speed points; Fast Sidestep costs 2"):
        act(poor, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [3, 1]})


def test_the_legal_moves_are_exactly_the_ones_the_rules_take() -> None:
    state = _piloted()
    moves = legal_mech_moves(state, OPTIONS, state.unit("frame"))
    ends = {end for _, _, end, _ in moves}
    assert (3, 1) in ends and (2, 1) in ends and (4, 1) not in ends
    for part, how, end, cost in moves:
        after, _, _ = act(state, {"type": "mech_move", "unit": "frame", "part": part,
                                  "to": list(end), "how": how})
        assert mech_of(after.unit("frame")).part(part).speed == 4 - cost
    for x in range(6):
        for y in range(5):
            if (x, y) not in ends and (x, y) != (1, 1):
                with pytest.raises(RulesError):
                    act(state, {"type": "mech_move", "unit": "frame", "part": BODY,
                                "to": [x, y]})
