"""Ghastly Strength in battle (004 L149-152, Grand Devourer and Vessel): "Recover a number of
[Strength Points] and [Speed Points] equal to the character's [Rank] in [Ghastly Strength]
when the character's [Melee Attack] or [Melee Combo Attack] causes a target to become
[Dead]."

One rule for the strike that applies it, the forecast that shows its chance and the AI that
values it:

- *Which attacks*: every attack that is a Melee Attack or Melee Combo Attack - the offensive
  ones and the bonus attacks that act as one (Redouble, Second / Third, Riposte, Bullet Hell
  Melee Attacks; a Spinning or Whirlwind Strike is a Melee Attack with a modifier). A Grapple
  Attack is its own action (L1879), and a mech part's attack is the mech's, not the pilot's.
- *Dead* (ruling ``ghastly_on_ko``, spec C60): as written, the hit that makes the target
  [Dead] (L1742: damage to an unconscious target); ``true`` also the hit that knocks it
  [Unconscious] (L1740).
- *Recover*: up to the Maximum Battle Strength / Speed Points (L1600, L1604), as the
  Restore actions do.
"""

from __future__ import annotations

from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.attack_roll import Odds
from tactician.rulesets.miridon.battle.economy import point_value
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import UnitState
from tactician.rulesets.miridon.ghost import ghastly_strength


def is_melee_attack(plan: AttackPlan) -> bool:
    """A Melee Attack or Melee Combo Attack, bonus ones included; not a Grapple Attack (it
    hits automatically and is not reduced, L1883-1885: ``grapple_attack_spec``)."""
    return plan.acts_as in ("melee", "combo") and not plan.spec.auto_hit


def triggers(options: BattleOptions, before: str, after: str) -> bool:
    """Whether a target that was ``before`` and is ``after`` "became [Dead]"."""
    if after == before:
        return False
    return after == "dead" or (options.ghastly_on_ko and after == "unconscious")


def regained(attacker: UnitState, options: BattleOptions, plan: AttackPlan, before: str,
             after: str) -> UnitState | None:
    """The attacker with its Ghastly Strength points back, or None when it gains none."""
    rank = attacker.profile.special("Ghastly Strength")
    points = ghastly_strength(rank, is_melee_attack(plan) and triggers(options, before, after))
    if not points.strength:
        return None
    return attacker.model_copy(update={
        "strength": min(attacker.profile.battle_strength, attacker.strength + points.strength),
        "speed": min(attacker.profile.battle_speed, attacker.speed + points.speed)})


def chance(options: BattleOptions, plan: AttackPlan, target: UnitState, found: Odds) -> float:
    """P(the attack gives the Ghastly Strength points back), from its exact odds."""
    if not is_melee_attack(plan):
        return 0.0
    knocked = found.unconscious if options.ghastly_on_ko and target.status == "ok" else 0.0
    return found.dead + knocked


def worth(attacker: UnitState, cost: tuple[int, int], options: BattleOptions,
          plan: AttackPlan, target: UnitState, found: Odds) -> float:
    """What the AI counts for it: P(regain) x the value of the points it would get back
    after paying ``cost`` (``economy.point_value``, capped at the maxima)."""
    rank = attacker.profile.special("Ghastly Strength")
    if rank < 1:
        return 0.0
    p = attacker.profile
    strength, speed = attacker.strength - cost[0], attacker.speed - cost[1]
    value = (min(rank, p.battle_strength - strength) * point_value(strength, p.battle_strength)
             + min(rank, p.battle_speed - speed) * point_value(speed, p.battle_speed))
    return chance(options, plan, target, found) * value
