"""Benchmark: tactician.grid.reachable against a plain heapq Dijkstra over flat arrays.

Maps 32x32, 64x64, 128x128 and 256x256, fixed seed; 70% plain (cost 1), 20%
difficult (cost 2, needs 2 movement left), 10% impassable. Movement 10 from 60
distinct plain start tiles per map, each searched once a sweep (issue 28: 20
starts searched 5 times a sweep kept what they read in the CPU caches and hid the
memory stalls of a big map; 60 distinct starts on 256x256 read some 12,000
different tiles a sweep).

The baseline is the search one would write by hand: Dijkstra with ``heapq``,
a cutoff at the movement, over the same flat neighbour table and a flat array
of entry costs (None where impassable), distances in a dict so a query costs
what it reaches (stronger than networkx, kept below as issue 3's figure). The
"needs N movement left" rule does not bind here (the need equals the cost), so
both must return the same tiles with the same movement left (checked first).
Set-up is outside the timed loops (the baseline's arrays, our per-profile
tables: ``movement.prepare`` builds them at once, as a board searched this
often gets them anyway after its first searches). The two are timed in
alternating batches (machine load drifts), each after one untimed sweep (the
other's batch has just pushed its tables out of the CPU caches), as CPU time
of this process (``time.process_time``); set-up objects are frozen out of the
garbage collector. Figures are medians.

Targets: at least 3 times faster than the heapq baseline at every size (issue
16), over 60 distinct starts (issue 28); at least 5 times faster than networkx at 64x64 (issue 3).

Run: .venv/bin/python bench/bench_reach.py   (exit status 1 if a target is not met)
"""

from __future__ import annotations

import gc
import heapq
import random
import statistics
import sys
import time
from collections.abc import Callable

import networkx as nx

from tactician.grid import Board, MoveProfile, Step, TerrainType, reachable
from tactician.grid.movement import prepare

SEED = 20240601
SIZES = (32, 64, 128, 256)
MOVEMENT = 10
STARTS = 60
TARGET = 3.0
NX_TARGET = 5.0
BATCHES = 41
REPEAT = 1  # each start once a sweep: a repeat reads tiles the cache still holds

Tile = tuple[int, int]


def build(size: int) -> tuple[Board, MoveProfile, list[Tile]]:
    rng = random.Random(SEED)
    plain = TerrainType(name="plain")
    forest = TerrainType(name="forest", cost=2, tags=("difficult",))
    mountain = TerrainType(name="mountain", cost=None, tags=("impassable",))
    cells = rng.choices([plain, forest, mountain], weights=[70, 20, 10], k=size * size)
    board = Board(size, size, cells, name="bench")
    profile = MoveProfile.of(
        MOVEMENT, {"plain": 1, "forest": Step(2, min_remaining=2), "mountain": None}
    )
    plains = [t for t in board.tiles() if board.terrain_at(t).name == "plain"]
    return board, profile, rng.sample(plains, STARTS)


def heapq_search(board: Board, profile: MoveProfile) -> Callable[[Tile], dict[Tile, int]]:
    """The baseline: flat arrays built once, then a plain Dijkstra per query."""
    per_kind = [profile.step_for(kind.name) for kind in board.palette]
    costs = [None if step is None else step.cost for step in (per_kind[c] for c in board.cells)]
    near = board.neighbour_indexes
    width = board.width

    def search(start: Tile) -> dict[Tile, int]:
        origin = start[1] * width + start[0]
        spent = {origin: 0}
        heap = [(0, origin)]
        while heap:
            used, here = heapq.heappop(heap)
            if used > spent[here]:
                continue
            for there in near[here]:
                cost = costs[there]
                if cost is None:
                    continue
                total = used + cost
                if total <= MOVEMENT and total < spent.get(there, MOVEMENT + 1):
                    spent[there] = total
                    heapq.heappush(heap, (total, there))
        return {(i % width, i // width): MOVEMENT - used for i, used in spent.items()}

    return search


def to_graph(board: Board, profile: MoveProfile) -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(board.tiles())
    for tile in board.tiles():
        for near in board.neighbours(tile):
            step = profile.step_for(board.terrain_at(near).name)
            if step is not None:
                graph.add_edge(tile, near, weight=step.cost)
    return graph


def timed(run: Callable[[], None], warm: Callable[[], None]) -> float:
    """CPU seconds for ``run()``, after an untimed ``warm()`` refills the CPU caches."""
    warm()
    began = time.process_time()
    run()
    return time.process_time() - began


def compare(ours: Callable[[Tile], object], theirs: Callable[[Tile], object],
            starts: list[Tile], batches: int) -> tuple[float, float]:
    """Median seconds per query of each, timed in alternating batches."""

    def sweep(search: Callable[[Tile], object], times: int) -> None:
        for _ in range(times):
            for start in starts:
                search(start)

    mine, other = [], []
    for _ in range(batches):
        mine.append(timed(lambda: sweep(ours, REPEAT), lambda: sweep(ours, 1)))
        other.append(timed(lambda: sweep(theirs, REPEAT), lambda: sweep(theirs, 1)))
    per = STARTS * REPEAT
    return statistics.median(mine) / per, statistics.median(other) / per


def main() -> int:
    met = True
    for size in SIZES:
        board, profile, starts = build(size)
        baseline = heapq_search(board, profile)
        prepare(board, profile)  # set-up, as the baseline's arrays are

        def ours(start: Tile, board: Board = board, profile: MoveProfile = profile) -> object:
            return reachable(board, start, profile)

        sizes = []
        for start in starts:
            found = reachable(board, start, profile)
            if found != baseline(start):
                print(f"MISMATCH at {size}x{size} from {start}")
                return 1
            sizes.append(len(found))
        gc.collect()
        gc.freeze()
        mine, theirs = compare(ours, baseline, starts, BATCHES)
        gc.unfreeze()
        ratio = theirs / mine
        ok = ratio >= TARGET
        met = met and ok
        print(
            f"{size}x{size}: reachable {mine * 1e6:6.1f} us, heapq Dijkstra {theirs * 1e6:6.1f} us "
            f"per query ({min(sizes)}-{max(sizes)} tiles): {ratio:.1f}x "
            f"(target >= {TARGET:.0f}x): {'met' if ok else 'NOT met'}"
        )
        if size == 64:
            graph = to_graph(board, profile)

            def networkx(start: Tile, graph: nx.DiGraph = graph) -> object:
                return nx.single_source_dijkstra_path_length(graph, start, cutoff=MOVEMENT)

            gc.collect()
            gc.freeze()
            mine_nx, theirs_nx = compare(ours, networkx, starts, BATCHES // 2)
            gc.unfreeze()
            nx_ratio = theirs_nx / mine_nx
            nx_ok = nx_ratio >= NX_TARGET
            met = met and nx_ok
            print(
                f"64x64 against networkx Dijkstra ({theirs_nx * 1e6:.1f} us): {nx_ratio:.1f}x "
                f"(issue 3 target >= {NX_TARGET:.0f}x): {'met' if nx_ok else 'NOT met'}"
            )
    print(f"all targets: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
