"""Damage, wounds and what a healer does about them.

Source: 003 "Damage is reduced by the AR of the hit location struck, then
subtracted from HP."; "Wounds — If a single attack deals damage (after AR,
including enchantments and poisons) in excess of the character's Wound
Threshold (WT), it causes a wound. Record the damage and hit location, then
resolve shock effects and passive effects."; "Shock effects", "Additional
effects from magic damage", "Passive effects" and "Treating wounds" as quoted
at each function.
"""

from __future__ import annotations

from dataclasses import replace

from tactician.dice.chance import Chance
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.checks import Pick, TestResult
from tactician.rulesets.uesrpg.conditions import add_logged, lose_stamina_logged
from tactician.rulesets.uesrpg.damage import DamageType, ar_against, reduced, trait_adjustment
from tactician.rulesets.uesrpg.locations import HEAD_PARTS, LIMBS, Location, label
from tactician.rulesets.uesrpg.modifiers import TestKind, base_target, take_test
from tactician.rulesets.uesrpg.numbers import wound_threshold
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import (
    BLOOD_LOSS_ROUNDS,
    Changed,
    CombatState,
    Log,
    Record,
    Wound,
)

SHOCK_TEST = TestKind("endurance", label="Shock Test (Endurance)")
MEDICINE = "profession (medicine)"
SURVIVAL = "survival"


def armor_rating(
    unit: CombatState, location: Location, damage_type: DamageType, options: UesrpgOptions
) -> int:
    """AR of ``location`` against ``damage_type``. Prone: "Full armor counts as Partial"
    (partial AR: the armor's ``partial_ar``, by default half; ``partial_armor_ar``)."""
    armor = unit.profile.armor_at(location)
    table = armor.ar
    if armor.full and unit.condition("Prone") and options.partial_armor_ar == "half":
        table = armor.partial_ar
    return ar_against(table, damage_type, options)


def reduce_damage(
    unit: CombatState,
    raw: int,
    location: Location,
    damage_type: DamageType,
    options: UesrpgOptions,
) -> int:
    """Damage after the location's AR and the unit's Resistance/Weakness traits."""
    return reduced(
        raw,
        armor_rating(unit, location, damage_type, options),
        trait_adjustment(unit.profile.traits, damage_type),
    )


def _fall(unit: CombatState, log: Log) -> CombatState:
    """003 Death: "At 0 HP, the character falls Unconscious." Testing starts afresh."""
    unit = replace(unit, death_failures=0, stable=False, next_test_fails=False)
    log.add(unit, "death", "drops to 0 HP and falls Unconscious")
    return add_logged(unit, "Unconscious", log, cause="hp")


def take_damage(
    unit: CombatState,
    chance: Chance,
    amount: int,
    log: Log,
    options: UesrpgOptions,
    *,
    location: Location = "body",
    damage_type: DamageType = "physical",
    attack: bool = False,
) -> CombatState:
    """Subtract ``amount`` (already reduced) from HP; a wound if an attack's damage
    exceeds WT. Damage taken at 0 HP: "Taking any damage causes the next test to
    automatically fail" (and a stabilised character tests again)."""
    if unit.dead or amount <= 0:
        return unit
    threshold = wound_threshold(unit, options)
    was_down = unit.hp == 0
    unit = replace(unit, hp=max(0, unit.hp - amount))
    log.add(
        unit,
        "damage",
        f"takes {amount} {damage_type} damage to the {label(location)} (HP {unit.hp})",
    )
    if was_down:
        unit = replace(unit, next_test_fails=True, stable=False)
        log.add(unit, "death", "took damage while down: the next death test fails")
    elif unit.hp == 0:
        unit = _fall(unit, log)
    if attack and amount > threshold:
        unit = inflict_wound(unit, chance, amount, location, damage_type, options, log)
    return unit


def apply_damage(
    unit: CombatState,
    chance: Chance,
    raw: int,
    *,
    location: Location = "body",
    damage_type: DamageType = "physical",
    attack: bool = True,
    bypass: bool = False,
    options: UesrpgOptions | None = None,
) -> Changed:
    """Deal ``raw`` damage of ``damage_type`` to ``location``: reduced by AR and traits
    unless ``bypass`` (Bleeding "bypasses AR/Resistance"), then subtracted from HP; a
    single ``attack`` whose damage exceeds WT wounds (shock test and magic extras roll
    through ``chance``)."""
    options = options or UesrpgOptions()
    if raw < 0:
        raise RulesError(f"damage cannot be negative ({raw})")
    log = Log(chance)
    amount = raw if bypass else reduce_damage(unit, raw, location, damage_type, options)
    return log.done(
        take_damage(
            unit,
            chance,
            amount,
            log,
            options,
            location=location,
            damage_type=damage_type,
            attack=attack,
        )
    )


def inflict_wound(
    unit: CombatState,
    chance: Chance,
    damage: int,
    location: Location,
    damage_type: DamageType,
    options: UesrpgOptions,
    log: Log,
) -> CombatState:
    """Record a wound, then the Shock Test (Endurance), magic extras and passive effects.

    003 Shock effects — "Body wound: Lose 1 AP (if none remain, start next Turn with 1
    fewer); Fail the shock test: also gain Crippled Body (Organ Damage)". "Limb wound:
    Gain Crippled Limb condition (head: Stunned for 1 round instead); Fail the shock
    test: also gain Lost Limb (head: Lost Eye or Lost Ear)". Which eye or ear is rolled
    among those left. "Additional effects from magic damage: Fire: Test Ag or gain
    Burning (1); Frost: Test End or gain Dazed; Poison: Lose 1 SP; Shock/Magic: Lose MP
    equal to the damage dealt". Passive effects come "After the shock test", so the
    new wound's -20 does not weigh on its own shock test.
    """
    number = unit.wound_count + 1
    wound = Wound(number, damage, location, passive=False, blood_loss=None)
    unit = replace(unit, wounds=(*unit.wounds, wound), wound_count=number)
    log.add(unit, "wound", f"is wounded (wound {number}: {damage} damage, {label(location)})")
    shock = take_test(unit, chance, SHOCK_TEST, options, log)
    if location == "body":
        if unit.ap > 0:
            unit = replace(unit, ap=unit.ap - 1)
            log.add(unit, "ap", "loses 1 AP (body wound)")
        else:
            unit = replace(unit, ap_debt=unit.ap_debt + 1)
            log.add(unit, "ap", "will start the next round with 1 fewer AP (body wound)")
        if not shock.passed:
            wound = replace(wound, crippled=("organs",))
            log.add(unit, "condition", "gains Crippled Body Part (Organ Damage)")
    elif location in LIMBS:
        wound = replace(wound, crippled=(location,))  # type: ignore[arg-type]
        log.add(unit, "condition", f"gains Crippled Body Part ({label(location)})")
        if not shock.passed:
            unit = add_logged(unit, "Lost Body Part", log, where=location)
    else:
        unit = add_logged(unit, "Stunned", log, rounds=1, cause="head wound")
        if not shock.passed:
            left = tuple(p for p in HEAD_PARTS if p not in unit.lost)
            if left:
                part = chance.decide(Pick(left, f"{unit.name}: which eye or ear is lost"))
                unit = add_logged(unit, "Lost Body Part", log, where=part)
    unit = unit.with_wound(wound)
    if damage_type == "fire":
        test = TestKind("agility", label="Agility (fire wound)")
        if not take_test(unit, chance, test, options, log).passed:
            unit = add_logged(unit, "Burning", log, x=1, where=location)
    elif damage_type == "frost":
        test = TestKind("endurance", label="Endurance (frost wound)")
        if not take_test(unit, chance, test, options, log).passed:
            rounds = options.frost_dazed_rounds or None
            unit = add_logged(unit, "Dazed", log, rounds=rounds, cause="frost wound")
    elif damage_type == "poison":
        unit = lose_stamina_logged(unit, 1, log)
    elif damage_type in ("shock", "magic"):
        lost = min(unit.mp, damage)
        unit = replace(unit, mp=unit.mp - lost)
        log.add(unit, "damage", f"loses {lost} MP ({damage_type} wound)")
    # 003 passive effects: "-20 to all tests ...", "-2 to future initiative rolls",
    # "30 seconds (5 rounds) before blood loss drops them to 0 HP"
    wound = replace(unit.wound(number) or wound, passive=True, blood_loss=BLOOD_LOSS_ROUNDS)
    return unit.with_wound(wound)


# --- first aid, treatment, bleeding care -------------------------------------------------------


def care_test(healer: CombatState, skills: tuple[str, ...], what: str) -> TestKind:
    """The healer's best of ``skills`` (Intelligence if they have none of them)."""
    best: str | None = None
    best_target = -1
    for skill in skills:
        target = healer.profile.skill_target(skill)
        if target is not None and target > best_target:
            best, best_target = skill, target
    return TestKind("intelligence", skill=best, label=f"{what} ({best or 'Int'})")


def _urgency(wound: Wound) -> tuple[int, int]:
    return (wound.blood_loss if wound.blood_loss is not None else 99, wound.id)


def first_aid(
    unit: CombatState,
    healer: CombatState,
    chance: Chance,
    *,
    wound_id: int | None = None,
    kit: bool = True,
    options: UesrpgOptions | None = None,
) -> tuple[CombatState, tuple[Record, ...], TestResult]:
    """003: "These effects can be removed by first aid (a Survival or Profession
    [Medicine] test, 1 Turn, requires a healer's kit)". ``first_aid`` ruling: one
    wound (``wound_id``, or the one whose blood loss comes first) or all of them."""
    options = options or UesrpgOptions()
    if not kit:
        raise RulesError("first aid requires a healer's kit")
    active = [w for w in unit.wounds if w.passive]
    if not active:
        raise RulesError(f"{unit.name} has no wound whose passive effects first aid could remove")
    if wound_id is not None:
        chosen = [w for w in active if w.id == wound_id]
        if not chosen:
            raise RulesError(f"{unit.name} has no wound {wound_id} with passive effects")
    elif options.first_aid == "all_wounds":
        chosen = active
    else:
        chosen = [min(active, key=_urgency)]
    log = Log(chance)
    kind = care_test(healer, (SURVIVAL, MEDICINE), "First aid")
    result = take_test(healer, chance, kind, options, log)
    if result.passed:
        for wound in chosen:
            unit = unit.with_wound(replace(wound, passive=False, blood_loss=None))
            log.add(unit, "wound", f"first aid removes wound {wound.id}'s passive effects")
    state, records = log.done(unit)
    return state, records, result


def maim(unit: CombatState, wound: Wound, log: Log, why: str) -> CombatState:
    """ "Maimed - any crippled body parts from the wound become permanently lost."""
    unit = unit.with_wound(replace(wound, maimed=True))
    log.add(unit, "wound", f"is Maimed ({why})")
    for part in wound.crippled:
        unit = add_logged(unit, "Lost Body Part", log, where=part)
    return unit


def dramatic_failure(result: TestResult, options: UesrpgOptions) -> bool:
    """``dramatic_failure_degrees`` ruling: a critical failure; with N > 0, also a
    failure by N or more degrees."""
    if result.passed:
        return False
    if result.critical:
        return True
    n = options.dramatic_failure_degrees
    return n > 0 and result.degrees >= n


def treat_wound(
    unit: CombatState,
    wound_id: int,
    healer: CombatState,
    chance: Chance,
    options: UesrpgOptions | None = None,
) -> tuple[CombatState, tuple[Record, ...], TestResult]:
    """003: "A wound can be treated with a successful Profession [Medicine] test (takes
    ~1 hour). ... Treating a crippled body part can only be attempted once per Long
    Rest. A dramatic failure causes the limb to become Maimed immediately."."""
    options = options or UesrpgOptions()
    wound = unit.wound(wound_id)
    if wound is None:
        raise RulesError(f"{unit.name} has no wound {wound_id}")
    if wound.treated:
        raise RulesError(f"{unit.name}'s wound {wound_id} is already treated")
    cripples = bool(wound.crippled) and not wound.maimed
    if cripples and wound.treat_tried:
        raise RulesError(
            f"wound {wound_id} crippled a body part: its treatment can only be attempted "
            "once per Long Rest"
        )
    log = Log(chance)
    kind = TestKind("intelligence", skill=MEDICINE, label="Treat wound (Medicine)")
    result = take_test(healer, chance, kind, options, log, grain="degrees")
    if cripples:
        wound = replace(wound, treat_tried=True)
        unit = unit.with_wound(wound)
    if result.passed:
        unit = unit.with_wound(replace(wound, treated=True, days_untreated=0))
        log.add(unit, "wound", f"wound {wound_id} is treated")
    elif cripples and dramatic_failure(result, options):
        unit = maim(unit, wound, log, "dramatic failure treating the wound")
    state, records = log.done(unit)
    return state, records, result


def treat_bleeding(
    unit: CombatState,
    healer: CombatState,
    chance: Chance,
    *,
    kit: bool = True,
    options: UesrpgOptions | None = None,
) -> tuple[CombatState, tuple[Record, ...], TestResult]:
    """003 Bleeding: "Can also be reduced by Profession [Medicine] test + healer's kit
    (reduce X by DoS; kit not consumed). At X = 0 the condition is removed."."""
    options = options or UesrpgOptions()
    if not kit:
        raise RulesError("reducing Bleeding requires a healer's kit")
    bleeding = unit.condition("Bleeding")
    if bleeding is None:
        raise RulesError(f"{unit.name} is not bleeding")
    log = Log(chance)
    kind = TestKind("intelligence", skill=MEDICINE, label="Stop bleeding (Medicine)")
    result = take_test(healer, chance, kind, options, log, grain="degrees")
    if result.passed:
        unit = reduce_bleeding(unit, result.degrees, log)
    state, records = log.done(unit)
    return state, records, result


def reduce_bleeding(unit: CombatState, by: int, log: Log) -> CombatState:
    """003 Bleeding: "Regaining HP reduces X by the total healed"; "Can also be
    reduced by Profession [Medicine] test + healer's kit (reduce X by DoS)"; "At X
    = 0 the condition is removed"."""
    bleeding = unit.condition("Bleeding")
    if bleeding is None or by <= 0:
        return unit
    x = bleeding.x - by
    rest = [c for c in unit.conditions if c is not bleeding]
    if x <= 0:
        log.add(unit, "condition", "Bleeding stops")
        return unit.with_conditions(rest)
    log.add(unit, "condition", f"Bleeding falls to {x}")
    return unit.with_conditions([*rest, replace(bleeding, x=x)])


__all__ = [
    "apply_damage",
    "armor_rating",
    "base_target",
    "dramatic_failure",
    "first_aid",
    "inflict_wound",
    "reduce_damage",
    "take_damage",
    "treat_bleeding",
    "treat_wound",
]
