"""Reload and Quick Reload "to full ammo" (004 L1903-1907, L2406-2413) and the magazines
of ruling ``track_ammo`` (gap M22)."""

from __future__ import annotations

import pytest

from tactician.errors import ContentError, RulesError
from tactician.rulesets.miridon.battle.ammo import left, magazines
from tactician.rulesets.miridon.battle.scenario import _ammo
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

COUNTED = ["track_ammo=true"]
SHOT = {"type": "attack", "unit": "g", "target": "t", "dodge": "no", "block": "none"}


def _range(*flairs: str, shots: int = 1) -> MiridonBattle:
    gunner = unit("g", weapons=("Revolver",), flairs=flairs, pools=magazines({"Revolver": shots}))
    return battle(gunner, unit("t", "enemy", at=(3, 0), hp=100))


def _next_turn(state: MiridonBattle) -> MiridonBattle:
    return state.replace_units(state.unit("g").model_copy(update={"slots": ()}))


def test_m22_each_shot_uses_one_and_an_empty_gun_is_refused() -> None:
    shot, _, _ = act(_range(), SHOT, seed=2, options=COUNTED)
    assert left(shot.unit("g"), "Revolver") == 0
    with pytest.raises(RulesError, match="empty"):
        act(_next_turn(shot), SHOT, seed=2, options=COUNTED)


def test_m22_not_counted_by_default() -> None:
    shot, _, _ = act(_range(), SHOT, seed=2)
    again, _, _ = act(_next_turn(shot), SHOT, seed=2)
    assert left(again.unit("g"), "Revolver") == 1


def test_l1905_reload_fills_the_gun_with_the_offensive_action() -> None:
    shot, _, _ = act(_range(shots=6), SHOT, seed=2, options=COUNTED)
    shot = _next_turn(shot)
    shot, _, _ = act(shot, SHOT, seed=2, options=COUNTED)
    assert left(shot.unit("g"), "Revolver") == 4
    speed = shot.unit("g").speed
    full, outcome, _ = act(_next_turn(shot), {"type": "reload", "unit": "g"}, options=COUNTED)
    g = full.unit("g")
    assert left(g, "Revolver") == 6 and "offensive" in g.slots and g.speed == speed - 1
    assert "6 of 6" in outcome.summary


def test_l2411_quick_reload_is_a_bonus_action_with_the_flair() -> None:
    shot, _, _ = act(_range(), SHOT, seed=2, options=COUNTED)
    with pytest.raises(RulesError, match="Quick Reload flair"):
        act(shot, {"type": "quick_reload", "unit": "g"}, options=COUNTED)
    quick, _, _ = act(_range("Quick Reload"), SHOT, seed=2, options=COUNTED)
    speed = quick.unit("g").speed
    quick, _, _ = act(quick, {"type": "quick_reload", "unit": "g"}, options=COUNTED)
    g = quick.unit("g")
    assert left(g, "Revolver") == 1 and g.speed == speed - 2  # Quick Reload 0/2
    assert g.slots == ("offensive",)  # the shot's; the bonus action takes none


def test_m22_a_units_file_magazine_is_checked() -> None:
    book = load_compendium()
    profile = unit("g", weapons=("Revolver", "Longsword")).profile
    assert _ammo({"revolver": 6}, profile, book, "u.yaml") == {"Revolver": 6}
    with pytest.raises(ContentError, match="not a gun"):
        _ammo({"Longsword": 2}, profile, book, "u.yaml")
    with pytest.raises(ContentError, match="at least 1"):
        _ammo({"Revolver": 0}, profile, book, "u.yaml")
