"""Bullet Hell attacks (L2357-2389; the dual-class special, L214-217): with a rank in
[Bullet Hell], extra Melee / Gun Attacks "in addition to any other actions", with "any
equipped weapon" of the right kind; "The total sum of the [Speed Cost] and [Strength
Cost] of these attacks must be less than or equal to the character's [Rank] in [Bullet
Hell]" over the block — so rank 1 allows none (the cheapest costs 2, L2368). ``kind`` is
melee or gun; the attack modifiers that ride on bonus actions may be added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle.ammo import spend_shot
from tactician.rulesets.miridon.battle.attack_actions import (
    REACTION_KEYS,
    apply_reactions,
    modifiers_of,
)
from tactician.rulesets.miridon.battle.checks import acting, active
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.follow_ups import after_attack
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState

NAMES = {"melee": "Bullet Hell Melee Attack", "gun": "Bullet Hell Gun Attack"}
SPENT, BLOCK = "bullet_hell_spent", "bullet_hell_block"  # pools keys


def spent(unit: UnitState, block: int) -> int:
    """Points already spent on Bullet Hell attacks this block."""
    return unit.pool(SPENT) if unit.pool(BLOCK) == block else 0


@ACTIONS.register("bullet_hell", keys=("target", "weapon", "kind", "modifiers", "power",
                                       *REACTION_KEYS))
def bullet_hell(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "bullet_hell")
    rank = unit.profile.special("Bullet Hell")
    if rank < 1:
        raise RulesError(f"{unit.id} has no rank in Bullet Hell (004 L2359)")
    weapon = unit.profile.weapon(str(action.get("weapon") or unit.weapon)).name
    kind = action.get("kind") or ("melee" if ctx.book.weapon(weapon).attack == "melee" else "gun")
    if kind not in NAMES:
        raise RulesError(f"kind must be melee or gun, not {kind!r}")
    name = NAMES[str(kind)]
    cost = action_cost(ctx.book, name, unit)
    used = spent(unit, state.block)
    if used + sum(cost) > rank:
        raise RulesError(f"Bullet Hell attacks this block would cost {used + sum(cost)} points "
                         f"in all, more than the Bullet Hell rank {rank} (004 L2366)")
    target = state.unit(action.get("target"))
    power = action.get("power", 0)
    if not isinstance(power, int) or isinstance(power, bool):
        raise RulesError(f"power must be a whole number, not {power!r}")
    plan = numbers.build(state, ctx.book, ctx.options, unit, target, weapon,
                         "melee" if kind == "melee" else "gun", bonus=True,
                         modifiers=modifiers_of(action), power=power)
    plan = apply_reactions(ctx.book, ctx.options, state, plan, action)
    unit = spend_shot(ctx, active(pay(unit, cost, name), state.block), weapon)
    unit = unit.model_copy(update={"pools": {**unit.pools, SPENT: used + sum(cost),
                                             BLOCK: state.block}})
    state = state.replace_units(unit)
    ctx.say(f"{unit.id}: {name} ({text(cost)}; {used + sum(cost)} of {rank} Bullet Hell "
            "points this block)")
    after = after_attack(ctx, state, plan, name, action, stage=9)
    return after.model_copy(update={"chain": None})
