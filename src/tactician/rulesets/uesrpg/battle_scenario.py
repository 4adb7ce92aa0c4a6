"""A UESRPG battle's start: a map, units placed by coordinates, sides, who controls
each unit, and objectives.

The map is a plain text grid (``.yaml``/``.map``) or a Tiled map (``.tmj``/``.tmx``)
whose terrain names come from ``data/terrain.yaml``. A units file lists who fights
where, the same shape as Tropera's:

    sides: [player, enemy]           # optional; the first side is the players'
    objectives:                      # optional; default: rout the enemy
      victory: [{kind: rout}]
    units:
      - {id: aela, file: ../aela.yaml, side: player, at: [2, 5], kit: true}
      - {id: bandit-1, template: Bandit, side: enemy, at: [9, 3]}
      - id: bandit-2
        template: Bandit
        side: enemy
        at: [9, 5]
        hp: 12                                   # starts hurt
        conditions: [{name: Bleeding, x: 2}]     # 003 conditions at the start

A unit comes from ``file:`` (a unit file, relative to the units file),
``character:`` (inline) or ``template:`` (``data/npcs.yaml``). ``controller`` is
``player`` or ``ai``; by default units of the first side are the players' and
the rest the AI's. ``kit: true`` gives a healer's kit (003: first aid and
stabilising "require a healer's kit"). Initiative is not rolled here (a start
state has no dice): the ``begin`` action rolls it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.engine.roster import Placement as BasePlacement
from tactician.engine.roster import UnitsFile as BaseUnitsFile
from tactician.engine.roster import names_apart, numbered, read_roster
from tactician.errors import ContentError, RulesError
from tactician.grid.board import Board
from tactician.rulesets.uesrpg.battle_state import (
    Controller,
    MapState,
    UesrpgBattle,
    UnitState,
    profile_of,
    terrain_set,
    with_combat,
)
from tactician.rulesets.uesrpg.character import Character, load_character, load_templates
from tactician.rulesets.uesrpg.conditions import add_condition
from tactician.rulesets.uesrpg.state import start_state


class StartCondition(BaseModel):
    """A condition a unit starts with (003's names; X, rounds and body part as 003 asks)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    x: int = 0
    rounds: int | None = None
    where: str | None = None


class Placement(BasePlacement):
    file: str | None = None
    character: Character | None = None
    template: str | None = None
    controller: Controller | None = None
    hp: int | None = None
    kit: bool = False
    weapon: str | None = None
    conditions: list[StartCondition] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_source(self) -> Placement:
        given = [s for s in (self.file, self.character, self.template) if s is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of 'file', 'character' or 'template'")
        return self


class UnitsFile(BaseUnitsFile):
    units: list[Placement]


def load_map(path: Path) -> Board:
    """A text or Tiled map whose terrain names come from UESRPG's terrain table."""
    from tactician.grid import load_map as load_grid_map

    return load_grid_map(path, terrain_set())



def _character(path: Path, placement: Placement, where: str) -> Character:
    if placement.file is not None:
        character = load_character((path.parent / placement.file).resolve())
    elif placement.template is not None:
        templates = load_templates()
        found = templates.get(placement.template.casefold())
        if found is None:
            known = ", ".join(t.name for t in templates.values())
            raise ContentError(f"{where}: no NPC template {placement.template!r} (known: {known})")
        character = found
    else:
        assert placement.character is not None
        character = placement.character
    if placement.name is not None:
        character = character.model_copy(update={"name": placement.name})
    return character


def _unit(
    path: Path, placement: Placement, number: int, controller: Controller, name: str
) -> UnitState:
    where = f"{path}: unit {placement.id!r}"
    character = _character(path, placement, where).model_copy(update={"name": name})
    try:
        profile = profile_of(character)
    except (ContentError, RulesError) as exc:
        raise ContentError(f"{where}: {exc}") from None
    if placement.weapon is not None:
        try:
            profile.weapon(placement.weapon)
        except RulesError as exc:
            raise ContentError(f"{where}: weapon: {exc}") from None
    combat = start_state(profile)
    if placement.hp is not None:
        if not 0 <= placement.hp <= profile.max_hp:
            raise ContentError(f"{where}: hp {placement.hp} must be 0..{profile.max_hp}")
        combat = replace(combat, hp=placement.hp)
    for index, start in enumerate(placement.conditions):
        try:
            combat, _ = add_condition(
                combat, start.name, x=start.x, rounds=start.rounds, where=start.where
            )
        except RulesError as exc:
            raise ContentError(f"{where}: conditions.{index}: {exc}") from None
    if combat.hp == 0 and combat.condition("Unconscious") is None:
        combat, _ = add_condition(combat, "Unconscious", cause="hp")
    unit = UnitState(
        id=placement.id,
        side=placement.side,
        number=number,
        controller=controller,
        character=character,
        position=placement.at,
        kit=placement.kit,
        weapon=placement.weapon or (profile.weapons[0].name if profile.weapons else None),
        hp=combat.hp,
        sp=combat.sp,
        mp=combat.mp,
    )
    return with_combat(unit, combat)


def start_battle(map_path: Path, units_paths: list[Path]) -> UesrpgBattle:
    """Build the start state, refusing any fault with the file and entry named."""
    board = load_map(map_path)
    terrains = terrain_set()
    roster = read_roster(
        units_paths, UnitsFile, board, lambda name: terrains[name].cost_for("default") is not None
    )
    chosen = []
    for path, placement, number in numbered(roster):
        assert isinstance(placement, Placement)
        name = _character(path, placement, roster.where(path, placement)).name
        chosen.append((path, placement, number, name))
    apart = names_apart([name for *_, name in chosen])
    units: list[UnitState] = []
    for (path, placement, number, _), unique in zip(chosen, apart, strict=True):
        first_side = roster.sides[0]
        controller = placement.controller or ("player" if placement.side == first_side else "ai")
        units.append(_unit(path, placement, number, controller, unique))
    return UesrpgBattle(
        name=roster.name,
        map=MapState.of(board),
        units=tuple(units),
        sides=roster.sides,
        objectives=roster.objectives,
    )
