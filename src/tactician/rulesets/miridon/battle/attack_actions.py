"""The four attacks of the Offensive Actions (L1796-1843): Melee Attack, Melee Combo
Attack ("only ... if in the previous [Action Block], the character performed a [Melee
Attack]", L1814), Gun Attack, Aimed Attack (+3 To Hit, L1840), with the attack modifiers
chosen before the roll (L1714: Power Attack, Crushing Blow, True Strike) and the
defender's reactions (Dodge before the roll, a block stance after a hit, L1718, L1730;
then Riposte after a miss, L2323-2336).

Action keys: ``target``, ``weapon`` (default: the one held ready), ``kind``
(melee | combo | gun | aimed; default melee for a melee weapon, gun for a gun),
``modifiers`` (power_attack, crushing_blow, true_strike), ``power`` (Power Attack
points), and the defender's choices ``dodge`` (auto | yes | no), ``block`` (auto | none |
block | heavy | super), ``shield`` (auto | yes | no) and ``riposte`` (auto | no); "auto"
is the reaction policy (``reactions``; ruling ``auto_reactions``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle.attack_numbers import ActsAs, AttackPlan
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import Cost, action_cost, modifier_cost, pay, text
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.reactions import choose
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.stances import TIER_NAMES, shield_of
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

ACTION_NAMES = {"melee": "Melee Attack", "combo": "Melee Combo Attack", "gun": "Gun Attack",
                "aimed": "Aimed Attack"}
REACTION_KEYS = ("dodge", "block", "shield", "riposte")
ATTACK_KEYS = ("target", "weapon", "kind", "modifiers", "power", *REACTION_KEYS)
LAST_MELEE = "last_melee_block"  # pools key: the block of the unit's last Melee Attack


def modifiers_of(action: Mapping[str, Any]) -> tuple[str, ...]:
    raw = action.get("modifiers") or ()
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list | tuple) or not all(isinstance(m, str) for m in raw):
        raise RulesError(f"modifiers must be names, not {raw!r}")
    return tuple(str(m).replace("-", "_").casefold() for m in raw)


def kind_of(book: Compendium, unit: UnitState, weapon: str, given: object) -> ActsAs:
    if given is None:
        return "melee" if book.weapon(weapon).attack == "melee" else "gun"
    if given not in ACTION_NAMES:
        raise RulesError(f"kind must be one of {', '.join(ACTION_NAMES)}, not {given!r}")
    return given  # type: ignore[return-value]


def _choice(action: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = str(action.get(key, "auto")).casefold()
    if value in ("true", "1"):
        value = "yes"
    if value in ("false", "0"):
        value = "no"
    if value not in allowed:
        raise RulesError(f"{key} must be one of {', '.join(allowed)}, not {action.get(key)!r}")
    return value


def apply_reactions(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    plan: AttackPlan, action: Mapping[str, Any]) -> AttackPlan:
    """The defender's Dodge and block choices: as the action states them, else the policy."""
    target = state.unit(plan.target)
    _, active_evasion = numbers.evasions(state, target, options)
    dodge = _choice(action, "dodge", ("auto", "yes", "no"))
    block = _choice(action, "block", ("auto", "none", *TIER_NAMES))
    shield = _choice(action, "shield", ("auto", "yes", "no"))
    policy = options.auto_reactions == "policy"
    if dodge == "auto" or block == "auto":
        chosen = choose(book, options, plan, target, active_evasion,
                        simple=options.ai_preset == "simple") if policy else plan
    else:
        chosen = plan
    want_dodge = chosen.dodge if dodge == "auto" else dodge == "yes"
    if want_dodge and not numbers.can_dodge(target):
        raise RulesError(f"{target.id} cannot dodge while grappling, grappled or down "
                         "(004 L2968-2970)")
    spec = replace(plan.spec, evasion=active_evasion if want_dodge else plan.spec.evasion)
    plan = replace(plan, dodge=want_dodge, spec=spec)
    if block == "auto":
        on_hit, on_crit = chosen.block_on_hit, chosen.block_on_crit
        with_shield = chosen.shield_block if shield == "auto" else shield == "yes"
    else:
        on_hit = on_crit = TIER_NAMES.get(block, 0)
        with_shield = shield == "yes" or (shield == "auto" and chosen.shield_block)
    if with_shield and (shield_of(target, book) is None or target.shield_attacked):
        if shield == "yes":
            raise RulesError(f"{target.id} has no shield free for Shield Block this block "
                             "(004 L2457-2461)")
        with_shield = False
    return numbers.with_block(plan, book, target, on_hit, on_crit, with_shield)


def attack_cost(book: Compendium, unit: UnitState, name: str, modifiers: tuple[str, ...]) -> Cost:
    strength, speed = action_cost(book, name, unit)
    for modifier in modifiers:
        extra = modifier_cost(book, numbers.MODIFIER_NAMES[modifier], unit)
        strength, speed = strength + extra[0], speed + extra[1]
    return strength, speed


def plan_attack(book: Compendium, options: BattleOptions, state: MiridonBattle,
                action: Mapping[str, Any]) -> tuple[AttackPlan, Cost]:
    """The plan and cost of an ``attack`` action (shared by the action and its forecast)."""
    attacker = state.unit(action.get("unit"))
    target = state.unit(action.get("target"))
    weapon = attacker.profile.weapon(str(action.get("weapon") or attacker.weapon)).name
    kind = kind_of(book, attacker, weapon, action.get("kind"))
    modifiers = modifiers_of(action)
    power = action.get("power", 0)
    if not isinstance(power, int) or isinstance(power, bool):
        raise RulesError(f"power must be a whole number, not {power!r}")
    if kind == "combo" and attacker.pools.get(LAST_MELEE) != state.block - 1:
        raise RulesError(f"{attacker.id} made no Melee Attack in the previous block: no Melee "
                         "Combo Attack (004 L1814)")
    plan = numbers.build(state, book, options, attacker, target, weapon, kind,
                         modifiers=modifiers, power=power)
    return apply_reactions(book, options, state, plan, action), \
        attack_cost(book, attacker, ACTION_NAMES[kind], modifiers)


@ACTIONS.register("attack", keys=ATTACK_KEYS)
def attack(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    from tactician.rulesets.miridon.battle.follow_ups import after_attack

    attacker = acting(state, action, "attack")
    plan, cost = plan_attack(ctx.book, ctx.options, state, action)
    name = ACTION_NAMES[plan.acts_as]
    attacker = use_slot(attacker, "offensive", name)
    attacker = active(pay(attacker, cost, name), state.block)
    update: dict[str, Any] = {"weapon": plan.weapon}
    if plan.acts_as == "melee":
        update["pools"] = {**attacker.pools, LAST_MELEE: state.block}
    if ctx.book.weapon(plan.weapon).category == "shield":
        update["shield_attacked"] = True  # L2461
    state = state.replace_units(attacker.model_copy(update=update))
    ctx.say(f"{attacker.id}: {name} ({text(cost)}; {attacker.strength} str / "
            f"{attacker.speed} spd left)")
    return after_attack(ctx, state, plan, name, action, stage=1)
