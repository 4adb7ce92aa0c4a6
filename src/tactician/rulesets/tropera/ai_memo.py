"""What each Elite found last time, and which of it an action can have changed.

Elites "can act in any order during their phase" (000 "Enemy Actions"), so the
planner weighs every Elite still to act before each action (``ai.next_decision``),
on its best candidate's score. An action changes a few units (the actor, its
target, a rescued ally...); what every other Elite found stays what it was unless
it read one of them. This module keeps each Elite's findings (a :class:`Kept`)
and, when the planner sees a new state, throws away or marks for rescoring
exactly what the changes touched. Redoing kept work would give the same
results: it is a cache, not a shortcut, and ``tests/tropera/test_ai_decisions.py``
holds the planner to the choices it made when it re-decided everyone.

What one Elite's findings read of the battle, and what a change there costs:

* the unit itself, the effects on it (Provoke, Grappler's hold, Defend...), the
  map and the clock: found again from scratch;
* who blocks the tiles its movement search examined (``touched``: every tile it
  entered or passed, and their neighbours): an enemy coming or going there means
  a new search; an ally only changes where it may stop (allies are passable),
  so the kept search is filtered again and only freed tiles are scored;
* the foes it could attack (``covers``: within a weapon's range of a tile it can
  reach), their state and the effects on them (Shade, Quick Draw...): the
  candidates against that foe alone are scored again;
* for a provoked unit, every foe standing (its provoker may fall): from scratch.

An Elite with nothing in range scores -inf whatever its approach, so its
approach (the nearest foe, a Dash) is worked out only if it is chosen to act.
"""

from __future__ import annotations

from collections import defaultdict
from operator import attrgetter
from typing import Any

from tactician.engine.effects import Effect
from tactician.grid.board import Board
from tactician.grid.ranges import ring_offsets
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit

Tile = tuple[int, int]


class Kept:
    """One unit's decision and what it read: its reach, and its candidates by foe."""

    __slots__ = (
        "unit", "spots", "touched", "ranges", "per_foe", "found", "decision", "provoked",
        "context", "dirty", "passing", "respot", "stale", "_box",
    )

    def __init__(
        self,
        unit: Unit,
        spots: dict[Tile, int],
        touched: frozenset[int],
        ranges: tuple[tuple[int, int], ...],
        per_foe: dict[str, list[Any]],
        found: list[Any],
        provoked: bool,
        context: Any,
    ) -> None:
        self.unit = unit
        self.spots = spots  # the reach the candidates were found from
        self.touched = touched  # flat indexes whose occupant can change the searches
        self.ranges = ranges  # each usable weapon's (low, high)
        self.per_foe = per_foe  # candidates by target id (before Shade and ranking)
        self.found = found  # every candidate, ranked (Shade applied)
        self.decision: Any = None  # the decision from ``found``, once asked for
        self.provoked = provoked  # its provoker may fall: every foe counts
        self.context = context  # the per-decision memos (terrain, attacker snapshots)
        self.dirty: set[str] = set()  # foes whose candidates must be scored again
        # the search with allies' tiles kept (``battle_units.reach_through_allies``):
        # ``spots`` is it without them, so allies moving need no new search
        self.passing: dict[Tile, int] = spots
        self.respot = False  # allies moved on searched tiles: take ``spots`` again
        self.stale = False  # ``found`` must be ranked again
        self._box: tuple[int, int, int, int] | None = None  # see ``covers``

    def covers(self, tile: Tile | None) -> bool:
        """Whether a foe on ``tile`` is within a weapon's range of a reachable tile."""
        if tile is None:
            return False
        x, y = tile
        box = self._box
        if box is None:
            # every tile a weapon reaches from a tile of the search (``passing``:
            # ``spots`` is always within it): most changes are outside (issue 28:
            # each action asks this of every Elite still to act)
            far = max([high for _, high in self.ranges], default=0)
            xs = [t[0] for t in self.passing] or [0]
            ys = [t[1] for t in self.passing] or [0]
            box = self._box = (min(xs) - far, max(xs) + far, min(ys) - far, max(ys) + far)
        if not (box[0] <= x <= box[1] and box[2] <= y <= box[3]):
            return False
        spots = self.spots
        for low, high in self.ranges:
            if 0 <= low <= high and any(
                (x + dx, y + dy) in spots for dx, dy in ring_offsets(low, high)
            ):
                return True
        return False


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


_OCCUPIED: list[tuple[TroperaBattle, frozenset[int]]] = []


def _occupied_indexes(state: TroperaBattle, board: Board) -> frozenset[int]:
    """Flat indexes of every occupied tile, once per state (the last few kept)."""
    for known, found in _OCCUPIED:
        if known is state:
            return found
    width = board.width
    found = frozenset(
        t[1] * width + t[0] for u in state.units if (t := occupant_tile(u)) is not None
    )
    _OCCUPIED.insert(0, (state, found))
    del _OCCUPIED[4:]
    return found


def touched_indexes(state: TroperaBattle, searched: list[dict[Tile, int]]) -> frozenset[int]:
    """Flat indexes whose occupant can change what the searches that found ``searched`` return.

    A search expands its destinations and the occupied tiles it passes through
    (allies, or enemies for a unit that may pass them) and looks at their
    neighbours: the destinations, every occupied tile joined to them, and all
    their neighbours cover it (a superset: that is safe).
    """
    board = state.map.board()
    width = board.width
    occupied = _occupied_indexes(state, board)
    near = board.neighbour_indexes
    entered: set[int] = {t[1] * width + t[0] for found in searched for t in found}
    out = set(entered)
    queue = list(entered)
    while queue:
        here = queue.pop()
        for there in near[here]:
            if there not in out:
                out.add(there)
                if there in occupied:
                    entered.add(there)
                    queue.append(there)
            elif there in occupied and there not in entered:
                entered.add(there)
                queue.append(there)
    return frozenset(out)


def _effects_by_unit(effects: tuple[Effect, ...]) -> dict[str, list[Effect]]:
    grouped: dict[str, list[Effect]] = defaultdict(list)
    for effect in effects:
        grouped[effect.unit].append(effect)
    return grouped


class DecisionMemo:
    """Kept decisions by unit id, valid for the last state synced."""

    def __init__(self) -> None:
        self._state: TroperaBattle | None = None
        self._kept: dict[str, Kept] = {}

    def get(self, unit: Unit) -> Kept | None:
        found = self._kept.get(unit.id)
        if found is None or not (found.unit is unit or found.unit == unit):
            return None
        return found

    def put(self, kept: Kept) -> None:
        self._kept[kept.unit.id] = kept

    def sync(self, state: TroperaBattle) -> None:
        """Forget what ``state`` may decide differently from the last state synced."""
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
        if not changed:
            return
        width = state.map.board().width
        # what each change is, worked out once for every Elite (``_sort_out``)
        moves = [_Move(old, new, width) for old, new in changed]
        for uid in list(self._kept):
            if _sort_out(self._kept[uid], moves):
                del self._kept[uid]


def _same_setting(before: TroperaBattle, state: TroperaBattle) -> bool:
    """Everything but the units and effects is unchanged, and the units are the same ones."""
    for name in type(state).model_fields:
        if name in ("units", "effects"):
            continue
        old, new = getattr(before, name), getattr(state, name)
        if old is not new and old != new:
            return False
    ids = attrgetter("id")
    return len(before.units) == len(state.units) and list(map(ids, before.units)) == list(
        map(ids, state.units)
    )


class _Move:
    """One unit's change between two states, as ``_sort_out`` reads it."""

    __slots__ = ("id", "side", "occupied", "standing")

    def __init__(self, old: Unit, new: Unit, width: int) -> None:
        self.id = new.id
        self.side = old.side
        was, now = occupant_tile(old), occupant_tile(new)
        # the flat indexes it left and entered as an occupant, if it moved
        self.occupied = (
            tuple(t[1] * width + t[0] for t in (was, now) if t is not None) if was != now else ()
        )
        was, now = standing_tile(old), standing_tile(new)
        self.standing = (was, now, was != now)


def _sort_out(kept: Kept, moves: list[_Move]) -> bool:
    """True to forget ``kept`` whole; else marks the foes to score again."""
    unit = kept.unit
    for move in moves:
        if move.id == unit.id:
            return True
        if move.occupied and not kept.touched.isdisjoint(move.occupied):
            if move.side != unit.side:
                return True  # a blocker came or went: the search itself may differ
            kept.respot = True  # an ally: passable either way, only where to stop changes
        if move.side == unit.side:
            continue  # an ally matters only where it stands (sides never change)
        was, now, moved = move.standing
        if moved and kept.provoked:
            return True  # the provoker may have fallen
        if kept.covers(was) or kept.covers(now):
            kept.dirty.add(move.id)  # a foe in range: its state, its effects (Shade, Quick Draw)
    return False


__all__ = ["DecisionMemo", "Kept", "touched_indexes"]
