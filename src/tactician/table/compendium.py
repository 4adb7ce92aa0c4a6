"""A ruleset's content for every interface: its kinds, their entries (with a
search), one entry."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.registry import contract


def kinds(ruleset_id: str) -> list[str]:
    return contract(ruleset_id).compendium_kinds()


def entries(ruleset_id: str, kind: str, search: str | None = None) -> list[dict[str, Any]]:
    return contract(ruleset_id).compendium_entries(kind, search)


def entry(ruleset_id: str, kind: str, name: str) -> dict[str, Any]:
    return contract(ruleset_id).compendium_entry(kind, name)
