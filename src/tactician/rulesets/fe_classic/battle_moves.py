"""Moving on 002's terrain: each unit type's costs, and the forced step on ice.

002 L29-33 "At the very beginning of the players turn, the first thing he or she
must do is move a unit. A unit’s movement speed can be found on that unit’s
character card."; L39-41 "Traversing a forest in your path of movement may
require an extra point of movement"; L167-168 "Moving cost is how much movement
speed it takes to cross that terrain." Costs are the table's, per unit type
(``terrain.ClassicTerrain.cost_for``); enemies block, allies may be passed
through (GBA). A unit may stay where it is (a move of 0, G2-16).

Ice and Slippery Floor (L258-262 "For each space the unit moves over ice, the
unit must move another in the same direction."): a move that ends on such a
tile slides on, one tile at a time in the direction of its last step, while the
next tile is on the map, free, enterable and affordable (the slide costs as
usual unless ``ice_forced_step_free``); it stops on the ice otherwise (G2-24).
A slide in the middle of a path is not modelled: the pathfinder treats ice as
ordinary cost-1 ground there.
"""

from __future__ import annotations

from tactician.grid.movement import MoveProfile, Reach, search
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit, terrain_set
from tactician.rulesets.fe_classic.unit_types import unit_type
from tactician.rulesets.fe_common.battle.state import Tile
from tactician.rulesets.fe_common.compendium import load_fe8


def profile(state: ClassicBattle, unit: ClassicUnit) -> MoveProfile:
    kind = unit_type(load_fe8().klass(unit.class_name))
    return MoveProfile.for_class(terrain_set(state.options), kind, unit.character.mov)


def reach(state: ClassicBattle, unit: ClassicUnit) -> Reach:
    """Where ``unit`` can end its move, with the path to each tile."""
    assert unit.position is not None
    foes = [u.position for u in state.units
            if u.on_map and u.side != unit.side and u.position is not None]
    friends = [u.position for u in state.units
               if u.on_map and u.side == unit.side and u.id != unit.id and u.position is not None]
    return search(state.board(), unit.position, profile(state, unit), foes, friends)


def slide(state: ClassicBattle, unit: ClassicUnit, path: list[Tile], left: int) -> list[Tile]:
    """The forced steps after a move ending on ice or slippery floor (G2-24)."""
    if len(path) < 2:
        return []
    options = state.rules_options()
    board = state.board()
    move = profile(state, unit)
    extra: list[Tile] = []
    here, before = path[-1], path[-2]
    while state.tile_at(here).forced_step:
        step = (here[0] - before[0], here[1] - before[1])
        nxt = (here[0] + step[0], here[1] + step[1])
        if not board.in_bounds(nxt) or state.at(nxt) is not None:
            break
        cost = move.step_for(state.tile_at(nxt).name)
        if cost is None:
            break
        price = 0 if options.ice_forced_step_free else cost.cost
        if price > left:
            break
        left -= price
        extra.append(nxt)
        before, here = here, nxt
    return extra
