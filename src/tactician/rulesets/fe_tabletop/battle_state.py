"""A fe-tabletop battle's state: the shared FE state (``fe_common.battle.state``)
with 001's character on every unit, its weapons' uses, the players' turn order,
supports, fog, weather, buildings and the Supply.

Immutable pydantic models: a state dumps to JSON and loads back equal (replay).
HP lives on the battle unit (``hp``/``max_hp``) and is kept equal on its 001
character (``with_hp``, ``with_character``), so what a fight writes back is the
unit file's numbers too.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Literal

from pydantic import Field

from tactician.grid.board import Board
from tactician.grid.snapshot import TerrainGrid
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit, Frozen
from tactician.rulesets.fe_common.character.supports import SupportRank, Supports
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.terrain import core_terrain_set, load_terrain

Weather = Literal["clear", "rain", "storm"]


class MapState(TerrainGrid):
    """The battle's map over 001's terrain table."""

    def board(self) -> Board:
        return self.build(core_terrain_set(load_terrain()))


class TabletopUnit(FeUnit):
    """One unit on the battlefield with its 001 character sheet."""

    character: Unit
    player: str  # who commands it (001 L42: each player takes a turn); enemies: their side
    boss: bool = False  # 001 L111 "the boss of the level"
    equipped: str | None = None
    uses: dict[str, int] = Field(default_factory=dict)  # carried item -> uses left (L52)
    torch: int = 0  # vision a lit torch adds (001 L110 "a torch allows ... 4 squares")
    recruit_by: tuple[str, ...] = ()  # who may Talk it over to their side (L55)
    heal_used: bool = False  # the Heal skill's "once per day" (L100): a battle is a day

    def with_hp(self, hp: int) -> TabletopUnit:
        return self.model_copy(update={
            "hp": hp, "character": self.character.model_copy(update={"hp": hp})})

    def with_character(self, character: Unit) -> TabletopUnit:
        return self.model_copy(update={"character": character, "hp": character.hp,
                                       "max_hp": character.max_hp})


class SupportLink(Frozen):
    """Fights fought together by a pair (cumulative across battles, 001 L118) and
    the rank they hold."""

    units: tuple[str, str]
    fights: int = Field(default=0, ge=0)
    rank: SupportRank | None = None


class Building(Frozen):
    """A house or village a unit may Enter (001 L55 "Enter Building"): its gift, once."""

    at: tuple[int, int]
    gift: str | None = None
    visited: bool = False


class TabletopBattle(FeBattle):
    map: MapState
    units: tuple[TabletopUnit, ...]
    fog: bool = False  # 001 L110 Fog of War
    weather: Weather = "clear"  # 001 L112 Rain/Storm
    supports: tuple[SupportLink, ...] = ()
    buildings: tuple[Building, ...] = ()
    supply: tuple[str, ...] = ()
    # 001 L42: each player rolls 1d100 each Player turn; the order and the player now
    players: tuple[str, ...] = ()
    player_order: tuple[str, ...] = ()
    order_round: int = 0  # the round the order was rolled for
    player_turn: int = 0
    # the battle's rulings, so a view (``--reach``) moves as the actions do
    rulings: dict[str, Any] = Field(default_factory=dict)

    def options(self) -> TabletopOptions:
        return TabletopOptions(**self.rulings)

    def with_rulings(self, options: TabletopOptions) -> TabletopBattle:
        return self.model_copy(update={"rulings": asdict(options)})

    def unit(self, unit_id: object) -> TabletopUnit:
        found = super().unit(unit_id)
        assert isinstance(found, TabletopUnit)
        return found

    @property
    def party(self) -> str:
        """The side whose EXP and ranks grow (G1-61: enemies gain neither)."""
        return self.objectives.side

    @property
    def current_player(self) -> str | None:
        """The player whose turn it is in the party's phase (None: order not rolled yet)."""
        if self.side != self.party or self.order_round != self.round:
            return None
        return self.player_order[self.player_turn]

    @property
    def storm(self) -> bool:
        return self.weather != "clear"

    def support_book(self) -> Supports:
        return Supports(
            fights={_pair(s.units): s.fights for s in self.supports},
            ranks={_pair(s.units): s.rank for s in self.supports if s.rank is not None},
        )

    def with_supports(self, book: Supports) -> TabletopBattle:
        keys = sorted(set(book.fights) | set(book.ranks))
        links = tuple(SupportLink(units=k, fights=book.fights.get(k, 0), rank=book.ranks.get(k))
                      for k in keys)
        return self.model_copy(update={"supports": links})


def _pair(units: tuple[str, str]) -> tuple[str, str]:
    a, b = units
    return (a, b) if a < b else (b, a)
