"""The installed rulesets: what each is, its source and its capabilities
(registrations only: no ruleset's rules are imported), and on request its
options (rulings) and its battles' action schema (``table.actions``), which
import each ruleset's contract."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import DEFAULT_RULESET, all_rulesets

__all__ = ["DEFAULT_RULESET", "chosen", "rulesets"]


def rulesets(with_options: bool = False, with_actions: bool = False) -> list[dict[str, Any]]:
    """Each installed ruleset; ``with_actions``: a ruleset with battles gives its action
    schema as ``actions`` (``docs/schemas/action_schema.json``)."""
    found = []
    for ruleset in all_rulesets():
        data: dict[str, Any] = dict(ruleset.describe())
        if with_options:
            data["options"] = [asdict(o) for o in ruleset.contract().options()]
        if with_actions and ruleset.has(Capability.BATTLES):
            data["actions"] = ruleset.action_schema().as_json()
        found.append(data)
    return found


def chosen(ruleset_id: str | None) -> str:
    """The ruleset a command names, or the default one when it names none."""
    return ruleset_id or DEFAULT_RULESET


def explain_words(ruleset: str) -> Any:
    """The ruleset's words for what its engine explains (``contract.words``): the legend
    and columns of ``enemy-phase --explain``, how it plays the players' units."""
    from tactician.rulesets.registry import contract

    return contract(ruleset).explain_words()
