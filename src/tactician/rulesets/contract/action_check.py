"""Checking one battle action against its ruleset's schema (``contract.actions``),
before the ruleset sees it: the same checks and the same words for every ruleset.

An action is refused whole, in one line naming what was wrong: not a JSON object;
nested deeper or larger than the limits below (checked first, without recursion,
so a 300-deep or 57 KB action costs nothing); an unknown ``type`` (the refusal lists
the ruleset's actions) or key (it lists the kind's keys); a required key missing; a
value of the wrong kind (named by its key, never echoed back: the words a player
typed are not repeated, so a refusal cannot confirm a guess); a string or list over
its bound. ``docs/rulings.md`` ("Limits") lists the bounds.

What passes is returned in one shape per kind of value, so a ruleset reads one
form: a flag is ``true`` or ``false`` (``yes``/``no``, ``1``/``0`` read as such), a
list key given one value holds that value (``modifiers=power_attack`` ->
``["power_attack"]``), and a flat list of coordinates is a list of tiles
(``tiles=1,1,2,1`` -> ``[[1, 1], [2, 1]]``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.contract.actions import LIST_KINDS, ActionKey, ActionKind, ActionSchema

MAX_ACTION_BYTES = 4_096  # the whole action as JSON (UTF-8): an action is a few dozen bytes
MAX_DEPTH = 5  # the action, a map of units, a path, a leg, its words ({"a": [["n", 10]]})
MAX_STRING = 100  # an id or a name (a unit id, a weapon, a spell)
MAX_TEXT = 500  # the most a ``text`` key may declare
MAX_ITEMS = 64  # entries of one list (targets, tiles, modifiers)
MAX_INTEGER = 1_000_000  # an integer key's default bounds (and the most a tile reads)
FLAG_WORDS = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


class ActionRefused(RulesError):
    """An action the schema refuses (unknown type or key, wrong value, over a bound)."""


def checked_action(schema: ActionSchema, action: object, map_side: int = MAX_INTEGER
                   ) -> dict[str, Any]:
    """``action`` as its kind reads it, or ``ActionRefused`` naming what is wrong; a
    tile's coordinates are below ``map_side``."""
    if not isinstance(action, Mapping):
        raise ActionRefused('an action is a JSON object {"type": ..., ...}, not '
                            + _what(action))
    _check_size(action)
    type_name = action.get("type")
    kind = schema.find(type_name) if isinstance(type_name, str) else None
    if kind is None:
        names = ", ".join(schema.names())
        if not isinstance(type_name, str) or not type_name:
            raise ActionRefused(f"the action needs 'type', one of the {schema.ruleset} actions: "
                                f"{names}")
        raise ActionRefused(f"unknown action {_short(type_name)!r}; {schema.ruleset} actions "
                            f"are: {names}")
    unknown = [k for k in action if k != "type" and (not isinstance(k, str) or kind.key(k) is None)]
    if unknown:
        shown = ", ".join(repr(_short(str(k))) for k in unknown[:3])
        more = f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""
        keys = [k for k in kind.key_names if k != "unit"]  # who acts goes without saying
        raise ActionRefused(f"{kind.name} takes no {shown}{more}; its keys are: "
                            f"{', '.join(keys) or 'none'}")
    checked: dict[str, Any] = {"type": type_name}
    for declared in kind.keys:
        if action.get(declared.name) is None:  # null is the key left out
            if declared.required:
                raise ActionRefused(f"{kind.name} needs {declared.name!r}: {declared.help}")
            continue
        checked[declared.name] = _value(kind, declared, action[declared.name], map_side)
    return checked


# --- the limits, checked before anything else -------------------------------------------


def _check_size(action: Mapping[Any, Any]) -> None:
    """Refuse an action nested over ``MAX_DEPTH`` (walked without recursion) or over
    ``MAX_ACTION_BYTES`` as JSON."""
    stack: list[tuple[Any, int]] = [(action, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ActionRefused(f"the action nests more than {MAX_DEPTH} levels deep "
                                f"(lists inside lists); at most {MAX_DEPTH}")
        if isinstance(node, Mapping):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list | tuple):
            stack.extend((v, depth + 1) for v in node)
    try:
        size = len(json.dumps(action, ensure_ascii=False, allow_nan=False).encode("utf-8"))
    except (TypeError, ValueError):
        raise ActionRefused("an action holds only JSON values: text, whole numbers, true/"
                            "false, lists and objects") from None
    if size > MAX_ACTION_BYTES:
        raise ActionRefused(f"the action is {size:,} bytes as JSON; at most "
                            f"{MAX_ACTION_BYTES:,}")


# --- one value --------------------------------------------------------------------------


def _value(kind: ActionKind, key: ActionKey, value: Any, map_side: int) -> Any:
    where = f"{kind.name}: {key.name!r}"
    if key.kind in LIST_KINDS:
        return _list(where, key, value, map_side)
    if key.kind == "per_unit":
        return _per_unit(where, key, value)
    return _scalar(where, key, key.kind, value, map_side)


def _per_unit(where: str, key: ActionKey, value: Any) -> Any:
    """A value for each unit, as the ruleset reads it (``{id: value}``, ``[[id, value],
    ...]``, the text ``"id:value, ..."`` or one value for all), each part bounded; the
    ruleset checks the ids and values."""
    if isinstance(value, str):
        return _scalar(where, key, "text", value, MAX_INTEGER)
    pairs = list(value.items()) if isinstance(value, Mapping) else value
    if not isinstance(pairs, list | tuple):
        raise ActionRefused(f"{where} must map each unit to its value ({{id: value}} or "
                            f"\"id:value, ...\"); got {_what(value)}")
    if len(pairs) > MAX_ITEMS:
        raise ActionRefused(f"{where} lists {len(pairs)} entries; at most {MAX_ITEMS}")
    for pair in pairs:
        if not (isinstance(pair, list | tuple) and len(pair) == 2 and isinstance(pair[0], str)
                and _part(pair[1])):
            raise ActionRefused(f"{where} must map each unit id to a value, a word, a number or "
                                "a list of them")
    return value


def _part(value: Any, depth: int = 0) -> bool:
    """A per-unit value: a word, a whole number, or a list of them (or of pairs: a
    path's legs, ``[["n", 10], ["e", 20]]``)."""
    if isinstance(value, str):
        return len(value) <= MAX_STRING
    if _whole(value):
        return True
    return (depth < 2 and isinstance(value, list | tuple) and len(value) <= MAX_ITEMS
            and all(_part(v, depth + 1) for v in value))


def _list(where: str, key: ActionKey, value: Any, map_side: int) -> list[Any]:
    item = {"units": "unit", "tiles": "tile", "items": "item", "names": "name",
            "choices": "choice"}[key.kind]
    if key.kind == "tiles":
        value = _tile_list(value)
    elif not isinstance(value, list | tuple):
        value = [value]  # one value where a list is taken: a list of one
    most = key.max_items or MAX_ITEMS
    if len(value) > most:
        raise ActionRefused(f"{where} lists {len(value)} entries; at most {most}")
    return [_scalar(f"{where} (entry {n})", key, item, v, map_side)
            for n, v in enumerate(value, start=1)]


def _tile_list(value: Any) -> Any:
    """A flat list of an even count of whole numbers as pairs (the command line's
    ``tiles=1,1,2,1``); anything else as it is."""
    if (isinstance(value, list | tuple) and value and len(value) % 2 == 0
            and all(_whole(v) for v in value)):
        return [list(value[i:i + 2]) for i in range(0, len(value), 2)]
    return value


def _scalar(where: str, key: ActionKey, kind: str, value: Any, map_side: int) -> Any:
    if kind == "tile":
        if (isinstance(value, list | tuple) and len(value) == 2 and all(_whole(v) for v in value)
                and all(0 <= v < map_side for v in value)):
            return [int(value[0]), int(value[1])]
        raise ActionRefused(f"{where} must be a tile [x, y]: two whole numbers from 0 to "
                            f"{map_side - 1}; got {_what(value)}")
    if kind == "integer":
        low = -MAX_INTEGER if key.minimum is None else key.minimum
        high = MAX_INTEGER if key.maximum is None else key.maximum
        if _whole(value) and low <= value <= high:
            return int(value)
        raise ActionRefused(f"{where} must be a whole number from {low} to {high}; got "
                            f"{_what(value)}")
    if kind == "flag":
        if isinstance(value, bool):
            return value
        word = value if isinstance(value, str) else str(value) if _whole(value) else None
        if word in FLAG_WORDS:
            return FLAG_WORDS[word]
        raise ActionRefused(f"{where} must be yes or no; got {_what(value)}")
    if kind == "choice":
        if isinstance(value, str) and value in key.values:
            return value
        raise ActionRefused(f"{where} must be one of {', '.join(key.values)}; got "
                            f"{_what(value)}")
    # a unit id, a name or text: a string within its bound
    most = (min(key.max_length or MAX_STRING, MAX_TEXT) if kind == "text"
            else key.max_length or MAX_STRING)
    if not isinstance(value, str) or not value.strip():
        raise ActionRefused(f"{where} must be {_noun(kind, key)}; got {_what(value)}")
    if len(value) > most:
        raise ActionRefused(f"{where} is {len(value)} characters; at most {most}")
    return value


def _noun(kind: str, key: ActionKey) -> str:
    if kind == "unit":
        extra = f" (or {', '.join(key.values)})" if key.values else ""
        return f"a unit id{extra}"
    if kind == "name":
        return f"the name of a {key.of or 'thing'}"
    return {"weapon": "a weapon's name", "item": "an item's name"}.get(kind, "some text")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_INTEGER


def _what(value: Any) -> str:
    """What a refused value is, in a word (never the value: see the module doc)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a text" if value.strip() else "an empty text"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    return "something else"


def _short(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most] + "..."
