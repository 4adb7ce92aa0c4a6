"""Fog of war for the web table: what one side may be sent, computed on the server.

The filter works on the board view and log the ruleset gives, so it serves any
ruleset: a ruleset with fog says which units each side sees, either as a
``visibility`` mapping (side -> unit ids it sees) in its board view or as a unit's
``hidden_from`` list of sides; without either, a unit carrying the condition
``Hidden`` (003 Hidden: "Enemies cannot defend against the character's attacks";
battle_sight keeps it only while no observer has beaten its Stealth) is seen by its
own side only. The GM sees everything (``side`` None).

What is hidden is then removed from everything sent: the unit list, the turn order
and whose turn it is, reach, log entries that mention a hidden unit (kept as a
numbered "out of sight" line so the sequence numbers still run), and any other
string that names one (``scrub``): no byte sent to that side names a unit it cannot
see.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

UNSEEN = "someone unseen"


def _hidden_from(unit: dict[str, Any], side: str, view: dict[str, Any]) -> bool:
    if unit.get("side") == side:
        return False
    visibility = view.get("visibility")
    if isinstance(visibility, dict) and side in visibility:
        return unit.get("id") not in set(visibility[side])
    if side in (unit.get("hidden_from") or []):
        return True
    conditions = unit.get("conditions") or []
    return any(isinstance(c, dict) and c.get("name") == "Hidden" for c in conditions)


@dataclass(frozen=True)
class Fog:
    """The units one side cannot see: their ids, and the names no visible unit shares."""

    ids: frozenset[str]
    names: frozenset[str]

    @property
    def clear(self) -> bool:
        return not self.ids

    def _pattern(self) -> re.Pattern[str] | None:
        words = sorted({*self.ids, *self.names}, key=len, reverse=True)
        if not words:
            return None
        alternatives = "|".join(re.escape(w) for w in words if w)
        return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")

    def names_any(self, value: Any) -> bool:
        pattern = self._pattern()
        return pattern is not None and _mentions(value, pattern)

    def scrub(self, value: Any) -> Any:
        """``value`` with every string that names a hidden unit rewritten and every
        list item that is (or belongs to) a hidden unit dropped."""
        pattern = self._pattern()
        return value if pattern is None else _scrub(value, pattern, self.ids)


def fog_for(view: dict[str, Any], side: str | None) -> Fog:
    if side is None:
        return Fog(frozenset(), frozenset())
    units = view.get("units", [])
    hidden = [u for u in units if _hidden_from(u, side, view)]
    seen_names = {str(u.get("name")) for u in units if u not in hidden}
    return Fog(frozenset(str(u["id"]) for u in hidden),
               frozenset(str(u["name"]) for u in hidden) - seen_names)


def _mentions(value: Any, pattern: re.Pattern[str]) -> bool:
    if isinstance(value, str):
        return pattern.search(value) is not None
    if isinstance(value, dict):
        return any(_mentions(k, pattern) or _mentions(v, pattern) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_mentions(v, pattern) for v in value)
    return False


def _owned_by(item: Any, ids: frozenset[str]) -> bool:
    if isinstance(item, str):
        return item in ids
    if isinstance(item, dict):
        return any(str(item.get(k)) in ids for k in ("id", "unit") if item.get(k) is not None)
    return False


def _scrub(value: Any, pattern: re.Pattern[str], ids: frozenset[str]) -> Any:
    if isinstance(value, str):
        return pattern.sub(UNSEEN, value)
    if isinstance(value, dict):
        return {pattern.sub(UNSEEN, str(k)): _scrub(v, pattern, ids) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_scrub(v, pattern, ids) for v in value if not _owned_by(v, ids)]
    return value


def board_for(view: dict[str, Any], fog: Fog) -> dict[str, Any]:
    """The board view as the side under ``fog`` may see it."""
    if fog.clear:
        return view
    shown = {**view, "units": [u for u in view["units"] if str(u["id"]) not in fog.ids]}
    if view.get("turn") in fog.ids or set(view.get("acting") or []) & fog.ids:
        shown.update(turn=None, acting=[], phase="an unseen foe's turn",
                     phase_label="An unseen foe's Turn")
    shown.pop("visibility", None)
    reach = view.get("reach")
    if isinstance(reach, dict) and reach.get("unit") in fog.ids:
        shown.pop("reach")
    scrubbed: dict[str, Any] = fog.scrub(shown)
    return scrubbed


def entries_for(entries: Iterable[dict[str, Any]], fog: Fog) -> list[dict[str, Any]]:
    """Log entries (``Entry.model_dump``) as the side may see them: one that names a
    hidden unit anywhere keeps only its number."""
    out: list[dict[str, Any]] = []
    for entry in entries:
        if fog.names_any(entry):
            out.append({"seq": entry["seq"], "summary": "Something happened out of sight.",
                        "action": {"type": "unseen"}, "dice": [], "records": [],
                        "physical": False, "hidden": True})
        else:
            out.append(entry)
    return out
