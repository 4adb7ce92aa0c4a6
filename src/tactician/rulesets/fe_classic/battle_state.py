"""A fe-classic battle's state: the shared FE battle (``fe_common.battle``) with 002's
own fields.

A unit carries its 001 character card (``character``), the weapon it last used
(002 L49-51 "The defender will always use the weapon which was last used"), its
statuses and their turns left (offensive staves, jungle poison), the quicksand
count (L336-340) and whether it is a boss or deployed. The battle carries the
map (terrain names), the briefing (L5-8), the deployment limit and area (L14-19)
and its stage: ``setup`` (deployment) until ``start``, then ``battle``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from tactician.grid.board import Board
from tactician.grid.terrain import TerrainSet
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.terrain import ClassicTerrain, core_terrain_set, load_terrain
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit, Frozen, Tile
from tactician.rulesets.fe_common.character.unit import Unit


class ClassicUnit(FeUnit):
    character: Unit
    class_name: str
    tier: str | None = None  # None: a player commands it; "enemy": the engine plays it
    equipped: str | None = None
    statuses: dict[str, int] = Field(default_factory=dict)
    quicksand: int = 0
    boss: bool = False
    deployed: bool = True

    @property
    def on_map(self) -> bool:
        return super().on_map and self.deployed

    def with_hp(self, hp: int) -> ClassicUnit:
        return self.model_copy(update={"hp": hp, "character": self.character.model_copy(
            update={"hp": hp})})


class Briefing(Frozen):
    """002 L5-8: special terrain, objectives, victory and defeat conditions, weather, plot."""

    objective: str = ""
    victory: str = ""
    defeat: str = ""
    weather: str = "clear"
    special_terrain: tuple[str, ...] = ()
    plot: str = ""


class Deployment(Frozen):
    """002 L14-19: up to ``limit`` units from the pool, in the designated ``area``."""

    limit: int | None = Field(default=None, ge=1)
    area: tuple[Tile, ...] = ()


class ClassicBattle(FeBattle):
    map_name: str = ""
    rows: tuple[tuple[str, ...], ...]
    units: tuple[ClassicUnit, ...]
    stage: Literal["setup", "battle"] = "setup"
    briefing: Briefing = Briefing()
    deployment: Deployment = Deployment()
    options: tuple[str, ...] = ()
    # HP left of snags and unstable walls struck but not yet broken, by "x,y"
    tile_hp: dict[str, int] = Field(default_factory=dict)
    fog: bool = False  # the units file's ``fog`` (hidden units only under fog_rules = tabletop)
    # under fog: each tile changed in battle (a door opened, a wall broken), by "x,y",
    # with the terrain it had before, and the sides that have seen it since (a side
    # that has not is shown the terrain it last knew there: issue 25, hole 8)
    altered: dict[str, str] = Field(default_factory=dict)
    altered_seen: dict[str, tuple[str, ...]] = Field(default_factory=dict)

    @model_serializer(mode="wrap")
    def _without_empty_memory(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A battle without changed tiles dumps as it did before they were kept."""
        data: dict[str, Any] = handler(self)
        for key in ("altered", "altered_seen"):
            if not data.get(key):
                data.pop(key, None)
        return data

    def known_rows(self, side: str) -> tuple[tuple[str, ...], ...]:
        """The map as ``side`` knows it: a changed tile it has not seen since shows
        the terrain it had."""
        unseen = {k: v for k, v in self.altered.items()
                  if side not in self.altered_seen.get(k, ())}
        if not unseen:
            return self.rows
        rows = [list(row) for row in self.rows]
        for key, before in unseen.items():
            x, y = (int(n) for n in key.split(","))
            rows[y][x] = before
        return tuple(tuple(row) for row in rows)

    def classic_unit(self, unit_id: object) -> ClassicUnit:
        unit = self.unit(unit_id)
        assert isinstance(unit, ClassicUnit)
        return unit

    def board(self) -> Board:
        return _board(self.rows, self.options)

    def tile_at(self, tile: Tile) -> ClassicTerrain:
        x, y = tile
        return load_terrain()[self.rows[y][x].casefold()]

    def rules_options(self) -> ClassicOptions:
        return options_of(self.options)

    @property
    def fogged(self) -> bool:
        """Fog of war is played: the scenario says fog and ``fog_rules`` is 001's."""
        return self.fog and self.rules_options().fog_rules == "tabletop"


@lru_cache(maxsize=16)
def options_of(pairs: tuple[str, ...]) -> ClassicOptions:
    from tactician.rulesets.rulings import with_overrides

    return with_overrides(ClassicOptions(), list(pairs))


@lru_cache(maxsize=8)
def terrain_set(pairs: tuple[str, ...] = ()) -> TerrainSet:
    return core_terrain_set(load_terrain(), options_of(pairs))


@lru_cache(maxsize=8)
def _board(rows: tuple[tuple[str, ...], ...], pairs: tuple[str, ...]) -> Board:
    terrains = terrain_set(pairs)
    grid = []
    for row in rows:
        line = []
        for name in row:
            found = terrains.get(name)
            assert found is not None, name
            line.append(found)
        grid.append(line)
    return Board.from_rows(grid)
