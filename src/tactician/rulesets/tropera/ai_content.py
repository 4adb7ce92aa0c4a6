"""What a combat snapshot is made of, as one small number: the enemy AI's key for
sharing a fight between snapshots that fight alike, whoever they are.

Two snapshots with the same fields fight alike (the fight reads nothing else), so
the AI shares one forecast between them (``ai.Scorer.planned``). Their full text
(``repr``) says that but costs tens of microseconds a snapshot, most of it
spelling out the same compendium weapon again. Here a snapshot's key is its
fields themselves: dicts as their items in order (as their text shows them),
nested models and objects that cannot be hashed as their text, worked out once per
object. Equal keys mean equal fields, as equal texts did. Each distinct key gets
a token (a small int), so the fights' keys hash cheaply.

A record is a ``NamedTuple`` (as the snapshots and their weapons are) or a
dataclass (``tactician.records``). Not a record (or a field that cannot be
keyed): the object's full text, as before.
"""

from __future__ import annotations

from typing import Any

from tactician.records import field_names


class ContentTokens:
    """Tokens by content for the snapshots of one enemy phase (``ai.Scorer``).

    Entries hold the objects they were made from, so no id is reused while its
    entry lives.
    """

    def __init__(self) -> None:
        self._by_object: dict[int, tuple[Any, int]] = {}  # id -> (snapshot, token)
        self._parts: dict[int, tuple[Any, Any]] = {}  # id -> (nested object, its part)
        self._by_key: dict[Any, int] = {}
        self._names: dict[type, tuple[str, ...]] = {}

    def token(self, snapshot: Any) -> int:
        """The token of ``snapshot``'s content: equal for snapshots with equal fields."""
        found = self._by_object.get(id(snapshot))
        if found is None or found[0] is not snapshot:
            found = self._by_object[id(snapshot)] = (snapshot, self._intern(snapshot))
        return found[1]

    def _intern(self, snapshot: Any) -> int:
        key = self._key(snapshot)
        try:
            return self._by_key.setdefault(key, len(self._by_key))
        except TypeError:  # a field's value that cannot be hashed: the full text
            return self._by_key.setdefault((_TEXT, repr(snapshot)), len(self._by_key))

    def _key(self, snapshot: Any) -> Any:
        kind = type(snapshot)
        names = self._fields(kind)
        if not names:
            return (_TEXT, repr(snapshot))
        parts: list[Any] = [kind]
        for name in names:
            value = getattr(snapshot, name)
            if type(value) in _PLAIN:
                parts.append(value)
            elif type(value) is dict:
                parts.append((_DICT, tuple(value.items())))
            else:
                parts.append(self._stand_in(value))
        return tuple(parts)

    def _fields(self, kind: type) -> tuple[str, ...]:
        names = self._names.get(kind)
        if names is None:
            names = self._names[kind] = field_names(kind)
        return names

    def _stand_in(self, value: Any) -> Any:
        """A nested object's part of the key, once per object: a record's own
        token, any other object's text."""
        found = self._parts.get(id(value))
        if found is None or found[0] is not value:
            part = (_TOKEN, self._intern(value)) if self._fields(type(value)) else (
                _TEXT, repr(value))
            found = self._parts[id(value)] = (value, part)
        return found[1]


# what a field holds as it is; markers no field's own value can hold
_PLAIN = frozenset({str, int, bool, float, type(None), frozenset})
_DICT, _TEXT, _TOKEN = object(), object(), object()


__all__ = ["ContentTokens"]
