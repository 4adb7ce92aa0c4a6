"""A ruleset's action schema as JSON Schema (draft 2020-12): ``docs/schemas/actions/
<ruleset>.json``, for clients that build forms or check actions with a JSON Schema
library. Generated from the declaration (``python -m tactician.table.schemas`` writes
the files; a conformance test holds them current); the table's own check
(``rulesets.contract.action_check``) accepts exactly what these accept, and besides
reads ``null`` as a key left out.

One ``oneOf`` branch per action kind: its ``type`` (name or alias), its keys with
their bounds, no other key, its example; ``x-sender`` and ``x-stage`` carry who may
send it and its stage.
"""

from __future__ import annotations

from typing import Any

from tactician.content.limits import MAX_MAP_SIDE
from tactician.rulesets.contract.action_check import (
    FLAG_WORDS,
    MAX_INTEGER,
    MAX_ITEMS,
    MAX_STRING,
    MAX_TEXT,
)
from tactician.rulesets.contract.actions import ActionKey, ActionKind, ActionSchema


def json_schema(schema: ActionSchema) -> dict[str, Any]:
    """The JSON Schema of every action the ruleset's battles take."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"tactician/actions/{schema.ruleset}.json",
        "title": f"{schema.ruleset} battle actions",
        "description": "One battle action (`battle act`, the web table): one of the kinds "
                       "below. Generated from the ruleset's action schema "
                       "(`tactician rulesets --json`).",
        "x-stages": list(schema.stages),
        "oneOf": [_kind(kind) for kind in schema.kinds],
    }


def _kind(kind: ActionKind) -> dict[str, Any]:
    properties: dict[str, Any] = {"type": {"enum": [kind.name, *kind.aliases]}}
    for key in kind.keys:
        properties[key.name] = {"description": key.help, **_value(key)}
    return {
        "title": kind.name,
        "description": kind.help,
        "type": "object",
        "properties": properties,
        "required": ["type", *(k.name for k in kind.keys if k.required)],
        "additionalProperties": False,
        "examples": [dict(kind.example)],
        "x-sender": kind.sender,
        "x-stage": kind.stage,
    }


def _value(key: ActionKey) -> dict[str, Any]:
    if key.kind == "units":
        return _one_or_list(_string(key), key)
    if key.kind == "tiles":
        return {"anyOf": [_list(_tile(), key), _list(_coordinate(), key, 2 * (key.max_items
                                                                             or MAX_ITEMS))]}
    if key.kind in ("items", "names"):
        return _one_or_list(_string(key), key)
    if key.kind == "choices":
        return _one_or_list({"enum": list(key.values)}, key)
    if key.kind == "tile":
        return _tile()
    if key.kind == "integer":
        return {"type": "integer",
                "minimum": -MAX_INTEGER if key.minimum is None else key.minimum,
                "maximum": MAX_INTEGER if key.maximum is None else key.maximum}
    if key.kind == "choice":
        return {"enum": list(key.values)}
    if key.kind == "flag":
        return {"anyOf": [{"type": "boolean"}, {"enum": [0, 1]}, {"enum": list(FLAG_WORDS)}]}
    if key.kind == "per_unit":
        leaf = {"anyOf": [{"type": "string", "maxLength": MAX_STRING}, _whole()]}
        inner = {"anyOf": [leaf, {"type": "array", "maxItems": MAX_ITEMS, "items": leaf}]}
        part = {"anyOf": [leaf, {"type": "array", "maxItems": MAX_ITEMS, "items": inner}]}
        return {"anyOf": [_string(key, "text"),
                          {"type": "object", "additionalProperties": part,
                           "maxProperties": MAX_ITEMS},
                          {"type": "array", "maxItems": MAX_ITEMS,
                           "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                     "prefixItems": [{"type": "string"}, part]}}]}
    return _string(key, key.kind)


def _string(key: ActionKey, kind: str = "unit") -> dict[str, Any]:
    most = (min(key.max_length or MAX_STRING, MAX_TEXT) if kind == "text"
            else key.max_length or MAX_STRING)
    return {"type": "string", "minLength": 1, "maxLength": most, "pattern": r"\S"}


def _one_or_list(item: dict[str, Any], key: ActionKey) -> dict[str, Any]:
    return {"anyOf": [item, _list(item, key)]}


def _list(item: dict[str, Any], key: ActionKey, most: int | None = None) -> dict[str, Any]:
    return {"type": "array", "items": item, "maxItems": most or key.max_items or MAX_ITEMS}


def _tile() -> dict[str, Any]:
    return {"type": "array", "items": _coordinate(), "minItems": 2, "maxItems": 2}


def _coordinate() -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "maximum": MAX_MAP_SIDE.default - 1}


def _whole() -> dict[str, Any]:
    return {"type": "integer", "minimum": -MAX_INTEGER, "maximum": MAX_INTEGER}
