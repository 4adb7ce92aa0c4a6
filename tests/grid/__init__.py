"""Tests of the core grid package (generic: no ruleset's rules)."""

from __future__ import annotations

from pathlib import Path

from tactician.grid import Board, TerrainSet, TerrainType

DATA = Path(__file__).parent / "data"

PLAIN = TerrainType(name="plain", symbol=".")
FOREST = TerrainType(name="forest", symbol="F", cost=2, tags=("difficult",))
MOUNTAIN = TerrainType(name="mountain", symbol="M", cost=None, tags=("impassable",))
WALL = TerrainType(name="wall", symbol="#", cost=None, tags=("impassable", "wall"))
ROAD = TerrainType(name="road", symbol="=", cost=0)
KINDS = {t.symbol: t for t in (PLAIN, FOREST, MOUNTAIN, WALL, ROAD)}


def board_of(*rows: str) -> Board:
    """A board from rows of symbols: '.' plain, 'F' forest, 'M' mountain, '#' wall, '=' road."""
    return Board.from_rows([[KINDS[ch] for ch in row] for row in rows])


def terrain_set() -> TerrainSet:
    """The generic test terrain set in data/terrain.yaml."""
    return TerrainSet.load(DATA / "terrain.yaml")
