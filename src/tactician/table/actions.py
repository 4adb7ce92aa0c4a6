"""Every battle action, checked against its ruleset's action schema before the rules see
it; who may send each kind; the schema as published data.

Each ruleset declares its action kinds (``RulesetContract.action_schema``,
``rulesets.contract.actions``). Every way an action reaches a battle (``battle act``
and the other commands, the web table, the engine's own phases) goes through
``checked`` here first, so an unknown type or key, a wrong value or an action over
the limits (``docs/rulings.md``, "Limits") is refused the same way in every ruleset,
and what reaches the rules, and the log, has one shape per kind of value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.content.limits import MAX_MAP_SIDE
from tactician.rulesets.capabilities import Capability
from tactician.rulesets.contract.action_check import checked_action
from tactician.rulesets.contract.actions import KEY_KINDS, ActionSchema
from tactician.rulesets.contract.capabilities import Unsupported
from tactician.rulesets.registry import all_rulesets, get

__all__ = ["KEY_KINDS", "ROLES", "battle_rulesets", "checked", "command_value",
           "example_args", "may_send", "published", "schema_of"]

ROLES = ("gm", "player", "spectator")


def schema_of(ruleset: str) -> ActionSchema:
    """The ruleset's action schema (refused by name if it has no battles), read from its
    registration: the declaration alone, none of its rules."""
    found = get(ruleset)
    if not found.has(Capability.BATTLES):
        raise Unsupported(found.id, Capability.BATTLES, found.capabilities)
    return found.action_schema()


def battle_rulesets() -> list[str]:
    """The installed rulesets that have battles (and so an action schema)."""
    return [r.id for r in all_rulesets() if r.has(Capability.BATTLES)]


def checked(ruleset: str, action: object) -> dict[str, Any]:
    """``action`` as its kind reads it, or ``ActionRefused`` in one line naming what is
    wrong (``action_check``)."""
    return checked_action(schema_of(ruleset), action, MAX_MAP_SIDE.value())


def may_send(ruleset: str, action_type: object, role: str) -> bool:
    """Whether a seat of ``role`` ("gm", "player", "spectator") may send an action of
    ``action_type`` (a kind's name or alias): the GM any kind, a player the kinds the
    controller of the acting unit sends (not the GM's set-up, starts and rolls), a
    spectator none. An unknown type is no one's to send. Which units a player commands
    is the seat's to check (``table.seats``)."""
    if role not in ROLES:
        raise ValueError(f"role is one of {', '.join(ROLES)}, not {role!r}")
    kind = schema_of(ruleset).find(action_type)
    if kind is None or role == "spectator":
        return False
    return role == "gm" or kind.sender == "controller"


def published(ruleset: str) -> dict[str, Any]:
    """The schema as JSON-ready data (``tactician rulesets --json``, the web's forms;
    ``docs/schemas/action_schema.json`` describes its shape)."""
    return schema_of(ruleset).as_json()


def example_args(action: Mapping[str, Any]) -> list[str]:
    """An example action as ``battle act`` takes it: ``UNIT TYPE KEY=VALUE...``."""
    words = [str(action.get("unit", "-")), str(action["type"])]
    for name, value in action.items():
        if name not in ("type", "unit"):
            words.append(f"{name}={command_value(value)}")
    return words


def command_value(value: Any) -> str:
    """A value as the command line writes it (``battle act``'s ``parse_value`` reads it
    back): ``3,4`` a tile, ``1,1;2,1`` tiles, ``[a,b]`` a list of words, ``yes``/``no``
    a flag, a word as it is (quoted when it would read as something else)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, list | tuple) for v in value):
            return ";".join(command_value(v) for v in value)
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return ",".join(str(v) for v in value)
        return "[" + ",".join(str(v) for v in value) + "]"  # brackets: a list even of one
    if isinstance(value, Mapping):
        return command_value(", ".join(f"{k}:{v}" for k, v in value.items()))
    text = str(value)
    if any(c in text for c in ",;[]() ") or text.lstrip("-").isdigit():
        return f'"{text}"'
    return text
