"""A mech part moves the mech (004 L3641, L3647; Sidestep L212)."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.spirit_battle.mech_units import board, mech_of
from tests.miridon.battle.helpers import act, battle, unit
from tests.miridon.part3.battle.test_mech_battle import frame

BODY = "Training Frame Body"


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


def test_a_part_without_sidestep_or_a_far_square_is_refused() -> None:
    state = _piloted()
    with pytest.raises(RulesError, match="cannot perform Sidestep"):
        act(state, {"type": "mech_move", "unit": "frame", "part": "Training Frame Gun",
                    "to": [2, 1]})
    with pytest.raises(RulesError, match="5 ft"):
        act(state, {"type": "mech_move", "unit": "frame", "part": BODY, "to": [3, 1]})
