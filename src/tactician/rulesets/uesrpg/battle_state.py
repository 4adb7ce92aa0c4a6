"""A UESRPG battle's state: the map, every unit's situation, the initiative order
and whose Turn it is. Immutable pydantic models, so a state dumps to JSON and
loads back equal (replay compares ``dump_state`` of the replayed and the live
state).

A unit keeps its unit file content (``character``) and the changing half of the
rules package's ``CombatState`` (HP, AP, conditions, wounds...); ``combat(unit)``
rebuilds the ``CombatState`` (its ``Profile`` from the unit file) and
``with_combat`` stores one back. The round structure is from outside the text
(UESRPG 3e core, shared/rules/reference-facts.md): "A round is about six
seconds; each character has one Turn per round; AP refill at the start of the
round", "initiative = 1d6 + rating".
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactician.engine.clock import InitiativeClock
from tactician.engine.lookup import unit_by_id
from tactician.engine.objectives import Objectives
from tactician.engine.rules import Token
from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.grid.snapshot import TerrainGrid
from tactician.grid.terrain import TerrainSet
from tactician.rulesets.uesrpg.character import ACTION_POINTS, Character, Profile, build_profile
from tactician.rulesets.uesrpg.numbers import has
from tactician.rulesets.uesrpg.state import CombatState, Condition, Wound

TERRAIN_FILE = Path(__file__).parent / "data" / "terrain.yaml"
Controller = Literal["player", "ai"]
Tile = tuple[int, int]


@lru_cache(maxsize=1)
def terrain_set() -> TerrainSet:
    """UESRPG map terrain (``data/terrain.yaml``)."""
    return TerrainSet.load(TERRAIN_FILE)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MapState(TerrainGrid):
    """The battle's map over this ruleset's terrain table."""

    def board(self) -> Board:
        return self.build(terrain_set())


_PROFILES: dict[int, tuple[Character, Profile]] = {}


def profile_of(character: Character) -> Profile:
    """The unit file's ``Profile`` (cached per character object: states copied with
    ``model_copy`` share it)."""
    found = _PROFILES.get(id(character))
    if found is not None and found[0] is character:
        return found[1]
    if len(_PROFILES) > 512:
        _PROFILES.clear()
    built = build_profile(character, source=f"unit {character.name!r}")
    _PROFILES[id(character)] = (character, built)
    return built


class UnitState(Frozen):
    """One unit: who it is, where, who controls it, and its combat state."""

    id: str
    side: str
    number: int  # order within its side, as listed
    controller: Controller = "player"
    character: Character
    position: Tile | None
    kit: bool = False  # carries a healer's kit (003: first aid "requires a healer's kit")
    weapon: str | None = None  # the weapon it last attacked with (its first one at the start)
    initiative: int | None = None
    # this Turn
    move_left: int = 0  # metres left from Move actions paid this Turn
    moved: int = 0  # metres spent this Turn
    spent: int = 0  # AP spent on its own actions this Turn
    acted: bool = False  # its Turn this round is over
    # foes a Hidden unit has passed its Stealth vs Observe test against (``battle_sight``)
    observed_by: tuple[str, ...] = ()
    # the changing half of the rules package's CombatState
    hp: int
    sp: int
    mp: int
    ap: int = ACTION_POINTS
    ap_debt: int = 0
    conditions: tuple[Condition, ...] = ()
    wounds: tuple[Wound, ...] = ()
    lost: tuple[str, ...] = ()
    fatigue_extra: int = 0
    dead: bool = False
    stable: bool = False
    death_failures: int = 0
    next_test_fails: bool = False
    relief: int = 0
    wound_count: int = 0

    @property
    def name(self) -> str:
        return self.character.name

    @property
    def max_hp(self) -> int:
        return profile_of(self.character).max_hp

    @property
    def down(self) -> bool:
        """Unconscious or dead: out of the fight."""
        return self.dead or self.hp == 0 or any(c.name == "Unconscious" for c in self.conditions)

    @property
    def tier(self) -> str | None:
        """The CLI's enemy-phase check reads ``tier``: None for units players command."""
        return "npc" if self.controller == "ai" else None


# the fields of CombatState a unit stores (everything but the Profile, which is
# rebuilt from the unit file): read from the dataclass so the two cannot drift apart
CHANGING = tuple(f.name for f in fields(CombatState) if f.name not in ("profile", "unit_id"))


def combat(unit: UnitState) -> CombatState:
    """The rules package's ``CombatState`` of ``unit``."""
    values = {name: getattr(unit, name) for name in CHANGING}
    values["lost"] = frozenset(unit.lost)
    return CombatState(profile=profile_of(unit.character), unit_id=unit.id, **values)


def with_combat(unit: UnitState, state: CombatState) -> UnitState:
    """``unit`` with ``state`` stored back. 003 "Failing a number of tests exceeding
    their Luck Bonus while unconscious = death": the dead leave the map."""
    update = {name: getattr(state, name) for name in CHANGING}
    update["lost"] = tuple(sorted(state.lost))
    update["position"] = None if state.dead else unit.position
    return unit.model_copy(update=update)


def can_take_turn(unit: UnitState) -> bool:
    """Alive and conscious (003 Unconscious: "May not take any actions")."""
    return not unit.dead and not has(combat(unit), "Unconscious")


class UesrpgBattle(Frozen):
    """The whole battle at one moment. ``order`` is empty until initiative is rolled
    (the ``begin`` action); then ``turn`` indexes the unit whose Turn it is."""

    name: str = ""
    map: MapState
    units: tuple[UnitState, ...]
    sides: tuple[str, ...] = ("player", "enemy")
    objectives: Objectives = Objectives()
    order: tuple[str, ...] = ()
    round: int = 1
    turn: int = 0
    result: str = "ongoing"
    result_reason: str = ""
    death_tests: tuple[str, ...] = Field(default=(), description="the latest death tests")
    options: tuple[str, ...] = Field(default=(), description="the battle's rulings (name=value)")
    # the units the GM hid (``engine.gm_edit``): no side but its own sees them; left out
    # of the dump when none, so states dump as they did before
    gm_hidden: tuple[str, ...] = Field(default=(), exclude_if=lambda hidden: not hidden)
    # units the GM took off the map (``gm_edit`` remove): out, as ``Token.out`` has a
    # unit removed from the map, until the GM places them again
    gm_removed: tuple[str, ...] = Field(default=(), exclude_if=lambda gone: not gone)

    @property
    def started(self) -> bool:
        return bool(self.order)

    @property
    def clock(self) -> InitiativeClock:
        if not self.order:
            raise RulesError("initiative has not been rolled yet: begin the battle first")
        return InitiativeClock(self.order, self.round, self.turn)

    @property
    def current(self) -> UnitState | None:
        """The unit whose Turn it is (None before initiative)."""
        return self.unit(self.order[self.turn]) if self.order else None

    def tokens(self) -> list[Token]:
        return [Token(u.id, u.name, u.side, u.position, u.down or u.id in self.gm_removed)
                for u in self.units]

    def unit(self, unit_id: str) -> UnitState:
        return unit_by_id(self.units, unit_id)

    def at(self, tile: Tile) -> UnitState | None:
        for unit in self.units:
            if unit.position == tile:
                return unit
        return None

    def replace_units(self, *changed: UnitState) -> UesrpgBattle:
        by_id = {u.id: u for u in changed}
        return self.model_copy(update={"units": tuple(by_id.get(u.id, u) for u in self.units)})
