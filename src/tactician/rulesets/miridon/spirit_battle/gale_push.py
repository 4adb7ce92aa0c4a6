"""Gale Burst's knockback on the grid (004 L3313-3315; the numbers are ``magic/activation``).

L3313: "All other units within the radius of the range of the caster, both friendly and
unfriendly, are knocked back 30 feet away from the caster. Should this cause the target to
hit a wall or stationary object, the target will take 1 damage per foot left to travel as
physical damage." On the grid (new): each unit moves square by square along the one of the
8 directions nearest "away from the caster" (the signs of its offset), until it has gone the
distance; a square off the map, of terrain that blocks movement, or holding another unit
stops it - a wall or stationary object - and the feet not travelled become its damage.
Farthest units move first, so a nearer one stops against where a farther one landed.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, terrain_set

Tile = tuple[int, int]


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def landings(state: MiridonBattle, options: BattleOptions, caster: Tile, ids: Sequence[str],
             distance: int) -> dict[str, tuple[Tile, int | None]]:
    """Where each unit ends and the feet it could travel before it was stopped (None: it
    went the whole ``distance``)."""
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
        while step != (0, 0):
            ahead = (here[0] + step[0], here[1] + step[1])
            if distance_ft(start, ahead, options) > distance:
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
