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

from pydantic import model_validator

from tactician.engine.roster import Placement as BasePlacement
from tactician.engine.roster import UnitsFile as BaseUnitsFile
from tactician.engine.roster import names_apart, numbered, read_roster
from tactician.errors import ContentError, RulesError
from tactician.grid.board import Board
from tactician.rulesets.tropera.battle_state import MapState, Tier, TroperaBattle, Unit
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.creation import load_character, validate_character
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.progression import current_stats
from tactician.rulesets.tropera.terrain import terrain_set


class Placement(BasePlacement):
    file: str | None = None
    character: Character | None = None
    tier: Tier | None = None
    hp: int | None = None

    @model_validator(mode="after")
    def _one_source(self) -> Placement:
        if (self.file is None) == (self.character is None):
            raise ValueError("give exactly one of 'file' or 'character'")
        return self


class UnitsFile(BaseUnitsFile):
    adverse_weather: bool | None = None
    units: list[Placement]


def load_map(path: Path) -> Board:
    """A text or Tiled map whose terrain names come from Tropera's terrain table."""
    from tactician.grid import load_map as load_grid_map

    return load_grid_map(path, terrain_set())



def start_battle(map_path: Path, units_paths: list[Path]) -> TroperaBattle:
    """Build the start state, refusing any fault with the file and entry named."""
    board = load_map(map_path)
    compendium = load_compendium()
    terrains = terrain_set()
    roster = read_roster(
        units_paths, UnitsFile, board, lambda name: not terrains[name].has_tag("wall")
    )
    units: list[Unit] = []
    for path, placement, number in numbered(roster):
        assert isinstance(placement, Placement)
        where = roster.where(path, placement)
        if placement.file is not None:
            character = load_character((path.parent / placement.file).resolve())
        else:
            assert placement.character is not None
            character = placement.character
        try:
            validate_character(character, compendium)
        except RulesError as exc:
            raise ContentError(f"{where}: {exc}") from None
        if placement.name is not None:
            character = character.model_copy(update={"name": placement.name})
        max_hp = current_stats(character).get("hp")
        hp = max_hp if placement.hp is None else placement.hp
        if not 1 <= hp <= max_hp:
            raise ContentError(f"{where}: hp {hp} must be 1..{max_hp}")
        units.append(
            Unit(
                id=placement.id,
                side=placement.side,
                number=number,
                tier=placement.tier,
                character=character,
                position=placement.at,
                hp=hp,
                equipped=character.equipped,
                transformed=character.transformed if character.kind.startswith("laguz") else False,
            )
        )
    return TroperaBattle(
        name=roster.name,
        map=MapState.of(board),
        units=tuple(_named_apart(units)),
        sides=roster.sides,
        objectives=roster.objectives,
        adverse_weather=bool(roster.extras.get("adverse_weather", False)),
    )


def _named_apart(units: list[Unit]) -> list[Unit]:
    """Units whose display name another unit shares are numbered ("Brigand 1",
    "Brigand 2": ``names_apart``, every ruleset's rule), so every log line says which
    unit it means (issue 7: "Brigand moves" twice)."""
    apart = names_apart([u.character.name for u in units])
    return [u if u.character.name == name else
            u.model_copy(update={"character": u.character.model_copy(update={"name": name})})
            for u, name in zip(units, apart, strict=True)]
