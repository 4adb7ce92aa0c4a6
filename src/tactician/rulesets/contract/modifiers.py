"""The terms a combat number is summed from, as the forecast lists them.

Issue 15's forecast panel lists "every modifier ... with its source (the rule it
cites)". A ruleset's number function builds its value as a list of ``Modifier``
terms and returns their sum, so the forecast reports the very terms the dice use
(not a second computation). ``docs/schemas/forecast.json`` publishes the shape
(``table.schemas.Modifier``): each term with the forecast side it belongs to.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple


class Modifier(NamedTuple):
    """One term of a number: ``value`` added to ``stat`` because of ``source``
    (what the table sees: "weapon triangle", "Skill x2"), as ``rule`` says (the
    rules file, line and words).

    A ``NamedTuple``: immutable, and a tenth of a frozen dataclass's cost to define
    at start-up (issue 16); built faster too, and every forecast builds dozens of
    terms (the enemy AI thousands a phase).
    """

    stat: str
    value: int
    source: str
    rule: str


def total(terms: Iterable[Modifier]) -> int:
    return sum([term.value for term in terms])  # a list: faster than a generator here


def clamp_terms(stat: str, terms: Sequence[Modifier], low: int, high: int,
                rule: str) -> tuple[Modifier, ...]:
    """``terms`` with one more term that brings their sum into ``low..high`` when it
    falls outside (so the listed terms always sum to the displayed number)."""
    value = total(terms)
    bounded = max(low, min(high, value))
    if bounded == value:
        return tuple(terms)
    return (*terms, Modifier(stat, bounded - value, f"limited to {low}..{high}", rule))


def report(side: str, terms: Iterable[Modifier]) -> list[dict[str, Any]]:
    """The terms as the forecast's ``modifiers`` entries of ``side`` ("attacker" or
    "defender"), the terms that are zero left out (they change nothing)."""
    return [{"side": side, "stat": t.stat, "value": t.value, "source": t.source,
             "rule": t.rule} for t in terms if t.value]
