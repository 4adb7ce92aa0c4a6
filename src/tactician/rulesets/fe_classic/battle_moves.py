"""Moving on 002's terrain: each unit type's costs, and the forced step on ice.

002 L29-33 "At the very beginning of the players turn, the first thing he or she
must do is move a unit. A unit’s movement speed can be found on that unit’s
character card."; L39-41 "Traversing a forest in your path of movement may
require an extra point of movement"; L167-168 "Moving cost is how much movement
speed it takes to cross that terrain." Costs are the table's, per unit type
(``terrain.ClassicTerrain.cost_for``); enemies block, allies may be passed
through but not stopped on (GBA). A unit may stay where it is (a move of 0, G2-16).

Ice and Slippery Floor (L258-262 "For each space the unit moves over ice, the
unit must move another in the same direction."): a step onto such a tile
forces the next step in the same direction, wherever it is in the path; the
forced step costs as usual (free under ``ice_forced_step_free``). When that
next tile is off the map, blocked, impassable or unaffordable, the unit stops
on the ice (G2-24). The search runs over (tile, forced direction) states, so
every destination and path already obeys the slide.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from tactician.grid.movement import MoveProfile
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit, terrain_set
from tactician.rulesets.fe_classic.unit_types import unit_type
from tactician.rulesets.fe_common.battle.state import Tile
from tactician.rulesets.fe_common.battle.weather import storm_mov
from tactician.rulesets.fe_common.compendium import load_fe8

Direction = tuple[int, int]
DIRECTIONS: tuple[Direction, ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))
State = tuple[Tile, Direction | None]


def stormy(state: ClassicBattle) -> bool:
    """001 L112's Rain/Storm is played: the briefing's weather is rain or storm and
    ``weather_rules = tabletop`` (002 L8 names weather but gives it no rule, G2-33)."""
    return (state.rules_options().weather_rules == "tabletop"
            and state.briefing.weather.strip().casefold() in ("rain", "storm"))


def movement(state: ClassicBattle, unit: ClassicUnit) -> int:
    """The card's MOV, less 1 in a storm (2 for a horse or flier: 001 L112, ``storm_mov``)."""
    mov = unit.character.mov
    if not stormy(state):
        return mov
    kind = unit_type(load_fe8().klass(unit.class_name))
    return storm_mov(mov, kind in ("horse", "flier"))


def profile(state: ClassicBattle, unit: ClassicUnit) -> MoveProfile:
    kind = unit_type(load_fe8().klass(unit.class_name))
    return MoveProfile.for_class(terrain_set(state.options), kind, movement(state, unit))


@dataclass(frozen=True)
class ClassicReach:
    """Where a unit can end its move (movement left there) and a path to each tile."""

    start: Tile
    remaining: dict[Tile, int]
    _parents: dict[State, State | None]
    _ends: dict[Tile, State]

    def __contains__(self, tile: object) -> bool:
        return tile in self.remaining

    def path(self, goal: Tile) -> list[Tile] | None:
        if goal not in self._ends:
            return None
        tiles = []
        here: State | None = self._ends[goal]
        while here is not None:
            tiles.append(here[0])
            here = self._parents[here]
        return tiles[::-1]


def reach(state: ClassicBattle, unit: ClassicUnit) -> ClassicReach:
    """Every end of a legal move of ``unit`` (forced ice steps obeyed)."""
    assert unit.position is not None
    board = state.board()
    move = profile(state, unit)
    free_slide = state.rules_options().ice_forced_step_free
    foes = {u.position for u in state.units
            if u.on_map and u.side != unit.side and u.position is not None}
    friends = {u.position for u in state.units
               if u.on_map and u.side == unit.side and u.id != unit.id and u.position is not None}
    forced = {t for t in board.tiles() if state.tile_at(t).forced_step}

    def enter(tile: Tile) -> int | None:
        if not board.in_bounds(tile) or tile in foes:
            return None
        step = move.step_for(board.terrain_at(tile).name)
        return None if step is None else step.cost

    start: State = (unit.position, None)
    left: dict[State, int] = {start: move.movement}
    parents: dict[State, State | None] = {start: None}
    queue: list[tuple[int, State]] = [(-move.movement, start)]
    ends: dict[Tile, State] = {}
    remaining: dict[Tile, int] = {}
    while queue:
        negative, here = heapq.heappop(queue)
        budget = -negative
        if budget < left.get(here, budget):
            continue
        tile, must = here
        stepped = False
        for direction in (must,) if must is not None else DIRECTIONS:
            nxt = (tile[0] + direction[0], tile[1] + direction[1])
            cost = enter(nxt)
            if cost is None:
                continue
            price = 0 if (must is not None and free_slide) else cost
            if price > budget:
                continue
            after: State = (nxt, direction if nxt in forced else None)
            rest = budget - price
            if rest > left.get(after, -1):
                left[after] = rest
                parents[after] = here
                heapq.heappush(queue, (-rest, after))
            stepped = stepped or must is not None
        # a unit ends here unless an ally holds the tile or the ice carries it on
        if tile not in friends and not stepped and budget > remaining.get(tile, -1):
            remaining[tile] = budget
            ends[tile] = here
    return ClassicReach(unit.position, remaining, parents, ends)
