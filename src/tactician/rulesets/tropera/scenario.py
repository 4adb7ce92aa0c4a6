"""A Tropera battle's start: a map, units placed by coordinates, sides and
objectives.

The map is a plain text grid (``.yaml``/``.map``) or a Tiled map (``.tmj`` or
``.tmx``) whose terrain names come from Tropera's terrain table. A units file
lists who fights where:

    sides: [player, enemy]          # phase order (optional)
    objectives:                     # optional; default: rout the enemy
      victory: [{kind: rout}]
      defeat: [{kind: lose_unit, unit: lyra}]
    adverse_weather: false
    units:
      - {id: lyra, file: lyra.yaml, side: player, at: [2, 5]}
      - {id: brigand-1, file: brigand.yaml, side: enemy, at: [9, 3], tier: mob}

``file`` paths are relative to the units file; ``character:`` may hold a unit
inline instead. Several units files (e.g. the party and the enemy) merge.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.content.loader import read_yaml, validate_entry
from tactician.engine.objectives import Objectives
from tactician.errors import ContentError, RulesError
from tactician.grid.board import Board
from tactician.rulesets.tropera.battle_state import MapState, Tier, TroperaBattle, Unit
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.creation import load_character, validate_character
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.progression import current_stats
from tactician.rulesets.tropera.terrain import terrain_set


class Placement(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    file: str | None = None
    character: Character | None = None
    side: str = "player"
    at: tuple[int, int]
    tier: Tier | None = None
    hp: int | None = None

    @model_validator(mode="after")
    def _one_source(self) -> Placement:
        if (self.file is None) == (self.character is None):
            raise ValueError("give exactly one of 'file' or 'character'")
        return self


class UnitsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = ""
    sides: list[str] | None = None
    objectives: Objectives | None = None
    adverse_weather: bool | None = None
    units: list[Placement]


def load_map(path: Path) -> Board:
    """A text or Tiled map whose terrain names come from Tropera's terrain table."""
    from tactician.grid import load_map as load_grid_map

    return load_grid_map(path, terrain_set())


def map_state(board: Board) -> MapState:
    return MapState(
        name=board.name,
        width=board.width,
        height=board.height,
        cells=tuple(
            board.terrain_at((x, y)).name for y in range(board.height) for x in range(board.width)
        ),
    )


def start_battle(map_path: Path, units_paths: list[Path]) -> TroperaBattle:
    """Build the start state, refusing any fault with the file and entry named."""
    board = load_map(map_path)
    compendium = load_compendium()
    placements: list[tuple[Path, Placement]] = []
    sides: list[str] | None = None
    objectives: Objectives | None = None
    weather = False
    name = board.name
    for path in units_paths:
        data = read_yaml(path)
        spec = validate_entry(UnitsFile, data, str(path), path.name)
        placements.extend((path, p) for p in spec.units)
        sides = spec.sides or sides
        objectives = spec.objectives or objectives
        weather = spec.adverse_weather if spec.adverse_weather is not None else weather
        name = spec.name or name
    if not placements:
        raise ContentError("no units placed: give at least one --units file with 'units:'")
    units: list[Unit] = []
    seen_ids: set[str] = set()
    taken: dict[tuple[int, int], str] = {}
    counters: dict[str, int] = {}
    side_order = list(sides) if sides else []
    for path, placement in placements:
        where = f"{path}: unit {placement.id!r}"
        if placement.id in seen_ids:
            raise ContentError(f"{where}: the id is used twice")
        seen_ids.add(placement.id)
        if not board.in_bounds(placement.at):
            raise ContentError(
                f"{where}: at {list(placement.at)} is off the {board.width}x{board.height} map"
            )
        if placement.at in taken:
            raise ContentError(f"{where}: {list(placement.at)} is taken by {taken[placement.at]}")
        taken[placement.at] = placement.id
        if placement.file is not None:
            character = load_character((path.parent / placement.file).resolve())
        else:
            assert placement.character is not None
            character = placement.character
        try:
            validate_character(character, compendium)
        except RulesError as exc:
            raise ContentError(f"{where}: {exc}") from None
        max_hp = current_stats(character).get("hp")
        hp = max_hp if placement.hp is None else placement.hp
        if not 1 <= hp <= max_hp:
            raise ContentError(f"{where}: hp {hp} must be 1..{max_hp}")
        if placement.side not in side_order:
            side_order.append(placement.side)
        counters[placement.side] = counters.get(placement.side, 0) + 1
        units.append(
            Unit(
                id=placement.id,
                side=placement.side,
                number=counters[placement.side],
                tier=placement.tier,
                character=character,
                position=placement.at,
                hp=hp,
                equipped=character.equipped,
                transformed=character.transformed if character.kind.startswith("laguz") else False,
            )
        )
    if "player" in side_order:
        side_order.remove("player")
        side_order.insert(0, "player")
    return TroperaBattle(
        name=name,
        map=map_state(board),
        units=tuple(units),
        sides=tuple(side_order),
        objectives=objectives or Objectives(),
        adverse_weather=weather,
    )


def describe(state: TroperaBattle) -> dict[str, Any]:
    return {"name": state.name, "units": len(state.units), "sides": list(state.sides)}
