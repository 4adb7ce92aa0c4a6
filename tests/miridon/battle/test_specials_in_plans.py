"""Specials and critical-hit flairs an attack's plan carries (the numbers the forecast, the
AI and the resolution share, ``attack_numbers.build``): Flanking (004 L134-138), Bull Rush
(L163-166), Vicious Redouble (L142-145), the Drill / Hammer critical tiers (L981-1026)."""

from __future__ import annotations

import pytest

from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

BOOK, OPTIONS = load_compendium(), BattleOptions()
QUIET = {"dodge": "no", "block": "none", "riposte": "no"}


def _plan(state: object, **action: object) -> object:
    plan, _ = plan_attack(BOOK, OPTIONS, state, {"type": "attack", "unit": "a", "target": "t",
                                                 **QUIET, **action})
    return plan


def test_flanking_adds_rank_per_other_friend_in_melee_range_of_the_target() -> None:
    """L138 "Increase the [Damage Dealt] ... by the character's [Rank] in [Flanking]
    multiplied by the number of other friendly characters in [Melee Range] of the target"."""
    flanker = unit("a", specials={"Flanking": 3})
    alone = battle(flanker, unit("t", "enemy", at=(1, 0)))
    two = battle(flanker, unit("t", "enemy", at=(1, 0)), unit("f", at=(2, 0)),
                 unit("g", at=(1, 1)), unit("far", at=(5, 4)))
    assert _plan(alone).spec.bonus_flat == 0  # type: ignore[attr-defined]
    assert _plan(two).spec.bonus_flat == 3 * 2  # type: ignore[attr-defined]


def test_bull_rush_adds_1d6_per_rank_after_a_charge() -> None:
    """L166 "Adds an additional 1d6 to [Damage Dealt] for a [Melee Attack] ... executed
    with [Charge] or [Fast Charge] for every [Rank] in [Bull Rush]"."""
    rusher = unit("a", at=(0, 2), specials={"Bull Rush": 2}, facing="e", strength=20, speed=20)
    state = battle(rusher, unit("t", "enemy", at=(3, 2)))
    assert _plan(state.replace_units(rusher.model_copy(  # type: ignore[attr-defined]
        update={"position": (2, 2)}))).spec.bonus_dice == 0
    charged, _, _ = act(state, {"type": "move", "unit": "a", "to": [2, 2], "how": "charge"})
    assert _plan(charged).spec.bonus_dice == 2  # type: ignore[attr-defined]


def test_vicious_redouble_adds_1d6_per_rank_to_the_redouble() -> None:
    """L145 "Adds an additional 1d6 to [Damage Dealt] for [Redouble Melee Attack] for every
    [Rank] in [Vicious Redouble]"."""
    from tactician.rulesets.miridon.battle.follow_up_actions import plan_follow_up

    for rank in (0, 2):
        striker = unit("a", weapons=("Unarmed",), talents={"Redouble": 1},
                       specials={"Vicious Redouble": rank})
        state, _, _ = act(battle(striker, unit("t", "enemy", at=(1, 0))),
                          {"type": "attack", "unit": "a", "target": "t", **QUIET}, rolls=[4, 4])
        follow = plan_follow_up(BOOK, OPTIONS, state, {"type": "redouble", "unit": "a", **QUIET})
        assert follow.plan.spec.bonus_dice == rank


@pytest.mark.parametrize(("weapon", "flairs", "field", "factor"), [
    ("Hand Drill", (), "crit_multiplier_pdr", 1),
    ("Hand Drill", ("Drill Critical Hit",), "crit_multiplier_pdr", 2),
    ("Hand Drill", ("Drill Critical Hit", "Advanced Drill Critical Hit"), "crit_multiplier_pdr", 3),
    ("Hand Drill", ("Drill Critical Hit", "Advanced Drill Critical Hit",
                    "Greater Drill Critical Hit"), "crit_multiplier_pdr", 4),
    ("War Hammer", ("Hammer Critical Hit",), "crit_multiplier_points", 2),
    ("War Hammer", ("Hammer Critical Hit", "Advanced Hammer Critical Hit",
                    "Greater Hammer Critical Hit"), "crit_multiplier_points", 4),
])
def test_the_critical_tiers_multiply_the_on_hit_losses(weapon: str, flairs: tuple[str, ...],
                                                        field: str, factor: int) -> None:
    """L983 double, L991 triple, L999 quadruple (drills' PDR damage); L1008-1024 hammers'
    speed damage; the best owned tier applies (ruling C62)."""
    state = battle(unit("a", weapons=(weapon,), flairs=flairs), unit("t", "enemy", at=(1, 0)))
    assert getattr(_plan(state).spec, field) == factor  # type: ignore[attr-defined]
