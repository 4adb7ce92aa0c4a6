"""What a battle unit's 001 numbers are where it stands: its class, movement,
vision, weapon, and the ``Combatant`` a fight reads (tile modifiers, support
bonus, weapon uses left).

001 L44 (MOV, no diagonals), L71-75 (terrain movement, ``movement.reach``),
L112 (storm), L110 (vision), L72-76 (a tile's hit modifiers, ``combatant.on_tile``),
L118-121 (the highest adjacent support: "These only apply if the unit is adjacent").
"""

from __future__ import annotations

from tactician.grid.movement import MoveProfile, Step
from tactician.rulesets.fe_common.character.classes import TabletopClass
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.supports import adjacent_allies
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon
from tactician.rulesets.fe_tabletop import movement, vision, weather
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle, TabletopUnit
from tactician.rulesets.fe_tabletop.combatant import Combatant, combatant, on_tile
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.terrain import TabletopTerrain, load_terrain

Tile = tuple[int, int]


def klass(unit: TabletopUnit) -> TabletopClass:
    return load_content().klass(unit.character.class_name)


def tile_terrain(state: TabletopBattle, tile: Tile) -> TabletopTerrain:
    return load_terrain()[state.map.board().terrain_at(tile).name.casefold()]


def can_stand(state: TabletopBattle, unit: TabletopUnit, tile: Tile) -> bool:
    """The unit's kind may enter the tile (Sea: "Pirates, Boats, and Flying units only")."""
    board = state.map.board()
    return board.in_bounds(tile) and tile_terrain(state, tile).enterable(klass(unit).move_kind)


def mov(state: TabletopBattle, unit: TabletopUnit, options: TabletopOptions) -> int:
    """MOV, less the storm's (001 L112, ruling ``storm``)."""
    base = unit.character.mov
    if not state.storm:
        return base
    return weather.storm_movement(base, klass(unit).mounted_or_flying, options)


def _searches(state: TabletopBattle, unit: TabletopUnit, options: TabletopOptions
              ) -> tuple[list[MoveProfile], list[Tile], list[Tile]]:
    """The unit's move searches, and the foes (blocking) and allies (passed) tiles."""
    assert unit.position is not None
    board = state.map.board()
    foes = [u.position for u in state.units
            if u.on_map and u.position is not None and u.side != unit.side]
    friends = [u.position for u in state.units
               if u.on_map and u.position is not None and u.side == unit.side and u.id != unit.id]
    kind, budget = klass(unit).move_kind, mov(state, unit, options)
    square = weather.storm_square_cost(klass(unit).mounted_or_flying, options)
    if state.storm and square is not None:  # flat_cost: every square costs the same
        steps = {t.name: (Step(square) if t.enterable(kind) else None)
                 for t in load_terrain().values()}
        return [MoveProfile.of(budget, steps, default=None)], foes, friends
    return (movement.profiles(board, unit.position, kind, budget, load_terrain(), options),
            foes, friends)


def reach(state: TabletopBattle, unit: TabletopUnit, options: TabletopOptions) -> dict[Tile, int]:
    """Every tile the unit can end a move on (foes block; allies are passed, not shared)."""
    assert unit.position is not None
    searches, foes, friends = _searches(state, unit, options)
    return movement.union_reach(searches, state.map.board(), unit.position, foes, friends)


def path(state: TabletopBattle, unit: TabletopUnit, goal: Tile, options: TabletopOptions
         ) -> list[Tile] | None:
    """A cheapest legal path to ``goal`` (shown in the log)."""
    assert unit.position is not None
    searches, foes, friends = _searches(state, unit, options)
    return movement.union_path(searches, state.map.board(), unit.position, goal, foes, friends)


def vision_of(unit: TabletopUnit) -> int:
    """001 L110: 4 squares, 8 for a thief/rogue, a torch adds its 4."""
    base = vision.vision_radius(thief=klass(unit).thief, torch=False)
    return base + unit.torch


def weapons(unit: TabletopUnit) -> list[TabletopWeapon]:
    """Carried weapons that deal damage and are not broken, equipped first."""
    content = load_content()
    found = []
    for name in unit.character.inventory:
        if content.fe8.is_weapon(name) and unit.uses.get(name, 1) > 0:
            weapon = content.weapon(name)
            if weapon.damage is not None:
                found.append(weapon)
    found.sort(key=lambda w: w.name != unit.equipped)
    return found


def staves(unit: TabletopUnit) -> list[TabletopWeapon]:
    content = load_content()
    return [content.weapon(n) for n in unit.character.inventory
            if content.fe8.is_weapon(n) and content.weapon(n).staff and unit.uses.get(n, 1) > 0]


def equipped_weapon(unit: TabletopUnit) -> TabletopWeapon | None:
    """The equipped weapon, or the first carried one that deals damage."""
    arms = weapons(unit)
    return arms[0] if arms else None


def support_bonus(state: TabletopBattle, unit: TabletopUnit, at: Tile | None = None
                  ) -> tuple[int, int]:
    """(hit, damage) of the highest support among allies next to the unit (on ``at``,
    default where it stands) (L118)."""
    positions = {u.id: u.position for u in state.units
                 if u.on_map and u.position is not None and u.side == unit.side}
    where = at if at is not None else unit.position
    if where is None:
        return 0, 0
    positions[unit.id] = where
    return state.support_book().adjacent_bonus(unit.id, adjacent_allies(unit.id, positions))


def fighter(state: TabletopBattle, unit: TabletopUnit, weapon: TabletopWeapon | None,
            options: TabletopOptions, at: Tile | None = None) -> Combatant:
    """The unit as a fight reads it, standing on ``at`` (default: where it is)."""
    where = at if at is not None else unit.position
    assert where is not None
    hit, damage = support_bonus(state, unit, where)
    uses = unit.uses.get(weapon.name) if weapon is not None else None
    made = combatant(unit.character, weapon, uses=uses, support_hit=hit, support_damage=damage)
    return on_tile(made, tile_terrain(state, where), klass(unit).move_kind, options,
                   storm=state.storm)
