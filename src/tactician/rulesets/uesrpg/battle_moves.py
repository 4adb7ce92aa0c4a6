"""How a UESRPG unit moves on the map: metres, Move actions and 003's movement words.

From outside the text (UESRPG 3e core): "Speed = SB + 2*AB" metres; a Move
action (``move_ap`` AP, default 1) buys Speed metres for this Turn; difficult
terrain costs 2 m per metre (``data/terrain.yaml``). A tile is
``metres_per_tile`` metres (default 2).

From 003: Prone "Movement costs 2 m per 1 m"; Hidden "Moving while hidden costs
2 m per 1 m actually traveled"; Slowed and Entangled "Speed halved (round up)";
Immobilized "Cannot move"; Restrained "Cannot move"; Paralyzed "Cannot move any
body part"; Unconscious "May not take any actions" (``numbers.speed`` gives 0).
Prone and Hidden together double twice (each says what each metre costs).
"""

from __future__ import annotations

from tactician.grid.movement import MoveProfile, Reach, Step, search
from tactician.grid.terrain import TerrainType
from tactician.rulesets.uesrpg.battle_options import BattleOptions
from tactician.rulesets.uesrpg.battle_state import (
    Tile,
    UesrpgBattle,
    UnitState,
    combat,
    terrain_set,
)
from tactician.rulesets.uesrpg.numbers import speed
from tactician.rulesets.uesrpg.state import CombatState


def metres_per_metre(unit: CombatState) -> int:
    """003 Prone and Hidden: "2 m per 1 m" each."""
    factor = 1
    if unit.condition("Prone"):
        factor *= 2
    if unit.condition("Hidden"):
        factor *= 2
    return factor


def move_profile(unit: CombatState, options: BattleOptions, budget: int) -> MoveProfile:
    factor = options.metres_per_tile * metres_per_metre(unit)

    def rule(terrain: TerrainType) -> Step | None:
        cost = terrain.cost_for("default")
        return None if cost is None else Step(cost * factor)

    return MoveProfile.from_terrain(terrain_set(), budget, rule)


def budget(unit: UnitState, options: BattleOptions) -> int:
    """Metres the unit can still cover this Turn: what is left of its Move actions,
    plus one more Move action's Speed if it has the AP for one."""
    state = combat(unit)
    metres = speed(state)
    if metres == 0:
        return 0
    extra = metres if state.ap >= options.move_ap else 0
    return unit.move_left + extra


def obstacles(state: UesrpgBattle, unit: UnitState) -> tuple[list[Tile], list[Tile]]:
    """(tiles it cannot enter, tiles it may cross but not stop on): standing foes
    block; allies and fallen foes can be stepped past."""
    blockers: list[Tile] = []
    passable: list[Tile] = []
    for other in state.units:
        if other.id == unit.id or other.position is None:
            continue
        if other.side != unit.side and not other.down:
            blockers.append(other.position)
        else:
            passable.append(other.position)
    return blockers, passable


def reach(state: UesrpgBattle, unit: UnitState, options: BattleOptions,
          metres: int | None = None) -> Reach:
    """Every tile the unit can end a move on now, with the metres left there."""
    assert unit.position is not None
    left = budget(unit, options) if metres is None else metres
    blockers, passable = obstacles(state, unit)
    profile = move_profile(combat(unit), options, left)
    return search(state.map.board(), unit.position, profile, blockers, passable, movement=left)
