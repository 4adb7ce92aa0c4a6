"""Gale Burst's knockback on the grid (004 L3313-3315; the numbers are ``magic/activation``).

L3313: "All other units within the radius of the range of the caster, both friendly and
unfriendly, are knocked back 30 feet away from the caster. Should this cause the target to
hit a wall or stationary object, the target will take 1 damage per foot left to travel as
physical damage." On the grid (new): each unit moves square by square along the one of the
8 directions nearest "away from the caster" (the signs of its offset), until it has gone the
distance; a square off the map, of terrain that blocks movement, or holding another unit
stops it - a wall or stationary object - and the feet not travelled become its damage.
Farthest units move first, so a nearer one stops against where a farther one landed.

Who is knocked back (``gale_targets``): "All other units within the radius of the range of
the caster, both friendly and unfriendly" (L3313; "Range: 45 ft radius", L3309): by default every
other living unit on the map within it; naming fewer is refused unless the cast carries
Selective Gale Burst, which "can also exclude targets in [Range] entirely" (L2724); a named
unit outside the radius, or the caster ("the caster cannot be chosen as a target of the
spell", L1184, Normal of Multi-Directional Gale Burst), is refused.

Selective Gale Burst (L2712-2724): "the caster can decide the distance each target is
knocked back by the [Effect] of the [Spell] separately. The distance cannot exceed the
[Effect] of the original [Spell]. The distance can be reduced to 0." (L2718-2722): the
activation's ``distances`` name a unit and its feet (``chosen_distances`` checks them all
before anything moves); a unit not named goes the whole distance, and one left out of the
targets is excluded entirely (L2724). A chosen distance is travelled like the whole one: a
wall met before it is reached stops the unit, the feet of the *chosen* distance left are its
damage (L3313 "1 damage per foot left to travel").

Multi-Directional and Aerial Gale Burst (L1169-1195; the paths are checked in
``gale_directions``): a unit given a path walks its legs in turn instead of going straight
away (``_walk``); a wall stops it the same way, the feet of the path left its damage. An
``up`` leg lifts it; with no height on the battle map, a wall, the edge or a unit stops it at
any height, and a unit still up at the end falls (spec 004 §2 Altitude, a DEFAULT: 1 damage
per foot fallen, PDR reduces it, "as if they hit a wall", L1193); a Dragon Flight unit,
which would stay up (L1438), is refused such a path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import underground
from tactician.rulesets.miridon.battle.geometry import DIRECTIONS, distance_ft
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState, terrain_set
from tactician.rulesets.miridon.racial_flairs import flies
from tactician.rulesets.miridon.spirit_battle.gale_directions import Path, pairs

Tile = tuple[int, int]


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


SELECTIVE = "Selective Gale Burst"


def gale_targets(state: MiridonBattle, options: BattleOptions, caster_id: str,
                 named: Sequence[str], radius: int, modifiers: Sequence[str],
                 caster_allowed: bool = False) -> tuple[str, ...]:
    """The units the Gale Burst knocks back (see the module's words), or the refusal;
    ``caster_allowed``: Multi-Directional Gale Burst lets the caster be one (L1180)."""
    caster = state.unit(caster_id)
    if caster.position is None:
        raise RulesError(f"{caster_id} is not on the map: a Gale Burst needs its place (L3313)")
    here = caster.position
    inside = tuple(u.id for u in state.units
                   if u.id != caster_id and u.status != "dead" and u.position is not None
                   and distance_ft(here, u.position, options) <= radius
                   and not underground(u))  # Death Worm Burrow: not a target (L1518)
    if not named:
        return inside
    named = tuple(caster_id if n == "self" else n for n in named)
    for name in named:
        if name == caster_id:
            if caster_allowed:
                continue  # "the caster can be chosen as a target of the spell" (L1180)
            raise RulesError("targets: the caster cannot be a target of its own Gale Burst "
                             "(004 L1184; Multi-Directional Gale Burst allows it, L1180)")
        other = state.unit(name)
        if name not in inside:
            where = "off the map" if other.position is None else (
                f"{distance_ft(here, other.position, options)} ft away")
            raise RulesError(f"targets: {name} is {where}, not within the Gale Burst's "
                             f"{radius} ft radius (004 L3313)")
    left_out = [u for u in inside if u not in named]
    if left_out and SELECTIVE not in modifiers:
        raise RulesError(f"targets: a Gale Burst knocks back all other units within {radius} "
                         f"ft (004 L3313); {', '.join(left_out)} too - only Selective Gale "
                         "Burst can exclude targets (L2724)")
    return tuple(dict.fromkeys(named))


def chosen_distances(raw: object, modifiers: Sequence[str], targets: Sequence[str],
                     most: int) -> dict[str, int]:
    """The distances the caster chose (unit id -> feet), every one checked: they need
    Selective Gale Burst (L2718), name a target of the spell, and lie in 0..``most`` (L2720,
    L2722); the error names the first that does not."""
    if raw in (None, "", {}, []):
        return {}
    if SELECTIVE not in modifiers:
        raise RulesError("distances: choosing each unit's knockback needs the Selective Gale "
                         "Burst modifier at the cast (004 L2716-2718)")
    chosen: dict[str, int] = {}
    for name, value in pairs(raw, "distances", "aria:10", "unit:feet"):
        if name not in targets:
            raise RulesError(f"distances: {name!r} is not a target of this Gale Burst "
                             f"(targets: {', '.join(targets) or 'none'})")
        if name in chosen:
            raise RulesError(f"distances: {name!r} is named twice")
        try:
            feet = int(str(value))
        except ValueError:
            raise RulesError(f"distances: {name}'s distance must be whole feet, not "
                             f"{value!r}") from None
        if not 0 <= feet <= most:
            raise RulesError(f"distances: {name}'s {feet} ft is outside 0..{most} ft - \"The "
                             "distance cannot exceed the [Effect] of the original [Spell]\" "
                             "(004 L2720-2722)")
        chosen[name] = feet
    return chosen


class Landing(NamedTuple):
    """Where a unit ends, the feet it could travel before it was stopped (None: it went its
    whole distance) and the feet it fell at the end (an Aerial Gale Burst's ``up``)."""

    tile: Tile
    room: int | None
    fallen: int = 0


def _blocked(state: MiridonBattle, taken: set[Tile], tile: Tile) -> bool:
    board = state.board()
    return not board.in_bounds(tile) or tile in taken or \
        terrain_set()[board.terrain_at(tile).name].cost_for("default") is None


def _walk(state: MiridonBattle, options: BattleOptions, unit: UnitState, path: Path,
          taken: set[Tile]) -> Landing:
    """``unit`` along ``path``'s legs: square by square on the grid, ``up``/``down`` in
    height. A wall, the edge or a unit stops it at any height (the map has no heights, so a
    wall is taken as tall as it needs); the ground stops a ``down`` leg (L1193)."""
    assert unit.position is not None
    here, height, done = unit.position, 0, 0
    for direction, feet in path:
        if direction == "up":
            height, done = height + feet, done + feet
            continue
        if direction == "down":
            if feet > height:  # "Movement into the ground ... as if they hit a wall" (L1193)
                return Landing(here, done + height)
            height, done = height - feet, done + feet
            continue
        step, start = DIRECTIONS[direction], here
        while True:
            ahead = (here[0] + step[0], here[1] + step[1])
            if distance_ft(start, ahead, options) > feet:
                break
            if _blocked(state, taken, ahead):
                return _aloft(unit, Landing(here, done + distance_ft(start, here, options)),
                              height)
            here = ahead
        done += feet
    return _aloft(unit, Landing(here, None), height)


def _aloft(unit: UnitState, landing: Landing, height: int) -> Landing:
    """A unit left above the ground falls at the end of the action (spec 004 §2 Altitude:
    "a non-flying unit above ground falls at the end of the action that left it there")."""
    if not height:
        return landing
    if flies(unit.profile.flairs):
        raise RulesError(f"directions: {unit.id} would stay {height} ft up - Dragon Flight "
                         "\"no longer falls\" (004 L1438) and the battle map keeps no "
                         "height: end its path on the ground")
    return landing._replace(fallen=height)


def landings(state: MiridonBattle, options: BattleOptions, caster: Tile, ids: Sequence[str],
             distance: int, chosen: Mapping[str, int] | None = None,
             paths: Mapping[str, Path] | None = None) -> dict[str, Landing]:
    """Where each unit ends (``Landing``): along its chosen path (``paths``, Multi-Directional
    Gale Burst), else straight away from the caster for its distance (``chosen`` for the
    units named there, else ``distance``). Farthest first."""
    taken = {u.position for u in state.units if u.position is not None}
    order = sorted((state.unit(i) for i in ids if state.unit(i).position is not None),
                   key=lambda u: (-distance_ft(caster, u.position, options), u.id))  # type: ignore[arg-type]
    found: dict[str, Landing] = {}
    for unit in order:
        start = unit.position
        assert start is not None
        path = (paths or {}).get(unit.id)
        if path is None:
            away = (_sign(start[0] - caster[0]), _sign(start[1] - caster[1]))
            name = next((d for d, step in DIRECTIONS.items() if step == away), None)
            path = ((name, (chosen or {}).get(unit.id, distance)),) if name else ()
        taken.discard(start)  # a path may come back through its own square (n10+s10)
        landing = _walk(state, options, unit, path, taken)
        taken.add(landing.tile)
        found[unit.id] = landing
    return found
