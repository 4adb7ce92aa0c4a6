"""Attacking destructible terrain: cracked walls, dead trees.

Source: 000 Attack: "Destructible Terrain: Some terrain such as dead trees or
crumbling walls can be destroyed with attacks, creating new paths. Attack
Sequences against terrain do not benefit from Extra Attacks."

``attack_terrain {unit, tile, weapon?}`` is the Attack action (a main action)
aimed at a tile tagged ``destructible`` with ``destructible_hp``. It runs the
one Attack Sequence procedure (``sequence.plan_sequence``) against a stand-in
``Combatant`` for the tile, with ``Maneuver(no_extra_attacks=True)``: one strike,
whatever Speed, Adept, Brave, Reckless or S+3 would add. Rulings
(``docs/rulings.md``, Tropera "Battles"):

* the tile has no weapon, so it never counterattacks; its Avoid and Def/Res are
  its terrain entry's ``avoid`` and ``defense`` (0 for the default walls and
  trees), its Luck, Speed and Critical Avoid 0; criticals can happen;
* feats worded "when you hit an enemy" (Guard Break, Silencer) do not act on
  terrain;
* the HP left is kept in ``TroperaBattle.terrain_hp`` ("x,y") between attacks;
* at 0 HP the tile is destroyed, "creating new paths": it becomes ``plain``, or
  the terrain a ``becomes:<name>`` tag on its entry names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.grid.terrain import TerrainType
from tactician.rulesets.tropera.action_checks import actor, finish, main_action
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.aftermath import charges_left, settle
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import combatant
from tactician.rulesets.tropera.combatant import Combatant, Situation
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.fight import attack_records, forecast_report
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import Maneuver, Plan, plan_sequence, resolve
from tactician.rulesets.tropera.siege import check_weapon_choice
from tactician.rulesets.tropera.stats import STATS
from tactician.rulesets.tropera.terrain import terrain_set

Tile = tuple[int, int]
DESTRUCTIBLE = "destructible"
BECOMES_TAG = "becomes:"
RUBBLE = "plain"  # ruling: what a destroyed tile becomes unless its entry says
# 000 Guard Break / Silencer: "Whenever you hit an enemy" / "When you hit an enemy"
ENEMY_ONLY_FEATS = frozenset({"Guard Break", "Silencer"})
ONE_STRIKE = Maneuver(no_extra_attacks=True)


def tile_key(tile: Tile) -> str:
    return f"{tile[0]},{tile[1]}"


def _tile(value: Any) -> Tile:
    try:
        x, y = value
        return (int(x), int(y))
    except (TypeError, ValueError):
        raise RulesError(f"tile must be a tile like [3, 4], not {value!r}") from None


def destructible(state: TroperaBattle, tile: Tile) -> tuple[TerrainType, int]:
    """The destructible terrain on ``tile`` and its HP left, or a refusal."""
    board = state.map.board()
    if not board.in_bounds(tile):
        raise RulesError(f"{tile} is off the {board.width}x{board.height} map")
    terrain = board.terrain_at(tile)
    if not terrain.has_tag(DESTRUCTIBLE) or terrain.destructible_hp is None:
        raise RulesError(
            f"the {terrain.name} at {tile} is not destructible terrain (000: 'Some terrain "
            "such as dead trees or crumbling walls can be destroyed with attacks')"
        )
    return terrain, state.terrain_hp.get(tile_key(tile), terrain.destructible_hp)


def rubble(terrain: TerrainType) -> str:
    """What the tile becomes when destroyed: a ``becomes:<name>`` tag, else plain."""
    for tag in terrain.tags:
        if tag.casefold().startswith(BECOMES_TAG):
            name = tag[len(BECOMES_TAG) :].strip()
            if name:
                return terrain_set()[name].name
    return RUBBLE


def terrain_target(terrain: TerrainType, tile: Tile, hp: int) -> Combatant:
    """The tile as a participant: no weapon (it never counterattacks), 0 in every
    stat, its entry's avoid and defense as terrain bonuses, ``hp`` left of
    ``destructible_hp``."""
    assert terrain.destructible_hp is not None
    stats: dict[str, int] = {stat: 0 for stat in STATS}
    stats["hp"] = terrain.destructible_hp
    return Combatant(
        name=f"{terrain.name} {tuple(tile)}",
        level=0,
        stats=stats,
        hp=hp,
        weapon=None,
        ranks={},
        feats=frozenset(),
        kind="terrain",
        transformed=False,
        clip=None,
        situation=Situation(hp=hp, terrain_avoid=terrain.avoid, terrain_defense=terrain.defense),
    )


def terrain_plan(
    state: TroperaBattle, unit: Unit, tile: Tile, weapon: Any, options: TroperaOptions
) -> tuple[TerrainType, int, Plan]:
    """The Attack Sequence of ``unit`` against the tile (one strike, no counter)."""
    if unit.position is None or unit.carried_by is not None:
        raise RulesError(f"{unit.name} is not standing on the map")
    if weapon is not None and not isinstance(weapon, str):
        raise RulesError("'weapon' must be the name of a carried weapon")
    check_weapon_choice(unit, weapon)
    terrain, hp = destructible(state, tile)
    attacker = combatant(state, unit, weapon=weapon, compendium=load_compendium())
    if attacker.weapon is not None and attacker.weapon.is_staff:
        raise RulesError(f"{attacker.weapon.name} is a staff; it deals no damage to terrain")
    attacker = attacker._replace(feats=attacker.feats - ENEMY_ONLY_FEATS)
    target = terrain_target(terrain, tile, hp)
    distance = manhattan(unit.position, tile)
    plan = plan_sequence(attacker, [target], distance, options, maneuver=ONE_STRIKE)
    return terrain, hp, plan


@ACTIONS.register("attack_terrain", keys=("tile", "weapon"))
def attack_terrain(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Attack ``{unit, tile, weapon?}`` against destructible terrain (000 "Destructible
    Terrain ... can be destroyed with attacks, creating new paths"): a main action;
    the weapon used is equipped, as for any attack."""
    unit = actor(state, action)
    main_action(unit, "Attack")
    tile = _tile(action.get("tile"))
    terrain, hp, plan = terrain_plan(state, unit, tile, action.get("weapon"), options)
    weapon = plan.units[0].weapon
    assert weapon is not None
    if weapon.charges is not None:
        charges_left(unit, weapon)
    resolution = resolve(plan, dice)
    records = attack_records(resolution)
    new_state, notes = settle(state, [unit], plan, resolution, options)
    after = new_state.unit(unit.id)
    new_state = new_state.replace_units(
        after.model_copy(update={"acted": True, "equipped": weapon.name})
    )
    left = resolution.hp(1)
    key = tile_key(tile)
    remaining = {k: v for k, v in new_state.terrain_hp.items() if k != key}
    becomes = None
    if left == 0:
        becomes = rubble(terrain)
        cells = list(new_state.map.cells)
        cells[tile[1] * new_state.map.width + tile[0]] = becomes
        new_map = new_state.map.model_copy(update={"cells": tuple(cells)})
        new_state = new_state.model_copy(update={"map": new_map, "terrain_hp": remaining})
        notes.append(f"the {terrain.name} at {tile} is destroyed and becomes {becomes}")
    else:
        new_state = new_state.model_copy(update={"terrain_hp": {**remaining, key: left}})
    summary = f"{unit.name} attacks the {terrain.name} at {tile}: {hp} -> {left} HP"
    if notes:
        summary += "; " + "; ".join(notes)
    record = {
        "type": "attack_terrain",
        "unit": unit.id,
        "tile": list(tile),
        "terrain": terrain.name,
        "weapon": weapon.name,
        "strikes": records,
        "hp_before": hp,
        "hp_after": left,
        "destroyed": left == 0,
        "becomes": becomes,
        "notes": notes,
    }
    return finish(new_state, Outcome(summary, [record]))


def terrain_forecast(
    state: TroperaBattle, action: Mapping[str, Any], options: TroperaOptions
) -> dict[str, Any]:
    """The exact odds of ``attack_terrain`` from the unit's tile (the same plan)."""
    unit_id = action.get("unit")
    if not isinstance(unit_id, str):
        raise RulesError("the forecast needs 'unit': the id of the attacking unit")
    unit = state.unit(unit_id)
    tile = _tile(action.get("tile"))
    terrain, hp, plan = terrain_plan(state, unit, tile, action.get("weapon"), options)
    report = forecast_report(plan)
    report["tile"] = list(tile)
    report["terrain"] = terrain.name
    report["becomes"] = rubble(terrain)
    return report
