"""The terms a combat number is summed from, as the forecast lists them.

Issue 15's forecast panel lists "every modifier ... with its source (the rule it
cites)". A ruleset's number function builds its value as a list of ``Modifier``
terms and returns their sum, so the forecast reports the very terms the dice use
(not a second computation). ``docs/schemas/forecast.json`` publishes the shape
(``table.schemas.Modifier``): each term with the forecast side it belongs to.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True, init=False)
class Modifier:
    """One term of a number: ``value`` added to ``stat`` because of ``source``
    (what the table sees: "weapon triangle", "Skill x2"), as ``rule`` says (the
    rules file, line and words).

    Frozen, but built by its own ``__init__``: a frozen dataclass's generated one
    sets each field through ``object.__setattr__``, and every forecast builds
    dozens of terms (the enemy AI thousands a phase); writing the slots through
    their descriptors is under half the cost, with the same value afterwards.
    """

    stat: str
    value: int
    source: str
    rule: str

    def __init__(self, stat: str, value: int, source: str, rule: str) -> None:
        _set_stat(self, stat)
        _set_value(self, value)
        _set_source(self, source)
        _set_rule(self, rule)


# the slots' own setters: they bypass the frozen ``__setattr__`` (as ``__init__`` must)
_SLOTS = vars(Modifier)
_set_stat = _SLOTS["stat"].__set__
_set_value = _SLOTS["value"].__set__
_set_source = _SLOTS["source"].__set__
_set_rule = _SLOTS["rule"].__set__


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
