"""A fe-classic battle's start: map, units, sides, objectives, briefing and deployment.

002 L5-8 (briefing): "all players should be told about special terrain,
objectives and such ... victory condition and defeat conditions, weather, and
anything plot related." L14-19 (set-up): "each player must pick a number of
units from his/her pool which does not exceed the scenario limit). These units
are then arranged in a designated area (DMs choice or agreed by the players
beforehand.) Lords must always start in a specific tile (again, decided before
the battle begins), and cannot be switched. They also must always be present in
the battle." L25-27: the scenario may set who goes first (``sides``).

The map is a text or Tiled map naming rows of 002's terrain table. A units file:

    name: The Pass at Zaha
    sides: [player, enemy]            # the first side plays first (L25-27)
    objectives: {victory: [], defeat: []}   # a Seize wins; each Lord's fall loses
    briefing: {objective: ..., victory: ..., defeat: ..., weather: clear,
               special_terrain: [...], plot: ...}
    deploy: {limit: 10, area: [[0, 9], [1, 9], ...]}
    units:
      - {id: eirika, file: ../eirika_lord.yaml, side: player, at: [1, 11]}
      - {id: ross, file: ../ross_journeyman.yaml, side: player, at: [2, 9], reserve: true}
      - {id: breguet, file: breguet_general.yaml, side: enemy, at: [17, 1], boss: true}

A player unit is a Lord when its class is (FE8 ``CA_LORD``); a Lord is always
deployed on its own ``at``. ``reserve`` units wait off the map in the pool until
deployed. Units of the first side are the players'; every other side's are the
engine's (``tier: enemy``) unless ``tier`` says otherwise.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from tactician.counted import word_for
from tactician.engine.objectives import Objective
from tactician.engine.roster import Placement as BasePlacement
from tactician.engine.roster import UnitsFile as BaseUnitsFile
from tactician.engine.roster import names_apart, numbered, read_roster
from tactician.errors import ContentError, TacticianError
from tactician.grid.board import Board
from tactician.rulesets.fe_classic.battle_state import (
    Briefing,
    ClassicBattle,
    ClassicUnit,
    Deployment,
    options_of,
    terrain_set,
)
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.fe_common.compendium import load_fe8


class Placement(BasePlacement):
    file: str
    reserve: bool = False
    boss: bool = False
    tier: str | None = None
    hp: int | None = Field(default=None, ge=0)


class UnitsFile(BaseUnitsFile):
    units: list[Placement]
    briefing: Briefing | None = None
    deploy: dict[str, object] | None = None
    # the scenario is fogged (played only under fog_rules = tabletop); None when a file
    # does not say, so a second units file (the foes) cannot switch off the first's fog
    fog: bool | None = None


def load_map(path: Path, pairs: tuple[str, ...] = ()) -> Board:
    from tactician.grid import load_map as load_grid_map

    return load_grid_map(path, terrain_set(pairs))


def _unit(path: Path, placement: Placement, number: int, first_side: str) -> ClassicUnit:
    where = f"{path}: unit {placement.id!r}"
    try:
        character = load_unit((path.parent / placement.file).resolve())
    except TacticianError as exc:
        raise ContentError(f"{where}: {exc}") from None
    if placement.name is not None:
        character = character.model_copy(update={"name": placement.name})
    if placement.hp is not None:
        if placement.hp > character.max_hp:
            raise ContentError(f"{where}: hp {placement.hp} is above max {character.max_hp}")
        character = character.model_copy(update={"hp": placement.hp})
    klass = load_fe8().klass(character.class_name)
    lord = klass.lord and placement.side == first_side
    if lord and placement.reserve:
        raise ContentError(f"{where}: a Lord is always deployed (002 L18-19); drop 'reserve'")
    tier = placement.tier if placement.tier is not None else (
        None if placement.side == first_side else "enemy")
    fe8 = load_fe8()
    weapons = [n for n in character.inventory if fe8.is_weapon(n)]
    return ClassicUnit(
        id=placement.id, name=character.name, side=placement.side, number=number,
        position=placement.at if not placement.reserve else None,
        hp=character.hp, max_hp=character.max_hp, lord=lord, character=character,
        class_name=klass.name, tier=tier, equipped=weapons[0] if weapons else None,
        boss=placement.boss, deployed=not placement.reserve,
    )


def _deployment(raw: dict[str, object] | None, board: Board, where: str) -> Deployment:
    if raw is None:
        return Deployment()
    unknown = sorted(set(raw) - {"limit", "area"})
    if unknown:
        raise ContentError(f"{where}: deploy: unknown {word_for(len(unknown), 'key')} "
                           f"{', '.join(unknown)}; "
                           "give limit and area")
    try:
        deployment = Deployment.model_validate(raw)
    except ValueError as exc:
        raise ContentError(f"{where}: deploy: {exc}".splitlines()[0]) from None
    for tile in deployment.area:
        if not board.in_bounds(tile):
            raise ContentError(f"{where}: deploy.area: {tuple(tile)} is off the map")
    return deployment


def start_battle(map_path: Path, units_paths: list[Path], pairs: tuple[str, ...] = ()
                 ) -> ClassicBattle:
    """Build the start state (the set-up stage), refusing any fault with file and entry."""
    board = load_map(map_path, pairs)
    terrains = terrain_set(pairs)

    def standable(name: str) -> bool:
        found = terrains.get(name)
        return found is not None and any(c is not None for c in found.cost.values())

    roster = read_roster(units_paths, UnitsFile, board, standable)
    first = roster.sides[0]
    units = []
    for path, placement, number in numbered(roster):
        assert isinstance(placement, Placement)
        units.append(_unit(path, placement, number, first))
    units = [u.model_copy(update={"name": n})
             for u, n in zip(units, names_apart([u.name for u in units]), strict=True)]
    where = ", ".join(str(p) for p in units_paths)
    briefing = roster.extras.get("briefing")
    deployment = _deployment(roster.extras.get("deploy"), board, where)  # type: ignore[arg-type]
    objectives = roster.objectives
    if options_of(pairs).lord_death_loses:  # 002 L17-19, ruling lord_death_loses (G2-35)
        lost = [Objective(kind="lose_unit", side=first, unit=u.id) for u in units if u.lord]
        objectives = objectives.model_copy(update={"defeat": [*objectives.defeat, *lost]})
    return ClassicBattle(
        name=roster.name, map_name=board.name, units=tuple(units), sides=roster.sides,
        objectives=objectives,
        rows=tuple(tuple(board.terrain_at((x, y)).name for x in range(board.width))
                   for y in range(board.height)),
        briefing=Briefing.model_validate(briefing) if briefing else Briefing(),
        deployment=deployment, options=tuple(pairs), fog=bool(roster.extras.get("fog", False)),
        stage="setup" if deployment.limit is not None or deployment.area else "battle",
    )
