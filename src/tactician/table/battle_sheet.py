"""A unit's sheet in battle, in sections (issue 29, "sheets per ruleset as HTML"):
its entry of the board the seat is sent (``contract.board_view``, the side's view),
grouped the way a character sheet reads (standing, this turn, equipment,
conditions, the rest), each number under a label in words, nothing empty shown.
The sections are the contract's ``Section`` shape (``rulesets.contract.values``),
so the page renders them with the same partial as a unit file's sheet
(``templates/sheet.html``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# which of a board entry's keys go in which section, in order (any ruleset's names)
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Standing", ("class", "level", "exp", "side", "player", "controller", "position",
                  "hp", "status", "stance", "facing", "lord", "boss", "tier", "pdr",
                  "initiative", "speed_stat")),
    ("This turn", ("acted", "done", "moved", "has_moved", "move_taken", "move_left", "ap",
                   "sp", "mp", "strength", "speed", "actions_left", "slots_used", "ghost",
                   "casting", "countdown")),
    ("Equipment", ("equipped", "inventory", "weapons", "items", "kit", "ranks",
                   "rank_uses", "torch")),
    ("Conditions", ("effects", "conditions", "statuses", "wounds", "fatigue", "down",
                    "unconscious", "dead", "stable", "death_failures", "crippled",
                    "carrying", "carried_by", "embarked", "hidden_from")),
)
# shown elsewhere or only the page's own bookkeeping
SKIPPED = frozenset({"id", "name", "number", "max_hp", "max_strength", "max_speed",
                     "max_ghost", "death_limit", "deployed", "wt"})
PAIRED = {"hp": "max_hp", "strength": "max_strength", "speed": "max_speed",
          "ghost": "max_ghost", "death_failures": "death_limit"}
LABELS = {"hp": "HP", "ap": "AP", "sp": "SP", "mp": "MP", "pdr": "PDR", "exp": "EXP",
          "kit": "healer's kit", "lord": "Lord", "boss": "boss"}


def _label(key: str) -> str:
    return LABELS.get(key, key.replace("_", " "))


def _empty(value: Any) -> bool:
    return value is None or value is False or value == [] or value == {} or value == ""


def _text(value: Any) -> str:
    if value is True:
        return "yes"
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"({value[0]}, {value[1]})"
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, Mapping):
        if "item" in value:  # an item with its uses
            uses = value.get("uses")
            return f"{value['item']}" + (f" ({uses} uses)" if uses is not None else "")
        return ", ".join(f"{_label(str(k))} {_text(v)}" for k, v in value.items())
    return str(value)


def battle_sheet(unit: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet of ``unit`` (a board entry): ``{name, kind, sections}``, each section
    ``{title, rows: [{label, value}], columns, table, lines}``."""
    sections: list[dict[str, Any]] = []
    placed: set[str] = set(SKIPPED)
    for title, keys in GROUPS:
        rows: list[dict[str, str]] = []
        for key in keys:
            placed.add(key)
            value = unit.get(key)
            if _empty(value):
                continue
            shown = _text(value)
            top = unit.get(PAIRED.get(key, ""))
            if top is not None and not isinstance(value, (list, dict)):
                shown = f"{shown}/{top}"
            rows.append({"label": _label(key), "value": shown})
        if rows:
            sections.append({"title": title, "rows": rows, "columns": [], "table": [],
                             "lines": []})
    rest = [{"label": _label(k), "value": _text(v)} for k, v in unit.items()
            if k not in placed and not _empty(v)]
    if rest:
        sections.append({"title": "More", "rows": rest, "columns": [], "table": [],
                         "lines": []})
    return {"name": unit.get("name", unit.get("id")), "kind": unit.get("class"),
            "level": unit.get("level"), "sections": sections, "problems": []}
