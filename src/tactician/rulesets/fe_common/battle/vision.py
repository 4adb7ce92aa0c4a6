"""Fog of war: what a side sees (001 L110).

001 L110: "Players are assumed to have a view of 4 squares ahead of them. A
thief/rogue can see a total of 8 squares ahead of him, and a torch allows the
party to see 4 squares ahead. If a thief/rogue uses a torch, the effects stack."

Ruling ``vision_shape``: "squares ahead" is a Manhattan radius (movement has no
diagonals, L44) and a side sees what any of its units sees; a torch adds 4 to
its carrier (thief + torch = 12). Pure functions over the core grid, for the
battle layer's views.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactician.grid.board import Board, Tile
from tactician.grid.ranges import manhattan

BASE_VISION = 4
THIEF_VISION = 8
TORCH_VISION = 4


def vision_radius(*, thief: bool, torch: bool) -> int:
    return (THIEF_VISION if thief else BASE_VISION) + (TORCH_VISION if torch else 0)


def visible_tiles(board: Board, viewers: Iterable[tuple[Tile, int]]) -> frozenset[Tile]:
    """Every board tile within some viewer's radius (``(tile, radius)`` pairs)."""
    seen: set[Tile] = set()
    for (x, y), radius in viewers:
        for dy in range(-radius, radius + 1):
            span = radius - abs(dy)
            for dx in range(-span, span + 1):
                tile = (x + dx, y + dy)
                if board.in_bounds(tile):
                    seen.add(tile)
    return frozenset(seen)


def sees(viewers: Iterable[tuple[Tile, int]], tile: Tile) -> bool:
    return any(manhattan(where, tile) <= radius for where, radius in viewers)
