"""Core grid: boards, terrain, movement and attack ranges.

Knows no ruleset. Terrain comes from a ruleset's YAML (:class:`TerrainSet`),
movement rules from the :class:`MoveProfile` a ruleset builds for each unit.
Tiles are ``(x, y)``: column and row from 0 at the top-left.

    >>> from tactician.grid import Board, MoveProfile, Step, TerrainType, reachable
    >>> plain, forest = TerrainType(name="plain"), TerrainType(name="forest", cost=2)
    >>> board = Board.from_rows([[plain, forest, plain]])
    >>> walker = MoveProfile.of(2, {"forest": Step(2)})
    >>> sorted(reachable(board, (0, 0), walker).items())
    [((0, 0), 2), ((1, 0), 0)]
"""

from __future__ import annotations

from pathlib import Path

from tactician.errors import ContentError
from tactician.grid.board import Board, Tile
from tactician.grid.movement import (
    MoveProfile,
    Reach,
    Step,
    StepSpec,
    path_to,
    reachable,
    search,
    walk,
)
from tactician.grid.ranges import attack_tiles, manhattan, ring_offsets, threat_area
from tactician.grid.terrain import TerrainSet, TerrainType
from tactician.grid.text_map import load_text_map, parse_text_map
from tactician.grid.tiled import load_tiled

TILED_SUFFIXES = (".tmj", ".json", ".tmx")
TEXT_SUFFIXES = (".yaml", ".yml", ".map", ".txt")


def load_map(path: Path, terrains: TerrainSet) -> Board:
    """Load a map by its file name: Tiled ``.tmj``/``.json``/``.tmx``, else a text map.

    Text maps are YAML (``.yaml``, ``.yml``, ``.map``, ``.txt``); see
    :mod:`tactician.grid.text_map`. Other suffixes are refused.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in TILED_SUFFIXES:
        return load_tiled(path, terrains)
    if suffix in TEXT_SUFFIXES:
        return load_text_map(path, terrains)
    raise ContentError(
        f"{path}: unknown map format {suffix or '(no suffix)'!r}; use a Tiled map "
        f"({', '.join(TILED_SUFFIXES)}) or a text map ({', '.join(TEXT_SUFFIXES)})"
    )


__all__ = [
    "Board",
    "MoveProfile",
    "Reach",
    "Step",
    "StepSpec",
    "TerrainSet",
    "TerrainType",
    "Tile",
    "attack_tiles",
    "load_map",
    "load_text_map",
    "load_tiled",
    "manhattan",
    "parse_text_map",
    "path_to",
    "reachable",
    "ring_offsets",
    "search",
    "threat_area",
    "walk",
]
