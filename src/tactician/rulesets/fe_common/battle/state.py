"""A Fire Emblem battle's state, as every FE ruleset shares it.

``FeUnit`` is a unit on the map and its turn; ``FeBattle`` is the map, the
units, the sides in phase order ("Player" turn then "Enemy" turn, 001 L42) and
the round. Both are frozen pydantic models (a state dumps to JSON and loads
back equal, which replay relies on); rulesets subclass them with their own
fields, and every helper returns a copy of the subclass it was given.
"""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.engine.clock import PhaseClock, check_phase
from tactician.engine.lookup import unit_by_id
from tactician.engine.objectives import Objectives
from tactician.engine.rules import Token

Tile = tuple[int, int]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FeUnit(Frozen):
    """One unit: where it is and what it has done this turn."""

    id: str
    name: str
    side: str
    number: int  # order within its side, as listed (the AI plays in this order)
    position: Tile | None
    hp: int
    max_hp: int
    lord: bool = False
    # this turn (001 L44, L54-56): one Move, one Standard action, free actions
    moved: bool = False
    acted: bool = False
    done: bool = False  # the turn is over (waited, or its weapon broke: 001 L52)
    # rescue (001 L43): the carried unit is off the map while carried
    carrying: str | None = None
    carried_by: str | None = None

    @property
    def out(self) -> bool:
        """Defeated: at 0 HP (001 has no critical wounds)."""
        return self.hp <= 0

    @property
    def on_map(self) -> bool:
        return self.position is not None and self.carried_by is None and not self.out


class FeBattle(Frozen):
    """The whole battle at one moment."""

    name: str = ""
    units: tuple[FeUnit, ...]
    sides: tuple[str, ...] = ("player", "enemy")
    round: int = 1
    phase: int = 0
    objectives: Objectives = Objectives()
    result: str = "ongoing"
    result_reason: str = ""
    # the units the GM hid (``engine.gm_edit``): no side but its own sees them, whatever
    # its sight; left out of the dump when none, so states dump as they did before
    gm_hidden: tuple[str, ...] = Field(default=(), exclude_if=lambda hidden: not hidden)
    # units the GM took off the map (``gm_edit`` remove): out, as ``Token.out`` has a
    # unit removed from the map, until the GM places them again
    gm_removed: tuple[str, ...] = Field(default=(), exclude_if=lambda gone: not gone)

    @model_validator(mode="after")
    def _phase_names_a_side(self) -> Self:
        check_phase(self.sides, self.phase)
        return self

    @property
    def clock(self) -> PhaseClock:
        return PhaseClock(self.sides, self.round, self.phase)

    @property
    def side(self) -> str:
        """The side whose phase it is."""
        return self.sides[self.phase]

    def tokens(self) -> list[Token]:
        return [Token(u.id, u.name, u.side, u.position if u.carried_by is None else None,
                      u.out or u.id in self.gm_removed) for u in self.units]

    def unit(self, unit_id: object) -> FeUnit:
        return unit_by_id(self.units, unit_id)

    def at(self, tile: Tile) -> FeUnit | None:
        """The standing unit on ``tile`` (carried and defeated units stand nowhere)."""
        for unit in self.units:
            if unit.position == tile and unit.on_map:
                return unit
        return None

    def occupied(self) -> dict[Tile, FeUnit]:
        return {u.position: u for u in self.units if u.on_map and u.position is not None}

    def replace_units(self, *changed: FeUnit) -> Self:
        by_id = {u.id: u for u in changed}
        return self.model_copy(update={"units": tuple(by_id.get(u.id, u) for u in self.units)})

    def hostile(self, a: FeUnit, b: FeUnit) -> bool:
        """Whether two units are on different sides (every other side is a foe)."""
        return a.side != b.side
