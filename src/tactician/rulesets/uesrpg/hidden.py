"""Hidden against a new observer: the Stealth vs Observe test.

Source: 003 Hidden: "Entering line of sight of a new observer requires a
Stealth vs Observe test to remain hidden." Chameleon (X): "Sight-based tests to
detect this character suffer -X"; Invisible: "All sight-based detection fails".

The test is opposed (UESRPG 3e core, outside 003): the hider stays hidden when
its Stealth test passes and the observer's Observe test fails or has fewer
degrees of success (a critical success beats a plain one); equal results go to
the ``stealth_tie`` ruling (default: the observer, since the hider must pass the
test "to remain hidden"). Stealth is an Agility skill and Observe a Perception
skill (core); a unit without the skill tests the characteristic.
"""

from __future__ import annotations

from tactician.dice.chance import Chance
from tactician.rulesets.uesrpg.checks import TestResult
from tactician.rulesets.uesrpg.conditions import remove_logged
from tactician.rulesets.uesrpg.modifiers import (
    TestKind,
    detection_fails,
    detection_modifier,
    take_test,
)
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState, Log, Record

STEALTH = TestKind("agility", skill="stealth", label="Stealth")
OBSERVE = TestKind("perception", skill="observe", senses=frozenset({"sight"}), label="Observe")


def hider_wins(stealth: TestResult, observe: TestResult, options: UesrpgOptions) -> bool:
    """The opposed reading of "Stealth vs Observe" (see the module text)."""
    if not stealth.passed:
        return False
    if not observe.passed:
        return True
    if stealth.critical != observe.critical:
        return stealth.critical
    if stealth.degrees != observe.degrees:
        return stealth.degrees > observe.degrees
    return options.stealth_tie == "hider"


def stealth_against_observe(
    hider: CombatState,
    observer: CombatState,
    chance: Chance,
    options: UesrpgOptions | None = None,
) -> tuple[CombatState, tuple[Record, ...], bool]:
    """Test ``hider`` (Hidden) against a new ``observer``: the hider after the test
    (Hidden ends on a loss), the records, and whether it stays hidden."""
    options = options or UesrpgOptions()
    log = Log(chance)
    if hider.condition("Hidden") is None or detection_fails(hider, "sight"):
        return hider, (), True
    stealth = take_test(hider, chance, STEALTH, options, log, grain="opposed")
    observe = take_test(
        observer, chance, OBSERVE, options, log, detection_modifier(hider, "sight"), "opposed"
    )
    kept = hider_wins(stealth, observe, options)
    if not kept:
        log.add(hider, "condition", f"is spotted by {observer.name}")
        hider = remove_logged(hider, "Hidden", log, options)
    state, records = log.done(hider)
    return state, records, kept
