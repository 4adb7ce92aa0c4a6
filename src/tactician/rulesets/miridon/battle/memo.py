"""Memos of the battle's pure procedures (issue 28: "price the defender's best block once
per (attacker numbers, defender) and memoise").

The AI prices the same attack from square after square and the simulator plays the same
start thousands of times, so the procedures that turn values into numbers (an attack's
exact odds from its ``AttackSpec``, a defender's reaction policy, a Shoot Through line's
mixture) are asked the same question again and again. Each such procedure is written
once and memoised here by the *values* it reads, so a memo hit returns exactly what the
procedure would compute (no cheaper copy, no approximation).

Keys: a frozen dataclass (``AttackSpec``) is its own key; a unit is ``unit_key`` (every
field's value; its profile, shared by every copy of the unit, by identity, held by the
key so its id is never reused); the compendium and the options by identity (``Same``).
Each memo is bounded (least recently used out) and ``clear`` empties them all (a bench
timing a cold decision).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import lru_cache
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

_MEMOS: list[Any] = []


def memoised(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` (every argument is the key), registered for
    ``clear``."""
    def wrap(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _MEMOS.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def trim(table: dict[Any, Any], bound: int) -> None:
    """Drop ``table``'s oldest entries until it holds ``bound``, safe when threads share
    it: the web table answers requests on several threads, so two may find a memo full at
    once and pick the same oldest key (a plain ``del`` then raised KeyError in the second:
    "internal error" on the page), or one may insert while the other looks
    (RuntimeError). A look that meets another thread's change stops; the next insert
    trims again, so the table never stays over its bound, and a memo's answers never
    depend on what it holds."""
    while len(table) > bound:
        try:
            table.pop(next(iter(table)), None)
        except (RuntimeError, StopIteration):
            return


class Memo(Generic[T]):
    """A table from a key to what ``compute`` gave for it, for procedures whose arguments
    are not all keys (a unit is looked up by ``unit_key`` but computed from itself); the
    oldest entry leaves when ``maxsize`` are held."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.table: dict[Hashable, T] = {}
        _MEMOS.append(self)

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        try:
            return self.table[key]
        except KeyError:
            pass
        found = self.table[key] = compute()
        trim(self.table, self.maxsize)
        return found

    def cache_clear(self) -> None:
        self.table.clear()


def clear() -> None:
    """Empty every memo (the results do not change; only the time to the first answer)."""
    for cached in _MEMOS:
        cached.cache_clear()
    _KEYS.clear()
    _PARTIAL.clear()


class Same:
    """A key part equal only to itself: an object compared by identity, kept alive by the
    key (so no later object can take its id while the memo holds it)."""

    __slots__ = ("thing",)

    def __init__(self, thing: object) -> None:
        self.thing = thing

    def __hash__(self) -> int:
        return id(self.thing)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.thing is self.thing


def _part(value: object) -> object:
    if isinstance(value, Mapping):
        return tuple(value.items())  # another order of equal items only misses
    if isinstance(value, str | int | float | bool | tuple) or value is None:
        return value
    return Same(value)  # the profile (it holds mappings): shared, compared by identity


def unit_key(unit: Any) -> tuple[object, ...]:
    """A frozen model's fields as a hashable key: two units with the same key read the same
    in every procedure (their values are equal, their profile is the same object). Kept
    for the last ``KEYS_HELD`` units asked (by identity: the table holds the unit, so its id
    is not reused while the entry stands)."""
    held = _KEYS.get(id(unit))
    if held is not None and held[0] is unit:
        return held[1]
    key = tuple(_part(value) for value in unit.__dict__.values())
    _KEYS[id(unit)] = (unit, key)
    trim(_KEYS, KEYS_HELD)
    return key


KEYS_HELD = 1024
_KEYS: dict[int, tuple[Any, tuple[object, ...]]] = {}


def unit_key_without(unit: Any, unread: frozenset[str]) -> tuple[object, ...]:
    """``unit_key`` without the fields ``unread`` (for a procedure that reads none of
    them: ``attack_plan.plan_reads``), the fields named beside their values; kept as
    ``unit_key`` is."""
    held = _PARTIAL.get((id(unit), unread))
    if held is not None and held[0] is unit:
        return held[1]
    key = tuple((name, part) for name, part in zip(unit.__dict__, unit_key(unit), strict=True)
                if name not in unread)
    _PARTIAL[(id(unit), unread)] = (unit, key)
    trim(_PARTIAL, KEYS_HELD)
    return key


_PARTIAL: dict[tuple[int, frozenset[str]], tuple[Any, tuple[object, ...]]] = {}


def action_key(action: Mapping[str, Any]) -> tuple[object, ...]:
    """An action (JSON-like: strings, numbers, lists, mappings) as a hashable key; a list
    and a tuple of the same items differ (the rules may read them apart)."""
    return tuple((name, _json_key(value)) for name, value in action.items())


_PLAIN = {str: "str", int: "int", float: "float", bool: "bool", type(None): "None"}


def _json_key(value: object) -> object:
    plain = _PLAIN.get(type(value))
    if plain is not None:
        return (plain, value)  # True and 1 are equal keys otherwise
    if isinstance(value, list):
        return ("list", tuple(_json_key(v) for v in value))
    if isinstance(value, tuple):
        return ("tuple", tuple(_json_key(v) for v in value))
    if isinstance(value, Mapping):
        return ("map", action_key(value))
    if isinstance(value, str | int | float | bool) or value is None:
        return (type(value).__name__, value)  # True and 1 are equal keys otherwise
    return Same(value)
