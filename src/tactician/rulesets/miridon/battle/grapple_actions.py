"""Grapple actions (L1744-1756, L1867-1899, L2219-2229, L2959-2987).

- ``grapple`` (Initiate Grapple, offensive): a target in melee range, "treated like a
  normal physical attack, but uses as its accuracy bonus the grappler's [Grapple
  Accuracy Boost Skill]" (L2962: 2 x Grapple Boost + the weapon's Grapple To Hit Bonus,
  ruling ``grapple_uses_weapon_hit``); the target may Dodge (L1748); no damage roll. On a
  hit both enter their stances, the first drain falls and the Grapple Attack follows at
  once at no cost (L1875).
- ``grapple_attack`` (offensive of the grappler): Grapple Boost rank x d6 + the weapon's
  [Grapple Attack Damage] (L310, L1883, L3475); "This damage is not reduced." (L1885;
  ruling ``grapple_damage_double`` for L2987's "twice"). It goes through the same attack
  procedure as every weapon hit, lasting spells included (``grapple_attack_spec``): the
  target's Physical Barrier "absorbs 30 physical damage before breaking" (L3347) - not
  reducing it, so L1885 does not stop it - and the grappling weapon's Elemental Weapon
  (L3362, reduced by SDR "separately") and Vampiric Weapon (L3377) act on the hit; with no
  grappling weapon, the character's (``Unarmed``, L3360 "affects unarmed attacks").
- ``break_grapple`` (offensive of the grappled, from its second grappled block, L2966):
  ``invest=N`` strength (0..[Maximum Grapple Strength]); the grappler's Maintain Grapple
  (defensive) invests ``maintain=N`` or, by the policy, the least that holds with the
  ruling ``maintain_hold`` chance. The grapple ends only if the target's power exceeds.
  With Advanced Double Grapple one Maintain a block answers both targets (L661).
- ``release``: "The grappler can also break the grapple at any time." (L2966)
When a grapple ends both are locked for the rest of the block (L2968-2970).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import attack_numbers as numbers
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.attack_roll import AttackSpec
from tactician.rulesets.miridon.battle.burrow import check_targeting
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.geometry import in_melee
from tactician.rulesets.miridon.battle.grapple_rules import (
    apply_drain,
    break_chance,
    contest_step,
    grappling_weapon,
    max_grapple_strength,
)
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.reactions import dodge_worth
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import NO_STANCE, MiridonBattle, UnitState
from tactician.rulesets.miridon.battle.strike import strike
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.derived import UNARMED


def grapple_plan(book: Compendium, options: BattleOptions, state: MiridonBattle,
                 unit: UnitState, target: UnitState, dodge: str = "auto") -> AttackPlan:
    """Initiate Grapple's to-hit as an ``AttackPlan`` with no damage (so it is forecast and
    resolved by the same procedure as every attack)."""
    if unit.position is None or target.position is None or \
            not in_melee(unit.position, target.position, options):
        raise RulesError(f"{target.id} is not within the 5 ft melee range (004 L1676, L2962)")
    if target.id == unit.id or target.down:
        raise RulesError(f"{target.id} cannot be grappled")
    check_targeting(unit, target)  # Death Worm Burrow (L1518)
    weapon = grappling_weapon(book, unit)
    bonus = 2 * unit.profile.talent("Grapple Boost") + (
        (weapon.grapple_to_hit_bonus or 0) if weapon is not None else 0)
    terms = [numbers.Term("Grapple Boost x 2 + weapon's Grapple To Hit Bonus", bonus,
                          "L308, L3479, L2962")]
    if options.grapple_uses_weapon_hit:
        held = unit.profile.weapon(unit.weapon).to_hit
        terms.append(numbers.Term(f"{unit.weapon} To Hit", held, "ruling grapple_uses_weapon_hit"))
        bonus += held
    passive, active_evasion = numbers.evasions(state, target, options)
    spec = AttackSpec(to_hit=bonus, evasion=passive, crit_from=None, base_dice=0,
                      strict=options.hit_comparison == "gt", hp=target.hp,
                      unconscious=target.status == "unconscious")
    plan = AttackPlan(unit.id, target.id, weapon.name if weapon else unit.weapon, "melee",
                      False, (), 0, False, 0, 0, False, spec, 5, tuple(terms))
    want = dodge if dodge != "auto" else (
        "yes" if options.auto_reactions == "policy"
        and dodge_worth(book, options, replace(plan, spec=replace(spec, base_dice=1)),
                        active_evasion, target) else "no")
    if want == "yes" and numbers.can_dodge(target):
        plan = replace(plan, dodge=True, spec=replace(spec, evasion=active_evasion))
    return plan


def grapple_weapon_name(book: Compendium, unit: UnitState) -> str:
    """The weapon a Grapple Attack hits with: the grappling weapon, else the character's
    unarmed grip (L3486; the enchantments "placed on a character ... affects unarmed attacks",
    L3360)."""
    weapon = grappling_weapon(book, unit)
    return weapon.name if weapon is not None else UNARMED


def grapple_attack_spec(book: Compendium, options: BattleOptions, unit: UnitState,
                        target: UnitState) -> AttackSpec:
    """The Grapple Attack's numbers (L1883-1885, L310, L3475) and the lasting spells it meets
    (L3326-3380, ``attack_numbers.lasting_of``): resolution, forecast and the AI read this."""
    weapon = grappling_weapon(book, unit)
    dice, flat = 0, 0
    if weapon is not None and weapon.grapple_attack_damage:
        text_ = weapon.grapple_attack_damage.replace(" ", "")
        if "d6" in text_:
            count, _, rest = text_.partition("d6")
            dice, flat = int(count or 1), int(rest or 0)
        else:
            flat = int(text_)
    dice += unit.profile.talent("Grapple Boost")
    if options.grapple_damage_double:
        dice, flat = 2 * dice, 2 * flat
    lasting, _ = numbers.lasting_of(unit, target, book.weapon(grapple_weapon_name(book, unit)))
    return AttackSpec(to_hit=0, evasion=0, crit_from=None, base_dice=dice, base_bonus=flat,
                      unreduced=True, auto_hit=True, hp=target.hp,
                      unconscious=target.status == "unconscious",
                      dead_on_zero=options.dead_on_zero, lasting=lasting)


def _grapple_attack(ctx: Context, state: MiridonBattle, unit: UnitState, target: UnitState,
                    label: str) -> MiridonBattle:
    spec = grapple_attack_spec(ctx.book, ctx.options, unit, target)
    plan = AttackPlan(unit.id, target.id, grapple_weapon_name(ctx.book, unit), "melee", True,
                      (), 0, False, 0, 0, False, spec, 5)
    state, _, record = strike(ctx, state, plan, label)
    ctx.records.append({"type": "attack", "strikes": [record], "lines": []})
    return state


@ACTIONS.register("grapple", keys=("target", "dodge"), aliases=("initiate_grapple",))
def initiate(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "grapple")
    target = state.unit(action.get("target"))
    if unit.grappled_by or len(unit.grappling) >= 2 or (
            unit.grappling and not unit.profile.has("Double Grapple")):
        raise RulesError(f"{unit.id} is already in a grapple (004 L2968; a second target "
                         "needs Double Grapple, L651)")
    if target.id in unit.grappling:
        raise RulesError(f"{unit.id} is already grappling {target.id}")
    plan = grapple_plan(ctx.book, ctx.options, state, unit, target,
                        str(action.get("dodge", "auto")))
    cost = action_cost(ctx.book, "Initiate Grapple", unit)
    unit = active(pay(use_slot(unit, "offensive", "Initiate Grapple"), cost,
                      "Initiate Grapple"), state.block)
    state = state.replace_units(unit)
    ctx.say(f"{unit.id}: Initiate Grapple ({text(cost)})")
    state, result, record = strike(ctx, state, plan, "Initiate Grapple")
    ctx.records.append({"type": "attack", "strikes": [record], "lines": []})
    if not result.hits:
        return state
    return begin_grapple(ctx, state, unit.id, target.id)


def begin_grapple(ctx: Context, state: MiridonBattle, unit_id: str, target_id: str
                  ) -> MiridonBattle:
    """What a hit of Initiate Grapple does: "the character will begin [Grappling] and the
    target will become [Grappled]. After the character begins [Grappling], they immediately
    perform [Grapple Attack]." (L1873-1875); the first block's drain (L2985)."""
    unit, target = state.unit(unit_id), state.unit(target_id)
    state = state.replace_units(
        unit.model_copy(update={"grappling": (*unit.grappling, target.id),
                                "stance": "Grappling Stance"}),
        target.model_copy(update={"grappled_by": unit.id, "stance": "Grappled Stance",
                                  "grappled_blocks": 0}))
    ctx.say(f"{unit.id} is Grappling {target.id}, who is Grappled (L1756, L2964)")
    state = apply_drain(ctx, state, state.unit(target.id), state.unit(unit.id), 1)
    return _grapple_attack(ctx, state, state.unit(unit.id), state.unit(target.id),
                           "Grapple Attack (follows at once, L1875)")


def crit_grapples(book: Compendium, state: MiridonBattle, plan: AttackPlan) -> bool:
    """Grappling Weapon Critical Hit (L1029-1033): "When a character wielding a [Grappling
    Weapon] hits with a [Critical Hit], the character will enter the [Grappling Stance] and
    the target will enter the [Grappled Stance] as if they hit the target with [Initiate
    Grapple]." The critical must be the grappling weapon's own (Unarmed is one, L3486), and
    the grapple one Initiate Grapple could begin: the target still up and not grappled, the
    attacker in no grapple (or holding one with Double Grapple, L651)."""
    unit = state.unit(plan.attacker)
    if not unit.profile.has("Grappling Weapon Critical Hit") or \
            book.weapon(plan.weapon).category != "grappling":
        return False
    return may_begin(state, plan.attacker, plan.target)


def may_begin(state: MiridonBattle, unit_id: str, target_id: str) -> bool:
    """Whether a hit "as if ... [Initiate Grapple]" can begin a grapple now: the target up
    and in no grapple, the grappler in none (or holding one with Double Grapple, L651)."""
    unit, target = state.unit(unit_id), state.unit(target_id)
    free = not unit.grappling or (len(unit.grappling) == 1 and
                                  unit.profile.has("Double Grapple"))
    return (free and unit.grappled_by is None and not unit.down and not target.down
            and target.grappled_by is None and not target.grappling
            and target.id not in unit.grappling)


def grapple_on_crit(ctx: Context, state: MiridonBattle, plan: AttackPlan,
                    crits: int) -> MiridonBattle:
    """After an attack: a grappling weapon's critical begins the grapple (``crit_grapples``)."""
    if not crits or not crit_grapples(ctx.book, state, plan):
        return state
    ctx.say(f"{plan.attacker}: a critical hit with {plan.weapon} grapples {plan.target} as if "
            "Initiate Grapple hit (Grappling Weapon Critical Hit, L1031)")
    return begin_grapple(ctx, state, plan.attacker, plan.target)


@ACTIONS.register("grapple_attack", keys=("target",))
def grapple_attack(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "grapple_attack")
    if not unit.grappling:
        raise RulesError(f"{unit.id} is not grappling anyone (004 L1879)")
    target = state.unit(action.get("target") or unit.grappling[0])
    if target.id not in unit.grappling:
        raise RulesError(f"{unit.id} is not grappling {target.id}")
    cost = action_cost(ctx.book, "Grapple Attack", unit)
    unit = active(pay(use_slot(unit, "offensive", "Grapple Attack"), cost, "Grapple Attack"),
                  state.block)
    ctx.say(f"{unit.id}: Grapple Attack ({text(cost)})")
    return _grapple_attack(ctx, state.replace_units(unit), unit, target, "Grapple Attack")


def maintain_investment(book: Compendium, options: BattleOptions, grappler: UnitState,
                        target_invest: int) -> int:
    """The policy's Maintain Grapple: the least investment holding with P >= maintain_hold."""
    most = max_grapple_strength(book, grappler, options.grapple_table_index)
    for invest in range(most + 1):
        if 1 - break_chance(target_invest, invest) >= options.maintain_hold / 100:
            return invest
    return most


MAINTAIN_BLOCK = "maintain_block"  # pools: the block of the grappler's last Maintain Grapple
MAINTAIN_INVEST = "maintain_invest"  # pools: what it invested


def single_maintain(state: MiridonBattle, grappler: UnitState) -> int | None:
    """Advanced Double Grapple (L661): "While grappling two targets, [Maintain Grapple] is
    performed only once and the [Strength Cost] is reduced only once." The investment of
    the grappler's Maintain earlier in this block, standing against the other target's
    Break Grapple unpaid (docs/rulings.md "Double Grapple": one Maintain per block, each
    contest rolling its own 1d6); None when a Maintain is to be made and paid."""
    if not grappler.profile.has("Advanced Double Grapple") or len(grappler.grappling) < 2:
        return None
    if grappler.pools.get(MAINTAIN_BLOCK) != state.block:
        return None
    return grappler.pools.get(MAINTAIN_INVEST, 0)


def _end(state: MiridonBattle, grappler: UnitState, target: UnitState) -> MiridonBattle:
    left = tuple(g for g in grappler.grappling if g != target.id)
    return state.replace_units(
        grappler.model_copy(update={"grappling": left, "locked_block": state.block,
                                    "stance": "Grappling Stance" if left else NO_STANCE}),
        target.model_copy(update={"grappled_by": None, "grappled_blocks": 0,
                                  "locked_block": state.block, "stance": NO_STANCE}))


@ACTIONS.register("break_grapple", keys=("invest", "maintain"))
def break_grapple(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "break_grapple")
    if unit.grappled_by is None:
        raise RulesError(f"{unit.id} is not grappled (004 L1891)")
    if unit.grappled_blocks < 2:
        raise RulesError("a grapple can be broken from the block after the first it is "
                         "grappled (004 L2966)")
    grappler = state.unit(unit.grappled_by)
    invest = _investment(action.get("invest", 0), max_grapple_strength(
        ctx.book, unit, ctx.options.grapple_table_index), "invest")
    unit = active(pay(use_slot(unit, "offensive", "Break Grapple"), (invest, 0),
                      "Break Grapple"), state.block)
    given = action.get("maintain")
    once = single_maintain(state, grappler)
    if once is not None:
        if given is not None and given != once:
            raise RulesError(f"{grappler.id} maintained both grapples once this block with "
                             f"{once}: maintain={given} cannot differ (Advanced Double "
                             "Grapple, 004 L661)")
        hold = once
        ctx.say(f"{unit.id}: Break Grapple investing {invest}; {grappler.id}'s one Maintain "
                f"Grapple of this block stands at {hold}, not paid again (L661)")
    else:
        limit = max_grapple_strength(ctx.book, grappler, ctx.options.grapple_table_index)
        hold = _investment(given, limit, "maintain") if given is not None else (
            maintain_investment(ctx.book, ctx.options, grappler, invest)
            if ctx.options.auto_reactions == "policy" else 0)
        grappler = pay(grappler, (hold, 0), "Maintain Grapple")
        grappler = grappler.model_copy(update={"pools": {
            **grappler.pools, MAINTAIN_BLOCK: state.block, MAINTAIN_INVEST: hold}})
        ctx.say(f"{unit.id}: Break Grapple investing {invest}; {grappler.id}: Maintain "
                f"Grapple investing {hold} (L1893-1897, L2223-2227)")
    target_power, grappler_power, broken = contest_step((invest, hold), ctx.chance,
                                                        (unit.id, grappler.id))
    ctx.say(f"Break Grapple Power {target_power} vs Maintain Grapple Power {grappler_power}: "
            + ("the grapple ends (L2966)" if broken else "it holds (a tie holds, L2966)"))
    state = state.replace_units(unit, grappler)
    ctx.summary = f"{unit.id} tries to break {grappler.id}'s grapple: " + (
        "broken" if broken else "held")
    return _end(state, state.unit(grappler.id), state.unit(unit.id)) if broken else state


def _investment(value: object, most: int, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise RulesError(f"{key} must be 0..{most} (the [Maximum Grapple Strength], 004 L1895), "
                         f"not {value!r}")
    return value


@ACTIONS.register("release", keys=("target",))
def release(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "release")
    if not unit.grappling:
        raise RulesError(f"{unit.id} is not grappling anyone")
    target = state.unit(action.get("target") or unit.grappling[0])
    ctx.summary = f"{unit.id} releases {target.id} (L2966)"
    return _end(state, unit, target)
