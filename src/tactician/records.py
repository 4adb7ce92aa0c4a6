"""Immutable records read field by field, whether ``NamedTuple`` or dataclass.

The values a forecast builds at every start (a combat snapshot, a ruleset's
rulings, an attack roll) are ``NamedTuple``s: one costs about a tenth of a frozen
dataclass to define, and a command defines each once per run (issue 16). The code
that reads any record by its fields (the rulings' ``--option name=value``, the
enemy AI's content keys) reads both kinds through these three functions.

``dataclasses`` is imported only for a dataclass, which has imported it already.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

R = TypeVar("R")


def is_dataclass_type(kind: type) -> bool:
    """``dataclasses.is_dataclass`` for a type, without importing ``dataclasses``."""
    return hasattr(kind, "__dataclass_fields__")  # what ``is_dataclass`` reads


def field_names(record: object) -> tuple[str, ...]:
    """The field names of a record or record type, in order; empty for anything
    that is neither a ``NamedTuple`` nor a dataclass."""
    kind = record if isinstance(record, type) else type(record)
    if issubclass(kind, tuple):
        names = getattr(kind, "_fields", ())
        return names if isinstance(names, tuple) else ()
    if is_dataclass_type(kind):
        from dataclasses import fields

        return tuple(spec.name for spec in fields(cast(Any, kind)))
    return ()


def field_values(record: object) -> dict[str, Any]:
    """A record's fields by name, in order (its values as they are, not copied)."""
    return {name: getattr(record, name) for name in field_names(record)}


def replaced(record: R, changes: dict[str, Any]) -> R:
    """A copy of ``record`` with ``changes`` (field name -> value) made; a name that
    is not one of its fields is a ``TypeError`` for either kind (as a dataclass's
    ``replace`` raises; a ``NamedTuple``'s own ``_replace`` says ``ValueError``)."""
    unknown = sorted(set(changes) - set(field_names(record)))
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {', '.join(unknown)}")
    if isinstance(record, tuple):
        copy: R = record._replace(**changes)  # type: ignore[attr-defined]
        return copy
    from dataclasses import replace

    return replace(record, **changes)  # type: ignore[type-var]
