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
  With Dragon Tail Whip and Unarmed a second Redouble follows for 0/0 (L1426).
- ``rapid_fire`` (Rapid Fire Gun Attack, L2393-2402): after a critical with a pistol and the
  flair, a Gun Attack with the same pistol (ruling ``rapid_fire_chain``: its own crit may
  fire again).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon import racial_flairs
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle.ammo import spend_shot
from tactician.rulesets.miridon.battle.attack_actions import (
    REACTION_KEYS,
    apply_reactions,
    modifiers_of,
)
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.checks import acting, once
from tactician.rulesets.miridon.battle.costs import Cost, action_cost, modifier_cost, pay, text
from tactician.rulesets.miridon.battle.follow_ups import after_attack, require_chain
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import Chain, MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

SECOND = {"melee": "Second Melee Attack", "gun": "Second Gun Attack",
          "aimed": "Second Aimed Attack"}
THIRD = {"melee": "Third Melee Attack", "gun": "Third Gun Attack", "aimed": "Third Aimed Attack"}
KEYS = ("target", "weapon", "kind", "modifiers", "power", *REACTION_KEYS)
FOLLOW_UPS = ("second_attack", "third_attack", "redouble", "rapid_fire")


@dataclass(frozen=True)
class FollowUp:
    """A bonus attack's plan: what it is, its cost, its once-per-block key, its stage."""

    plan: AttackPlan
    cost: Cost
    name: str
    once_key: str | None
    stage: int
    chain: Chain
    keeps_chain: bool = False  # Redouble: "as if [it] did not occur" (L2351)


def _bonus_kind(book: Compendium, weapon: str, given: object) -> str:
    attack = book.weapon(weapon).attack
    kind = given if given is not None else ("melee" if attack == "melee" else "gun")
    if kind not in SECOND:
        raise RulesError(f"kind must be melee, gun or aimed, not {kind!r}")
    return str(kind)


def _with_cost(book: Compendium, unit: UnitState, name: str,
               modifiers: tuple[str, ...]) -> Cost:
    cost = action_cost(book, name, unit)
    for modifier in modifiers:
        label = numbers.MODIFIER_NAMES.get(modifier, "Combo Finisher")
        extra = modifier_cost(book, label, unit)
        cost = (cost[0] + extra[0], cost[1] + extra[1])
    return cost


TAIL_WHIP = "tail_whip_redouble"  # ``once`` key: Dragon Tail Whip's second Redouble


def tail_whip(unit: UnitState, weapon: str) -> bool:
    """Dragon Tail Whip (L1424-1426): "When the character performs a [Redouble] while wielding
    the [Unarmed] weapon, the character can perform a second [Redouble] for 0 [Strength
    Points] and 0 [Speed Points]." The second follows the first at once, against the same
    attack's damage (a Redouble leaves the chain "as if [it] did not occur", L2351); one a
    block, as the first."""
    return racial_flairs.free_redoubles(unit.profile.flairs, weapon) > 0 and \
        TAIL_WHIP not in unit.once


def redouble_allowed(options: Any, damage: int, rank: int) -> bool:
    """L2347 "less than or equal to ... 6 times the [Rank]"; L2343 "< 3 * [Redouble]"."""
    if options.redouble_threshold == "at_most_6_rank":
        return damage <= 6 * rank
    return damage < 3 * rank


def plan_follow_up(book: Compendium, options: BattleOptions, state: MiridonBattle,
                   action: Mapping[str, Any]) -> FollowUp:
    """The plan of a bonus attack, or the refusal naming the rule (shared by the actions,
    the forecast and the AI)."""
    kind = action.get("type")
    unit = state.unit(action.get("unit"))
    chain = require_chain(state, unit, str(kind).replace("_", " "))
    modifiers = modifiers_of(action)
    power = action.get("power", 0)
    if not isinstance(power, int) or isinstance(power, bool):
        raise RulesError(f"power must be a whole number, not {power!r}")
    plain = tuple(m for m in modifiers if m != "combo_finisher")
    if "combo_finisher" in modifiers and kind != "third_attack":
        raise RulesError("Combo Finisher rides on a Third attack (004 L2639)")
    target = state.unit(action.get("target") or chain.target)
    margin_dice, extra_dice, keeps, free = 0, 0, False, False
    if kind == "second_attack":
        if chain.stage != 1 or chain.kind not in ("melee", "combo", "gun", "aimed"):
            raise RulesError("a Second attack follows the offensive Melee, Combo, Gun or Aimed "
                             "Attack (004 L2236)")
        if not unit.profile.has("Second Attack"):
            raise RulesError(f"{unit.id} lacks the Second Attack flair (004 L677)")
        held = [w.name for w in unit.profile.weapons]
        if len(held) < 2:
            raise RulesError(f"{unit.id} is not wielding two weapons (004 L2234)")
        held.remove(chain.weapon)  # the other one (a twin pistol has the same name)
        weapon = str(action.get("weapon") or held[0])
        if weapon not in held:
            raise RulesError("a Second attack is made with the weapon that did not perform "
                             f"the offensive action: {', '.join(held)} (004 L2238)")
        acts = _bonus_kind(book, weapon, action.get("kind"))
        name, once_key, stage = SECOND[acts], "second_attack", 2
    elif kind == "third_attack":
        if chain.stage != 2:
            raise RulesError("a Third attack comes immediately after a Second attack "
                             "(004 L2281)")
        if not unit.profile.has("Third Attack"):
            raise RulesError(f"{unit.id} lacks the Third Attack flair (004 L716)")
        weapon = str(action.get("weapon") or chain.weapon)
        acts = _bonus_kind(book, weapon, action.get("kind"))
        name, once_key, stage = THIRD[acts], "third_attack", 3
        if "combo_finisher" in modifiers:
            if not unit.profile.has("Combo Finisher"):
                raise RulesError(f"{unit.id} lacks the Combo Finisher flair (004 L2637)")
            if set(modifiers) & {"power_attack", "true_strike", "crushing_blow"}:
                raise RulesError("Combo Finisher cannot be combined with Power Attack, True "
                                 "Strike or Crushing Blow (004 L2648)")
            first, second = (*chain.margins, None, None)[:2]
            if not chain.same_target or first is None or second is None or \
                    target.id != chain.target:
                raise RulesError("Combo Finisher needs the first and second attacks to have "
                                 "hit the same target (004 L2642)")
            margin_dice = 1
            if unit.profile.has("Advanced Combo Finisher"):
                extra_dice += second
                if unit.profile.has("Greater Combo Finisher"):
                    extra_dice += first
    elif kind == "redouble":
        rank = unit.profile.talent("Redouble")
        if rank < 1:
            raise RulesError(f"{unit.id} has no rank in Redouble (004 L2342)")
        if chain.stage != 1 or chain.kind not in ("melee", "combo"):
            raise RulesError("a Redouble follows the offensive Melee or Melee Combo Attack "
                             "(004 L2343)")
        if not chain.hit and not options.redouble_on_miss:
            raise RulesError("the attack missed: no Redouble (ruling redouble_on_miss)")
        if not redouble_allowed(options, chain.damage, rank):
            limit = f"at most {6 * rank}" if options.redouble_threshold == "at_most_6_rank" \
                else f"below {3 * rank}"
            raise RulesError(f"the attack dealt {chain.damage}, not {limit}: above the "
                             "Redouble Damage Threshold (004 L2347)")
        weapon, acts, name, once_key, stage = chain.weapon, "melee", "Redouble Melee Attack", \
            "redouble", 1
        if "redouble" in unit.once and tail_whip(unit, weapon):
            once_key, free = TAIL_WHIP, True
        target = state.unit(chain.target)
        extra_dice = unit.profile.special("Vicious Redouble")  # L145
        keeps = True
    elif kind == "rapid_fire":
        if not unit.profile.has("Rapid Fire Gun Attack"):
            raise RulesError(f"{unit.id} lacks the Rapid Fire Gun Attack flair (004 L1037)")
        if not chain.crit or book.weapon(chain.weapon).category != "pistol":
            raise RulesError("Rapid Fire follows a critical hit with a pistol (004 L2398)")
        if chain.kind == "Rapid Fire Gun Attack" and not options.rapid_fire_chain:
            raise RulesError("a Rapid Fire does not chain (ruling rapid_fire_chain)")
        weapon, acts, name, once_key, stage = chain.weapon, "gun", "Rapid Fire Gun Attack", \
            None, chain.stage
    else:  # pragma: no cover - the registry only sends the four
        raise RulesError(f"{kind!r} is not a bonus attack")
    if once_key is not None and once_key in unit.once:
        raise RulesError(f"{unit.id} has already taken {name} this block (004 L1710)")
    plan = numbers.build(state, book, options, unit, target, weapon, acts,  # type: ignore[arg-type]
                         bonus=True, modifiers=plain, power=power,
                         margin_dice_extra=margin_dice)
    if extra_dice:
        left_out = plan.spec.excluded_dice + (extra_dice if kind == "third_attack" and
                                              unit.profile.has("Advanced Redouble Specialist")
                                              else 0)
        plan = replace(plan, spec=replace(plan.spec, bonus_dice=plan.spec.bonus_dice + extra_dice,
                                          excluded_dice=left_out))
    plan = apply_reactions(book, options, state, plan, action)
    cost = (0, 0) if free else _with_cost(book, unit, name, modifiers)
    return FollowUp(plan, cost, name, once_key, stage, chain, keeps)


def _follow_up(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, str(action.get("type")))
    follow = plan_follow_up(ctx.book, ctx.options, state, action)
    unit = spend_shot(ctx, pay(unit, follow.cost, follow.name), follow.plan.weapon)
    if follow.once_key is not None:
        unit = once(unit, follow.once_key, follow.name)
    state = state.replace_units(unit)
    ctx.say(f"{unit.id}: {follow.name} ({text(follow.cost)}; {unit.strength} str / "
            f"{unit.speed} spd left)")
    if follow.keeps_chain:
        after = after_attack(ctx, state, follow.plan, follow.name, action, 1, None)
        return after.model_copy(update={"chain": follow.chain})
    after = after_attack(ctx, state, follow.plan, follow.name, action, follow.stage,
                         follow.chain)
    if after.chain is not None and after.chain.kind != follow.name:
        # the chain names this bonus attack (a Rapid Fire keeps its stage, L2398)
        after = after.model_copy(update={"chain": after.chain.model_copy(
            update={"kind": follow.name})})
    return after


for _name in FOLLOW_UPS:
    ACTIONS.register(_name, keys=KEYS)(_follow_up)
