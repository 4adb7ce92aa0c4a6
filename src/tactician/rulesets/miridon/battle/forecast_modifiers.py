"""An attack's numbers as the forecast panel lists them (issue 15: "every modifier
listed with its source (the rule it cites)"; ``rulesets.contract.modifiers``).

The terms are the plan's own, the ones the dice are rolled with (``attack_numbers.build``
and the reactions ``attack_plan.apply_reactions`` settled), so they cannot disagree
with the roll; each side's summed number is put beside them in the report:

- the attacker's ``to_hit``, the To Hit Bonus (004 L1624-1640 "This value is added to the
  [Base To Hit Roll]"): ``AttackPlan.to_hit_terms``, summed into ``spec.to_hit``;
- the defender's ``evasion`` (L1608 "A character's [To Hit Roll] must be greater than or
  equal to a target's [Evasion]"): Passive Evasion (L1610, the sheet's value with its
  flairs) and the best Guardian rank of a friend within 5 ft (L173), or after a Dodge
  Active Evasion (L1614, L1718);
- the attacker's ``damage_dice`` (d6 rolled) and ``damage_flat`` (added): the weapon's
  Damage Dealt (L1644) and ``AttackPlan.damage_terms`` (the ones whose rule is marked
  "(d6)" are dice), summed into ``spec.base_dice + spec.bonus_dice`` and
  ``spec.base_bonus + spec.bonus_flat``. The margin terms of Crushing Blow and True
  Strike (L2600, L2628) grow with the roll, so they are in the odds, not in a sum;
- the defender's ``reduction`` (L1654 "subtracted from the [Base Damage Dealt]"): its
  Physical Damage Reduction with its stance's bonus (L1656), or against a tesla its Spell
  Damage Reduction (L1658). A block's extra PDR on a hit is the branch table's.
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.contract import modifiers
from tactician.rulesets.contract.modifiers import Modifier
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan, guardian, weapon_damage
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.stances import shield_of, stance_pdr
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.compendium import Compendium

DICE_MARK = "(d6)"  # how attack_numbers marks a damage term counted in d6


def _rule(line: str) -> str:
    return line if line.startswith("004 ") else f"004 {line}"


def to_hit_terms(plan: AttackPlan) -> list[Modifier]:
    return [Modifier("to_hit", t.value, t.label, _rule(t.rule)) for t in plan.to_hit_terms]


def evasion_terms(state: MiridonBattle, options: BattleOptions, plan: AttackPlan
                  ) -> list[Modifier]:
    target = state.unit(plan.target)
    if plan.dodge:
        return [Modifier("evasion", target.profile.active_evasion,
                         f"{target.name}'s Active Evasion (a Dodge)", "004 L1614, L1718")]
    return [Modifier("evasion", target.profile.passive_evasion,
                     f"{target.name}'s Passive Evasion", "004 L1610"),
            Modifier("evasion", guardian(state, target, options),
                     "Guardian (a friend within 5 ft)", "004 L173 (ruling guardian_stacking)")]


def damage_terms(book: Compendium, plan: AttackPlan) -> list[Modifier]:
    weapon = book.weapon(plan.weapon)
    dice, flat = weapon_damage(weapon)
    found = [Modifier("damage_dice", dice, f"{weapon.name} {weapon.damage} (d6)", "004 L1644"),
             Modifier("damage_flat", flat, f"{weapon.name} {weapon.damage}", "004 L1644")]
    for term in plan.damage_terms:
        stat = "damage_dice" if DICE_MARK in term.rule else "damage_flat"
        found.append(Modifier(stat, term.value, term.label, _rule(term.rule)))
    return found


def reduction_terms(book: Compendium, state: MiridonBattle, plan: AttackPlan
                    ) -> list[Modifier]:
    target = state.unit(plan.target)
    if plan.spec.reduction == target.profile.sdr and book.weapon(plan.weapon).category == "tesla":
        return [Modifier("reduction", target.profile.sdr,
                         f"{target.name}'s Spell Damage Reduction (a tesla)", "004 L1658")]
    return [Modifier("reduction", target.pdr, f"{target.name}'s Physical Damage Reduction",
                     "004 L1656"),
            Modifier("reduction", stance_pdr(book, target.stance, shield_of(target, book)),
                     f"{target.name}'s {target.stance}",
                     "004 L1730, L3429 (ruling block_bonus: the stance's PDR)")]


def _sums(unit_terms: list[Modifier]) -> dict[str, int]:
    sums: dict[str, int] = {}
    for term in unit_terms:
        sums[term.stat] = sums.get(term.stat, 0) + term.value
    return sums


def attach(data: dict[str, Any], book: Compendium, options: BattleOptions,
           state: MiridonBattle, plan: AttackPlan) -> None:
    """Put the terms in the forecast report ``data`` (``modifiers``) and each summed
    number beside its side (``attacker.to_hit``, ``defender.evasion`` ...): the numbers
    the dice use (``plan.spec``), which the terms must make up."""
    attacker = [*to_hit_terms(plan), *damage_terms(book, plan)]
    defender = [*evasion_terms(state, options, plan), *reduction_terms(book, state, plan)]
    spec = plan.spec
    numbers = {"to_hit": spec.to_hit, "damage_dice": spec.base_dice + spec.bonus_dice,
               "damage_flat": spec.base_bonus + spec.bonus_flat,
               "evasion": spec.evasion, "reduction": spec.reduction}
    for side, terms in (("attacker", attacker), ("defender", defender)):
        for stat, value in _sums(terms).items():
            data[side][stat] = numbers[stat]
            if value != numbers[stat]:
                # a bonus attack's extra dice (follow_up_actions: Vicious Redouble L145,
                # Advanced/Greater Combo Finisher) have no term of their own: listed as
                # such, so the terms make up the number
                terms.append(Modifier(stat, numbers[stat] - value, "the bonus attack's extra dice",
                                      "004 L145 Vicious Redouble / Combo Finisher flairs"))
    data["modifiers"] = (modifiers.report("attacker", attacker)
                         + modifiers.report("defender", defender))
