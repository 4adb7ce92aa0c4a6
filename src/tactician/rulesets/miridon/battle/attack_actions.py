"""The four attacks of the Offensive Actions (L1796-1843): Melee Attack, Melee Combo
Attack ("only ... if in the previous [Action Block], the character performed a [Melee
Attack]", L1814), Gun Attack, Aimed Attack (+3 To Hit, L1840), with the attack modifiers
chosen before the roll (L1714: Power Attack, Crushing Blow, True Strike) and the
defender's reactions (Dodge before the roll, a block stance after a hit, L1718, L1730;
then Riposte after a miss, L2323-2336).

Action keys: ``target``, ``weapon`` (default: the one held ready), ``kind``
(melee | combo | gun | aimed; default melee for a melee weapon, gun for a gun), ``slot``
(offensive | movement | verbal: Dragon Wing Buffet, Death Worm Maw; ``melee_slots``) and
``bite`` (Death Worm Bite),
``modifiers`` (power_attack, crushing_blow, true_strike), ``power`` (Power Attack
points), and the defender's choices ``dodge`` (auto | yes | no), ``block`` (auto | none |
block | heavy | super), ``shield`` (auto | yes | no) and ``riposte`` (auto | no); "auto"
is the reaction policy (``reactions``; ruling ``auto_reactions``).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.ammo import spend_shot
from tactician.rulesets.miridon.battle.attack_plan import (
    ACTION_NAMES,
    ATTACK_KEYS,
    LAST_MELEE,
    REACTION_KEYS,
    apply_reactions,
    attack_cost,
    kind_of,
    line_targets,
    modifiers_of,
    plan_attack,
    plan_one,
    plan_targets,
    several,
    spinning_targets,
)
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import pay, text
from tactician.rulesets.miridon.battle.melee_slots import (
    SLOT_FLAIRS,
    SLOT_LINES,
    attack_slot,
    bites,
)
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle

# the planning lives in ``attack_plan``; callers keep importing it from here too
__all__ = [
    "ACTION_NAMES", "ATTACK_KEYS", "LAST_MELEE", "REACTION_KEYS", "apply_reactions",
    "attack_cost", "kind_of", "line_targets", "modifiers_of", "plan_attack", "plan_one",
    "plan_targets", "several", "spinning_targets", "attack"
]


@ACTIONS.register("attack", keys=ATTACK_KEYS)
def attack(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    from tactician.rulesets.miridon.battle.follow_ups import after_attack
    from tactician.rulesets.miridon.battle.grapple_actions import begin_grapple, may_begin

    attacker = acting(state, action, "attack")
    if "whirlwind_strike" in modifiers_of(action):
        from tactician.rulesets.miridon.battle.whirlwind import whirlwind

        return whirlwind(ctx, state, action, attacker)
    if action.get("to") is not None or action.get("how") is not None:
        raise RulesError("to= and how= go with a Whirlwind Strike's movement action "
                         "(004 L2553); move first with `move`")
    plans, cost = plan_targets(ctx.book, ctx.options, state, action)
    plan = plans[0]
    name = ACTION_NAMES[plan.acts_as]
    slot = attack_slot(attacker, plan.weapon, plan.acts_as, plan.modifiers, action.get("slot"))
    bites(attacker, slot, True, action.get("bite"))  # refuse a bite that cannot be (L1510)
    attacker = use_slot(attacker, slot, name)
    attacker = spend_shot(ctx, active(pay(attacker, cost, name), state.block), plan.weapon)
    update: dict[str, Any] = {"weapon": plan.weapon}
    if plan.acts_as == "melee":
        update["pools"] = {**attacker.pools, LAST_MELEE: state.block}
    if ctx.book.weapon(plan.weapon).category == "shield":
        update["shield_attacked"] = True  # L2461
    state = state.replace_units(attacker.model_copy(update=update))
    as_slot = "" if slot == "offensive" else \
        f" as the {slot} action ({SLOT_FLAIRS[slot]}, {SLOT_LINES[slot]})"
    ctx.say(f"{attacker.id}: {name}{as_slot} ({text(cost)}; {attacker.strength} str / "
            f"{attacker.speed} spd left)")
    if len(plans) == 1 and not set(modifiers_of(action)) & {"spinning_strike", "shoot_through"}:
        after = after_attack(ctx, state, plan, name, action, stage=1)
        if after.chain is not None and bites(attacker, slot, after.chain.hit, action.get("bite")) \
                and may_begin(after, plan.attacker, plan.target):
            ctx.say(f"{plan.attacker} bites: it grapples {plan.target} as if Initiate Grapple "
                    "hit (Death Worm Bite, L1510)")
            after = begin_grapple(ctx, after, plan.attacker, plan.target)
        return after
    if "shoot_through" in modifiers_of(action):
        from tactician.rulesets.miridon.battle.shoot_through import shoot_line

        return shoot_line(ctx, state, plans, name, action)
    return several(ctx, state, plans, name, action)
