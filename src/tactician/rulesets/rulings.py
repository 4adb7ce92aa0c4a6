"""Rulings as options: the shared way a ruleset's options are switched by name.

Design principle 4: each ambiguity in a source text is a named option with a
default; a campaign or a command's ``--option name=value`` switches it. A
ruleset declares its options as an immutable record (a ``NamedTuple``, or a
frozen dataclass: ``tactician.records``) whose fields are typed
``bool``, ``int`` (0 or more), ``int | None`` (``none`` or a number) or a
``Literal`` of the allowed words; this module
reads those types, so the allowed values are written once.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints

from tactician.errors import RulesError
from tactician.records import field_names, replaced

Opts = TypeVar("Opts")


def with_overrides(options: Opts, pairs: list[str]) -> Opts:
    """A copy of ``options`` with ``name=value`` pairs applied (``options`` itself,
    immutable, when there are none); unknown names and values are refused with
    the allowed ones listed (``-`` may stand for ``_``)."""
    known = set(field_names(options))
    assert known and not isinstance(options, type), "rulings are a record instance"
    if not pairs:
        return options  # the types are read (their annotations evaluated) only to coerce
    hints = get_type_hints(type(options))
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            raise RulesError(f"unknown option {pair!r}; options are: {', '.join(sorted(known))}")
        changes[name] = _coerce(name, raw.strip(), hints[name])
    return replaced(options, changes)


def choices(kind: Any) -> tuple[str, ...]:
    """The words a ``Literal`` option allows (empty for other types)."""
    return tuple(get_args(kind)) if get_origin(kind) is Literal else ()


def _coerce(name: str, raw: str, kind: Any) -> object:
    if kind is bool:
        if raw.lower() in {"true", "yes", "1", "on"}:
            return True
        if raw.lower() in {"false", "no", "0", "off"}:
            return False
        raise RulesError(f"option {name} takes true or false, not {raw!r}")
    if int in get_args(kind) and type(None) in get_args(kind):  # int | None: "none" or N
        if raw.lower() == "none":
            return None
        kind = int
    if kind is int:
        try:
            value = int(raw)
        except ValueError:
            raise RulesError(f"option {name} takes a whole number, not {raw!r}") from None
        if value < 0:
            raise RulesError(f"option {name} takes a number of 0 or more, not {value}")
        return value
    allowed = choices(kind)
    if raw not in allowed:
        raise RulesError(f"option {name} takes one of {', '.join(allowed)}, not {raw!r}")
    return raw
