"""A mech fitted, piloted, disabled and recovered in a battle (spec Piece C tests 16-17 and
"Done when")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.mechs.mech import disable
from tactician.rulesets.miridon.spirit_battle.mech_units import (
    board,
    mech_of,
    mech_unit,
    piloting,
    with_mech,
)
from tests.miridon.battle.helpers import act, battle, unit

PARTS = ("Training Frame Body", "Training Frame Blade", "Training Frame Gun")


def frame(at: tuple[int, int] = (1, 0), pilot: str | None = None, **changes: Any) -> Any:
    book = load_compendium()
    parts = [book.mech_parts[p.casefold()] for p in PARTS]
    made = mech_unit(book, "frame", "Training Frame", parts, "player", at, pilot)
    return made.model_copy(update=changes)


def begun() -> Any:
    state = battle(unit("rill", specials={"Mech Training": 2}, max_speed=12),
                   frame(), unit("ogre", "enemy", at=(2, 0), facing="w"), order=())
    state, _, _ = act(state, {"type": "begin"})
    return state


def test_l3613_mech_goes_last() -> None:
    state = begun()
    assert state.order[-1] == "frame" and state.current.id == "rill"  # type: ignore[union-attr]


def test_l3681_enter_then_part_attack_paid_in_its_own_speed() -> None:
    state = begun()
    state, outcome, _ = act(state, {"type": "enter_mech", "unit": "rill", "mech": "frame"})
    assert piloting(state.unit("rill")) == "frame" and state.unit("rill").position is None
    mech = mech_of(state.unit("frame"))
    assert mech.pilot == "rill" and all(p.speed == 0 and p.acted for p in mech.parts)
    assert state.order[-1] == "frame"
    with pytest.raises(RulesError, match="acts only through its parts"):
        act(state, {"type": "attack", "unit": "rill", "target": "ogre"})
    # to the frame's turn: it may not act in the block it was entered (L3681)
    while state.current.id != "frame":  # type: ignore[union-attr]
        state, _, _ = act(state, {"type": "end_turn"})
    with pytest.raises(RulesError, match="already acted"):
        act(state, {"type": "mech_attack", "unit": "frame", "part": "Training Frame Blade",
                    "target": "ogre", "dodge": "no", "block": "none"})
    state, _, _ = act(state, {"type": "end_turn"})
    while state.current.id != "frame":  # type: ignore[union-attr]
        state, _, _ = act(state, {"type": "end_turn"})
    assert mech_of(state.unit("frame")).part("Training Frame Blade").speed == 2  # regen 2
    state, outcome, _ = act(state, {"type": "mech_attack", "unit": "frame",
                                    "part": "Training Frame Blade", "target": "ogre",
                                    "dodge": "no", "block": "none"})
    assert mech_of(state.unit("frame")).part("Training Frame Blade").speed == 0
    assert "Training Frame Blade Melee Attack" in str(outcome.records)


def test_l3651_l3663_disabled_then_the_pilot_takes_the_damage() -> None:
    pilot = board(unit("rill", specials={"Mech Training": 2}), "frame")
    state = battle(pilot, frame(pilot="rill", hp=1),
                   unit("ogre", "enemy", at=(2, 0), facing="w"), order=("ogre", "rill", "frame"))
    for seed in range(1, 80):
        after, outcome, _ = act(state, {"type": "attack", "unit": "ogre", "target": "frame",
                                        "dodge": "no", "block": "none"}, seed=seed)
        if after.unit("frame").hp == 0:
            break
    else:  # pragma: no cover
        pytest.fail("no hit")
    mech = mech_of(after.unit("frame"))
    assert mech.disabled and mech.pdr == 0 and all(p.speed == 0 for p in mech.parts)
    assert after.unit("frame").status == "ok" and "DISABLED" in str(outcome.records)
    # a second hit (Second Melee Attack is not needed: the next block) lands on the pilot too
    after = after.model_copy(update={"turn": 0})
    after = after.replace_units(after.unit("ogre").model_copy(update={"slots": ()}))
    for seed in range(1, 80):
        again, outcome, _ = act(after, {"type": "attack", "unit": "ogre", "target": "frame",
                                        "dodge": "no", "block": "none"}, seed=seed)
        if again.unit("rill").hp < 40:
            break
    else:  # pragma: no cover
        pytest.fail("no second hit")
    assert "its pilot rill takes" in str(outcome.records)


def test_l3667_recovery_at_full_hp_starts_from_zero() -> None:
    state = battle(unit("ogre", "enemy", at=(5, 0)), frame(pilot="rill"),
                   order=("ogre", "frame"))
    disabled = frame(pilot="rill")
    mech, _ = disable(replace(mech_of(disabled), hp=38))
    state = state.replace_units(with_mech(disabled, mech))
    state, outcome, _ = act(state, {"type": "end_turn"})  # the frame's turn: regen 2 -> 40
    mech = mech_of(state.unit("frame"))
    assert not mech.disabled and mech.hp == 40
    assert mech.pdr == 0 and all(p.speed == 0 for p in mech.parts)
    assert "no longer Disabled" in str(outcome.records)
