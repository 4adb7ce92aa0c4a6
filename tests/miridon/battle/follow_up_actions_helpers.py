"""A Third attack's Combo Finisher dice after two hits of margins 4 and 3 (shared by the
flair-tier tests)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.follow_up_actions import plan_follow_up
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

QUIET = {"dodge": "no", "block": "none"}


def combo_dice(flairs: tuple[str, ...]) -> int:
    """The bonus dice of a Combo Finisher Third attack after hits of margin 4 then 3."""
    fighter = unit("f", weapons=("Longsword", "Small Shield"),
                   flairs=("Second Attack", "Third Attack", *flairs),
                   to_hit={"Longsword": 5, "Small Shield": 5}, strength=30, speed=30)
    state = battle(fighter, unit("t", "enemy", at=(1, 0), hp=300))
    state, _, _ = act(state, {"type": "attack", "unit": "f", "target": "t", **QUIET},
                      rolls=[3, 3, 1])  # 6 + 5 = 11 vs 7: margin 4
    state, _, _ = act(state, {"type": "second_attack", "unit": "f", **QUIET},
                      rolls=[2, 3, 1])  # 5 + 5 = 10 vs 7: margin 3
    follow = plan_follow_up(load_compendium(), BattleOptions(), state, {
        "type": "third_attack", "unit": "f", "modifiers": ["combo_finisher"], **QUIET})
    return int(follow.plan.spec.bonus_dice)
