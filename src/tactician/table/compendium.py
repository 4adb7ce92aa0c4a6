"""A ruleset's content for every interface: its kinds, their entries (with a
search), one entry.

Answered from rows (``tactician.content.compendium_rows``): a built-in ruleset's
rows are kept between runs (``compendium_cache``), so a listing after the first
reads JSON and imports none of pydantic, PyYAML or the ruleset's rules; on a miss
the contract builds the rows and they are kept. Either way the same functions
answer from the same rows, so a kept answer is the answer the contract gives
(``tests/table/test_compendium_cache.py`` compares them for every ruleset and
kind). A plug-in ruleset's contract answers itself.
"""

from __future__ import annotations

from typing import Any

from tactician.content.compendium_rows import KeyedRow, entry_named, kind_named, matching
from tactician.rulesets.registry import contract
from tactician.table.compendium_cache import KeptCompendium, kept


def kinds(ruleset_id: str) -> list[str]:
    book = kept(ruleset_id)
    if book is None:
        return contract(ruleset_id).compendium_kinds()
    return _kinds(book)


def entries(ruleset_id: str, kind: str, search: str | None = None) -> list[dict[str, Any]]:
    book = kept(ruleset_id)
    if book is None:
        return contract(ruleset_id).compendium_entries(kind, search)
    return matching([row for _, row in _rows(book, kind)], search)


def entry(ruleset_id: str, kind: str, name: str) -> dict[str, Any]:
    book = kept(ruleset_id)
    if book is None:
        return contract(ruleset_id).compendium_entry(kind, name)
    return entry_named(book.ruleset_id, kind, _rows(book, kind), name)


def _kinds(book: KeptCompendium) -> list[str]:
    found = book.kinds()
    if found is None:
        found = contract(book.ruleset_id).compendium_kinds()
        book.keep_kinds(found)
    return found


def _rows(book: KeptCompendium, kind: str) -> list[KeyedRow]:
    """The rows of ``kind`` (any letter case; an unknown kind is refused as the
    contract refuses it), kept or built and kept."""
    known = kind_named(book.ruleset_id, _kinds(book), kind)
    rows = book.rows(known)
    if rows is None:
        known, rows = contract(book.ruleset_id).compendium_rows(known)
        book.keep_rows(known, rows)
    return rows
