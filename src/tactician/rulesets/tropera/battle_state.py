"""A Tropera battle's state: the map, every unit's situation, the clock and the
effects running. Immutable: actions return a new state (pydantic frozen models,
so a state dumps to JSON and loads back equal, which replay relies on)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.engine.clock import PhaseClock, check_phase
from tactician.engine.effects import Effect
from tactician.engine.lookup import unit_by_id
from tactician.engine.objectives import Objectives
from tactician.engine.rules import Token
from tactician.grid.board import Board
from tactician.grid.snapshot import TerrainGrid
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.progression import current_stats
from tactician.rulesets.tropera.terrain import terrain_set
from tactician.rulesets.tropera.unit_table import replaced, table

Tier = Literal["mob", "army", "elite"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MapState(TerrainGrid):
    """The battle's map over this ruleset's terrain table."""

    def board(self) -> Board:
        return self.build(terrain_set())


class Unit(Frozen):
    """One unit on the battlefield."""

    id: str
    side: str
    number: int  # numerical order within its side (000: "act in numerical order")
    tier: Tier | None = None  # enemy tier; None for units the players command
    character: Character
    position: tuple[int, int] | None
    hp: int
    equipped: str | None = None
    uses: dict[str, int] = Field(default_factory=dict)  # item/weapon name -> uses left
    # this turn
    moved: int = 0  # movement spent
    dashed: bool = False
    acted: bool = False  # main action taken (000: "Main Action commands end your turn")
    bonus_used: bool = False
    healed_this_turn: bool = False  # 000: healed "may move, but not take any main or bonus actions"
    # battle-long
    transformed: bool = False
    times_wounded: int = 0
    countdown: int | None = None  # rounds left while critically wounded
    crippled: bool = False
    carrying: str | None = None
    carried_by: str | None = None
    # the siege weapon the unit controls (``siege.embark``), e.g. "Ballista"; None on foot
    embarked: str | None = None
    statuses: tuple[str, ...] = ()
    miracle_round: int = 0  # round in which Miracle last saved the unit
    shield_phase: str = ""  # "round/side" key of the phase in which Shield last absorbed a hit

    @property
    def max_hp(self) -> int:
        return current_stats(self.character).get("hp")

    @property
    def critically_wounded(self) -> bool:
        return self.hp == 0 and self.countdown is not None

    @property
    def out(self) -> bool:
        """Out of the fight: at 0 HP (critically wounded, crippled or defeated)."""
        return self.hp == 0

    @property
    def name(self) -> str:
        return self.character.name


class TroperaBattle(Frozen):
    """The whole battle at one moment."""

    name: str = ""
    map: MapState
    units: tuple[Unit, ...]
    sides: tuple[str, ...] = ("player", "enemy")
    round: int = 1
    phase: int = 0
    effects: tuple[Effect, ...] = ()
    objectives: Objectives = Objectives()
    adverse_weather: bool = False
    result: str = "ongoing"
    result_reason: str = ""
    # units the GM took off the map (``gm_edit`` remove): out, as ``Token.out`` has a
    # unit removed from the map, until the GM places them again
    gm_removed: tuple[str, ...] = Field(default=(), exclude_if=lambda gone: not gone)
    # Prepare Attack: unit id -> designated tiles
    prepared: dict[str, tuple[tuple[int, int], ...]] = Field(default_factory=dict)
    # Destructible Terrain: "x,y" -> HP left of a damaged tile (``terrain_attack``)
    terrain_hp: dict[str, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _phase_names_a_side(self) -> TroperaBattle:
        check_phase(self.sides, self.phase)
        return self

    @property
    def clock(self) -> PhaseClock:
        return PhaseClock(self.sides, self.round, self.phase)

    @property
    def side(self) -> str:
        return self.sides[self.phase]

    @property
    def phase_key(self) -> str:
        return f"{self.round}/{self.side}"

    def tokens(self) -> list[Token]:
        # every action ends with the objectives read from every token
        # (``action_checks.finish``): kept per units tuple (``unit_table``)
        out = table(self.units).tokens()
        if self.gm_removed:  # off the map by the GM's hand: out (``Token.out``)
            out = [replace(t, out=True) if t.id in self.gm_removed else t for t in out]
        return out

    def unit(self, unit_id: str) -> Unit:
        units = self.units
        if isinstance(unit_id, str):  # by the units tuple's index (``unit_table``)
            found = table(units).index().get(unit_id)
            if found is not None:
                return units[found]
        return unit_by_id(units, unit_id)  # its refusal names the ids there are

    def at(self, tile: tuple[int, int]) -> Unit | None:
        for unit in self.units:
            if unit.position == tile and unit.carried_by is None:
                return unit
        return None

    def replace_units(self, *changed: Unit) -> TroperaBattle:
        by_id = {u.id: u for u in changed}
        return self.model_copy(update={"units": replaced(self.units, by_id)})

    def effects_on(self, unit_id: str, name: str | None = None) -> list[Effect]:
        return [e for e in self.effects if e.unit == unit_id and (name is None or e.name == name)]
