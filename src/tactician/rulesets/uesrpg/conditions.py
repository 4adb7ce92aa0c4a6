"""Conditions: adding, stacking and removing them, stamina and fatigue, and the
actions a condition offers (extinguishing, shaking off a frenzy).

Source: 003 "Conditions". Every condition's numbers, stacking rule and the edge
it acts on are in ``CONDITION_RULES`` (and docs/rulings.md). Turn and
round edges themselves run in ``turns.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import get_args

from tactician.counted import counted
from tactician.dice.chance import Chance
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.characteristics import Characteristic
from tactician.rulesets.uesrpg.checks import TestResult
from tactician.rulesets.uesrpg.locations import BODY_PARTS, LOCATIONS, BodyPart, label
from tactician.rulesets.uesrpg.modifiers import TestKind, take_test
from tactician.rulesets.uesrpg.numbers import fatigue_level, has, max_stamina
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import (
    CONDITION_NAMES,
    Changed,
    CombatState,
    Condition,
    ConditionName,
    Log,
    Record,
)


@dataclass(frozen=True, slots=True)
class ConditionRule:
    """How a condition stacks and when it acts, with 003's words."""

    takes_x: bool
    stacking: str
    edge: str
    words: str


CONDITION_RULES: dict[ConditionName, ConditionRule] = {
    "Bleeding": ConditionRule(
        True,
        "add X values",
        "end of the unit's Turn: X damage (bypasses AR), then X − 1",
        "At the end of each Turn, take X damage (bypasses AR/Resistance); then X decreases "
        "by 1. ... Multiple instances stack (add X values).",
    ),
    "Blinded": ConditionRule(
        False, "one", "always", "-30 to tests benefiting from sight. Automatically fail ..."
    ),
    "Burning": ConditionRule(
        True,
        "add X values on the same location; separate on different ones",
        "end of the unit's Turn: X fire damage to the location, then X + 1",
        "At the end of each Turn, take X fire damage to the affected location (body by "
        "default), then X increases by 1. Multiple instances stack.",
    ),
    "Chameleon": ConditionRule(True, "highest X", "always", "Only the highest X applies"),
    "Crippled Body Part": ConditionRule(
        False,
        "one per part",
        "always",
        "Suffers the same penalties as if lost. Multiple instances can affect different locations.",
    ),
    "Dazed": ConditionRule(
        False,
        "one",
        "start of round: 1 fewer AP (minimum 1)",
        "Gain 1 fewer AP at the start of each round (minimum 1).",
    ),
    "Deafened": ConditionRule(False, "one", "always", "-30 to tests benefiting from hearing."),
    "Entangled": ConditionRule(
        False, "one", "always", "-20 to all Combat Style tests. Speed halved (round up)."
    ),
    "Fatigued": ConditionRule(
        True,
        "levels add",
        "always; level 4 falls unconscious, 5+ dies",
        "Accumulated through SP loss. ... 4 Unconscious ... 5+ Dead",
    ),
    "Frenzied": ConditionRule(
        False,
        "one",
        "each Turn (must All Out Attack; the battle engine enforces)",
        "+3 WT, +1 SB, +1 SP (can exceed max). Immune to Stunned, fear, and passive wound effects",
    ),
    "Hidden": ConditionRule(
        False, "one", "ends when the unit attacks", "attacking immediately ends the condition"
    ),
    "Immobilized": ConditionRule(False, "one", "always", "Cannot move."),
    "Invisible": ConditionRule(False, "one", "always", "Attacks against the character are at -30"),
    "Lost Body Part": ConditionRule(
        False, "one per part; permanent", "always", "Permanent loss of a body part."
    ),
    "Muffled": ConditionRule(True, "highest X", "always", "Only the highest X applies."),
    "Paralyzed": ConditionRule(False, "one", "always", "Cannot move any body part."),
    "Prone": ConditionRule(
        False, "one", "always", "-20 to all combat tests. Full armor counts as Partial."
    ),
    "Restrained": ConditionRule(False, "one", "always", "Cannot move, attack, or defend."),
    "Silenced": ConditionRule(
        False,
        "one",
        "start of round: Perception test to realise",
        "At the start of each round, may test Perception to realize.",
    ),
    "Slowed": ConditionRule(False, "one", "always", "Speed halved (round up)."),
    "Stunned": ConditionRule(
        False,
        "one",
        "on gain: lose all AP; start of round: no AP",
        "Immediately lose all remaining AP. Do not regain AP at the start of each round "
        "while stunned.",
    ),
    "Unconscious": ConditionRule(
        False,
        "one",
        "end of the unit's Turn: Endurance test while at 0 HP",
        "Knocked out. Falls Prone. May not take any actions.",
    ),
}
assert set(CONDITION_RULES) == set(CONDITION_NAMES)

_X_KEEPS_HIGHEST = frozenset({"Chameleon", "Muffled"})


def _canonical(name: str) -> ConditionName:
    for known in get_args(ConditionName):
        if known.casefold() == name.strip().casefold():
            return known
    raise RulesError(f"unknown condition {name!r}; conditions are: {', '.join(CONDITION_NAMES)}")


def _part(name: ConditionName, where: str | None) -> BodyPart:
    if where not in BODY_PARTS:
        raise RulesError(f"{name} needs a body part: one of {', '.join(BODY_PARTS)}")
    return where


# --- stamina and fatigue -----------------------------------------------------------------


def _fatigue_changed(unit: CombatState, before: int, log: Log) -> CombatState:
    """Apply 003's Fatigue table when the level rises: "4 Unconscious — Character falls
    unconscious; 5+ Dead — Character dies"; Unconscious: "Gaining a level of fatigue
    while unconscious causes death." A level falling below 4 wakes a unit that
    fatigue knocked out (if it has HP)."""
    after = fatigue_level(unit)
    if unit.dead or after == before:
        return unit
    if after > before:
        if has(unit, "Unconscious") or after >= 5:
            log.add(unit, "death", f"dies (fatigue level {after})")
            return replace(unit, dead=True, ap=0)
        if after >= 4:
            log.add(unit, "condition", "falls unconscious (fatigue level 4)")
            return add_logged(unit, "Unconscious", log, cause="fatigue")
        return unit
    knocked_out = unit.condition("Unconscious")
    if after < 4 and knocked_out is not None and knocked_out.cause == "fatigue" and unit.hp > 0:
        log.add(unit, "condition", "wakes (fatigue below level 4)")
        return unit.with_conditions(c for c in unit.conditions if c is not knocked_out)
    return unit


def lose_stamina_logged(unit: CombatState, amount: int, log: Log) -> CombatState:
    if amount <= 0:
        return unit
    before = fatigue_level(unit)
    unit = replace(unit, sp=unit.sp - amount)
    log.add(unit, "stamina", f"loses {amount} SP (now {unit.sp})")
    return _fatigue_changed(unit, before, log)


def gain_stamina_logged(
    unit: CombatState, amount: int, log: Log, exceed_max: bool = False
) -> CombatState:
    if amount <= 0 or unit.dead:
        return unit
    before = fatigue_level(unit)
    cap = max_stamina(unit)
    sp = unit.sp + amount if exceed_max else max(unit.sp, min(cap, unit.sp + amount))
    if sp == unit.sp:
        return unit
    unit = replace(unit, sp=sp)
    log.add(unit, "stamina", f"gains {amount} SP (now {unit.sp})")
    return _fatigue_changed(unit, before, log)


def lose_stamina(unit: CombatState, amount: int) -> Changed:
    """Lose SP; each point below 0 is a Fatigue level (core, from outside 003)."""
    if amount < 0:
        raise RulesError(f"cannot lose {amount} SP")
    log = Log()
    return log.done(lose_stamina_logged(unit, amount, log))


def gain_stamina(unit: CombatState, amount: int) -> Changed:
    """Regain SP up to the maximum (EB, −1 with Organ Damage)."""
    if amount < 0:
        raise RulesError(f"cannot gain {amount} SP")
    log = Log()
    return log.done(gain_stamina_logged(unit, amount, log))


# --- adding and removing -------------------------------------------------------------------


def add_logged(
    unit: CombatState,
    name: ConditionName,
    log: Log,
    *,
    x: int = 0,
    rounds: int | None = None,
    where: str | None = None,
    cause: str = "",
) -> CombatState:
    """Add (or stack) a condition with its immediate effects; inputs already checked."""
    if unit.dead:
        return unit
    if name == "Lost Body Part":
        part = _part(name, where)
        if part in unit.lost:
            return unit
        log.add(unit, "condition", f"loses the {label(part)}")
        return replace(unit, lost=unit.lost | {part})
    if name == "Fatigued":
        before = fatigue_level(unit)
        unit = replace(unit, fatigue_extra=unit.fatigue_extra + x)
        log.add(unit, "condition",
                f"gains {counted(x, 'level')} of fatigue (now {fatigue_level(unit)})")
        return _fatigue_changed(unit, before, log)
    if name == "Stunned" and unit.condition("Frenzied"):
        log.add(unit, "condition", "is not Stunned (Frenzied: immune to Stunned)")
        return unit
    existing = None
    for c in unit.conditions:
        if c.name == name and (name not in ("Burning", "Crippled Body Part") or c.where == where):
            existing = c
            break
    if existing is None:
        new = Condition(name, x, rounds, where, 1, cause)
        text = f"gains {name}" + (f" ({x})" if x else "")
        if where:
            text += f" on the {label(where)}"
        if rounds is not None:
            text += f" for {rounds} round{'s' if rounds != 1 else ''}"
    else:
        if name in ("Bleeding", "Burning"):
            new_x = existing.x + x
        elif name in _X_KEEPS_HIGHEST:
            new_x = max(existing.x, x)
        else:
            new_x = existing.x
        keep = None if existing.rounds is None or rounds is None else max(existing.rounds, rounds)
        new = replace(existing, x=new_x, rounds=keep, count=existing.count + 1)
        text = f"{name} again" + (f": X is now {new_x}" if x else "")
    conditions = [c for c in unit.conditions if c is not existing] + [new]
    unit = unit.with_conditions(conditions)
    log.add(unit, "condition", text)
    if existing is None:
        if name == "Stunned" and unit.ap:
            # 003 Stunned: "Immediately lose all remaining AP."
            unit = replace(unit, ap=0)
        elif name == "Unconscious":
            # 003 Unconscious: "Knocked out. Falls Prone. May not take any actions."
            unit = replace(unit, ap=0)
            if unit.condition("Prone") is None:
                unit = add_logged(unit, "Prone", log)
        elif name == "Frenzied":
            # 003 Frenzied: "+1 SP (can exceed max)"
            unit = gain_stamina_logged(unit, 1, log, exceed_max=True)
    return unit


def check_condition(
    name: str, x: int = 0, rounds: int | None = None, where: str | None = None
) -> ConditionName:
    """Refuse a malformed condition by name (design principle 6)."""
    canonical = _canonical(name)
    rule = CONDITION_RULES[canonical]
    if rule.takes_x and x < 1:
        raise RulesError(f"{canonical} needs X of 1 or more (got {x})")
    if not rule.takes_x and x:
        raise RulesError(f"{canonical} takes no X (got {x})")
    if rounds is not None and rounds < 1:
        raise RulesError(f"a duration is 1 round or more (got {rounds})")
    if canonical in ("Crippled Body Part", "Lost Body Part"):
        _part(canonical, where)
    elif canonical == "Burning":
        if where is not None and where not in LOCATIONS:
            raise RulesError(f"Burning is on a location: one of {', '.join(LOCATIONS)}")
    elif where is not None:
        raise RulesError(f"{canonical} is not on a body part or location")
    if canonical in ("Lost Body Part", "Fatigued") and rounds is not None:
        raise RulesError(f"{canonical} has no duration")
    return canonical


def add_condition(
    unit: CombatState,
    name: str,
    *,
    x: int = 0,
    rounds: int | None = None,
    where: str | None = None,
    cause: str = "",
) -> Changed:
    """Give ``unit`` a condition, stacking it per 003 (see ``CONDITION_RULES``).

    Burning without ``where`` burns the body ("body by default"). A dead unit gains
    nothing.
    """
    canonical = check_condition(name, x, rounds, where)
    if canonical == "Burning" and where is None:
        where = "body"
    log = Log()
    return log.done(add_logged(unit, canonical, log, x=x, rounds=rounds, where=where, cause=cause))


def remove_logged(
    unit: CombatState,
    name: ConditionName,
    log: Log,
    options: UesrpgOptions,
    where: str | None = None,
    encounter_end: bool = False,
) -> CombatState:
    gone = [c for c in unit.conditions if c.name == name and (where is None or c.where == where)]
    if not gone:
        return unit
    unit = unit.with_conditions(c for c in unit.conditions if c not in gone)
    log.add(unit, "condition", f"{name} ends" + (f" on the {label(where)}" if where else ""))
    if name == "Frenzied" and (encounter_end or options.frenzy_end_costs_sp == "always"):
        # 003 Frenzied: "Ends when the encounter ends (lose 2 SP)"
        unit = lose_stamina_logged(unit, 2, log)
    return unit


def remove_condition(
    unit: CombatState,
    name: str,
    *,
    where: str | None = None,
    encounter_end: bool = False,
    options: UesrpgOptions | None = None,
) -> Changed:
    """End a condition (all instances, or the one on ``where``).

    Lost body parts are permanent (003: "Permanent loss of a body part"; "Lost limbs
    cannot be cured") and are refused. Removing Fatigued clears fatigue levels given
    directly (stamina below 0 still counts). Frenzied costs 2 SP when it ends (the
    ``frenzy_end_costs_sp`` ruling).
    """
    options = options or UesrpgOptions()
    canonical = _canonical(name)
    log = Log()
    if canonical == "Lost Body Part":
        raise RulesError('a lost body part is permanent (003: "Lost limbs cannot be cured")')
    if canonical == "Fatigued":
        if unit.fatigue_extra:
            before = fatigue_level(unit)
            unit = replace(unit, fatigue_extra=0)
            log.add(unit, "condition", f"fatigue eased to level {fatigue_level(unit)}")
            unit = _fatigue_changed(unit, before, log)
        return log.done(unit)
    return log.done(remove_logged(unit, canonical, log, options, where, encounter_end))


# --- actions a condition offers -------------------------------------------------------------


def extinguish(
    unit: CombatState,
    chance: Chance,
    where: str | None = None,
    options: UesrpgOptions | None = None,
) -> tuple[CombatState, tuple[Record, ...], TestResult]:
    """003 Burning: "To extinguish: 1 AP, Str or Ag test at +20 with -10 per X beyond
    1; fall Prone on attempt, lose condition on success." The unit tests whichever of
    Strength and Agility is higher."""
    options = options or UesrpgOptions()
    burning = [c for c in unit.conditions_named("Burning") if where is None or c.where == where]
    if not burning:
        raise RulesError(f"{unit.name} is not burning" + (f" on the {where}" if where else ""))
    if unit.ap < 1:
        raise RulesError(f"{unit.name} has no AP left to put out the flames (1 AP)")
    fire = burning[0]
    log = Log(chance)
    unit = replace(unit, ap=unit.ap - 1)
    profile = unit.profile
    characteristic: Characteristic = (
        "strength" if profile.score("strength") >= profile.score("agility") else "agility"
    )
    modifier = 20 - 10 * (fire.x - 1)
    result = take_test(
        unit, chance, TestKind(characteristic, label="extinguish"), options, log, modifier
    )
    unit = add_logged(unit, "Prone", log)
    if result.passed:
        unit = remove_logged(unit, "Burning", log, options, fire.where)
    state, records = log.done(unit)
    return state, records, result


def burning_action_test(
    unit: CombatState, chance: Chance, options: UesrpgOptions | None = None
) -> tuple[CombatState, tuple[Record, ...], TestResult]:
    """003 Burning: "Must pass Willpower -20 to take any action other than
    extinguishing." The battle engine calls this before such an action."""
    options = options or UesrpgOptions()
    if unit.condition("Burning") is None:
        raise RulesError(f"{unit.name} is not burning")
    log = Log(chance)
    result = take_test(
        unit, chance, TestKind("willpower", label="Willpower (burning)"), options, log, -20
    )
    state, records = log.done(unit)
    return state, records, result


def resist_frenzy(
    unit: CombatState, chance: Chance, options: UesrpgOptions | None = None
) -> tuple[CombatState, tuple[Record, ...], TestResult]:
    """003 Frenzied: "Ends when ... the character passes Willpower -20 as an action"."""
    options = options or UesrpgOptions()
    if unit.condition("Frenzied") is None:
        raise RulesError(f"{unit.name} is not Frenzied")
    log = Log(chance)
    result = take_test(
        unit, chance, TestKind("willpower", label="Willpower (frenzy)"), options, log, -20
    )
    if result.passed:
        unit = remove_logged(unit, "Frenzied", log, options)
    state, records = log.done(unit)
    return state, records, result


def end_encounter(unit: CombatState, options: UesrpgOptions | None = None) -> Changed:
    """Frenzied: "Ends when the encounter ends (lose 2 SP)"."""
    return remove_condition(unit, "Frenzied", encounter_end=True, options=options)
