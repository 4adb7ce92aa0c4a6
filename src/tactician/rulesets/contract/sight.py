"""What one side of a battle may know (issue 25: per-side views by construction).

A ruleset with hidden information (fe-tabletop's and fe-classic's fog, 001 L110;
UESRPG's Hidden condition, 003; Miridon's Veil, 004 L3273) says, through its
contract, which units each side sees (``sight``) and gives the battle as that side
knows it (``side_state``: every unit it cannot see taken out, and every reference to
one). The table layer builds everything a side is sent from those: its board (the
ruleset's own side view), its log (an entry is shown only if the side saw every unit
it involves, at the time), the refusals of its actions and its forecasts (computed
on the side's state, so a hidden unit's id or name is answered exactly as a word
that names nothing). Nothing hidden is put into a structure that is filtered later.

This module holds the pieces every ruleset shares: the units an entry involves,
read from its structured fields (never from its text), and a side's numbering of
the units it sees.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def entry_units(entry: Mapping[str, Any], units: Mapping[str, str]) -> frozenset[str]:
    """The units (of ``units``, the battle's ids and their names) a log entry involves:
    every unit whose id or name is a whole value in its action or its records
    (``unit``, ``target``, ``striker``, a list of ids, a map keyed by id, a narration's
    ``unit`` label...). Whole values only, never words inside a text: the summary is
    the rules' narration of these and is shown or hidden with the entry. A name that
    several units share involves them all (the safe side)."""
    by_name: dict[str, set[str]] = {}
    for unit, name in units.items():
        by_name.setdefault(name, set()).add(unit)
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value in units:
                found.add(value)
            found.update(by_name.get(value, ()))
        elif isinstance(value, Mapping):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(entry.get("action", {}))
    walk(entry.get("records", []))
    return frozenset(found)


def renumbered(rows: Iterable[dict[str, Any]], side: str) -> list[dict[str, Any]]:
    """A side's unit rows with every other side's ``number`` counted among the rows it
    sees only (issue 25, hole 12: a seen foe's number 14 told that there were 14)."""
    shown = list(rows)
    counters: dict[str, int] = {}
    numbers: dict[int, int] = {}
    for position, row in sorted(enumerate(shown), key=lambda p: (p[1].get("number") or 0)):
        if row.get("side") == side:
            continue
        counters[str(row.get("side"))] = counters.get(str(row.get("side")), 0) + 1
        numbers[position] = counters[str(row.get("side"))]
    return [{**row, "number": numbers[i]} if i in numbers else row
            for i, row in enumerate(shown)]
