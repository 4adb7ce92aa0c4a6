"""Which remembered enemy decisions an action can have changed.

Elites "can act in any order during their phase" (000 "Enemy Actions"), so the
planner weighs every Elite still to act before each action (``ai.next_decision``).
An action changes a few units (the actor, its target, a rescued ally...); every
other Elite's decision stays what it was unless it read one of them. This module
keeps each decision with what it read (its :class:`Footprint`) and, when the
planner sees a new state, forgets exactly the decisions whose reading changed.
Recomputing a kept decision would give the same decision: it is a cache, not a
shortcut, and ``tests/tropera/test_ai_decisions.py`` holds the planner to the
choices it made when it re-decided everyone.

What one unit's decision reads of the battle (``ai.decide``):

* everything about the unit itself and the effects on it (Provoke, Grappler's
  hold, Defend...), the map and the clock: any change there is a new decision;
* who stands on the tiles its movement searches examined (``touched``: every
  tile it could enter or pass, and their neighbours, where a blocker matters);
* the foes it could attack (``cover``: tiles within a weapon's range of a tile
  it can reach), their state and the effects on them (Shade, Quick Draw...);
* for a unit with nothing in range, where every foe stands (it approaches the
  nearest), and for a provoked unit, every foe (its provoker may fall).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tactician.engine.effects import Effect
from tactician.grid.board import Board
from tactician.grid.ranges import ring_offsets
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit

Tile = tuple[int, int]
D = TypeVar("D")


@dataclass(frozen=True)
class Footprint:
    """What one decision read besides its own unit, the map and the clock."""

    touched: frozenset[Tile]
    cover: frozenset[Tile]
    all_foes: bool  # approached the nearest foe, or provoked: every foe counts


def occupant_tile(unit: Unit) -> Tile | None:
    """The tile the unit blocks or lets pass, as ``battle_units.occupied`` reads it."""
    if unit.position is None or unit.carried_by is not None:
        return None
    if unit.hp == 0 and unit.tier is not None:
        return None
    return unit.position


def standing_tile(unit: Unit) -> Tile | None:
    """Where the unit stands as a foe to attack or approach (``battle_units.foes_of``)."""
    if unit.hp <= 0 or unit.position is None or unit.carried_by is not None:
        return None
    return unit.position


def touched_tiles(board: Board, state: TroperaBattle, spots: list[dict[Tile, int]]) -> set[Tile]:
    """Tiles whose occupant can change what the searches that found ``spots`` return.

    The searches expand the destinations and the occupied tiles they pass through
    (allies, or enemies for a unit that may pass them), and look at the neighbours
    of those: the destinations, every occupied tile joined to them, and all their
    neighbours cover it (a superset: that is safe).
    """
    width = board.width
    occupied = {board.index(t) for u in state.units if (t := occupant_tile(u)) is not None}
    near = board.neighbour_indexes
    entered: set[int] = {board.index(t) for found in spots for t in found}
    queue = list(entered)
    while queue:
        here = queue.pop()
        for there in near[here]:
            if there in occupied and there not in entered:
                entered.add(there)
                queue.append(there)
    out = set(entered)
    for here in entered:
        out.update(near[here])
    return {(i % width, i // width) for i in out}


def cover_tiles(spots: dict[Tile, int], ranges: list[tuple[int, int]]) -> set[Tile]:
    """Tiles within one of ``ranges`` (low, high) of a tile in ``spots``."""
    out: set[Tile] = set()
    for low, high in set(ranges):
        if not 0 <= low <= high:
            continue
        offsets = ring_offsets(low, high)
        for x, y in spots:
            out.update((x + dx, y + dy) for dx, dy in offsets)
    return out


def _effects_by_unit(effects: tuple[Effect, ...]) -> dict[str, list[Effect]]:
    grouped: dict[str, list[Effect]] = defaultdict(list)
    for effect in effects:
        grouped[effect.unit].append(effect)
    return grouped


class DecisionMemo(Generic[D]):
    """Decisions by unit id, each with its footprint, valid for the last state synced."""

    def __init__(self) -> None:
        self._state: TroperaBattle | None = None
        self._kept: dict[str, tuple[Unit, D, Footprint]] = {}

    def get(self, unit: Unit) -> D | None:
        found = self._kept.get(unit.id)
        if found is None or not (found[0] is unit or found[0] == unit):
            return None
        return found[1]

    def put(self, unit: Unit, decision: D, footprint: Footprint) -> None:
        self._kept[unit.id] = (unit, decision, footprint)

    def sync(self, state: TroperaBattle) -> None:
        """Forget the decisions ``state`` may decide differently from the last one."""
        before, self._state = self._state, state
        if before is state or not self._kept:
            return
        if before is None or not _same_setting(before, state):
            self._kept.clear()
            return
        changed: list[tuple[Unit, Unit]] = [
            (old, new) for old, new in zip(before.units, state.units, strict=True)
            if old is not new and old != new
        ]
        if before.effects != state.effects:
            old_fx, new_fx = _effects_by_unit(before.effects), _effects_by_unit(state.effects)
            by_id = {u.id: u for u in state.units}
            old_by_id = {u.id: u for u in before.units}
            for uid in set(old_fx) | set(new_fx):
                if old_fx.get(uid) != new_fx.get(uid) and uid in by_id:
                    changed.append((old_by_id[uid], by_id[uid]))
        if changed:
            for uid in [uid for uid, kept in self._kept.items() if _affected(kept, changed)]:
                del self._kept[uid]


def _same_setting(before: TroperaBattle, state: TroperaBattle) -> bool:
    """Everything but the units and effects is unchanged, and the units are the same ones."""
    for name in type(state).model_fields:
        if name in ("units", "effects"):
            continue
        old, new = getattr(before, name), getattr(state, name)
        if old is not new and old != new:
            return False
    return len(before.units) == len(state.units) and all(
        a.id == b.id for a, b in zip(before.units, state.units, strict=True)
    )


def _affected(kept: tuple[Unit, Any, Footprint], changed: list[tuple[Unit, Unit]]) -> bool:
    unit, _, footprint = kept
    for old, new in changed:
        if old.id == unit.id:
            return True
        was, now = occupant_tile(old), occupant_tile(new)
        if was != now and {was, now} & footprint.touched:
            return True
        if old.side == unit.side:
            continue  # an ally matters only where it stands (sides never change)
        was, now = standing_tile(old), standing_tile(new)
        if {was, now} & footprint.cover:
            return True  # a foe in range: its state, its effects (Shade, Quick Draw...)
        if footprint.all_foes and was != now:
            return True  # the nearest foe, or the provoker, may be another
    return False


__all__ = ["DecisionMemo", "Footprint", "cover_tiles", "touched_tiles"]
