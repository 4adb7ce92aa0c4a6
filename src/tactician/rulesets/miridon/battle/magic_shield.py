"""Magic Shield Deflection against a weapon hit's Elemental Weapon damage (004 L2201-2215,
flair L541-546; the roll's choice is a step of ``lasting_spells``).

"Trigger Action: [Elemental Spell], Attack with [Elemental Weapon], Attack with [Tesla],
[Elemental Riposte] / Condition: [Shield Block Stance], [Heavy Shield Block Stance], or [Super
Shield Block Stance]" (L2202-2203). "This [Defensive Action] can be performed when a character
receives any [Damage Dealt] that would be reduced with [Spell Damage Reduction]. The
character can choose to use this ability after then [Damage Dealt] is rolled." (L2205) "The
character will increase their [Spell Damage Reduction] by the bonus to [Physical Damage
Reduction] applied by the [Shield Block Stance] ... for this single attack." (L2207): ruling
``msd_amount`` (spec C52): the shield's own tier bonus (``shield_bonus``) or the whole
stance's PDR bonus (``whole_stance``). "After [Magic Shield Deflection] is performed by a
character in [Shield Block Stance], the character enters the [Block Stance]" (L2209-2213):
the same tier without the shield.

Wired here for an attack with an Elemental Weapon (the enchantment's 1d6 is the damage SDR
reduces, L3362) and with a tesla (its damage is reduced by SDR, L1658: the deflection is
chosen on its damage roll, ``attack_roll._tesla_deflection``). The stance is the one the
defender is in when the attack comes (a Shield Block taken against this very hit, L1730, is
not counted: docs/rulings.md). The action's
``deflect`` is ``yes`` (on the first elemental roll), ``no``, or ``auto``: the reaction policy
deflects a roll that exceeds the SDR (``auto_reactions``). The cost is the action table's
(0/1, a DEFAULT), one defensive action.
"""

from __future__ import annotations

from dataclasses import replace

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.costs import action_cost, affordable, pay, text
from tactician.rulesets.miridon.battle.lasting_spells import DeflectWhen, Lasting
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.stances import TIERS, shield_of, stance_pdr, tier_of
from tactician.rulesets.miridon.battle.state import UnitState
from tactician.rulesets.miridon.compendium import Compendium

NAME = "Magic Shield Deflection"


def why_not(book: Compendium, options: BattleOptions, target: UnitState) -> str | None:
    """Why ``target`` cannot deflect now (None: it can)."""
    if not target.profile.has(NAME):
        return f"{target.id} lacks the {NAME} flair (004 L541-546)"
    tier = tier_of(book, target.stance)
    if not tier or target.stance != TIERS[tier][2] or shield_of(target, book) is None:
        return (f"{target.id} is in {target.stance}, not a shield block stance with a shield "
                "(004 L2203)")
    if options.defensive_limit is not None and target.defensive >= options.defensive_limit:
        return f"{target.id} has used its {options.defensive_limit} defensive actions"
    if not affordable(target, action_cost(book, NAME, target)):
        return f"{target.id} cannot pay {NAME}'s {text(action_cost(book, NAME, target))}"
    return None


def bonus(book: Compendium, options: BattleOptions, target: UnitState) -> int:
    """The SDR it adds (L2207; ruling ``msd_amount``)."""
    shield = shield_of(target, book)
    whole = stance_pdr(book, target.stance, shield)
    if options.msd_amount == "whole_stance":
        return whole
    return whole - stance_pdr(book, target.stance, None)


def with_deflection(book: Compendium, options: BattleOptions, target: UnitState,
                    plan: AttackPlan, choice: str) -> AttackPlan:
    """``plan`` with the defender's Magic Shield Deflection choice; ``yes`` when it cannot
    deflect is refused naming why."""
    spells = plan.spec.lasting
    tesla = book.weapon(plan.weapon).category == "tesla"  # its damage SDR reduces (L1658)
    if tesla and spells is None:
        spells = Lasting(barrier_kind="spell")
    elemental = spells is not None and (spells.elemental_flat is not None or tesla)
    reason = why_not(book, options, target) if elemental else (
        f"{plan.attacker}'s {plan.weapon} is no tesla and carries no Elemental Weapon: no "
        "damage of this attack is reduced by SDR for it to deflect (004 L2205)")
    if reason is not None or spells is None:
        if choice == "yes":
            raise RulesError(f"deflect: {reason}")
        return plan
    when: DeflectWhen = "always" if choice == "yes" else (
        "helps" if choice == "auto" and options.auto_reactions == "policy" else "never")
    lasting = replace(spells, deflect_sdr=bonus(book, options, target), deflect_when=when)
    return replace(plan, spec=replace(plan.spec, lasting=lasting))


def after_deflection(book: Compendium, target: UnitState) -> tuple[UnitState, str]:
    """The defender once it deflected: paid, one defensive action, the same tier without
    the shield (L2209-2213)."""
    cost = action_cost(book, NAME, target)
    tier = tier_of(book, target.stance)
    target = pay(target, cost, NAME).model_copy(update={"defensive": target.defensive + 1})
    if not tier:  # the attack left it unconscious, out of any stance (L1740): it stays so
        return target, (f"{NAME}: SDR + the shield stance's bonus for this attack (L2207; "
                        f"{text(cost)})")
    target = target.model_copy(update={"stance": TIERS[tier][1]})
    return target, (f"{NAME}: SDR + the shield stance's bonus for this attack (L2207); "
                    f"-> {TIERS[tier][1]} (L2209-2213; {text(cost)})")
