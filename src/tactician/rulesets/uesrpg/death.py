"""Unconsciousness at 0 HP, death tests and stabilising.

Source: 003 "Death — At 0 HP, the character falls Unconscious. Each Turn they
must pass an Endurance test. Failing a number of tests exceeding their Luck
Bonus while unconscious = death. Taking any damage causes the next test to
automatically fail. A character can be stabilized (Survival or Profession
[Medicine] test + healer's kit) or healed above 0 HP to stop testing."

Rulings: the test is taken at the end of the unit's Turn (``end_of_turn``);
``death_count`` says whether "a number of tests" counts every failure since the
unit fell (``total``) or only an unbroken run (``consecutive``); "exceeding"
means more than LB (LB 2 survives two failures and dies on the third).
"""

from __future__ import annotations

from dataclasses import replace

from tactician.counted import counted
from tactician.dice.chance import Chance
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.checks import TestResult
from tactician.rulesets.uesrpg.modifiers import TestKind, take_test
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import Changed, CombatState, Log, Record
from tactician.rulesets.uesrpg.wounds import MEDICINE, SURVIVAL, care_test

DEATH_TEST = TestKind("endurance", label="Death test (Endurance)")


def needs_death_test(unit: CombatState) -> bool:
    """At 0 HP, alive and not stabilised."""
    return unit.hp == 0 and not unit.dead and not unit.stable


def death_test_logged(
    unit: CombatState, chance: Chance, options: UesrpgOptions, log: Log
) -> CombatState:
    if not needs_death_test(unit):
        return unit
    if unit.next_test_fails:
        result = TestResult(False, 0, False, automatic=True)
        unit = replace(unit, next_test_fails=False)
        log.add(unit, "test", "Death test fails automatically (took damage while down)")
    else:
        result = take_test(unit, chance, DEATH_TEST, options, log)
    if result.passed:
        if options.death_count == "consecutive" and unit.death_failures:
            unit = replace(unit, death_failures=0)
        return unit
    failures = unit.death_failures + 1
    unit = replace(unit, death_failures=failures)
    luck_bonus = unit.profile.luck_bonus
    if failures > luck_bonus:
        log.add(unit, "death", f"dies ({failures} failed death tests, more than LB {luck_bonus})")
        return replace(unit, dead=True, ap=0)
    log.add(unit, "death",
            f"{counted(failures, 'failed death test')}; dies on more than {luck_bonus}")
    return unit


def death_test(unit: CombatState, chance: Chance, options: UesrpgOptions | None = None) -> Changed:
    """One death test now (``end_of_turn`` takes it for the battle engine)."""
    if not needs_death_test(unit):
        raise RulesError(f"{unit.name} is not dying (needs 0 HP, alive, not stabilised)")
    log = Log(chance)
    return log.done(death_test_logged(unit, chance, options or UesrpgOptions(), log))


def stabilise(
    unit: CombatState,
    healer: CombatState,
    chance: Chance,
    *,
    kit: bool = True,
    options: UesrpgOptions | None = None,
) -> tuple[CombatState, tuple[Record, ...], TestResult]:
    """ "A character can be stabilized (Survival or Profession [Medicine] test +
    healer's kit) ... to stop testing." The healer uses the better of the two skills."""
    options = options or UesrpgOptions()
    if not kit:
        raise RulesError("stabilising requires a healer's kit")
    if not needs_death_test(unit):
        raise RulesError(f"{unit.name} is not dying: nothing to stabilise")
    log = Log(chance)
    kind = care_test(healer, (SURVIVAL, MEDICINE), "Stabilise")
    result = take_test(healer, chance, kind, options, log)
    if result.passed:
        unit = replace(unit, stable=True, next_test_fails=False)
        log.add(unit, "death", "is stabilised: no more death tests")
    state, records = log.done(unit)
    return state, records, result
