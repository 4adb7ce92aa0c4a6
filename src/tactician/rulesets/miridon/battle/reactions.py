"""The defender's reactions when the action does not state them (ruling
``auto_reactions`` = policy; ``docs/miridon-ai.md``): the same rules for every unit, so a
forecast shows the branch the defender will take.

- Dodge (L2192-2197), declared before the to-hit roll: taken when the hit chance it
  removes times the expected damage of a hit is worth more than its cost.
- Block / Heavy Block / Super Block (+ Shield Block with a shield that has not attacked
  this block, L1730, L2461), chosen after a hit (knowing whether it is a critical) and
  before the damage roll: the tier whose expected damage prevented, less its cost, is
  the largest (and positive).
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from tactician.rulesets.miridon.battle.attack_numbers import (
    AttackPlan,
    block_pdr_of,
    can_dodge,
    tesla_on_sdr,
    with_block,
)
from tactician.rulesets.miridon.battle.attack_roll import AttackSpec
from tactician.rulesets.miridon.battle.burrow import held_down
from tactician.rulesets.miridon.battle.costs import Cost, action_cost, affordable
from tactician.rulesets.miridon.battle.dice_events import D6Pool, ToHitRoll
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.memo import Memo, Same, unit_key
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.stances import TIERS, free_shield, shield_of, tier_of
from tactician.rulesets.miridon.battle.state import UnitState
from tactician.rulesets.miridon.compendium import Compendium


def mean_damage(spec: AttackSpec, crit: bool, extra_pdr: int = 0) -> float:
    """E[Damage Dealt | a hit] without the margin terms (the policy's estimate)."""
    pool = D6Pool(spec.base_dice + spec.bonus_dice, spec.base_bonus + spec.bonus_flat,
                  spec.reroll_up_to)
    reduction = spec.reduction + extra_pdr
    factor = {"double": 2, "piercing": 1, "sword": 0}[spec.crit_mode] if crit else 1
    scale = 2 if crit else 1
    return sum(p * max(0, scale * total - factor * reduction) for total, p in pool.outcomes())


def defensive_ok(unit: UnitState, options: BattleOptions) -> bool:
    """Ruling ``defensive_limit``; and none in the block it came up from the sand without
    Tremor Sense (L1520)."""
    limit = options.defensive_limit
    return (limit is None or unit.defensive < limit) and not held_down(unit)


def block_cost(book: Compendium, unit: UnitState, tier: int, shield: bool) -> Cost:
    strength, speed = action_cost(book, TIERS[tier][0], unit)
    if shield:
        extra = action_cost(book, "Shield Block", unit)
        strength, speed = strength + extra[0], speed + extra[1]
    return strength, speed


def best_block(book: Compendium, options: BattleOptions, spec: AttackSpec, weapon: str,
               target: UnitState, crit: bool) -> tuple[int, bool]:
    """(tier, shield block) the policy takes on a hit (a critical if ``crit``) of an attack
    with ``spec`` and ``weapon``; (0, False) for none."""
    if target.down or not defensive_ok(target, options):
        return 0, False
    if book.weapon(weapon).category == "tesla":
        return 0, False
    shield = free_shield(target, book) is not None  # L2461, Shield Bash L527
    held_tier = tier_of(book, target.stance)
    base = mean_damage(spec, crit)
    best: tuple[float, int, bool] = (0.0, 0, False)
    for tier in TIERS:
        if tier <= held_tier:
            continue
        for with_shield in ((False, True) if shield else (False,)):
            cost = block_cost(book, target, tier, with_shield)
            if not affordable(target, cost):
                continue
            on_hit, on_crit = block_pdr_of(spec, weapon, book, target, tier, tier, with_shield)
            extra = on_crit if crit else on_hit
            saved = base - mean_damage(spec, crit, extra)
            score = saved - cost_value(target, cost)
            if score > best[0] + 1e-9:
                best = (score, tier, with_shield)
    return best[1], best[2]


def dodge_worth(book: Compendium, options: BattleOptions, passive: AttackPlan,
                active_evasion: int, target: UnitState) -> bool:
    """Dodge when (P(hit | passive) - P(hit | active)) x E[damage | hit] > its cost."""
    return _dodge_pays(book, options, passive.spec, active_evasion, target)


def _dodge_pays(book: Compendium, options: BattleOptions, spec: AttackSpec,
                active_evasion: int, target: UnitState) -> bool:
    if not can_dodge(target) or not defensive_ok(target, options):
        return False
    cost = action_cost(book, "Dodge", target)
    if not affordable(target, cost):
        return False
    roll = ToHitRoll(spec.to_hit, spec.evasion, spec.crit_from, 2 if not spec.bullets else 1,
                     spec.strict)
    dodged = replace(roll, evasion=active_evasion)
    hits = max(1, spec.bullets)
    removed = (roll.chance_of_hit() - dodged.chance_of_hit()) * hits
    return removed * mean_damage(spec, False) > cost_value(target, cost)


class Reaction(NamedTuple):
    """What the policy takes against one attack: Dodge, the block tier on a hit and on a
    critical (0: none), Shield Block."""

    dodge: bool
    on_hit: int
    on_crit: int
    shield: bool


def policy(book: Compendium, options: BattleOptions, spec: AttackSpec, weapon: str,
           target: UnitState, active_evasion: int, simple: bool = False,
           dodging: bool = False) -> Reaction:
    """The policy's Dodge and Block choices against an attack with ``spec`` and ``weapon``
    (all of the plan they read; ``dodging``: the plan already dodges, so the block is
    priced on the points the Dodge leaves), memoised by those values and the defender's
    (``memo``: the AI asks it from square after square, issue 28)."""
    key = (Same(book), Same(options), spec, weapon, unit_key(target), active_evasion, simple,
           dodging)
    return _POLICIES.get(key, lambda: _policy(book, options, spec, weapon, target,
                                              active_evasion, simple, dodging))


_POLICIES: Memo[Reaction] = Memo(4096)


def _policy(book: Compendium, options: BattleOptions, spec: AttackSpec, weapon: str,
            target: UnitState, active_evasion: int, simple: bool, dodging: bool) -> Reaction:
    dodge = _dodge_pays(book, options, spec, active_evasion, target)
    if simple:
        return Reaction(dodge, 0, 0, False)
    if dodge:
        spec = replace(spec, evasion=active_evasion)
    if dodge or dodging:
        dodge_cost = action_cost(book, "Dodge", target)
        target = target.model_copy(update={"strength": target.strength - dodge_cost[0],
                                           "speed": target.speed - dodge_cost[1]})
    hit_tier, hit_shield = best_block(book, options, spec, weapon, target, False)
    crit_tier, crit_shield = best_block(book, options, spec, weapon, target, True)
    shield = hit_shield if hit_tier else crit_shield  # one shield choice covers both
    return Reaction(dodge, hit_tier, crit_tier, shield)


def chosen(book: Compendium, options: BattleOptions, plan: AttackPlan, target: UnitState,
           active_evasion: int, simple: bool = False) -> Reaction:
    """What ``choose``'s plan takes (its ``dodge``, ``block_on_hit``, ``block_on_crit``,
    ``shield_block``) without building it (``attack_plan.apply_reactions`` reads only these)."""
    taken = policy(book, options, plan.spec, plan.weapon, target, active_evasion, simple,
                   plan.dodge)
    dodge = taken.dodge or plan.dodge
    if simple:
        return Reaction(dodge, plan.block_on_hit, plan.block_on_crit, plan.shield_block)
    on_hit, on_crit = (0, 0) if tesla_on_sdr(plan, book, target) else (taken.on_hit,
                                                                        taken.on_crit)
    held = shield_of(target, book) if taken.shield else None
    return Reaction(dodge, on_hit, on_crit, bool(held) and bool(on_hit or on_crit))


def choose(book: Compendium, options: BattleOptions, plan: AttackPlan, target: UnitState,
           active_evasion: int, simple: bool = False) -> AttackPlan:
    """``plan`` with the policy's Dodge and Block choices (``simple``: Dodge only)."""
    taken = policy(book, options, plan.spec, plan.weapon, target, active_evasion, simple,
                   plan.dodge)
    if taken.dodge:
        plan = replace(plan, dodge=True, spec=replace(plan.spec, evasion=active_evasion))
    if simple:
        return plan
    return with_block(plan, book, target, taken.on_hit, taken.on_crit, taken.shield)
