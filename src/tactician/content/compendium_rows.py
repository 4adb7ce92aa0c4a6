"""A compendium as rows: how a kind is named, an entry found and a search run,
written once for every ruleset and every way of reaching the rows.

A ruleset's contract turns its content (pydantic models, dataclasses, dicts) into
rows: each entry's key in its table and its JSON-ready data
(``RulesetContract.compendium_rows``). Everything a player asks of the
compendium is then answered from the rows alone, by the three functions here:
the contract calls them on rows it has just built, and ``tactician.table.
compendium`` calls them on the same rows kept between runs
(``tactician.derived_cache``). One procedure over equal rows gives equal
answers, and its refusals are the same words (design principle 1: a rule is
written once). This module imports nothing but the standard library and the
errors, so a command answered from kept rows loads neither pydantic nor YAML.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tactician.errors import TacticianError

__all__ = ["KeyedRow", "entry_named", "kind_named", "matching"]

# one entry: its key in the ruleset's table (often its name folded), its data
KeyedRow = tuple[str, dict[str, Any]]


def kind_named(ruleset_id: str, kinds: Sequence[str], kind: str) -> str:
    """The ruleset's own name of the kind a player typed (any letter case), or a
    refusal that lists the kinds."""
    for known in kinds:
        if known.casefold() == kind.casefold():
            return known
    raise TacticianError(f"{ruleset_id} has no compendium kind {kind!r}; kinds: {', '.join(kinds)}")


def matching(rows: Sequence[dict[str, Any]], search: str | None) -> list[dict[str, Any]]:
    """Every row, or (given ``search``) those whose JSON text holds it, letter case
    ignored: a search looks in every field, names, numbers and notes alike, in the
    text as written (``’`` and ``é`` as themselves, not as JSON's ``\\u`` escapes)."""
    if not search:
        return list(rows)
    needle = search.casefold()
    return [row for row in rows
            if needle in json.dumps(row, default=str, ensure_ascii=False).casefold()]


def entry_named(ruleset_id: str, kind: str, rows: Sequence[KeyedRow], name: str) -> dict[str, Any]:
    """The first row whose key or ``name`` is ``name`` (letter case ignored), or a
    refusal with the closest names ("did you mean"), else every name of the kind."""
    wanted = name.casefold()
    for key, row in rows:
        if wanted in (key.casefold(), str(row.get("name", "")).casefold()):
            return row
    import difflib  # only a refusal needs it

    names = [str(row.get("name", key)) for key, row in rows]
    close = difflib.get_close_matches(name, names, n=3)
    hint = f"did you mean {', '.join(close)}?" if close else f"known: {', '.join(names)}"
    raise TacticianError(f"{ruleset_id} has no {kind} entry {name!r}; {hint}")
