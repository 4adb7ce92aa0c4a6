"""A fe-tabletop battle's start: a map over 001's terrains, units placed by
coordinates, and the scenario's settings.

A units file (several merge: the party and the enemy)::

    name: Castle Renais
    objectives: {victory: [{kind: rout}], defeat: [{kind: lose_unit, unit: eirika}]}
    fog: true                      # 001 L110 Fog of War
    weather: storm                 # 001 L112 Rain/Storm (clear | rain | storm)
    supports:                      # fights together so far (cumulative, L118)
      - {units: [eirika, seth], fights: 3}
    buildings:                     # Enter Building (L55): a gift, once
      - {at: [3, 1], gift: Elixir}
    units:
      - {id: eirika, file: ../eirika_lord.yaml, at: [1, 6], player: ana}
      - {id: oneill, file: ../oneill_brigand.yaml, side: enemy, at: [9, 2], boss: true}

``player`` names who commands a party unit (001 L42 "Each player rolls 1d100");
without it the unit's side is its player. ``file`` paths are relative to the
units file. A unit must be able to stand on its tile (Sea: pirates and fliers).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from tactician.engine.roster import Placement as BasePlacement
from tactician.engine.roster import UnitsFile as BaseUnitsFile
from tactician.engine.roster import names_apart, numbered, read_roster
from tactician.errors import ContentError
from tactician.grid import load_map as load_grid_map
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.fe_tabletop.battle_state import (
    Building,
    MapState,
    SupportLink,
    TabletopBattle,
    TabletopUnit,
    Weather,
)
from tactician.rulesets.fe_tabletop.battle_units import can_stand, equipped_weapon
from tactician.rulesets.fe_tabletop.terrain import core_terrain_set, load_terrain


class Placement(BasePlacement):
    file: str
    player: str | None = None
    boss: bool = False
    hp: int | None = Field(default=None, ge=1)
    recruit_by: list[str] = Field(default_factory=list)


class UnitsFile(BaseUnitsFile):
    fog: bool | None = None
    weather: Weather | None = None
    supports: list[SupportLink] | None = None
    buildings: list[Building] | None = None
    units: list[Placement]


def start_battle(map_path: Path, units_paths: list[Path]) -> TabletopBattle:
    """Build the start state, refusing any fault with the file and entry named."""
    table = load_terrain()
    board = load_grid_map(map_path, core_terrain_set(table))
    roster = read_roster(units_paths, UnitsFile, board, lambda name: True)
    content = load_content()
    units: list[TabletopUnit] = []
    for path, placement, number in numbered(roster):
        assert isinstance(placement, Placement)
        where = roster.where(path, placement)
        character = load_unit((path.parent / placement.file).resolve())
        if placement.hp is not None:
            if placement.hp > character.max_hp:
                raise ContentError(f"{where}: hp {placement.hp} is above {character.max_hp}")
            character = character.model_copy(update={"hp": placement.hp})
        klass = content.klass(character.class_name)
        uses = {name: item_uses(name) for name in character.inventory}
        unit = TabletopUnit(
            id=placement.id, name=placement.name or character.name, side=placement.side,
            number=number,
            position=placement.at, hp=character.hp, max_hp=character.max_hp, lord=klass.lord,
            character=character, player=placement.player or placement.side,
            boss=placement.boss, uses={k: v for k, v in uses.items() if v is not None},
            recruit_by=tuple(placement.recruit_by),
        )
        weapon = equipped_weapon(unit)
        unit = unit.model_copy(update={"equipped": weapon.name if weapon else None})
        units.append(unit)
    named = _named_apart(units)
    ids = {u.id for u in named}
    extras: dict[str, Any] = roster.extras
    state = TabletopBattle(
        name=roster.name, map=MapState.of(board), units=tuple(named), sides=roster.sides,
        objectives=roster.objectives, fog=bool(extras.get("fog", False)),
        weather=extras.get("weather", "clear"),
        supports=tuple(SupportLink.model_validate(s) for s in extras.get("supports", [])),
        buildings=tuple(Building.model_validate(b) for b in extras.get("buildings", [])),
        players=tuple(dict.fromkeys(u.player for u in named if u.side == roster.objectives.side)),
    )
    for unit in state.units:
        if unit.position is not None and not can_stand(state, unit, unit.position):
            raise ContentError(f"unit {unit.id!r}: {unit.name} cannot stand on "
                               f"{board.terrain_at(unit.position).name} at {unit.position}")
    for link in state.supports:
        unknown = [u for u in link.units if u not in ids]
        if unknown:
            raise ContentError(f"supports: no unit {', '.join(map(repr, unknown))} in the battle")
    return state


def item_uses(name: str) -> int | None:
    """A fresh item's uses (FE8), None for one without a count."""
    fe8 = load_content().fe8
    if fe8.is_weapon(name):
        return fe8.weapon(name).uses
    return fe8.item(name).uses


def _named_apart(units: list[TabletopUnit]) -> list[TabletopUnit]:
    """Units sharing a name are numbered ("Fighter 1", "Fighter 2": ``names_apart``)."""
    return [u.model_copy(update={"name": n})
            for u, n in zip(units, names_apart([u.name for u in units]), strict=True)]
