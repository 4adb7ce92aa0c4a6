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

from collections.abc import Iterator, Sequence
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
    """Every row, or (given ``search``) those with a value that holds it, letter case
    ignored, in the text as written (``’`` and ``é`` as themselves).

    A search looks where a GM would: at the values of every field, at any depth
    (names, numbers, notes, list items), never at the field names every row of a
    kind shares (``thief: false`` is no thief, issue 24). Two kinds of name are
    values too: a yes/no field's name when it is yes (``--search thief`` finds the
    classes with ``thief: true``; ``no_crit`` also as "no crit"), and, inside a
    field, the name of a nested record (a UESRPG NPC's skill ``evade``, a spell's
    boost ``offensive``) but not of a nested number (``characteristics.strength``).
    """
    if not search:
        return list(rows)
    needle = search.casefold()
    return [row for row in rows if any(needle in text.casefold() for text in _texts(row, 0))]


def _texts(value: Any, depth: int) -> Iterator[str]:
    """The searchable texts of a row (see ``matching``), depth 0 being its fields."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, int | float):
        yield str(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if item is True:
                yield str(key)
                yield str(key).replace("_", " ")
            elif depth and isinstance(item, dict | list):
                yield str(key)
            yield from _texts(item, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item, depth + 1)


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
