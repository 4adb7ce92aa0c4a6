"""Shared compendium plumbing: files merged over defaults, and name lookups that
say "did you mean" when a name is wrong."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from tactician.content.loader import load_entries
from tactician.errors import RulesError

M = TypeVar("M", bound=BaseModel)


def lookup(table: dict[str, M], name: str, what: str) -> M:
    """The entry called ``name`` (case-insensitive), or a RulesError with close names."""
    try:
        return table[name.casefold()]
    except KeyError:
        names = [str(getattr(v, "name", k)) for k, v in table.items()]
        close = difflib.get_close_matches(name, names, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise RulesError(f"unknown {what} {name!r}{hint}") from None


def merged(model: type[M], filename: str, dirs: tuple[Path, ...]) -> dict[str, M]:
    """``filename`` from each folder in order, later entries replacing earlier ones
    of the same name (a GM's folder overrides the defaults)."""
    table: dict[str, M] = {}
    for folder in dirs:
        path = folder / filename
        if path.exists():
            table.update(load_entries(model, path))
    return table
