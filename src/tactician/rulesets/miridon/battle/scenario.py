"""A Miridon battle's start: a map, units files placing unit files, sides, objectives.

004 L1684-1692 ("1) Battle begins"): the turn order is determined, the battle maxima
computed and current strength and speed points "restored to" them. A start state has no
dice, so the ``begin`` action rolls the 3d6 roll-offs of tied units (L1596); the maxima
and points are set here. A units file:

    sides: [player, enemy]
    units:
      - {id: sable, file: ../duelist_sable.yaml, side: player, at: [2, 3], facing: e}
      - {id: kessa, file: ../grand_devourer_kessa.yaml, side: enemy, at: [8, 3], hp: 30}

``controller`` is ``player`` or ``ai`` (default: the first side's units are the
players'); ``weapon`` names the weapon held ready (default the first wielded); ``hp``
starts a unit hurt; ``ammo: {Revolver: 6}`` gives a gun's magazine (gap M22, counted
with ruling ``track_ammo``); ``staff_ghost: {Short Staff: 10}`` the ghost power moved into a
staff before the battle (L3498, ``spirit_battle/staves``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tactician.engine.roster import Placement as BasePlacement
from tactician.engine.roster import UnitsFile as BaseUnitsFile
from tactician.engine.roster import from_roster, names_apart, numbered, read_roster
from tactician.errors import ContentError, TacticianError
from tactician.grid import load_map as load_grid_map
from tactician.grid.board import Board
from tactician.rulesets.miridon.battle.ammo import magazines
from tactician.rulesets.miridon.battle.geometry import DIRECTIONS
from tactician.rulesets.miridon.battle.options import DEFAULT_BATTLE, BattleOptions
from tactician.rulesets.miridon.battle.state import (
    Controller,
    MapState,
    MiridonBattle,
    Profile,
    Trap,
    UnitState,
    WeaponProfile,
    terrain_set,
)
from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium, load_compendium
from tactician.rulesets.miridon.spirit_battle.staves import starting_store


class Placement(BasePlacement):
    file: str | None = None
    # part 3: a mech instead of a character (its parts from data/mech_parts.yaml), piloted
    # from the start by the unit ``pilot`` names (L3617: a piloted mech starts full)
    mech: list[str] | None = None
    pilot: str | None = None
    controller: Controller | None = None
    facing: str = "n"
    weapon: str | None = None
    hp: int | None = Field(default=None, ge=0)
    # gap M22: the magazine of each gun the unit wields (shots), counted with track_ammo
    ammo: dict[str, int] | None = None
    # L3498: the ghost power moved into each staff before the battle (0..its storage)
    staff_ghost: dict[str, int] | None = None


class TrapSpec(BaseModel):
    """A trap of the battle (gap M23): lying at ``at`` (armed unless ``armed: false``) or
    carried by the unit ``carried_by`` (disarmed, to be placed by Arm Trap)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9_.-]+$")
    damage: str
    at: tuple[int, int] | None = None
    carried_by: str | None = None
    armed: bool | None = None
    range_ft: int = Field(default=0, ge=0)


class UnitsFile(BaseUnitsFile):
    units: list[Placement]
    traps: list[TrapSpec] | None = None


def profile_of(character: Character, book: Compendium) -> Profile:
    """The numbers a character brings to a battle, from part 1's ``derived``."""
    from tactician.rulesets.miridon import derived
    from tactician.rulesets.miridon.options import DEFAULT_OPTIONS
    from tactician.rulesets.miridon.specials import special_ranks

    options = DEFAULT_OPTIONS
    lines = derived.weapon_lines(character, book, options)
    return Profile(
        classes=character.classes,
        race=character.race,
        flairs=character.flairs,
        talents=dict(character.talents),
        specials=special_ranks(character, book),
        skills=dict(character.skills),
        max_strength=character.max_strength,
        max_speed=character.max_speed,
        max_ghost_hp=character.max_ghost_hp,
        max_hp=derived.max_hp(character, options),
        battle_strength=derived.max_battle_strength(character, book, options),
        battle_speed=derived.max_battle_speed(character, book),
        passive_evasion=derived.passive_evasion(character, book, options),
        active_evasion=derived.active_evasion(character, book),
        pdr=derived.physical_damage_reduction(character),
        sdr=derived.spell_damage_reduction(character),
        mwp=derived.character_mwp(character, book, options),
        weapons=tuple(WeaponProfile(name=line.weapon, to_hit=line.to_hit) for line in lines),
    )


def start_unit(placement: Placement, character: Character, number: int,
               controller: Controller, book: Compendium, where: str) -> UnitState:
    profile = profile_of(character, book)
    if placement.facing not in DIRECTIONS:
        raise ContentError(f"{where}: facing {placement.facing!r} is not one of "
                           f"{', '.join(DIRECTIONS)}")
    weapon = placement.weapon or profile.weapons[0].name
    try:
        weapon = profile.weapon(weapon).name
    except TacticianError as exc:
        raise ContentError(f"{where}: weapon: {exc}") from None
    hp = profile.max_hp if placement.hp is None else placement.hp
    if hp > profile.max_hp:
        raise ContentError(f"{where}: hp {hp} must be 0..{profile.max_hp}")
    return UnitState(
        id=placement.id, name=placement.name or character.name, side=placement.side,
        number=number,
        controller=controller, profile=profile, position=placement.at,
        facing=placement.facing, weapon=weapon, hp=hp,
        strength=profile.battle_strength, speed=profile.battle_speed, pdr=profile.pdr,
        ghost=profile.max_ghost_hp, status="ok" if hp > 0 else "unconscious",
        pools={**magazines(_ammo(placement.ammo or {}, profile, book, where)),
               **starting_store(placement.staff_ghost or {}, profile, book, where)},
    )


def _ammo(given: dict[str, int], profile: Profile, book: Compendium, where: str
          ) -> dict[str, int]:
    """A placement's ``ammo:`` (gap M22): each a gun the unit wields, at least 1 shot."""
    found: dict[str, int] = {}
    for name, size in given.items():
        try:
            gun = profile.weapon(name).name
        except TacticianError as exc:
            raise ContentError(f"{where}: ammo: {exc}") from None
        if book.weapon(gun).attack != "gun":
            raise ContentError(f"{where}: ammo: {gun} is not a gun")
        if size < 1:
            raise ContentError(f"{where}: ammo: {gun} must hold at least 1 shot, not {size}")
        found[gun] = size
    return found


def start_battle(map_path: Path, units_paths: list[Path],
                 characters: Mapping[str, Mapping[str, Any]] | None = None,
                 options: BattleOptions = DEFAULT_BATTLE) -> MiridonBattle:
    """The start state, refusing any fault with the file and unit named; ``characters``
    (name -> unit data): a campaign roster's sheets, fielded in place of the unit files
    of those names (``engine.roster.from_roster``)."""
    from tactician.rulesets.miridon.build import character_from, load_character

    terrains = terrain_set()
    board = load_grid_map(map_path, terrains)
    roster = read_roster(units_paths, UnitsFile, board,
                         lambda name: terrains[name].cost_for("default") is not None)
    book = load_compendium()
    first_side = roster.sides[0]
    units: list[UnitState] = []
    for path, placement, number in numbered(roster):
        assert isinstance(placement, Placement)
        where = roster.where(path, placement)
        if placement.mech is not None:
            units.append(placed_mech(placement, book, where))
            continue
        if placement.file is None:
            raise ContentError(f"{where}: needs 'file' (a character) or 'mech' (its parts)")
        try:
            character = load_character((path.parent / placement.file).resolve(), book)
            character = from_roster(characters or {}, character.name, character,
                                    lambda data, source: character_from(data, source, book))
        except TacticianError as exc:
            raise ContentError(f"{where}: {exc}") from None
        controller = placement.controller or ("player" if placement.side == first_side
                                               else "ai")
        units.append(start_unit(placement, character, number, controller, book, where))
    units = [u.model_copy(update={"name": n})
             for u, n in zip(units, names_apart([u.name for u in units]), strict=True)]
    units = board_pilots(units, where=str(units_paths[-1]), options=options)
    raw = roster.extras.get("traps") or []
    traps = _traps(raw if isinstance(raw, list) else [], board, {u.id for u in units})
    return MiridonBattle(name=roster.name, map=MapState.of(board), units=tuple(units),
                         sides=roster.sides, objectives=roster.objectives, traps=traps)


def _traps(raw: list[dict[str, object]], board: Board, ids: set[str]) -> tuple[Trap, ...]:
    """The units files' traps, each checked: its dice, one place (``at`` on the map or a
    ``carried_by`` unit), a unique id."""
    from tactician.dice.distribution import DiceSum
    from tactician.errors import DiceError

    found: list[Trap] = []
    for data in raw:
        spec = TrapSpec.model_validate(data)
        where = f"trap {spec.id!r}"
        try:
            DiceSum.parse(spec.damage)
        except DiceError as exc:
            raise ContentError(f"{where}: damage: {exc}") from None
        if (spec.at is None) == (spec.carried_by is None):
            raise ContentError(f"{where}: give exactly one of 'at' or 'carried_by'")
        if spec.at is not None and not board.in_bounds(spec.at):
            raise ContentError(f"{where}: at {spec.at} is off the map")
        if spec.carried_by is not None and spec.carried_by not in ids:
            raise ContentError(f"{where}: carried_by {spec.carried_by!r} is no unit")
        if spec.id in {t.id for t in found}:
            raise ContentError(f"{where}: the id is used twice")
        armed = spec.at is not None if spec.armed is None else spec.armed
        found.append(Trap(id=spec.id, damage=spec.damage, position=spec.at,
                          carried_by=spec.carried_by, armed=armed and spec.at is not None,
                          range_ft=spec.range_ft))
    return tuple(found)


def placed_mech(placement: Placement, book: Compendium, where: str) -> UnitState:
    from tactician.rulesets.miridon.spirit_battle.mech_units import mech_unit

    try:
        parts = [book.mech_parts[name.casefold()] for name in placement.mech or ()]
    except KeyError as exc:
        raise ContentError(f"{where}: mech: no mech part {exc.args[0]!r} "
                           "(data/mech_parts.yaml)") from None
    try:
        unit = mech_unit(book, placement.id, placement.name or placement.id.title(), parts,
                         placement.side, placement.at, placement.pilot, placement.facing)
    except TacticianError as exc:
        raise ContentError(f"{where}: mech: {exc}") from None
    controller = placement.controller or "player"
    update: dict[str, object] = {"controller": controller}
    if placement.hp is not None:  # a GM's scenario may start it damaged
        if placement.hp > unit.profile.max_hp:
            raise ContentError(f"{where}: hp {placement.hp} must be 0..{unit.profile.max_hp}")
        update["hp"] = placement.hp
    return unit.model_copy(update=update)


def board_pilots(units: list[UnitState], where: str,
                 options: BattleOptions = DEFAULT_BATTLE) -> list[UnitState]:
    """Pilots named by a mech placement start inside it (off the map)."""
    from tactician.rulesets.miridon.spirit_battle.mech_fit import fit_refusal
    from tactician.rulesets.miridon.spirit_battle.mech_units import board, is_mech, mech_of

    pilots = {mech_of(u).pilot: u.id for u in units if is_mech(u) and mech_of(u).pilot}
    known = {u.id: u for u in units}
    book = load_compendium()
    for pilot, mech in pilots.items():
        if pilot not in known:
            raise ContentError(f"{where}: mech pilot {pilot!r} is not a unit of this battle")
        refusal = fit_refusal(book, pilot, known[pilot].profile, mech_of(known[mech]), options)
        if refusal is not None:  # L3593-3601, L224, L238
            raise ContentError(f"{where}: {refusal}")
    return [board(u, pilots[u.id]) if u.id in pilots else u for u in units]
