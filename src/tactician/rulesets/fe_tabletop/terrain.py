"""001's eight terrains as data, and what they do to hit and HP (001 L69-78).

The movement rules are in ``movement.py``. A unit's kind (foot, magic, mounted,
flying, brigand, pirate) comes from its class (``classes.MoveKind``). Fliers
are "unaffected" by Mountains, Hills and Forests (L72, L73, L75): no movement
rule and no hit modifier (ruling ``fliers_unaffected``). Brigands are
"unaffected" by Mountains and Hills: their movement only, by default (ruling
``brigands_unaffected``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactician.content.compendium import lookup, merged
from tactician.grid.terrain import TerrainSet, TerrainType
from tactician.rulesets.fe_common.character.classes import MoveKind
from tactician.rulesets.fe_tabletop.options import TabletopOptions

DATA = Path(__file__).parent / "data"


class TabletopTerrain(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    symbol: str = Field(min_length=1, max_length=1)
    enemy_hit: int = Field(default=0, ge=0)
    own_hit: int = Field(default=0, ge=0)
    cost: int = Field(default=1, ge=1)
    move_cap: int | Literal["half"] | None = None
    movement_exempt: tuple[MoveKind, ...] = ()
    modifier_exempt: tuple[MoveKind, ...] = ()
    impassable_for: tuple[MoveKind, ...] = ()
    only_for: tuple[MoveKind, ...] | None = None
    heal: int = Field(default=0, ge=0)
    seizable: bool = False
    source: str = Field(min_length=1)

    def enterable(self, kind: MoveKind) -> bool:
        if kind in self.impassable_for:
            return False
        return self.only_for is None or kind in self.only_for

    def movement_applies(self, kind: MoveKind) -> bool:
        return kind not in self.movement_exempt


@lru_cache(maxsize=4)
def load_terrain(extra_dirs: tuple[Path, ...] = ()) -> dict[str, TabletopTerrain]:
    return merged(TabletopTerrain, "terrain.yaml", (DATA, *extra_dirs))


def terrain(table: dict[str, TabletopTerrain], name: str) -> TabletopTerrain:
    return lookup(table, name, "terrain")


def core_terrain_set(table: dict[str, TabletopTerrain]) -> TerrainSet:
    """The names and symbols for core maps (text and Tiled); movement is ours, not core's."""
    return TerrainSet(
        (TerrainType(name=t.name, symbol=t.symbol, description=t.source) for t in table.values()),
        source="fe-tabletop terrain",
    )


def tile_modifiers(
    tile: TabletopTerrain, kind: MoveKind, options: TabletopOptions, *, storm: bool = False
) -> tuple[int, int]:
    """(enemies' hit penalty, own hit penalty) for a unit of ``kind`` standing on ``tile``.

    Under ``storm = flat_cost`` a storm suspends terrain bonuses and penalties (L112).
    """
    if storm and options.storm == "flat_cost":
        return 0, 0
    if kind in tile.modifier_exempt:
        return 0, 0
    if kind == "brigand" and options.brigands_unaffected == "all" and (
        kind in tile.movement_exempt
    ):
        return 0, 0
    return tile.enemy_hit, tile.own_hit


def turn_start_heal(hp: int, max_hp: int, tile: TabletopTerrain) -> int:
    """Fort, Throne, Gate: "+5 HP to unit per round ... at the beginning of their next turn"."""
    return min(max_hp, hp + tile.heal) if hp > 0 else hp
