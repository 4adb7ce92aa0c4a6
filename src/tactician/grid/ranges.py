"""Attack ranges: tiles within a Manhattan-distance band.

A weapon or spell with range ``min_range``-``max_range`` reaches every tile
whose Manhattan distance ``|dx| + |dy|`` from the attacker lies in that band
(``1-1`` adjacent only, ``2-2`` not adjacent, ``1-2`` both; ``0`` includes the
attacker's own tile, for effects that target oneself). Core ignores line of
sight and walls here; a ruleset that needs them filters the result.

:func:`threat_area` is the "danger zone": everything a unit could attack this
turn after moving.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from tactician.grid.board import Board, Tile
from tactician.grid.movement import MoveProfile, reachable


def manhattan(a: Tile, b: Tile) -> int:
    """``|ax - bx| + |ay - by|``: steps between two tiles without diagonals."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@lru_cache(maxsize=64)
def ring_offsets(min_range: int, max_range: int) -> tuple[tuple[int, int], ...]:
    """All ``(dx, dy)`` with ``min_range <= |dx| + |dy| <= max_range``."""
    check_band(min_range, max_range)
    out = []
    for dy in range(-max_range, max_range + 1):
        span = max_range - abs(dy)
        for dx in range(-span, span + 1):
            if abs(dx) + abs(dy) >= min_range:
                out.append((dx, dy))
    return tuple(out)


def check_band(min_range: int, max_range: int) -> None:
    """Refuse a band that is not ``0 <= min_range <= max_range``."""
    if min_range < 0 or max_range < min_range:
        raise ValueError(f"range {min_range}-{max_range} must have 0 <= min <= max")


def attack_tiles(
    board: Board, from_tiles: Iterable[Tile], min_range: int, max_range: int
) -> set[Tile]:
    """Tiles on the board within ``min_range``-``max_range`` of any of ``from_tiles``.

    Standing tiles off the board are refused (RulesError via ``Board.check``).
    """
    offsets = ring_offsets(min_range, max_range)
    width, height = board.width, board.height
    seen: set[Tile] = set()
    out: set[Tile] = set()
    for tile in from_tiles:
        if tile in seen:
            continue
        seen.add(tile)
        board.check(tile)
        x, y = tile
        if max_range <= x < width - max_range and max_range <= y < height - max_range:
            out.update((x + dx, y + dy) for dx, dy in offsets)
        else:
            for dx, dy in offsets:
                tx, ty = x + dx, y + dy
                if 0 <= tx < width and 0 <= ty < height:
                    out.add((tx, ty))
    return out


def threat_area(
    board: Board,
    start: Tile,
    profile: MoveProfile,
    min_range: int,
    max_range: int,
    blockers: Iterable[Tile] = (),
    allies: Iterable[Tile] = (),
    *,
    movement: int | None = None,
) -> set[Tile]:
    """Every tile the unit at ``start`` could attack after a move this turn.

    The union of :func:`attack_tiles` over the destinations of
    :func:`tactician.grid.movement.reachable` (same meaning of ``blockers``,
    ``allies`` and ``movement``). For several weapons, union the calls.
    """
    check_band(min_range, max_range)
    spots = reachable(board, start, profile, blockers, allies, movement=movement)
    return attack_tiles(board, spots, min_range, max_range)
