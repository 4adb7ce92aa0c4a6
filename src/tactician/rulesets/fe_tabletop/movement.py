"""Movement over 001's terrain: MOV squares, no diagonals, caps (001 L44, L71-75).

001 L44: "A unit can move a certain amount of squares equal to their "MOV"
stat, and cannot move diagonally." L71 Sand "1 Square Movement only", L73 Hills
"2 Square Movement only", L75 Forests "Movement halved", L72 Mountains "each
square counts at 2 Squares for movement".

Ruling ``movement_001 = caps``: a move that starts on or enters a capped tile
spends at most the cap in total (Sand 1, Hills 2, Forests half the MOV, rounded
down, at least 1). A path
is legal when its cost is at most min(MOV, every cap on it). That minimum is
one of at most four budgets c in {MOV, MOV/2, 2, 1}, so the reachable tiles are
the union of at most four core searches (``grid.reachable``), the search with
budget c forbidding the tiles whose cap is below c. (A per-tile cost cannot say
this: it fails on the second capped tile in a row.) ``per_tile``: Sand ends the
move on entry; Hills and Forests cost 2 a square.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactician.grid.board import Board, Tile
from tactician.grid.movement import MoveProfile, Step, reachable, search
from tactician.rulesets.fe_common.character.classes import MoveKind
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.terrain import TabletopTerrain


def cap_of(tile: TabletopTerrain, kind: MoveKind, mov: int) -> int | None:
    """The tile's cap for this unit, or None."""
    if tile.move_cap is None or not tile.movement_applies(kind):
        return None
    return max(1, mov // 2) if tile.move_cap == "half" else tile.move_cap


def cost_of(tile: TabletopTerrain, kind: MoveKind) -> int | None:
    """Movement to enter, or None when the unit cannot enter."""
    if not tile.enterable(kind):
        return None
    return tile.cost if tile.movement_applies(kind) else 1


def _terrain_at(board: Board, table: dict[str, TabletopTerrain], tile: Tile) -> TabletopTerrain:
    return table[board.terrain_at(tile).name.casefold()]


def profiles(
    board: Board,
    start: Tile,
    kind: MoveKind,
    mov: int,
    table: dict[str, TabletopTerrain],
    options: TabletopOptions,
) -> list[MoveProfile]:
    """The core searches whose union is the unit's reach (one under ``per_tile``)."""
    if options.movement_001 == "per_tile":
        return [MoveProfile.of(mov, _per_tile_steps(table, kind, mov), default=None)]
    start_cap = cap_of(_terrain_at(board, table, start), kind, mov)
    found = []
    for budget in sorted({mov, max(1, mov // 2), 2, 1}, reverse=True):
        if not 1 <= budget <= mov or (start_cap is not None and budget > start_cap):
            continue
        steps: dict[str, Step | None] = {}
        for entry in table.values():
            cost, cap = cost_of(entry, kind), cap_of(entry, kind, mov)
            steps[entry.name] = None if cost is None or (cap is not None and cap < budget) \
                else Step(cost)
        found.append(MoveProfile.of(budget, steps, default=None))
    return found


def reach(
    board: Board,
    start: Tile,
    kind: MoveKind,
    mov: int,
    table: dict[str, TabletopTerrain],
    options: TabletopOptions,
    blockers: Iterable[Tile] = (),
    allies: Iterable[Tile] = (),
) -> dict[Tile, int]:
    """Every tile the unit can end its move on, with the least movement spent to reach it."""
    return union_reach(profiles(board, start, kind, mov, table, options), board, start,
                       blockers, allies)


def union_reach(searches: list[MoveProfile], board: Board, start: Tile,
                blockers: Iterable[Tile] = (), allies: Iterable[Tile] = ()) -> dict[Tile, int]:
    """The tiles some search reaches, each with the least movement spent."""
    blockers, allies = tuple(blockers), tuple(allies)
    spent: dict[Tile, int] = {start: 0}
    for profile in searches:
        for tile, rest in reachable(board, start, profile, blockers, allies).items():
            used = profile.movement - rest
            if used < spent.get(tile, used + 1):
                spent[tile] = used
    return spent


def union_path(searches: list[MoveProfile], board: Board, start: Tile, goal: Tile,
               blockers: Iterable[Tile] = (), allies: Iterable[Tile] = ()) -> list[Tile] | None:
    """A cheapest legal path to ``goal`` (from the search that spends least on it)."""
    best: tuple[int, list[Tile]] | None = None
    for profile in searches:
        found = search(board, start, profile, tuple(blockers), tuple(allies))
        path, spent = found.path(goal), found.spent(goal)
        if path is not None and spent is not None and (best is None or spent < best[0]):
            best = (spent, path)
    return best[1] if best else None


def _per_tile_steps(
    table: dict[str, TabletopTerrain], kind: MoveKind, mov: int
) -> dict[str, Step | None]:
    steps: dict[str, Step | None] = {}
    for entry in table.values():
        cost = cost_of(entry, kind)
        cap = cap_of(entry, kind, mov)
        if cost is None:
            steps[entry.name] = None
        elif entry.move_cap == 1 and cap is not None:
            steps[entry.name] = Step(max(mov, 1), 1)  # Sand: entering ends the move
        elif cap is not None:
            steps[entry.name] = Step(2)
        else:
            steps[entry.name] = Step(cost)
    return steps
