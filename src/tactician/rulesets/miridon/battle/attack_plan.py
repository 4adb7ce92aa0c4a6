"""Planning and paying the attacks of the Offensive Actions (L1796-1843) and their
reactions: the attack kinds and names, the modifiers an action names, the cost, the
targets (one, a spinning ring, a shoot-through line), each target's ``AttackPlan``,
and applying the defender's reactions. Shared by the ``attack`` action
(``attack_actions``), its follow-ups (Riposte, Second/Third attacks), Whirlwind
Strike, Bullet Hell, Shoot Through, the forecast and the AI; it imports none of them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle.attack_numbers import ActsAs, AttackPlan
from tactician.rulesets.miridon.battle.burrow import held_down, underground, undodgeable
from tactician.rulesets.miridon.battle.costs import Cost, action_cost, modifier_cost
from tactician.rulesets.miridon.battle.geometry import distance_ft, in_melee, line_tiles
from tactician.rulesets.miridon.battle.magic_shield import with_deflection
from tactician.rulesets.miridon.battle.memo import (
    Memo,
    Same,
    action_key,
    unit_key,
    unit_key_without,
)
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.reactions import Reaction, chosen
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.stances import TIER_NAMES, free_shield
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

ACTION_NAMES = {"melee": "Melee Attack", "combo": "Melee Combo Attack", "gun": "Gun Attack",
                "aimed": "Aimed Attack"}
REACTION_KEYS = ("dodge", "block", "shield", "riposte", "deflect", "counter")
ATTACK_KEYS = ("target", "weapon", "kind", "modifiers", "power", "to", "how", "obstruct",
               "slot", "bite", *REACTION_KEYS)
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
    active_evasion = numbers.active_evasion(target)  # the passive one is the plan's
    dodge = _choice(action, "dodge", ("auto", "yes", "no"))
    block = _choice(action, "block", ("auto", "none", *TIER_NAMES))
    shield = _choice(action, "shield", ("auto", "yes", "no"))
    policy = options.auto_reactions == "policy"
    if (dodge == "auto" or block == "auto") and policy:
        taken = chosen(book, options, plan, target, active_evasion,
                       simple=options.ai_preset == "simple")
    else:
        taken = Reaction(plan.dodge, plan.block_on_hit, plan.block_on_crit, plan.shield_block)
    want_dodge = taken.dodge if dodge == "auto" else dodge == "yes"
    attacker = state.unit(plan.attacker)
    if undodgeable(attacker):  # Advanced Death Worm Tremor Sense (L1536)
        if dodge == "yes":
            raise RulesError(f"{target.id} cannot Dodge {attacker.id}'s attacks in the block it "
                             "came up from the sand (Advanced Death Worm Tremor Sense, 004 L1536)")
        want_dodge = False
    if want_dodge and not numbers.can_dodge(target):
        raise RulesError(f"{target.id} cannot dodge while grappling, grappled or down, nor in "
                         "the block it came up from the sand (004 L2968-2970, L1520)")
    evasion = active_evasion if want_dodge else plan.spec.evasion
    if want_dodge != plan.dodge or evasion != plan.spec.evasion:
        plan = replace(plan, dodge=want_dodge, spec=replace(plan.spec, evasion=evasion))
    if block not in ("auto", "none") and held_down(target):
        raise RulesError(f"{target.id} came up from the sand this block: no defensive action "
                         "(Death Worm Burrow, 004 L1520)")
    if block == "auto":
        on_hit, on_crit = taken.on_hit, taken.on_crit
        with_shield = taken.shield if shield == "auto" else shield == "yes"
    else:
        on_hit = on_crit = TIER_NAMES.get(block, 0)
        with_shield = shield == "yes" or (shield == "auto" and taken.shield)
    if with_shield and free_shield(target, book) is None:
        if shield == "yes":
            raise RulesError(f"{target.id} has no shield free for Shield Block this block "
                             "(004 L2457-2461)")
        with_shield = False
    plan = numbers.with_block(plan, book, target, on_hit, on_crit, with_shield)
    # Magic Shield Deflection, chosen on the Elemental Weapon's roll (L2205, magic_shield)
    return with_deflection(book, options, target, plan,
                           _choice(action, "deflect", ("auto", "yes", "no")))


def attack_cost(book: Compendium, unit: UnitState, name: str, modifiers: tuple[str, ...]) -> Cost:
    strength, speed = action_cost(book, name, unit)
    for modifier in modifiers:
        extra = modifier_cost(book, numbers.MODIFIER_NAMES[modifier], unit)
        strength, speed = strength + extra[0], speed + extra[1]
    return strength, speed


def spinning_targets(options: BattleOptions, state: MiridonBattle,
                     attacker: UnitState) -> list[UnitState]:
    """Spinning Strike: "all targets in [Melee Range]. Targets cannot be included or
    excluded." (L2535) — allies too."""
    assert attacker.position is not None
    return [u for u in state.units if u.id != attacker.id and u.status != "dead"
            and u.position is not None and in_melee(attacker.position, u.position, options)
            and not underground(u)]  # it cannot be targeted (L1518)


def line_targets(book: Compendium, options: BattleOptions, state: MiridonBattle,
                 attacker: UnitState, aim: UnitState, weapon: str) -> list[UnitState]:
    """Shoot Through: "all targets in a straight line up to the [Range] of the gun" (L2611):
    every unit on the squares of the line from the shooter through the aimed-at unit,
    nearest first, within reach; a wall stops the line."""
    assert attacker.position is not None and aim.position is not None
    reach = numbers.reach_ft(book.weapon(weapon))
    found: list[UnitState] = []
    for tile in line_tiles(state.board(), options, attacker.position, aim.position, reach):
        other = state.at(tile)
        if other is not None and other.id != attacker.id and other not in found \
                and not underground(other):  # passed by under the sand (L1518)
            found.append(other)
    return found


def plan_attack(book: Compendium, options: BattleOptions, state: MiridonBattle,
                action: Mapping[str, Any]) -> tuple[AttackPlan, Cost]:
    """The plan and cost of an ``attack`` action on its (first) target (shared by the
    action, its forecast and the AI); ``plan_targets`` gives every target's plan."""
    plans, cost = plan_targets(book, options, state, action)
    return plans[0], cost


def plan_targets(book: Compendium, options: BattleOptions, state: MiridonBattle,
                 action: Mapping[str, Any]) -> tuple[list[AttackPlan], Cost]:
    """Every target's plan (one, or all of a Spinning Strike / Shoot Through, each
    "rolled separately", L2544, L2613) and the cost, paid once."""
    attacker = state.unit(action.get("unit"))
    weapon = attacker.profile.weapon(str(action.get("weapon") or attacker.weapon)).name
    modifiers = modifiers_of(action)
    if "whirlwind_strike" in modifiers:
        # the first of those in melee range before the move (the forecast's; the action
        # strikes the rest and those in range after it, ``whirlwind``)
        targets = spinning_targets(options, state, attacker)
        if not targets:
            raise RulesError(f"nobody is in {attacker.id}'s melee range before the move")
    elif "spinning_strike" in modifiers:
        targets = spinning_targets(options, state, attacker)
        if not targets:
            raise RulesError(f"nobody is in {attacker.id}'s melee range to spin at")
        named = action.get("target")
        if named is not None and named not in [t.id for t in targets]:
            raise RulesError("a Spinning Strike attacks everyone in melee range; targets "
                             "cannot be included or excluded (004 L2535)")
    else:
        aim = state.unit(action.get("target"))
        targets = [aim]
        if "shoot_through" in modifiers and attacker.position and aim.position:
            targets = line_targets(book, options, state, attacker, aim, weapon) or [aim]
    plans = []
    for target in targets:
        one = {**action, "target": target.id}
        plans.append(plan_one(book, options, state, one, weapon, modifiers))
    return plans, attack_cost(book, attacker, ACTION_NAMES[plans[0].acts_as], modifiers)


def plan_one(book: Compendium, options: BattleOptions, state: MiridonBattle,
             action: Mapping[str, Any], weapon: str, modifiers: tuple[str, ...]
             ) -> AttackPlan:
    """One target's plan with its reactions (``numbers.build``, ``apply_reactions``): a
    pure function of its arguments (the state is frozen), memoised by what it reads of
    them (``plan_reads``), so the AI's mover, which plans every attack again from each
    square it weighs (a new state each), shares the plans of squares alike for the
    target (issue 28)."""
    try:
        reads = plan_reads(book, options, state, action, weapon)
    except RulesError:  # a refusal: the plan's own (the same words), not memoised
        return _plan_one(book, options, state, action, weapon, modifiers)
    key = (Same(book), Same(options), reads, action_key(action), weapon, modifiers)
    return _PLANS.get(key, lambda: _plan_one(book, options, state, action, weapon, modifiers))


_PLANS: Memo[AttackPlan] = Memo(2048)

# The attacker's fields no plan reads: its points and its slots (the action's cost and
# slot are checked apart, ``attack_cost``, ``melee_slots``), and its square, which a plan
# reads only as the distance to the target and whether that is melee range (both in
# ``plan_reads``); its Charge only a melee attack reads (L1953, L1965, L2540).
UNREAD = frozenset(("position", "strength", "speed", "slots"))
UNREAD_BY_GUN = UNREAD | {"charge"}


def plan_reads(book: Compendium, options: BattleOptions, state: MiridonBattle,
               action: Mapping[str, Any], weapon: str) -> Hashable:
    """All that ``_plan_one`` reads of the state (besides the action, weapon, modifiers,
    compendium and options): the attacker (``UNREAD`` left out), the target, the distance
    between them and whether it is melee range, the action block (a Melee Combo Attack,
    Steady Shot), and what it reads of the other units: the target's Guardian rank
    (L173) and, for a melee attack with Flanking, the attacker's friends next to the
    target (L138). Two states with equal reads give equal plans (the test
    ``test_plan_memo`` holds it over random boards)."""
    attacker = state.unit(action.get("unit"))
    target = state.unit(action.get("target"))
    if attacker.position is None or target.position is None:
        return Same(state)  # refused by ``build``; by identity, as before
    melee = kind_of(book, attacker, weapon, action.get("kind")) in ("melee", "combo")
    friends = numbers.flanking_friends(state, attacker, target, options) \
        if melee and attacker.profile.special("Flanking") else 0
    return (unit_key_without(attacker, UNREAD if melee else UNREAD_BY_GUN), unit_key(target),
            distance_ft(attacker.position, target.position, options),
            in_melee(attacker.position, target.position, options), state.block,
            numbers.guardian(state, target, options), friends)


def _plan_one(book: Compendium, options: BattleOptions, state: MiridonBattle,
              action: Mapping[str, Any], weapon: str, modifiers: tuple[str, ...]
              ) -> AttackPlan:
    attacker = state.unit(action.get("unit"))
    target = state.unit(action.get("target"))
    kind = kind_of(book, attacker, weapon, action.get("kind"))
    power = action.get("power", 0)
    if not isinstance(power, int) or isinstance(power, bool):
        raise RulesError(f"power must be a whole number, not {power!r}")
    if kind == "combo" and attacker.pools.get(LAST_MELEE) != state.block - 1:
        raise RulesError(f"{attacker.id} made no Melee Attack in the previous block: no Melee "
                         "Combo Attack (004 L1814)")
    plan = numbers.build(state, book, options, attacker, target, weapon, kind,
                         modifiers=modifiers, power=power)
    return apply_reactions(book, options, state, plan, action)


def several(ctx: Context, state: MiridonBattle, plans: list[AttackPlan], name: str,
            action: Mapping[str, Any]) -> MiridonBattle:
    """A Spinning Strike: each target's attack rolled separately, each re-planned on the
    state the earlier ones left (its HP, stance, points); then the attacker may face any
    way after (L2546; its facing is left as it was). A Shoot Through: ``shoot_through``."""
    from tactician.rulesets.miridon.battle.grapple_actions import grapple_on_crit
    from tactician.rulesets.miridon.battle.strike import strike

    strikes: list[dict[str, Any]] = []
    modifiers = modifiers_of(action)
    label = f"{name} ({', '.join(numbers.MODIFIER_NAMES[m] for m in modifiers)})"
    critical: list[AttackPlan] = []
    for number, first in enumerate(plans, start=1):
        target = state.unit(first.target)
        if target.status == "dead":
            continue
        one = {**action, "target": target.id}
        plan = plan_one(ctx.book, ctx.options, state, one, first.weapon, modifiers)
        state, result, record = strike(ctx, state, plan, label, number)
        strikes.append(record)
        if result.crits:
            critical.append(plan)
    ctx.records.append({"type": "attack", "strikes": strikes, "lines": []})
    for plan in critical:  # each critical's grapple, in the order struck (L1031)
        state = grapple_on_crit(ctx, state, plan, 1)
    return state
