"""The d100 test: success, degrees, criticals and the hit location, as one exact event.

From outside the text (UESRPG 3e v4 core, shared/rules/reference-facts.md): "A
test is d100 against a target number (characteristic + modifiers); a roll at or
under it succeeds. Degrees of success = tens digit of the roll, at least 1.
Degrees of failure = 1 + tens digit of (roll - target)." and "Criticals: NPCs
succeed critically on 1-3 and fail critically on 98-100; player characters have
'lucky numbers' (as many as LB) and 'unlucky numbers' (5 - LB)".

From 003: "Hit locations — Determined by the ones digit of the attack roll".

A ``D100Test`` groups the 100 faces by what the calling rule needs (its
``grain``), so the enumerator walks a handful of branches, not 100; the faces
themselves are still recorded by the sampler for the roll log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from tactician.dice.source import DiceSource
from tactician.rulesets.uesrpg.locations import Location, location_of

NPC_CRITICAL_SUCCESS: frozenset[int] = frozenset({1, 2, 3})
NPC_CRITICAL_FAILURE: frozenset[int] = frozenset({98, 99, 100})

# What an outcome keeps:
#   pass     — passed, critical
#   degrees  — passed, critical, degrees of success or of failure
#   opposed  — passed, critical, degrees of success (a failure is just a failure)
#   attack   — as opposed, plus the hit location of a success
Grain = Literal["pass", "degrees", "opposed", "attack"]


@dataclass(frozen=True, slots=True)
class TestResult:
    """What a test decided. ``degrees`` counts DoS when passed, DoF when failed (0 when
    the grain does not keep them); ``automatic`` marks a result given without a roll."""

    __test__ = False  # not a pytest class

    passed: bool
    degrees: int = 0
    critical: bool = False
    location: Location | None = None
    automatic: bool = False

    def describe(self) -> str:
        word = "success" if self.passed else "failure"
        if self.critical:
            word = f"critical {word}"
        if self.automatic:
            word = f"automatic {word}"
        if self.degrees:
            word += f", {self.degrees} {'DoS' if self.passed else 'DoF'}"
        return word


def degrees_of_success(roll: int) -> int:
    """ "tens digit of the roll, at least 1" (core). A roll of 100 reads as 10."""
    return max(1, roll // 10)


def degrees_of_failure(roll: int, target: int) -> int:
    """ "1 + tens digit of (roll - target)" (core); a critical failure at or under
    the target has 1."""
    return 1 + max(0, roll - target) // 10


def judge(
    roll: int,
    target: int,
    critical_success: frozenset[int] = NPC_CRITICAL_SUCCESS,
    critical_failure: frozenset[int] = NPC_CRITICAL_FAILURE,
) -> TestResult:
    """The full result of one d100 ``roll`` against ``target``.

    A critical success passes and a critical failure fails whatever the target
    (ruling: a lucky number is a success even above the target).
    """
    if roll in critical_success:
        return TestResult(True, degrees_of_success(roll), True, location_of(roll))
    if roll in critical_failure:
        return TestResult(False, degrees_of_failure(roll, target), True)
    if roll <= target:
        return TestResult(True, degrees_of_success(roll), False, location_of(roll))
    return TestResult(False, degrees_of_failure(roll, target), False)


def coarsen(result: TestResult, grain: Grain) -> TestResult:
    """Keep only what ``grain`` asks for."""
    if grain == "pass":
        return TestResult(result.passed, 0, result.critical)
    if grain == "degrees":
        return TestResult(result.passed, result.degrees, result.critical)
    if not result.passed:
        return TestResult(False, 0, result.critical)
    location = result.location if grain == "attack" else None
    return TestResult(True, result.degrees, result.critical, location)


@dataclass(frozen=True, slots=True)
class D100Test:
    """One d100 test as an event: exact grouped outcomes, or a real roll."""

    target: int
    critical_success: frozenset[int] = NPC_CRITICAL_SUCCESS
    critical_failure: frozenset[int] = NPC_CRITICAL_FAILURE
    grain: Grain = "pass"
    purpose: str = "test"

    def outcomes(self) -> Sequence[tuple[TestResult, float]]:
        return _outcomes(self.target, self.critical_success, self.critical_failure, self.grain)

    def sample(self, dice: DiceSource) -> TestResult:
        return self.judge(dice.draw(100, self.purpose))

    def judge(self, roll: int) -> TestResult:
        result = judge(roll, self.target, self.critical_success, self.critical_failure)
        return coarsen(result, self.grain)

    def probability_passed(self) -> float:
        return sum(p for r, p in self.outcomes() if r.passed)


@lru_cache(maxsize=8192)
def _outcomes(
    target: int,
    critical_success: frozenset[int],
    critical_failure: frozenset[int],
    grain: Grain,
) -> tuple[tuple[TestResult, float], ...]:
    counts: dict[TestResult, int] = {}
    for roll in range(1, 101):
        result = coarsen(judge(roll, target, critical_success, critical_failure), grain)
        counts[result] = counts.get(result, 0) + 1
    return tuple((result, count / 100) for result, count in counts.items())


@dataclass(frozen=True, slots=True)
class Pick:
    """One of several equally likely choices, rolled on a die with as many faces
    (e.g. which eye or ear a head wound takes)."""

    choices: tuple[str, ...]
    purpose: str = "pick"

    def outcomes(self) -> Sequence[tuple[str, float]]:
        share = 1 / len(self.choices)
        return [(choice, share) for choice in self.choices]

    def sample(self, dice: DiceSource) -> str:
        if len(self.choices) == 1:
            return self.choices[0]
        return self.choices[dice.draw(len(self.choices), self.purpose) - 1]
