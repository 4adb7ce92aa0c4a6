"""The bonus attacks that follow an attack (L2233-2319, L2340-2353, L2393-2402).

- ``second_attack`` (Second Melee / Gun / Aimed Attack, L2233-2274): the Second Attack
  flair, two weapons, "immediately after" the offensive Melee/Combo/Gun/Aimed attack,
  "with the weapon that did not perform the [Offensive Action]"; one per block. Costs:
  1/2, 0/2, 0/3; Advanced 1/1, 0/1, 0/2; Greater 1/0, 0/0, 0/1 (L686-712, data).
- ``third_attack`` (L2278-2319): the Third Attack flair, immediately after a second attack,
  either weapon, one per block; ``modifiers=combo_finisher`` (L2637-2648): the first and
  second attacks hit the same target; +1d6 per point of margin, + the second attack's
  margin in d6 with Advanced, + the first's with Greater (L890, L898).
- ``redouble`` (Redouble Melee Attack, L2340-2353): Redouble rank >= 1, immediately after an
  offensive Melee / Combo Attack (ruling ``redouble_on_miss``: that hit), its Damage Dealt
  at most 6 x rank (ruling ``redouble_threshold``; L2343 says "< 3 * [Redouble]"), the same
  weapon, once per block, + Vicious Redouble 1d6 per rank (L145). A Second attack may still
  follow, "acting as if the [Redouble Melee Attack] did not occur" (L2351): the chain stays.
- ``rapid_fire`` (Rapid Fire Gun Attack, L2393-2402): after a critical with a pistol and the
  flair, a Gun Attack with the same pistol (ruling ``rapid_fire_chain``: its own crit may
  fire again).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle.attack_actions import (
    REACTION_KEYS,
    apply_reactions,
    modifiers_of,
)
from tactician.rulesets.miridon.battle.checks import acting, once
from tactician.rulesets.miridon.battle.costs import action_cost, modifier_cost, pay, text
from tactician.rulesets.miridon.battle.follow_ups import after_attack, require_chain
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle

SECOND = {"melee": "Second Melee Attack", "gun": "Second Gun Attack",
          "aimed": "Second Aimed Attack"}
THIRD = {"melee": "Third Melee Attack", "gun": "Third Gun Attack", "aimed": "Third Aimed Attack"}
KEYS = ("target", "weapon", "kind", "modifiers", "power", *REACTION_KEYS)


def _bonus_kind(ctx: Context, weapon: str, given: object) -> str:
    attack = ctx.book.weapon(weapon).attack
    kind = given if given is not None else ("melee" if attack == "melee" else "gun")
    if kind not in SECOND:
        raise RulesError(f"kind must be melee, gun or aimed, not {kind!r}")
    return str(kind)


def _bonus_attack(ctx: Context, state: MiridonBattle, action: Mapping[str, Any], name: str,
                  weapon: str, kind: str, stage: int, once_key: str) -> MiridonBattle:
    unit = state.unit(action.get("unit"))
    chain = state.chain
    target = state.unit(action.get("target") or (chain.target if chain else None))
    modifiers = tuple(m for m in modifiers_of(action) if m != "combo_finisher")
    plan = numbers.build(state, ctx.book, ctx.options, unit, target, weapon, kind,  # type: ignore[arg-type]
                         bonus=True, modifiers=modifiers, power=int(action.get("power", 0)))
    plan = apply_reactions(ctx.book, ctx.options, state, plan, action)
    cost = action_cost(ctx.book, name, unit)
    for modifier in modifiers:
        extra = modifier_cost(ctx.book, numbers.MODIFIER_NAMES[modifier], unit)
        cost = (cost[0] + extra[0], cost[1] + extra[1])
    unit = once(pay(unit, cost, name), once_key, name)
    state = state.replace_units(unit)
    ctx.say(f"{unit.id}: {name} ({text(cost)}; {unit.strength} str / {unit.speed} spd left)")
    return after_attack(ctx, state, plan, name, action, stage, chain)


@ACTIONS.register("second_attack", keys=KEYS)
def second_attack(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "second_attack")
    chain = require_chain(state, unit, "a Second attack")
    if chain.stage != 1 or chain.kind not in ("melee", "combo", "gun", "aimed"):
        raise RulesError("a Second attack follows the offensive Melee, Combo, Gun or Aimed "
                         "Attack (004 L2236)")
    if not unit.profile.has("Second Attack"):
        raise RulesError(f"{unit.id} lacks the Second Attack flair (004 L677)")
    others = [w.name for w in unit.profile.weapons if w.name != chain.weapon]
    if len(unit.profile.weapons) < 2 or not others:
        raise RulesError(f"{unit.id} is not wielding two weapons (004 L2234)")
    weapon = str(action.get("weapon") or others[0])
    if weapon == chain.weapon:
        raise RulesError("a Second attack is made with the weapon that did not perform the "
                         "offensive action (004 L2238)")
    kind = _bonus_kind(ctx, weapon, action.get("kind"))
    return _bonus_attack(ctx, state, action, SECOND[kind], weapon, kind, 2, "second_attack")


@ACTIONS.register("third_attack", keys=KEYS)
def third_attack(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "third_attack")
    chain = require_chain(state, unit, "a Third attack")
    if chain.stage != 2:
        raise RulesError("a Third attack comes immediately after a Second attack (004 L2281)")
    if not unit.profile.has("Third Attack"):
        raise RulesError(f"{unit.id} lacks the Third Attack flair (004 L716)")
    weapon = str(action.get("weapon") or chain.weapon)
    kind = _bonus_kind(ctx, weapon, action.get("kind"))
    if "combo_finisher" not in modifiers_of(action):
        return _bonus_attack(ctx, state, action, THIRD[kind], weapon, kind, 3, "third_attack")
    if not unit.profile.has("Combo Finisher"):
        raise RulesError(f"{unit.id} lacks the Combo Finisher flair (004 L2637)")
    if set(modifiers_of(action)) & {"power_attack", "true_strike", "crushing_blow"}:
        raise RulesError("Combo Finisher cannot be combined with Power Attack, True Strike or "
                         "Crushing Blow (004 L2648)")
    first, second = (*chain.margins, None, None)[:2]
    if not chain.same_target or first is None or second is None or \
            action.get("target") not in (None, chain.target):
        raise RulesError("Combo Finisher needs the first and second attacks to have hit the "
                         "same target (004 L2642)")
    extra_dice = 0
    if unit.profile.has("Advanced Combo Finisher"):
        extra_dice += second
        if unit.profile.has("Greater Combo Finisher"):
            extra_dice += first
    return _finisher(ctx, state, action, THIRD[kind], weapon, kind, extra_dice)


def _finisher(ctx: Context, state: MiridonBattle, action: Mapping[str, Any], name: str,
              weapon: str, kind: str, extra_dice: int) -> MiridonBattle:
    """A Third attack with Combo Finisher: +1d6 per point of its margin (margin_dice 1)
    plus the earlier margins' dice as a fixed number of d6."""
    from dataclasses import replace

    unit = state.unit(action.get("unit"))
    chain = state.chain
    assert chain is not None
    target = state.unit(chain.target)
    plan = numbers.build(state, ctx.book, ctx.options, unit, target, weapon, kind,  # type: ignore[arg-type]
                         bonus=True, margin_dice_extra=1)
    plan = replace(plan, spec=replace(plan.spec, bonus_dice=plan.spec.bonus_dice + extra_dice))
    plan = apply_reactions(ctx.book, ctx.options, state, plan, action)
    cost = action_cost(ctx.book, name, unit)
    extra = modifier_cost(ctx.book, "Combo Finisher", unit)
    cost = (cost[0] + extra[0], cost[1] + extra[1])
    unit = once(pay(unit, cost, name), "third_attack", name)
    state = state.replace_units(unit)
    ctx.say(f"{unit.id}: {name} with Combo Finisher (+{extra_dice}d6 from earlier margins; "
            f"{text(cost)})")
    return after_attack(ctx, state, plan, name, action, 3, chain)


def redouble_allowed(options: Any, damage: int, rank: int) -> bool:
    """L2347 "less than or equal to ... 6 times the [Rank]"; L2343 "< 3 * [Redouble]"."""
    if options.redouble_threshold == "at_most_6_rank":
        return damage <= 6 * rank
    return damage < 3 * rank


@ACTIONS.register("redouble", keys=KEYS)
def redouble(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "redouble")
    chain = require_chain(state, unit, "a Redouble Melee Attack")
    rank = unit.profile.talent("Redouble")
    if rank < 1:
        raise RulesError(f"{unit.id} has no rank in Redouble (004 L2342)")
    if chain.stage != 1 or chain.kind not in ("melee", "combo"):
        raise RulesError("a Redouble follows the offensive Melee or Melee Combo Attack "
                         "(004 L2343)")
    if not chain.hit and not ctx.options.redouble_on_miss:
        raise RulesError("the attack missed: no Redouble (ruling redouble_on_miss)")
    if not redouble_allowed(ctx.options, chain.damage, rank):
        limit = f"at most {6 * rank}" if ctx.options.redouble_threshold == "at_most_6_rank" \
            else f"below {3 * rank}"
        raise RulesError(f"the attack dealt {chain.damage}, not {limit}: above the Redouble "
                         "Damage Threshold (004 L2347)")
    from dataclasses import replace

    target = state.unit(chain.target)
    plan = numbers.build(state, ctx.book, ctx.options, unit, target, chain.weapon, "melee",
                         bonus=True, modifiers=modifiers_of(action),
                         power=int(action.get("power", 0)))
    vicious = unit.profile.special("Vicious Redouble")
    if vicious:
        plan = replace(plan, spec=replace(plan.spec, bonus_dice=plan.spec.bonus_dice + vicious))
    plan = apply_reactions(ctx.book, ctx.options, state, plan, action)
    cost = action_cost(ctx.book, "Redouble Melee Attack", unit)
    unit = once(pay(unit, cost, "Redouble Melee Attack"), "redouble", "Redouble Melee Attack")
    state = state.replace_units(unit)
    ctx.say(f"{unit.id}: Redouble Melee Attack ({text(cost)})")
    after = after_attack(ctx, state, plan, "Redouble Melee Attack", action, 1, None)
    # "acting as if the [Redouble Melee Attack] did not occur" (L2351)
    return after.model_copy(update={"chain": chain})


@ACTIONS.register("rapid_fire", keys=KEYS)
def rapid_fire(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "rapid_fire")
    chain = require_chain(state, unit, "a Rapid Fire Gun Attack")
    if not unit.profile.has("Rapid Fire Gun Attack"):
        raise RulesError(f"{unit.id} lacks the Rapid Fire Gun Attack flair (004 L1037)")
    if not chain.crit or ctx.book.weapon(chain.weapon).category != "pistol":
        raise RulesError("Rapid Fire follows a critical hit with a pistol (004 L2398)")
    if chain.kind == "Rapid Fire Gun Attack" and not ctx.options.rapid_fire_chain:
        raise RulesError("a Rapid Fire does not chain (ruling rapid_fire_chain)")
    target = state.unit(action.get("target") or chain.target)
    plan = numbers.build(state, ctx.book, ctx.options, unit, target, chain.weapon, "gun",
                         bonus=True, modifiers=modifiers_of(action))
    plan = apply_reactions(ctx.book, ctx.options, state, plan, action)
    cost = action_cost(ctx.book, "Rapid Fire Gun Attack", unit)
    state = state.replace_units(pay(unit, cost, "Rapid Fire Gun Attack"))
    ctx.say(f"{unit.id}: Rapid Fire Gun Attack ({text(cost)})")
    return after_attack(ctx, state, plan, "Rapid Fire Gun Attack", action, chain.stage, chain)
