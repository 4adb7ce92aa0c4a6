"""The installed rulesets: what each is, its source and its capabilities.
Reads registrations only; no ruleset's rules are imported."""

from __future__ import annotations

from tactician.rulesets.registry import all_rulesets


def rulesets() -> list[dict[str, object]]:
    return [r.describe() for r in all_rulesets()]
