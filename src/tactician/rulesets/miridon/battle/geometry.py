"""Feet on a square grid (spec 004 §3.1, ruling ``square_feet``/``distance_metric``).

004 measures every distance in feet, each a multiple of 5: "[Melee Range] ... 5 feet"
(L1676), moves of 5/10/20 ft (L1927-1959), gun ranges 10-240 ft (L3520-3587). One square
is ``square_feet`` (5) feet; a diagonal step is 5 ft (``chebyshev``), 5 ft x the true
length rounded down to 5 ft (``euclidean``) or 5 and 10 ft in turn (``alternating``).
Facing ([Direction], L1929-1971) is one of the 8 compass directions.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from tactician.grid.board import Board
from tactician.rulesets.miridon.battle.options import BattleOptions

Tile = tuple[int, int]
MELEE_FT = 5  # "[Melee Range] - ... within 5 feet" (L1676)

# the 8 directions, clockwise from north (y grows downwards, as the map rows do)
DIRECTIONS: dict[str, Tile] = {
    "n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1),
    "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1),
}
ORDER = tuple(DIRECTIONS)


def distance_ft(a: Tile, b: Tile, options: BattleOptions) -> int:
    """Feet between two squares under ``distance_metric``."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    step = options.square_feet
    if options.distance_metric == "chebyshev":
        return step * max(dx, dy)
    if options.distance_metric == "alternating":
        diagonal, straight = min(dx, dy), abs(dx - dy)
        return step * (straight + diagonal + diagonal // 2)
    return step * math.floor(math.hypot(dx, dy))


def in_melee(a: Tile, b: Tile, options: BattleOptions) -> bool:
    return a != b and distance_ft(a, b, options) <= MELEE_FT


def direction_of(start: Tile, end: Tile) -> str | None:
    """The compass direction of a straight move from ``start`` to ``end`` (None if the
    squares are not on one of the 8 lines)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    unit = (0 if dx == 0 else dx // abs(dx), 0 if dy == 0 else dy // abs(dy))
    return next(name for name, step in DIRECTIONS.items() if step == unit)


def within_cone(facing: str, direction: str) -> bool:
    """Charge "in the direction they are facing or up to 60 degrees off" (L1949, L1961):
    on 8 directions the facing and its two neighbours (45 degrees)."""
    offset = (ORDER.index(direction) - ORDER.index(facing)) % len(ORDER)
    return offset in (0, 1, len(ORDER) - 1)


def facing_towards(start: Tile, end: Tile) -> str:
    """The direction nearest the line from ``start`` to ``end`` (for turning to face)."""
    angle = math.atan2(end[0] - start[0], -(end[1] - start[1]))
    index = round(angle / (math.pi / 4)) % len(ORDER)
    return ORDER[index]


def _ray(start: Tile, aim: Tile) -> Iterator[Tile]:
    """The squares of the line from ``start`` through ``aim`` and on, each step rounded to
    the nearest square (``start`` itself left out, no square twice)."""
    (x0, y0), (x1, y1) = start, aim
    steps = max(abs(x1 - x0), abs(y1 - y0))
    last = start
    for n in range(1, 10_000):
        tile = (x0 + round((x1 - x0) * n / steps), y0 + round((y1 - y0) * n / steps))
        if tile != last:
            yield tile
            last = tile


def line_tiles(board: Board, options: BattleOptions, start: Tile, aim: Tile,
               reach_ft: int) -> list[Tile]:
    """The squares of a straight line from ``start`` through ``aim`` up to ``reach_ft``
    (a Shoot Through's line, L2611; a Beam Spell's, L2706): it ends at the map's edge and
    at a wall (a square that ``blocks_line``), which it does not enter."""
    if start == aim:
        return []
    found = []
    for tile in _ray(start, aim):
        if not board.in_bounds(tile) or distance_ft(start, tile, options) > reach_ft:
            break
        if board.terrain_at(tile).has_tag("blocks_line"):
            break
        found.append(tile)
    return found


def clear_between(board: Board, start: Tile, end: Tile) -> bool:
    """Whether the straight line from ``start`` to ``end`` crosses no wall on the way."""
    if start == end:
        return True
    for tile in _ray(start, end):
        if tile == end:
            return True
        if not board.in_bounds(tile) or board.terrain_at(tile).has_tag("blocks_line"):
            return False
    return False  # pragma: no cover - the ray always reaches ``end``
