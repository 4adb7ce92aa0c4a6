"""The ruleset registry: rulesets plug in without touching core.

A ruleset is any package exposing a ``Ruleset`` object through the
``tactician.rulesets`` entry-point group (see ``pyproject.toml``); a GM's
homebrew package registers the same way. ``register`` also accepts one at run
time (tests, notebooks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from tactician.errors import TacticianError


@dataclass(frozen=True)
class Ruleset:
    """What a ruleset offers the rest of Tactician."""

    id: str
    title: str
    source: str
    summary: str
    # named services the interfaces ask for (e.g. "forecast", "load_unit"); values are
    # callables or objects the ruleset documents
    services: dict[str, Any] = field(default_factory=dict)


def lazy(target: str) -> Any:
    """A service named ``"package.module:function"``, imported on its first call, so
    that registering a ruleset (at every start of the command line) stays cheap."""
    module_name, _, attribute = target.partition(":")

    def call(*args: Any, **kwargs: Any) -> Any:
        from importlib import import_module

        return getattr(import_module(module_name), attribute)(*args, **kwargs)

    call.__name__ = attribute
    call.__qualname__ = target
    return call


_registered: dict[str, Ruleset] = {}
_loaded = False


def register(ruleset: Ruleset) -> None:
    _registered[ruleset.id] = ruleset


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for point in entry_points(group="tactician.rulesets"):
        ruleset = point.load()
        if not isinstance(ruleset, Ruleset):
            raise TacticianError(f"entry point {point.name!r} does not give a Ruleset")
        _registered.setdefault(ruleset.id, ruleset)


def all_rulesets() -> list[Ruleset]:
    _load_entry_points()
    return sorted(_registered.values(), key=lambda r: r.id)


def get(ruleset_id: str) -> Ruleset:
    _load_entry_points()
    try:
        return _registered[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_registered)) or "none"
        raise TacticianError(f"unknown ruleset {ruleset_id!r} (installed: {known})") from None
