"""A Fire Emblem battle's start changed for an action case (``contract.ActionCase``):
units moved, hurt, defeated, or their 001 sheet or battle fields changed, so that the
kind the case shows applies (a thief beside a foe, a Lord on the Gate with the boss
fallen). Used by fe-tabletop's and fe-classic's ``action_cases``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

State = Any
Tile = tuple[int, int]


def arrange(at: Mapping[str, Tile] | None = None, hp: Mapping[str, int] | None = None,
            character: Mapping[str, Mapping[str, Any]] | None = None,
            fields: Mapping[str, Mapping[str, Any]] | None = None,
            terrain: Mapping[Tile, str] | None = None) -> Callable[[State], State]:
    """The start with units moved (``at``), at ``hp`` (0: defeated), their character
    sheets (``character``: e.g. ``class_name``, ``inventory``) and battle fields
    (``fields``: e.g. ``recruit_by``, ``class_name``) updated, and map tiles given
    another terrain (``terrain``: by name, for a map kept as ``rows`` of names:
    fe-classic)."""

    def changed(state: State) -> State:
        units = []
        for unit in state.units:
            if unit.id in (character or {}):
                sheet = unit.character.model_copy(update=dict(character[unit.id]))  # type: ignore[index]
                unit = unit.model_copy(update={"character": sheet})
            if unit.id in (hp or {}):
                unit = unit.with_hp(hp[unit.id])  # type: ignore[index]
            update = dict((fields or {}).get(unit.id, {}))
            if unit.id in (at or {}):
                update["position"] = at[unit.id]  # type: ignore[index]
            units.append(unit.model_copy(update=update) if update else unit)
        changed: dict[str, Any] = {"units": tuple(units)}
        if terrain:
            rows = [list(row) for row in state.rows]
            for (x, y), name in terrain.items():
                rows[y][x] = name
            changed["rows"] = tuple(tuple(row) for row in rows)
        return state.model_copy(update=changed)

    return changed
