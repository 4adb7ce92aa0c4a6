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
- the attacker's ``damage_d6`` (d6 rolled) and ``damage_added`` (added): the weapon's
  Damage Dealt (L1644) and ``AttackPlan.damage_terms`` (the ones whose rule is marked
  "(d6)" are dice), summed into ``spec.base_dice + spec.bonus_dice`` and
  ``spec.base_bonus + spec.bonus_flat``. The margin terms of Crushing Blow and True
  Strike (L2600, L2628) grow with the roll, so they are in the odds, not in a sum;
- the defender's ``reduction`` (L1654 "subtracted from the [Base Damage Dealt]"): its
  Physical Damage Reduction with its stance's bonus (L1656), or against a tesla its Spell
  Damage Reduction (L1658). A block's extra PDR on a hit is the branch table's;
- the lasting spells the hit meets (``attack_numbers._lasting``, ``spec.lasting``): the
  defender's ``barrier`` (what its Physical and Spell Barriers still absorb, L3347,
  L3334), the attacker's ``elemental_flat`` (Elemental Weapon's 1d6 + this, L3362) and
  ``vampiric_flat`` (Vampiric Weapon's healing 1d6 + this, L3377): effects of their own,
  so their own numbers, not part of the damage sums.
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


# the lasting spells' terms (by the line attack_numbers._lasting gives them): whose
# number they are, and which
LASTING = {"L3347": ("defender", "barrier"), "L3334": ("defender", "barrier"),
           "L3362": ("attacker", "elemental_flat"), "L3377": ("attacker", "vampiric_flat")}


def damage_terms(book: Compendium, plan: AttackPlan) -> tuple[list[Modifier], list[Modifier]]:
    """(the attacker's damage and lasting-weapon terms, the defender's barrier terms)."""
    weapon = book.weapon(plan.weapon)
    dice, flat = weapon_damage(weapon)
    mine = [Modifier("damage_d6", dice, f"{weapon.name} {weapon.damage} (d6)", "004 L1644"),
            Modifier("damage_added", flat, f"{weapon.name} {weapon.damage}", "004 L1644")]
    theirs: list[Modifier] = []
    for term in plan.damage_terms:
        if term.rule in LASTING:
            side, stat = LASTING[term.rule]
            (theirs if side == "defender" else mine).append(
                Modifier(stat, term.value, term.label, _rule(term.rule)))
            continue
        stat = "damage_d6" if DICE_MARK in term.rule else "damage_added"
        mine.append(Modifier(stat, term.value, term.label, _rule(term.rule)))
    return mine, theirs


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
    damage, barriers = damage_terms(book, plan)
    attacker = [*to_hit_terms(plan), *damage]
    defender = [*evasion_terms(state, options, plan), *reduction_terms(book, state, plan),
                *barriers]
    spec, lasting = plan.spec, plan.spec.lasting
    numbers = {"to_hit": spec.to_hit, "damage_d6": spec.base_dice + spec.bonus_dice,
               "damage_added": spec.base_bonus + spec.bonus_flat,
               "evasion": spec.evasion, "reduction": spec.reduction,
               "barrier": lasting.barrier + lasting.spell_barrier if lasting else 0,
               "elemental_flat": (lasting.elemental_flat or 0) if lasting else 0,
               "vampiric_flat": (lasting.vampiric_flat or 0) if lasting else 0}
    dice = _sums(attacker).get("damage_d6", 0)
    if dice != numbers["damage_d6"]:
        # a bonus attack's extra dice (follow_up_actions: Vicious Redouble L145,
        # Advanced/Greater Combo Finisher) have no term of their own: listed as such,
        # so the terms make up the number the dice roll
        attacker.append(Modifier("damage_d6", numbers["damage_d6"] - dice,
                                 "the bonus attack's extra dice",
                                 "004 L145 Vicious Redouble / Combo Finisher flairs"))
    for side, terms in (("attacker", attacker), ("defender", defender)):
        for stat in _sums(terms):
            data[side][stat] = numbers[stat]
    data["modifiers"] = (modifiers.report("attacker", attacker)
                         + modifiers.report("defender", defender))
