"""From a battle state to the combat snapshot and movement of one unit.

Everything the map and the clock contribute (terrain under the unit, Defend,
Guard Break, statuses, carrying a passenger, Miracle and Shield already spent)
is read here, so attacks, forecasts and the enemy AI see the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactician.errors import RulesError
from tactician.grid.movement import MoveProfile, Reach, reachable, search
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.combatant import Combatant, Situation, build_combatant
from tactician.rulesets.tropera.compendium import Compendium, load_compendium
from tactician.rulesets.tropera.gear import WeaponStats
from tactician.rulesets.tropera.movement import profile
from tactician.rulesets.tropera.unit_table import table

Tile = tuple[int, int]


def statuses(state: TroperaBattle, unit: Unit) -> frozenset[str]:
    """The unit's statuses: its own, the effects on it (Defend, Overload, Sleep...)
    and "crippled" (000: "-10 penalty to their Hit, Avoid, Critical, and Critical
    Avoid for the remainder of the map")."""
    names = set(unit.statuses)
    names.update(
        e.name
        for e in state.effects_on(unit.id)
        if e.name != "guard_break" and not e.name.startswith("boost:")
    )
    if unit.crippled:
        names.add("crippled")
    return frozenset(names)


def situation(state: TroperaBattle, unit: Unit, position: Tile | None = None) -> Situation:
    """The unit's situation on ``position`` (its own tile by default)."""
    tile = position if position is not None else unit.position
    terrain = state.map.board().terrain_at(tile) if tile is not None else None
    names = statuses(state, unit)
    return Situation(
        hp=unit.hp,
        terrain_avoid=terrain.avoid if terrain else 0,
        terrain_defense=terrain.defense if terrain else 0,
        defending="defend" in names,
        statuses=names,
        carrying=unit.carrying is not None,
        miracle_spent=unit.miracle_round == state.round,
        shield_spent=unit.shield_phase == state.phase_key,
        times_wounded=unit.times_wounded,
        guard_broken=guard_break(state, unit),
        stat_bonus=tuple(
            (e.name.removeprefix("boost:"), e.value)
            for e in state.effects_on(unit.id)
            if e.name.startswith("boost:")
        ),
    )


def combatant(
    state: TroperaBattle,
    unit: Unit,
    position: Tile | None = None,
    weapon: str | None = None,
    compendium: Compendium | None = None,
) -> Combatant:
    """The unit's combat snapshot. An embarked unit (``siege``) fights with its
    siege weapon whatever it has equipped; a ``weapon`` naming a carried one is
    still checked (Equip while embarked readies it for after Disembark)."""
    compendium = compendium or load_compendium()
    if unit.embarked is not None and unit.carried_by is None:
        from tactician.rulesets.tropera.siege import siege_weapon

        engine = siege_weapon(unit, compendium)
        assert engine is not None
        if weapon is not None and weapon.casefold() == engine.name.casefold():
            weapon = None  # naming the siege weapon itself
        character = unit.character.model_copy(
            update={"transformed": unit.transformed, "equipped": weapon}
        )
        built = build_combatant(character, compendium, situation(state, unit, position), None)
        return built._replace(weapon=WeaponStats.of(engine))
    character = unit.character
    wanted = weapon or unit.equipped
    # ``build_combatant`` reads ``transformed`` of laguz only; the same character
    # object when nothing it reads changes, so what is kept per character holds
    form_differs = character.transformed != unit.transformed and character.kind.startswith("laguz")
    if form_differs or character.equipped != wanted:
        character = character.model_copy(
            update={"transformed": unit.transformed, "equipped": wanted}
        )
    return build_combatant(character, compendium, situation(state, unit, position), None)


def guard_break(state: TroperaBattle, unit: Unit) -> int:
    """Avoid lost to Guard Break (the effect's value)."""
    return max((e.value for e in state.effects_on(unit.id, "guard_break")), default=0)


def move_profile(state: TroperaBattle, unit: Unit) -> MoveProfile:
    """The unit's movement profile now (weather, Dash: see ``movement.profile``)."""
    return profile(unit.character, unit.transformed, state.adverse_weather, unit.dashed)


def occupied(state: TroperaBattle, unit: Unit) -> tuple[list[Tile], list[Tile]]:
    """(enemy tiles, ally tiles) as seen by ``unit``."""
    others, own = table(state.units).sides(unit.side)
    me = unit.id
    return list(others), [tile for uid, tile in own if uid != me]


def side_tiles(state: TroperaBattle, side: str) -> frozenset[Tile]:
    """Tiles of every unit of ``side`` that blocks or lets pass (``occupied``'s
    allies, the unit itself included), once per units tuple and side."""
    return table(state.units).side_tiles(side)


def _occupants(state: TroperaBattle) -> list[tuple[str, str, Tile]]:
    """(id, side, tile) of every unit that blocks or lets pass (``unit_table.occupant``),
    once per units tuple: the enemy AI searches every unit's reach on the same state."""
    return table(state.units).occupants()


def movement_left(state: TroperaBattle, unit: Unit) -> int:
    """Movement still to spend this turn; Grappler: "their movement becomes 0"; an
    embarked unit cannot move until it disembarks (ruling, ``siege``)."""
    if state.effects_on(unit.id, "grappled") or unit.embarked is not None:
        return 0
    return max(0, move_profile(state, unit).movement - unit.moved)


def reach(state: TroperaBattle, unit: Unit, movement: int | None = None) -> dict[Tile, int]:
    """Tiles the unit can end a move on now, with the movement left there."""
    if unit.position is None:
        raise RulesError(f"{unit.name} is not on the map")
    if movement is None:
        return dict(_search_now(state, unit).remaining)
    enemies, allies = occupied(state, unit)
    return reachable(
        state.map.board(), unit.position, move_profile(state, unit), enemies, allies,
        movement=movement,
    )


# The enemy AI asks a unit's reach on a state, then the unit moves on that very
# state (``route``): one search serves both. Kept for the last few (state, unit)
# pairs, by identity (both immutable); the entry holds them, so no id is reused.
_SEARCHED: list[tuple[TroperaBattle, Unit, Reach]] = []


def _search_now(state: TroperaBattle, unit: Unit) -> Reach:
    """The unit's search with its movement left, with paths (``grid.search``)."""
    for known, who, found in _SEARCHED:
        if known is state and who is unit:
            return found
    assert unit.position is not None
    enemies, allies = occupied(state, unit)
    found = search(
        state.map.board(),
        unit.position,
        move_profile(state, unit),
        enemies,
        allies,
        movement=movement_left(state, unit),
    )
    _SEARCHED.insert(0, (state, unit, found))
    del _SEARCHED[4:]
    return found


def reach_through_allies(state: TroperaBattle, unit: Unit) -> dict[Tile, int]:
    """``reach``'s search with the allies' tiles kept in the answer.

    Allies may be passed but not stopped on (``grid.movement``), so their tiles
    never change where else the unit can go or with what left: ``reach`` is this
    without the tiles allies stand on. The enemy AI keeps it to follow allies
    moving about without searching again (``ai_memo``).
    """
    if unit.position is None:
        raise RulesError(f"{unit.name} is not on the map")
    enemies, _ = occupied(state, unit)
    return reachable(
        state.map.board(),
        unit.position,
        move_profile(state, unit),
        enemies,
        (),
        movement=movement_left(state, unit),
    )


def route(state: TroperaBattle, unit: Unit, goal: Tile) -> tuple[list[Tile], int] | None:
    """The cheapest path to ``goal`` and the movement it spends, or None."""
    if unit.position is None:
        return None
    found = _search_now(state, unit)
    steps = found.path(goal)
    spent = found.spent(goal)
    if steps is None or spent is None:
        return None
    return steps, spent


def foes_of(state: TroperaBattle, unit: Unit) -> Iterable[Unit]:
    """Standing enemies of ``unit`` on the map (not carried, not at 0 HP)."""
    return table(state.units).foes(unit.side)  # ``unit_table.standing``, once per tuple
