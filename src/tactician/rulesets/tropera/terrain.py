"""Tropera's terrain table and the bonuses a unit gets from its tile.

000 gives terrain bonuses a place in the formulas ("(Terrain Bonus)") but no
table; ``data/terrain.yaml`` is the default (FE8 numbers, marked).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tactician.grid.terrain import TerrainSet

TERRAIN_FILE = Path(__file__).parent / "data" / "terrain.yaml"


@lru_cache(maxsize=1)
def terrain_set() -> TerrainSet:
    return TerrainSet.load(TERRAIN_FILE)


def terrain_bonus(name: str | None) -> tuple[int, int]:
    """(avoid, defense) of the named terrain; no terrain means plain ground."""
    if name is None:
        return (0, 0)
    terrain = terrain_set()[name]
    return (terrain.avoid, terrain.defense)
