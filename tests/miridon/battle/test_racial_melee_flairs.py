"""Melee flairs and specials that act on what an attack did: Dragon Tail Whip's second
Redouble (004 L1424-1426) and Ghastly Strength's points for a kill (L149-152)."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.ai import score_attack
from tactician.rulesets.miridon.battle.forecast import attack_forecast
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
QUIET = {"dodge": "no", "block": "none", "riposte": "no"}


def _dragon(flairs: tuple[str, ...]) -> object:
    dragon = unit("d", weapons=("Unarmed",), talents={"Redouble": 1}, flairs=flairs)
    state = battle(dragon, unit("t", "enemy", at=(1, 0), hp=100))
    # Unarmed deals 1 (L3486): a hit within Redouble's 6 (L2347)
    state, _, _ = act(state, {"type": "attack", "unit": "d", "target": "t", **QUIET},
                      rolls=[4, 4])
    state, _, _ = act(state, {"type": "redouble", "unit": "d", **QUIET}, rolls=[4, 4])
    return state


def test_dragon_tail_whip_gives_a_second_redouble_for_nothing() -> None:
    """L1426 "When the character performs a [Redouble] while wielding the [Unarmed] weapon,
    the character can perform a second [Redouble] for 0 [Strength Points] and 0 [Speed
    Points]."""
    state = _dragon(("Dragon Elemental Affinity", "Dragon Claw", "Dragon Tail Whip"))
    before = state.unit("d")  # type: ignore[attr-defined]
    after, _, _ = act(state, {"type": "redouble", "unit": "d", **QUIET}, rolls=[4, 4])
    d = after.unit("d")
    assert (d.strength, d.speed) == (before.strength, before.speed)
    assert after.unit("t").hp == 100 - 3
    with pytest.raises(RulesError, match="already taken Redouble Melee Attack"):
        act(after, {"type": "redouble", "unit": "d", **QUIET}, rolls=[4, 4])


def test_without_the_tail_one_redouble_a_block() -> None:
    with pytest.raises(RulesError, match="already taken Redouble Melee Attack"):
        act(_dragon(()), {"type": "redouble", "unit": "d", **QUIET}, rolls=[4, 4])


def _devourer(target_hp: int, status: str = "ok", rank: int = 4) -> object:
    brute = unit("g", weapons=("Longsword",), specials={"Ghastly Strength": rank},
                 strength=12, speed=12).model_copy(update={"strength": 3, "speed": 5})
    foe = unit("t", "enemy", at=(1, 0)).model_copy(update={"hp": target_hp, "status": status})
    return battle(brute, foe)


def test_ghastly_strength_gives_rank_points_back_when_a_melee_attack_kills() -> None:
    """L152 "Recover a number of [Strength Points] and [Speed Points] equal to the
    character's [Rank] in [Ghastly Strength] when the character's [Melee Attack] or [Melee
    Combo Attack] causes a target to become [Dead]."; an unconscious target hit dies (L1742)."""
    state, outcome, _ = act(_devourer(0, "unconscious"),
                            {"type": "attack", "unit": "g", "target": "t", **QUIET},
                            rolls=[4, 4, 3, 3])
    assert state.unit("t").status == "dead"
    g = state.unit("g")
    assert (g.strength, g.speed) == (3 - 1 + 4, 5 - 2 + 4)  # Melee Attack 1/2, then +4/+4
    assert any("Ghastly Strength" in e for r in outcome.records if r.get("type") == "attack"
               for s in r["strikes"] for e in s["effects"])


def test_a_knock_out_is_not_dead_unless_ghastly_on_ko() -> None:
    attack = {"type": "attack", "unit": "g", "target": "t", **QUIET}
    state, _, _ = act(_devourer(5), attack, rolls=[4, 4, 6, 6])
    assert state.unit("t").status == "unconscious"
    assert (state.unit("g").strength, state.unit("g").speed) == (2, 3)
    state, _, _ = act(_devourer(5), attack, rolls=[4, 4, 6, 6], options=("ghastly_on_ko=true",))
    assert (state.unit("g").strength, state.unit("g").speed) == (6, 7)


def test_the_forecast_and_the_ai_count_the_points_a_kill_gives_back() -> None:
    state = _devourer(0, "unconscious")
    attack = {"type": "attack", "unit": "g", "target": "t", **QUIET}
    found = attack_forecast(BOOK, BattleOptions(), state, attack)
    gain = found["miridon"]["economy"]["ghastly_strength"]
    assert gain["points"] == 4
    assert gain["probability"] == pytest.approx(found["miridon"]["odds"]["dead"])
    assert "Ghastly Strength: +4 str / +4 spd" in "\n".join(found["notes"])
    with_rank = score_attack(BOOK, BattleOptions(), state, state.unit("g"), dict(attack))
    none = _devourer(0, "unconscious", rank=0)
    without = score_attack(BOOK, BattleOptions(), none, none.unit("g"), dict(attack))
    assert with_rank is not None and without is not None and with_rank.score > without.score
