"""What a battle left on a roster character (a ruleset's ``aftermath``, as the roster
stores it) in words for ``character show``: one line a key, "Uses: Fire 38,
Vulnerary 3", "Fallen: no", "Supports: Eirika (fights 3, rank none)", never
Python's dicts and lists (issue 24 item 4). Any ruleset's keys: the words come from
the keys and values themselves, so a new ruleset's aftermath reads as words too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["carried_lines", "words"]

# short keys a player reads in capitals
_CAPITALS = {"hp": "HP", "sp": "SP", "mp": "MP", "exp": "EXP", "ap": "AP", "ac": "AC"}


def _name(key: str) -> str:
    """A snake_case key in words ("exp_due" -> "EXP due"); any other name as it is."""
    if not key.islower() or " " in key:
        return key
    return " ".join(_CAPITALS.get(part, part) for part in key.split("_") if part)


def _label(key: str) -> str:
    said = _name(str(key))
    return said[:1].upper() + said[1:]


def words(value: Any) -> str:
    """``value`` in words: yes/no, none, a list joined by commas (of records, by
    semicolons), a mapping as "key value" pairs (a nested one in parentheses)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, str):
        return _name(value) if "_" in value else value
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return ("; " if any(isinstance(v, Mapping) for v in value.values()) else ", ").join(
            f"{_name(str(k))} ({words(v)})" if isinstance(v, Mapping)
            else f"{_name(str(k))} {words(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
        if not items:
            return "none"
        joiner = "; " if any(isinstance(v, Mapping) for v in items) else ", "
        return joiner.join(words(v) for v in items)
    return str(value)


def carried_lines(carried: Mapping[str, Any]) -> list[str]:
    """One line a key of ``carried`` ("Fallen: no"); a key with nothing to say (an
    empty text) is left out."""
    return [f"{_label(key)}: {words(value)}" for key, value in carried.items()
            if value != ""]
