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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, terrain_set

Tile = tuple[int, int]


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


SELECTIVE = "Selective Gale Burst"


def _pairs(raw: object) -> list[tuple[str, object]]:
    """``{"aria": 10}``, ``[["aria", 10]]`` or ``"aria:10, bo:0"``."""
    if isinstance(raw, Mapping):
        return [(str(k), v) for k, v in raw.items()]
    if isinstance(raw, str):
        found: list[tuple[str, object]] = []
        for part in (p.strip() for p in raw.split(",") if p.strip()):
            name, sep, feet = part.partition(":")
            if not sep:
                raise RulesError(f"distances: {part!r} is not unit:feet (e.g. aria:10)")
            found.append((name.strip(), feet.strip()))
        return found
    if isinstance(raw, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2
                                              for p in raw):
        return [(str(p[0]), p[1]) for p in raw]
    raise RulesError(f"distances must map each unit to its feet (e.g. aria:10), not {raw!r}")


def gale_targets(state: MiridonBattle, options: BattleOptions, caster_id: str,
                 named: Sequence[str], radius: int, modifiers: Sequence[str]) -> tuple[str, ...]:
    """The units the Gale Burst knocks back (see the module's words), or the refusal."""
    caster = state.unit(caster_id)
    if caster.position is None:
        raise RulesError(f"{caster_id} is not on the map: a Gale Burst needs its place (L3313)")
    here = caster.position
    inside = tuple(u.id for u in state.units
                   if u.id != caster_id and u.status != "dead" and u.position is not None
                   and distance_ft(here, u.position, options) <= radius)
    if not named:
        return inside
    for name in named:
        if name in ("self", caster_id):
            raise RulesError("targets: the caster cannot be a target of its own Gale Burst "
                             "(004 L1184)")
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
    for name, value in _pairs(raw):
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


def landings(state: MiridonBattle, options: BattleOptions, caster: Tile, ids: Sequence[str],
             distance: int, chosen: Mapping[str, int] | None = None
             ) -> dict[str, tuple[Tile, int | None]]:
    """Where each unit ends and the feet it could travel before it was stopped (None: it
    went its whole distance: ``chosen`` for the units named there, else ``distance``)."""
    board, terrains = state.board(), terrain_set()
    taken = {u.position for u in state.units if u.position is not None}
    order = sorted((state.unit(i) for i in ids if state.unit(i).position is not None),
                   key=lambda u: (-distance_ft(caster, u.position, options), u.id))  # type: ignore[arg-type]
    found: dict[str, tuple[Tile, int | None]] = {}
    for unit in order:
        start = unit.position
        assert start is not None
        step = (_sign(start[0] - caster[0]), _sign(start[1] - caster[1]))
        here, room = start, None
        goes = (chosen or {}).get(unit.id, distance)
        while step != (0, 0):
            ahead = (here[0] + step[0], here[1] + step[1])
            if distance_ft(start, ahead, options) > goes:
                break
            if not board.in_bounds(ahead) or ahead in taken or \
                    terrains[board.terrain_at(ahead).name].cost_for("default") is None:
                room = distance_ft(start, here, options)
                break
            here = ahead
        taken.discard(start)
        taken.add(here)
        found[unit.id] = (here, room)
    return found
