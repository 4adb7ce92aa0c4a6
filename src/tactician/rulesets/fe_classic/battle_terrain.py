"""Terrain that changes in battle: doors opened, snags knocked down, unstable walls
broken (002 table notes).

002 L209-211 Door "Cannot be crossed. Can be opened to form floor."; L387-390
Snag "Cannot be crossed. Can be knocked down to form a bridge."; L457-459 Wall
(Unstable) "Cannot be crossed. Can be attacked to become floor." How is not
said (G2-25); the GBA's way: ``open`` is a standard action next to the door by a
thief (FE8 ``CA_THIEF``: Thief, Rogue, Assassin) or a unit carrying a Door Key
(used up) or a Lockpick; ``break`` strikes an adjacent snag or unstable wall (or
one the weapon reaches) as a standard action: no die (FE8 obstacles take every
hit, never a crit, never counter), damage = the unit's Attack against 0 defence,
until the tile's ``destructible_hp`` (20, ``data/terrain.yaml``) is spent; the
tile then becomes what its row says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_classic import fight, numbers
from tactician.rulesets.fe_classic.battle_combat import fighter, usable, weapons_of
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_classic.terrain import ClassicTerrain
from tactician.rulesets.fe_common.battle import turn
from tactician.rulesets.fe_common.compendium import load_fe8

Tile = tuple[int, int]
KEYS = ("Door Key", "Lockpick")


def _key(tile: Tile) -> str:
    return f"{tile[0]},{tile[1]}"


def _changed(state: ClassicBattle, tile: Tile, into: str) -> ClassicBattle:
    x, y = tile
    rows = [list(row) for row in state.rows]
    before = rows[y][x]
    rows[y][x] = into
    left = {k: v for k, v in state.tile_hp.items() if k != _key(tile)}
    update: dict[str, Any] = {"rows": tuple(tuple(r) for r in rows), "tile_hp": left}
    if state.fogged:  # no side has seen the change yet (``learn_changes`` after the action)
        update["altered"] = {**state.altered, _key(tile): state.altered.get(_key(tile), before)}
        update["altered_seen"] = {**state.altered_seen, _key(tile): ()}
    return state.model_copy(update=update)


def learn_changes(state: ClassicBattle) -> ClassicBattle:
    """Under fog, after every action: each side that sees a changed tile now knows
    what it has become (001 L110's vision, ``battle_sight``)."""
    if not state.fogged or not state.altered:
        return state
    from tactician.rulesets.fe_classic.battle_sight import seen_by

    seen = dict(state.altered_seen)
    for side in state.sides:
        tiles = seen_by(state, side)
        for key in state.altered:
            x, y = (int(n) for n in key.split(","))
            if (x, y) in tiles and side not in seen.get(key, ()):
                seen[key] = (*seen.get(key, ()), side)
    return state if seen == state.altered_seen else \
        state.model_copy(update={"altered_seen": seen})


def _terrain(state: ClassicBattle, tile: Tile) -> ClassicTerrain:
    if not state.board().in_bounds(tile):
        raise RulesError(f"{tile} is off the map")
    return state.tile_at(tile)


def open_door(state: ClassicBattle, unit: ClassicUnit, tile: Tile) -> tuple[ClassicBattle, str]:
    turn.check_standard(state, unit)
    terrain = _terrain(state, tile)
    if terrain.changed_by != "opened" or terrain.becomes is None:
        raise RulesError(f"{tile} is {terrain.name}, nothing to open")
    assert unit.position is not None
    if manhattan(unit.position, tile) != 1:
        raise RulesError(f"{unit.name} must stand next to the {terrain.name} at {tile}")
    thief = load_fe8().klass(unit.class_name).thief
    keys = [n for n in unit.character.inventory if n in KEYS]
    if not thief and not keys:
        raise RulesError(f"{unit.name} is no thief and carries no Door Key or Lockpick")
    after = unit
    if not thief and "Door Key" in keys:  # FE8: a Door Key has one use
        items = list(unit.character.inventory)
        items.remove("Door Key")
        after = unit.model_copy(update={"character": unit.character.model_copy(
            update={"inventory": tuple(items)})})
    after = turn.after_standard(after, ends_turn=True)
    changed = _changed(state.replace_units(after), tile, terrain.becomes)
    return changed, f"{unit.name} opens the {terrain.name} at {tile}: now {terrain.becomes}"


def break_tile(state: ClassicBattle, unit: ClassicUnit, action: Mapping[str, Any]
               ) -> tuple[ClassicBattle, str]:
    turn.check_standard(state, unit)
    raw = action.get("at")
    if not (isinstance(raw, list | tuple) and len(raw) == 2):
        raise RulesError("break needs at=[x, y]")
    tile = (int(raw[0]), int(raw[1]))
    terrain = _terrain(state, tile)
    if terrain.changed_by not in ("attacked", "knocked down") or terrain.becomes is None:
        raise RulesError(f"{tile} is {terrain.name}: it cannot be broken")
    assert unit.position is not None
    distance = manhattan(unit.position, tile)
    options = state.rules_options()
    weapon = next((w for w in weapons_of(unit) if w.type != "staff" and usable(unit, w)
                   and fight.reaches(w, distance, unit.character.stats.pow)), None)
    if weapon is None:
        raise RulesError(f"{unit.name} has no weapon that reaches the {terrain.name} "
                         f"at distance {distance}")
    me = fighter(state, unit, weapon, options)
    target = fighter(state, unit, None, options)  # no weapon: no triangle, not effective
    damage = max(0, numbers.attack(me, target, options))
    hp = state.tile_hp.get(_key(tile), terrain.destructible_hp or 1) - damage
    acted = turn.after_standard(unit, ends_turn=True).model_copy(
        update={"equipped": weapon.name})
    after = state.replace_units(acted)
    if hp > 0:
        after = after.model_copy(update={"tile_hp": {**after.tile_hp, _key(tile): hp}})
        return after, (f"{unit.name} strikes the {terrain.name} at {tile} for {damage}: "
                       f"{hp} HP left")
    return (_changed(after, tile, terrain.becomes),
            f"{unit.name} breaks the {terrain.name} at {tile}: now {terrain.becomes}")
