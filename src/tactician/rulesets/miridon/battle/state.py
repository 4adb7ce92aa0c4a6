"""A Miridon battle's state: immutable pydantic values that dump to JSON and load back
equal (replay compares ``dump_state`` of the replayed and the live state).

A unit carries a ``Profile`` (the numbers its character brings, fixed at the start of
the battle: 004 L1684-1692 "compute [Maximum Battle Strength Points] ... restore") and
what changes: HP, current strength and speed points (004's economy, L1600-1606), PDR
(drills damage it, L1696 regenerates it), stance, status, the slots used this turn,
grapple links. ``conditions`` and ``pools`` are open: part 3 (spells, ghost HP,
insanity, mechs) keeps its own numbers there (a cast in progress, a ghost pool, an
insanity effect with its duration) without a change to this file.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactician.engine.lookup import unit_by_id
from tactician.engine.objectives import Objectives
from tactician.engine.rules import Token
from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.grid.snapshot import TerrainGrid
from tactician.grid.terrain import TerrainSet

TERRAIN_FILE = Path(__file__).resolve().parent / "data" / "terrain.yaml"
Controller = Literal["player", "ai"]
Status = Literal["ok", "unconscious", "dead"]
Slot = Literal["offensive", "movement", "verbal"]
Tile = tuple[int, int]
NO_STANCE = "No Stance"


@lru_cache(maxsize=1)
def terrain_set() -> TerrainSet:
    return TerrainSet.load(TERRAIN_FILE)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MapState(TerrainGrid):
    def board(self) -> Board:
        return self.build(terrain_set())


class WeaponProfile(Frozen):
    """One wielded weapon with the To Hit Bonus the sheet derives for it (weapon + talent
    + Agile Strike + Sword Dancer, ``derived.weapon_lines``)."""

    name: str
    to_hit: int


@lru_cache(maxsize=256)
def _folded(names: tuple[str, ...]) -> frozenset[str]:
    """``names`` case-folded (``Profile.has`` asks of the same few flair lists)."""
    return frozenset(name.casefold() for name in names)


class Profile(Frozen):
    """What a character brings to a battle (``scenario.profile_of``)."""

    classes: tuple[str, ...]
    race: str = "Human"
    flairs: tuple[str, ...] = ()
    talents: Mapping[str, int] = Field(default_factory=dict)
    specials: Mapping[str, int] = Field(default_factory=dict)
    skills: Mapping[str, int] = Field(default_factory=dict)  # charisma skills read them (M9)
    max_strength: int
    max_speed: int
    max_ghost_hp: int = 0
    max_hp: int
    battle_strength: int  # [Maximum Battle Strength Points] (L1600, L65)
    battle_speed: int  # [Maximum Battle Speed Points] (L1604, L115)
    passive_evasion: int
    active_evasion: int
    pdr: int  # undamaged [Physical Damage Reduction] (L358)
    sdr: int  # [Spell Damage Reduction] (L370)
    mwp: int  # [Maximum Weight Penalty]
    weapons: tuple[WeaponProfile, ...]

    def has(self, flair: str) -> bool:
        return flair.casefold() in _folded(self.flairs)

    def talent(self, name: str) -> int:
        return _rank(self.talents, name)

    def special(self, name: str) -> int:
        return _rank(self.specials, name)

    def skill(self, name: str) -> int:
        return _rank(self.skills, name)

    def weapon(self, name: str) -> WeaponProfile:
        for weapon in self.weapons:
            if weapon.name.casefold() == name.casefold():
                return weapon
        wielded = ", ".join(w.name for w in self.weapons)
        raise RulesError(f"does not wield {name!r} (wields: {wielded})")


def _rank(table: Mapping[str, int], name: str) -> int:
    for key, value in table.items():
        if key.casefold() == name.casefold():
            return value
    return 0


class Condition(Frozen):
    """A named effect on a unit: ``blocks`` left (None: until removed), a number, and
    what caused it. Part 3 adds its own (insanity effects, spell effects)."""

    name: str
    blocks: int | None = None
    value: int = 0
    source: str = ""


class UnitState(Frozen):
    id: str
    name: str
    side: str
    number: int
    controller: Controller = "player"
    profile: Profile
    position: Tile | None
    facing: str = "n"
    weapon: str  # the weapon it holds ready (its first one at the start)
    hp: int
    strength: int  # [Current Strength Points]
    speed: int  # [Current Speed Points]
    pdr: int  # current [Physical Damage Reduction] (drills lower it, L3438)
    ghost: int = 0  # [Current Ghost HP] (part 3)
    status: Status = "ok"
    stance: str = NO_STANCE
    stance_block: int = 0  # the block the current stance was entered
    conditions: tuple[Condition, ...] = ()
    pools: Mapping[str, int] = Field(default_factory=dict)
    # this turn / this block
    slots: tuple[Slot, ...] = ()  # actions of its own turn used
    once: tuple[str, ...] = ()  # once-per-block bonus actions used (L1710)
    defensive: int = 0  # defensive actions taken this block (ruling defensive_limit)
    obstructed: bool = False  # "cannot perform another [Movement Action]" (L2188)
    charge: int = 0  # 1 after a Charge, 2 after a Fast Charge this block (L1953, L1965)
    shield_attacked: bool = False  # its shield attacked this block (L2461)
    hammer_loss: int = 0  # speed points a hammer took "for this round" (L3460)
    active_blocks: tuple[int, ...] = ()  # blocks it took an action in (Steady Shot, L3538)
    # grappling (L2959-2987)
    grappling: tuple[str, ...] = ()
    grappled_by: str | None = None
    grappled_blocks: int = 0  # "the first [Action Block] that they are grappled" (L2964)
    locked_block: int | None = None  # a grapple ended: no actions for the rest of it (L2970)

    @property
    def down(self) -> bool:
        return self.status != "ok"

    @property
    def tier(self) -> str | None:
        """The CLI's enemy-phase check reads ``tier``: None for units players command."""
        return "npc" if self.controller == "ai" else None

    def condition(self, name: str) -> Condition | None:
        return next((c for c in self.conditions if c.name == name), None)

    def pool(self, name: str) -> int:
        return self.pools.get(name, 0)


class Trap(Frozen):
    """A GM's trap (004 names none, gap M23): its damage dice, where it lies (or who
    carries it) and whether it is armed; it triggers on a unit entering its range."""

    id: str
    damage: str  # a sum of dice, e.g. "2d6+1"
    position: Tile | None = None
    carried_by: str | None = None
    armed: bool = False
    range_ft: int = 0  # 0: its own square


class Chain(Frozen):
    """The attack just made, for the bonus actions that follow it "immediately" (Second
    and Third attacks L2233-2319, Redouble L2340-2353, Combo Finisher L2637-2648). Any
    other action clears it."""

    unit: str
    kind: str  # melee | combo | gun | aimed | riposte | redouble | second | third
    stage: int  # 1 first attack, 2 second, 3 third
    weapon: str
    target: str
    hit: bool
    crit: bool = False
    damage: int
    margins: tuple[int | None, ...]  # To Hit Roll - Evasion of each stage (None: missed)
    same_target: bool = True


class MiridonBattle(Frozen):
    """The whole battle at one moment. ``order`` is empty until the ``begin`` action
    rolls the 3d6 roll-offs (L1596); then ``turn`` indexes the unit whose turn it is."""

    name: str = ""
    map: MapState
    units: tuple[UnitState, ...]
    sides: tuple[str, ...] = ("player", "enemy")
    objectives: Objectives = Objectives()
    order: tuple[str, ...] = ()
    block: int = 1
    turn: int = 0
    chain: Chain | None = None
    result: str = "ongoing"
    result_reason: str = ""
    options: tuple[str, ...] = ()
    traps: tuple[Trap, ...] = ()
    # the units the GM hid (``engine.gm_edit``): no side but its own sees them; left out
    # of the dump when none, so states dump as they did before
    gm_hidden: tuple[str, ...] = Field(default=(), exclude_if=lambda hidden: not hidden)
    # units the GM took off the map (``gm_edit`` remove): out, as ``Token.out`` has a
    # unit removed from the map, until the GM places them again
    gm_removed: tuple[str, ...] = Field(default=(), exclude_if=lambda gone: not gone)

    @property
    def round(self) -> int:
        return self.block

    @property
    def started(self) -> bool:
        return bool(self.order)

    @property
    def current(self) -> UnitState | None:
        return self.unit(self.order[self.turn]) if self.order else None

    def tokens(self) -> list[Token]:
        return [Token(u.id, u.name, u.side, u.position, u.down or u.id in self.gm_removed)
                for u in self.units]

    def unit(self, unit_id: object) -> UnitState:
        return unit_by_id(self.units, unit_id)

    def at(self, tile: Tile) -> UnitState | None:
        for unit in self.units:
            if unit.position == tile and unit.status != "dead":
                return unit
        return None

    def replace_units(self, *changed: UnitState) -> MiridonBattle:
        by_id = {u.id: u for u in changed}
        return self.model_copy(update={"units": tuple(by_id.get(u.id, u) for u in self.units)})

    def board(self) -> Board:
        return self.map.board()
