"""Rescue and drop (001 L43, L55-56; 002's rescue is the same GBA command).

001 L43: "A unit with a higher Aid score than another unit's Constitution score
may rescue them, placing the rescued unit upon the rescuer's square and going
off of their movement (if they did not take it already). Player Characters
being rescued by other Player Characters must be dropped (as a free) either
before or after the rescuer's move." L55: Rescue Unit is a Standard action;
L56: "Free: ... Drop unit".

Whether the rescuer's Aid suffices is the ruleset's number (``can_carry``);
here: the target is an adjacent ally that carries no one and is not carried,
the rescuer carries no one; the rescued unit leaves the map and travels with
the rescuer (who may still move if it has not); a drop puts it on a free
adjacent tile it could stand on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit, Tile
from tactician.rulesets.fe_common.battle.turn import after_standard, check_free, check_standard

B = TypeVar("B", bound=FeBattle)


def rescue(state: B, rescuer: FeUnit, target: FeUnit, can_carry: tuple[bool, str]) -> B:
    """``rescuer`` takes ``target`` up (a standard action); ``can_carry`` is the
    ruleset's Aid check and its reason when it fails."""
    check_standard(state, rescuer)
    if rescuer.carrying is not None:
        raise RulesError(f"{rescuer.name} already carries {rescuer.carrying}")
    if target.id == rescuer.id or state.hostile(rescuer, target):
        raise RulesError(f"{rescuer.name} can only rescue an ally, not {target.name}")
    if not target.on_map or target.carrying is not None:
        raise RulesError(f"{target.name} cannot be rescued (off the map or carrying a unit)")
    assert rescuer.position is not None and target.position is not None
    if manhattan(rescuer.position, target.position) != 1:
        raise RulesError(f"{target.name} is not next to {rescuer.name}")
    allowed, why = can_carry
    if not allowed:
        raise RulesError(why)
    carrier = after_standard(rescuer).model_copy(update={"carrying": target.id})
    carried = target.model_copy(update={"carried_by": rescuer.id, "position": None})
    return state.replace_units(carrier, carried)


def drop(state: B, rescuer: FeUnit, tile: Tile, standable: Callable[[FeUnit, Tile], bool]) -> B:
    """Put the carried unit down on a free adjacent ``tile`` (a free action)."""
    check_free(state, rescuer)
    if rescuer.carrying is None:
        raise RulesError(f"{rescuer.name} carries no one")
    carried = state.unit(rescuer.carrying)
    assert rescuer.position is not None
    if manhattan(rescuer.position, tile) != 1:
        raise RulesError(f"{tile} is not next to {rescuer.name}")
    if state.at(tile) is not None or not standable(carried, tile):
        raise RulesError(f"{carried.name} cannot be dropped on {tile}")
    return state.replace_units(
        rescuer.model_copy(update={"carrying": None}),
        carried.model_copy(update={"carried_by": None, "position": tile, "done": True}),
    )


def fallen_carrier(state: B, unit: FeUnit) -> B:
    """A rescuer who falls lets its charge down on its tile (GBA), turn spent."""
    if unit.carrying is None or not unit.out:
        return state
    carried = state.unit(unit.carrying)
    return state.replace_units(
        unit.model_copy(update={"carrying": None}),
        carried.model_copy(update={"carried_by": None, "position": unit.position,
                                   "done": True}),
    )
