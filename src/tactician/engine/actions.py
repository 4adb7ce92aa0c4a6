"""One registry of a ruleset's battle actions: each action module adds itself.

A ruleset's battle layer reads top-down: the shared checks (who may act, what a
main action costs) sit at the bottom, each action is a module that imports them
and registers its handler here with the keys its action dict may carry, and the
dispatcher at the top looks the action up. Nothing imports back up, so a new
action is one new module that registers itself (and one import in the list of
action modules the dispatcher loads).

The registry also owns the check that an action dict names only keys its
action knows (issue 7: ``act lute wait bogus=1`` was accepted): a typo in a key
is refused naming the key and the keys the action takes, never silently ignored.

Given the ruleset's declared actions (its action schema, ``rulesets.contract.actions``:
each name with its keys and aliases), the registry holds every registration to them:
an action registered without a declaration, or with other keys or aliases than it
declares, is a bug found when its module is imported, so what the table checks an
action against and what the handler reads cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tactician.errors import RulesError

H = TypeVar("H", bound=Callable[..., Any])

# every action dict carries these: what the action is and who takes it
COMMON_KEYS = frozenset({"type", "unit"})


@dataclass(frozen=True)
class ActionEntry(Generic[H]):
    """One registered action: its name, handler and the keys it takes."""

    name: str
    handler: H
    keys: frozenset[str]


class ActionRegistry(Generic[H]):
    """Name -> handler for one ruleset's actions, with aliases and allowed keys."""

    def __init__(self, ruleset: str,
                 declared: Mapping[str, tuple[frozenset[str], tuple[str, ...]]] | None = None
                 ) -> None:
        self.ruleset = ruleset
        self._entries: dict[str, ActionEntry[H]] = {}
        self._aliases: dict[str, str] = {}
        # name -> (keys, aliases) as the ruleset's action schema declares them
        self._declared = declared

    def register(
        self, name: str, *, keys: Iterable[str] | None = None, aliases: Iterable[str] = ()
    ) -> Callable[[H], H]:
        """Decorator: register ``handler`` as action ``name`` taking ``keys``
        (besides ``type`` and ``unit``; default: the declared ones). A name registered
        twice, or registered otherwise than declared, is a bug."""
        keys, aliases = self._as_declared(name, keys, tuple(aliases))

        def add(handler: H) -> H:
            if name in self._entries or name in self._aliases:
                raise ValueError(f"{self.ruleset} action {name!r} is registered twice")
            self._entries[name] = ActionEntry(name, handler, frozenset(keys) | COMMON_KEYS)
            for alias in aliases:
                self._aliases[alias] = name
            return handler

        return add

    def _as_declared(self, name: str, keys: Iterable[str] | None, aliases: tuple[str, ...]
                     ) -> tuple[frozenset[str], tuple[str, ...]]:
        given = None if keys is None else frozenset(keys) - COMMON_KEYS
        if self._declared is None:
            return given or frozenset(), aliases
        if name not in self._declared:
            raise ValueError(f"{self.ruleset} action {name!r} is registered but not declared "
                             "in the ruleset's action schema")
        declared, declared_aliases = self._declared[name]
        declared = declared - COMMON_KEYS
        if given is not None and given != declared:
            raise ValueError(f"{self.ruleset} action {name!r} takes {sorted(given)}; its "
                             f"schema declares {sorted(declared)}")
        if set(aliases) != set(declared_aliases):
            raise ValueError(f"{self.ruleset} action {name!r} has aliases {list(aliases)}; "
                             f"its schema declares {list(declared_aliases)}")
        return declared, aliases

    def names(self) -> list[str]:
        """Every action name, then every alias, in registration order."""
        return [*self._entries, *self._aliases]

    def canonical(self, kind: object) -> str:
        """The registered name of ``kind`` (an alias resolves), or a refusal
        listing every action."""
        name = self._aliases.get(kind, kind) if isinstance(kind, str) else None
        if not isinstance(name, str) or name not in self._entries:
            raise RulesError(f"unknown action {kind!r}; actions are: {', '.join(self.names())}")
        return name

    def entry(self, kind: object) -> ActionEntry[H]:
        return self._entries[self.canonical(kind)]

    def checked(self, action: Mapping[str, Any]) -> ActionEntry[H]:
        """The entry for ``action``, refusing a key its action does not take."""
        entry = self.entry(action.get("type"))
        unknown = sorted(str(k) for k in action if k not in entry.keys)
        if unknown:
            allowed = ", ".join(sorted(entry.keys - COMMON_KEYS)) or "none"
            raise RulesError(
                f"{entry.name} takes no {', '.join(repr(k) for k in unknown)}; "
                f"its keys are: {allowed}"
            )
        return entry


Tile = tuple[int, int]


def as_tile(value: Any, field: str) -> Tile:
    """An action's tile value ``(x, y)`` (a pair of integers, as the command line's
    ``to=3,4`` gives it), or a refusal naming ``field``."""
    try:
        x, y = value
        return (int(x), int(y))
    except (TypeError, ValueError):
        raise RulesError(f"{field} must be a tile like [3, 4], not {value!r}") from None
