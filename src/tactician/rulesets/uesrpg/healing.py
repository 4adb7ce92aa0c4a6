"""Healing: natural, magical, improper; curing treated wounds; untreated wounds over days.

Source: 003 "Healing" — quoted at each function. Treating a wound (the
Profession [Medicine] test) is in ``wounds.treat_wound``.
"""

from __future__ import annotations

from dataclasses import replace

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.conditions import gain_stamina_logged
from tactician.rulesets.uesrpg.numbers import fatigue_level, max_stamina, organ_damage
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import Changed, CombatState, Log
from tactician.rulesets.uesrpg.wounds import maim, reduce_bleeding


def heal_logged(
    unit: CombatState, amount: int, log: Log, options: UesrpgOptions, *, magical: bool
) -> CombatState:
    """Regain ``amount`` HP (capped at the maximum) with everything 003 ties to it:

    - Bleeding: "Regaining HP reduces X by the total healed (including overheal)";
    - curing: "Once a wound is treated, if the character regenerates HP (by any means)
      equal to or exceeding the damage that caused the wound, the wound and all its
      effects are removed. Lost limbs cannot be cured this way." (HP beyond the
      maximum counts: ``cure_counts_overheal``);
    - magical healing: "While wounded, magical healing also temporarily removes wound
      passive effects and forestalls unconsciousness for a number of rounds equal to
      the HP restored" (a second heal: ``wound_relief``);
    - death: "healed above 0 HP to stop testing" — the unit wakes;
    - improper healing: "If a character heals to full HP while they have an untreated
      wound, they become Maimed - any crippled body parts from the wound become
      permanently lost."
    """
    if amount <= 0 or unit.dead:
        return unit
    before = unit.hp
    hp = min(unit.profile.max_hp, before + amount)
    regained = hp - before
    unit = replace(unit, hp=hp)
    log.add(unit, "healing", f"regains {regained} HP (HP {hp})" + (" — magic" if magical else ""))
    unit = reduce_bleeding(unit, amount, log)
    progress = amount if options.cure_counts_overheal else regained
    kept = []
    for wound in unit.wounds:
        if wound.treated:
            wound = replace(wound, cured_by=wound.cured_by + progress)
            if wound.cured_by >= wound.damage:
                log.add(unit, "wound", f"wound {wound.id} is cured")
                continue
        kept.append(wound)
    unit = replace(unit, wounds=tuple(kept))
    if magical and any(w.passive for w in unit.wounds):
        if options.wound_relief == "longest":
            relief = max(unit.relief, amount)
        else:
            relief = unit.relief + amount
        unit = replace(unit, relief=relief)
        log.add(unit, "wound", f"wound passive effects held off for {relief} rounds")
    if before == 0 and hp > 0:
        unit = replace(unit, stable=False, death_failures=0, next_test_fails=False)
        down = unit.condition("Unconscious")
        if down is not None and down.cause == "hp" and fatigue_level(unit) < 4:
            unit = unit.with_conditions(c for c in unit.conditions if c is not down)
            log.add(unit, "death", "is healed above 0 HP and wakes")
    if regained and hp == unit.profile.max_hp:
        for wound in unit.wounds:
            if not wound.treated and not wound.maimed:
                unit = maim(unit, wound, log, "healed to full HP with an untreated wound")
    return unit


def apply_healing(
    unit: CombatState,
    amount: int,
    *,
    magical: bool = True,
    options: UesrpgOptions | None = None,
) -> Changed:
    """003 Magical healing: "Restores the specified HP instantly." (``magical=False``
    for other HP regained, e.g. a potion the GM rules mundane)."""
    if amount < 0:
        raise RulesError(f"cannot heal {amount} HP")
    if unit.dead:
        raise RulesError(f"{unit.name} is dead; healing cannot help")
    log = Log()
    return log.done(heal_logged(unit, amount, log, options or UesrpgOptions(), magical=magical))


def natural_healing(unit: CombatState, *, complete: bool = False, cared_for: bool = False) -> int:
    """HP one Long Rest heals. 003: "Characters with no untreated wounds regenerate EB HP
    per Long Rest. This doubles if the character rests completely or is cared for by
    another. Characters cannot heal naturally while they have untreated wounds."
    Organ Damage: "heal at half speed" (rounded up, as 003 rounds its one stated half,
    "Speed halved (round up)")."""
    if any(not w.treated for w in unit.wounds):
        return 0
    amount = unit.profile.bonus("endurance") * (2 if complete or cared_for else 1)
    if organ_damage(unit):
        amount = -(-amount // 2)
    return amount


def long_rest(
    unit: CombatState,
    *,
    complete: bool = False,
    cared_for: bool = False,
    options: UesrpgOptions | None = None,
) -> Changed:
    """A Long Rest (8 hours, core): natural healing, Magicka and Stamina restored
    (core: "restores magicka, recovers stamina"), and a crippled part's treatment may
    be tried again. Magical relief has long run out."""
    options = options or UesrpgOptions()
    if unit.dead:
        raise RulesError(f"{unit.name} is dead")
    log = Log()
    amount = natural_healing(unit, complete=complete, cared_for=cared_for)
    if amount == 0 and any(not w.treated for w in unit.wounds):
        log.add(unit, "healing", "heals nothing: an untreated wound")
    unit = heal_logged(unit, amount, log, options, magical=False)
    unit = replace(
        unit,
        mp=unit.profile.max_magicka,
        relief=0,
        wounds=tuple(replace(w, treat_tried=False) for w in unit.wounds),
    )
    unit = gain_stamina_logged(unit, max_stamina(unit) - unit.sp, log)
    return log.done(unit)


def days_pass(unit: CombatState, days: int = 1) -> Changed:
    """003: "If a wound is not treated within EB days, the character becomes Maimed."
    (Maimed once more than EB days have passed untreated.)"""
    if days < 0:
        raise RulesError(f"cannot pass {days} days")
    log = Log()
    limit = unit.profile.bonus("endurance")
    for wound in unit.wounds:
        if wound.treated:
            continue
        wound = replace(wound, days_untreated=wound.days_untreated + days)
        unit = unit.with_wound(wound)
        if wound.days_untreated > limit and not wound.maimed:
            unit = maim(unit, wound, log, f"wound {wound.id} untreated for more than {limit} days")
    return log.done(unit)
