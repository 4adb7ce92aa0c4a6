"""A ruleset's action schema: every kind of action its battles take, declared once.

A battle action is a JSON object ``{"type": ..., "unit": ..., KEY: VALUE...}``
(``battle act UNIT TYPE KEY=VALUE``, the web table's forms). Each ruleset declares,
per kind: its ``type`` (and the other names it answers to), a one-line help in the
ruleset's own words, its keys (each with a kind of value, whether it is required,
its bounds and a help line), an example, who may send it (the GM only, or the
controller of the acting unit) and, in a ruleset with stages (fe-classic's set-up),
the stage it belongs to. The table layer checks every action against it before the
ruleset sees it (``action_check``), the same way for every ruleset; ``tactician
rulesets --json`` publishes it and ``docs/schemas/`` holds it as JSON Schema, so a
client can build its forms from it (issue 25, "One action schema per ruleset").

Plain ``NamedTuple`` records and no imports beyond the standard library: a ruleset's
declaration module is data, cheap to import where it is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

# the kinds of value a key takes; ``action_check`` checks each, docs/contract.md lists them
KEY_KINDS = {
    "unit": "a unit id",
    "units": "a list of unit ids",
    "tile": "a tile [x, y] (column, row, from 0)",
    "tiles": "a list of tiles [[x, y], ...]",
    "weapon": "a weapon's name",
    "item": "an item's name",
    "items": "a list of weapon or item names",
    "name": "a name of something the ruleset keeps (``of`` says what)",
    "names": "a list of such names",
    "per_unit": "a value for each unit: {id: value}, [[id, value], ...] or the text "
                "\"id:value, id:value\" (or one value for all)",
    "integer": "a whole number between ``minimum`` and ``maximum``",
    "choice": "one of ``values``",
    "choices": "a list of ``values``",
    "flag": "yes or no (true/false; the words yes/no and 1/0 are read as such)",
    "text": "free text of at most ``max_length`` characters",
}
LIST_KINDS = frozenset({"units", "tiles", "items", "names", "choices"})
SENDERS = ("gm", "controller")


class ActionKey(NamedTuple):
    """One key of an action kind. ``values``: the allowed words of a ``choice`` or
    ``choices`` key, or the words a ``unit`` key takes besides a unit id ("auto",
    "no"); ``minimum``/``maximum`` bound an ``integer``; ``max_length`` a string;
    ``max_items`` a list; ``of`` says what a ``name`` names (spell, skill, trap...)."""

    name: str
    kind: str
    help: str
    required: bool = False
    values: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    max_items: int | None = None
    of: str | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind,
                                "required": self.required, "help": self.help}
        for field in ("values", "minimum", "maximum", "max_length", "max_items", "of"):
            value = getattr(self, field)
            if value not in (None, ()):
                data[field] = list(value) if isinstance(value, tuple) else value
        return data


class ActionKind(NamedTuple):
    """One kind of action: ``name`` is its ``type``; ``aliases`` other types that mean
    it; ``sender`` who may send it ("gm": the GM only; "controller": whoever commands
    the acting unit, or for a kind without a unit, the side whose turn it is);
    ``stage`` the ruleset's stage it belongs to (None: any, or a ruleset without
    stages); ``example`` a whole action of this kind."""

    name: str
    help: str
    keys: tuple[ActionKey, ...]
    example: Mapping[str, Any]
    sender: str = "controller"
    stage: str | None = None
    aliases: tuple[str, ...] = ()

    def key(self, name: str) -> ActionKey | None:
        return next((k for k in self.keys if k.name == name), None)

    @property
    def key_names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.keys)

    def as_json(self) -> dict[str, Any]:
        return {"type": self.name, "help": self.help, "sender": self.sender,
                "stage": self.stage, "aliases": list(self.aliases),
                "keys": [k.as_json() for k in self.keys], "example": dict(self.example)}


class ActionSchema(NamedTuple):
    """Every action kind of one ruleset's battles, in the order its help lists them;
    ``stages`` the ruleset's stages in order (empty: it has none)."""

    ruleset: str
    kinds: tuple[ActionKind, ...]
    stages: tuple[str, ...] = ()

    def find(self, type_name: object) -> ActionKind | None:
        """The kind a ``type`` names (its name or an alias), or None."""
        for kind in self.kinds:
            if type_name == kind.name or type_name in kind.aliases:
                return kind
        return None

    def names(self) -> list[str]:
        return [k.name for k in self.kinds]

    def as_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "stages": list(self.stages),
                "kinds": [k.as_json() for k in self.kinds]}


# --- building a declaration -----------------------------------------------------------


def actor(help: str = "the unit that acts", required: bool = True) -> ActionKey:
    """The ``unit`` key: who acts."""
    return ActionKey("unit", "unit", help, required)


def key(name: str, kind: str, help: str, required: bool = False, **bounds: Any) -> ActionKey:
    """A key of ``kind`` (one of ``KEY_KINDS``); ``bounds`` as ``ActionKey`` names them."""
    if kind not in KEY_KINDS:
        raise ValueError(f"unknown key kind {kind!r}; kinds are {', '.join(KEY_KINDS)}")
    return ActionKey(name, kind, help, required, **bounds)


def kind(name: str, help: str, *keys: ActionKey, example: Mapping[str, Any],
         sender: str = "controller", stage: str | None = None,
         aliases: tuple[str, ...] = ()) -> ActionKind:
    """An action kind; its example names its own ``type``."""
    if sender not in SENDERS:
        raise ValueError(f"{name}: sender is one of {', '.join(SENDERS)}, not {sender!r}")
    return ActionKind(name, help, tuple(keys), {"type": name, **example}, sender, stage,
                      aliases)


def declared_keys(schema: ActionSchema) -> dict[str, tuple[frozenset[str], tuple[str, ...]]]:
    """Each kind's keys and aliases, as a ruleset's ``engine.actions.ActionRegistry``
    checks its registrations against them."""
    return {k.name: (frozenset(k.key_names), k.aliases) for k in schema.kinds}
