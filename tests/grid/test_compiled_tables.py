"""A profile's search tables on a board (``movement._compile``) are what their
definition says, however few rows the build rewrites."""

from __future__ import annotations

import heapq
import random
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.grid import Board, MoveProfile, Step, TerrainType, movement

Tile = tuple[int, int]


def test_search_tables_match_their_definition() -> None:
    kinds = [
        TerrainType(name="plain"),
        TerrainType(name="forest", cost=2),
        TerrainType(name="mountain", cost=None),
        TerrainType(name="swamp", cost=3),
    ]
    for seed in range(150):
        rng = random.Random(seed)
        width, height = rng.randint(1, 12), rng.randint(1, 12)
        board = Board(width, height, rng.choices(kinds, k=width * height))
        profile = MoveProfile.of(5, {
            "plain": 1,
            "forest": Step(2, min_remaining=rng.choice([1, 2])),
            "mountain": rng.choice([None, 4]),
            "swamp": Step(3, min_remaining=rng.choice([2, 3, 4])),
        })
        steps = [profile.step_for(board.terrain_at(t).name) for t in board.tiles()]
        need = tuple(0 if s is None else s.need for s in steps)
        near = tuple(
            tuple(j for j in row if steps[j] is not None) for row in board.neighbour_indexes
        )
        top = max([s.need for s in steps if s is not None], default=0)
        compiled = movement._compile(board, profile)
        assert compiled.need == need
        assert compiled.cost == tuple(0 if s is None else s.cost for s in steps)
        assert compiled.near == near, seed
        assert compiled.near_within == ((),) + tuple(
            tuple(tuple(j for j in row if need[j] <= k) for row in near) for k in range(1, top)
        ), seed


def _placed(rng: random.Random, width: int, height: int, cells: Any,
            profile: MoveProfile) -> tuple[Any, MoveProfile, list[Tile], list[Tile], list[Tile]]:
    """A random board's factory, with four starts, a sixth of it blocked by foes and a
    sixth held by allies."""
    tiles = [(x, y) for y in range(height) for x in range(width)]
    starts = rng.sample(tiles, min(4, len(tiles)))
    blockers = rng.sample(tiles, len(tiles) // 6)
    allies = rng.sample(tiles, len(tiles) // 6)
    return (lambda: Board(width, height, cells)), profile, starts, blockers, allies


def _random_case(seed: int):  # type: ignore[no-untyped-def]
    kinds = [
        TerrainType(name="plain"),
        TerrainType(name="forest", cost=2),
        TerrainType(name="mountain", cost=None),
        TerrainType(name="swamp", cost=3),
    ]
    rng = random.Random(seed)
    width, height = rng.randint(1, 14), rng.randint(1, 14)
    cells = rng.choices(kinds, weights=[6, 2, 1, 1], k=width * height)
    profile = MoveProfile.of(rng.randint(0, 8), {
        "plain": rng.choice([1, Step(1, min_remaining=2)]),
        "forest": Step(2, min_remaining=rng.choice([1, 2])),
        "mountain": rng.choice([None, 4]),
        "swamp": Step(3, min_remaining=rng.choice([2, 3, 4])),
    }, pass_enemies=rng.random() < 0.3)
    return _placed(rng, width, height, cells, profile)


def test_searches_before_and_after_the_tables_give_the_same_answers() -> None:
    """The first searches of a board test each neighbour's gate; later ones read the
    tables (``_Compiled``). Same destinations, movement left, order and paths."""
    for seed in range(200):
        new_board, profile, starts, blockers, allies = _random_case(seed)
        untabled, tabled = new_board(), new_board()
        movement._compile(untabled, profile)._until = 10**9  # never due
        movement.prepare(tabled, profile)
        for start in starts:
            ways = [
                movement.search(board, start, profile, blockers, allies)
                for board in (untabled, tabled)
            ]
            first, second = ways
            assert list(first.remaining.items()) == list(second.remaining.items()), seed
            for goal in first.remaining:
                assert first.path(goal) == second.path(goal), (seed, start, goal)
            plain = [
                list(movement.reachable(board, start, profile, blockers, allies).items())
                for board in (untabled, tabled)
            ]
            assert plain[0] == plain[1] == list(first.remaining.items()), seed
        assert movement._compile(untabled, profile)._tables is None


def test_a_board_gets_its_tables_once_searched_often() -> None:
    board = Board(16, 16, [TerrainType(name="plain")] * 256)
    profile = MoveProfile.of(3, {"plain": 1})
    compiled = movement._compile(board, profile)
    for _ in range(256 // 8 - 1):
        movement.reachable(board, (5, 5), profile)
    assert compiled._tables is None  # a one-off search never pays for them
    movement.reachable(board, (5, 5), profile)
    assert compiled._tables is not None


def _dijkstra(board: Board, start: tuple[int, int], profile: MoveProfile,
              blockers: list[tuple[int, int]], allies: list[tuple[int, int]]
              ) -> dict[tuple[int, int], int]:
    """A plain heapq Dijkstra on movement left (the most left at each tile), for
    checking the searches against a method that shares none of their tables."""
    blocked = set() if profile.pass_enemies else set(blockers)
    no_stop = set(allies) | (set(blockers) if profile.pass_enemies else set())
    best = {start: profile.movement}
    heap = [(-profile.movement, start)]
    while heap:
        negative, here = heapq.heappop(heap)
        if -negative < best[here]:
            continue
        for there in board.neighbours(here):
            step = profile.step_for(board.terrain_at(there).name)
            if there in blocked or there == start or step is None or -negative < step.need:
                continue
            after = max(0, -negative - step.cost)
            if after > best.get(there, -1):
                best[there] = after
                heapq.heappush(heap, (-after, there))
    return {t: left for t, left in best.items() if t == start or t not in no_stop}


def _walk(board: Board, start: tuple[int, int], profile: MoveProfile,
          blockers: list[tuple[int, int]], allies: list[tuple[int, int]]
          ) -> tuple[list[tuple[Tile, int]], dict[Tile, list[Tile]]]:
    """Dial's buckets written out plainly, for pinning the searches' order and paths
    (which callers iterate and show): most movement left first, each bucket in the
    order its tiles were put in, neighbours up, left, right, down; a tile is taken
    the first time it is seen and remembers where from. Returns the answer's
    items in order and the path to each destination."""
    blocked = set() if profile.pass_enemies else set(blockers)
    no_stop = set(allies) | (set(blockers) if profile.pass_enemies else set())
    seen = {start} | blocked
    buckets: dict[int, list[tuple[int, int]]] = {n: [] for n in range(profile.movement + 1)}
    buckets[profile.movement].append(start)
    parent: dict[tuple[int, int], tuple[int, int]] = {}
    walked = []
    for left in range(profile.movement, 0, -1):
        for here in buckets[left]:  # a cost-0 step appends to this bucket
            walked.append((here, left))
            for there in board.neighbours(here):
                step = profile.step_for(board.terrain_at(there).name)
                if there not in seen and step is not None and left >= step.need:
                    seen.add(there)
                    parent[there] = here
                    buckets[max(0, left - step.cost)].append(there)
    walked += [(tile, 0) for tile in buckets[0]]
    items = [(t, left) for t, left in walked if t == start or t not in no_stop]
    paths = {}
    for goal, _ in items:
        path = [goal]
        while path[-1] != start:
            path.append(parent[path[-1]])
        paths[goal] = path[::-1]
    return items, paths


def _road_case(seed: int):  # type: ignore[no-untyped-def]
    """As ``_random_case``, with cost-0 roads and steps dearer than their need."""
    kinds = [TerrainType(name="plain"), TerrainType(name="road", cost=0),
             TerrainType(name="forest", cost=2), TerrainType(name="mountain", cost=None)]
    rng = random.Random(seed)
    width, height = rng.randint(1, 14), rng.randint(1, 14)
    cells = rng.choices(kinds, weights=[5, 3, 2, 1], k=width * height)
    profile = MoveProfile.of(rng.randint(0, 8), {
        "plain": 1,
        "road": Step(0, min_remaining=rng.choice([None, 1, 2])),
        "forest": Step(rng.choice([2, 3]), min_remaining=rng.choice([1, 2, 3])),
        "mountain": None,
    }, pass_enemies=rng.random() < 0.3)
    return _placed(rng, width, height, cells, profile)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["gates", "rows", "steps"]), st.booleans())
def test_every_way_of_searching_walks_as_plain_dials_buckets(
    seed: int, way: str, roads: bool
) -> None:
    """Whichever tables a board searches with (neighbour gates before its tables
    are due, flat rows, or a big board's (offset, cost) ``steps``, the size
    threshold lowered here so small boards take them), ``reachable`` and
    ``search`` give the same destinations, movement left, order and paths as
    Dial's buckets written out plainly (``_walk``), and ``search`` finds each
    path from the walk alone (issue 28)."""
    new_board, profile, starts, blockers, allies = (_road_case if roads else _random_case)(seed)
    board = new_board()
    if way == "gates":
        movement._compile(board, profile)._until = 10**9  # never due
    with patch.object(movement, "_COMPACT_ABOVE", 0 if way == "steps" else 10**9):
        if way != "gates":
            movement.prepare(board, profile)
    compiled = movement._compile(board, profile)
    assert (compiled._tables is not None) == (way != "gates")
    assert (compiled.steps is not None) == (way == "steps")
    for start in starts:
        items, paths = _walk(board, start, profile, blockers, allies)
        assert list(movement.reachable(board, start, profile, blockers, allies).items()) == items
        reach = movement.search(board, start, profile, blockers, allies)
        assert list(reach.remaining.items()) == items
        assert {goal: reach.path(goal) for goal in reach.remaining} == paths


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_compact_steps_answer_as_the_tables_and_as_dijkstra(seed: int, compact: bool) -> None:
    """A big board's tables are also kept as (offset, cost) rows (issue 28); with
    them a search gives the same destinations, movement left, order and paths as
    with ``near``, and what a plain Dijkstra gives. The size threshold is lowered so
    small random boards take the compact rows."""
    new_board, profile, starts, blockers, allies = _random_case(seed)
    plain_board, steps_board = new_board(), new_board()
    movement.prepare(plain_board, profile)
    with patch.object(movement, "_COMPACT_ABOVE", 0 if compact else 10**9):
        movement.prepare(steps_board, profile)
    assert movement._compile(steps_board, profile).compact == compact
    assert (movement._compile(steps_board, profile).steps is not None) == compact
    for start in starts:
        ways = [movement.search(b, start, profile, blockers, allies)
                for b in (plain_board, steps_board)]
        assert list(ways[0].remaining.items()) == list(ways[1].remaining.items())
        for goal in ways[0].remaining:
            assert ways[0].path(goal) == ways[1].path(goal)
        found = movement.reachable(steps_board, start, profile, blockers, allies)
        assert list(found.items()) == list(ways[0].remaining.items())
        assert found == _dijkstra(steps_board, start, profile, blockers, allies)


def test_a_big_board_searches_with_compact_steps_as_a_plain_dijkstra() -> None:
    """Above ``_COMPACT_ABOVE`` tiles the compact rows are what searches read."""
    rng = random.Random(28)
    kinds = [TerrainType(name="plain"), TerrainType(name="forest", cost=2),
             TerrainType(name="mountain", cost=None)]
    board = Board(80, 70, rng.choices(kinds, weights=[7, 2, 1], k=80 * 70))
    profile = MoveProfile.of(9, {"plain": 1, "forest": Step(2), "mountain": None})
    movement.prepare(board, profile)
    assert movement._compile(board, profile).steps is not None
    tiles = [t for t in board.tiles() if board.terrain_at(t).name == "plain"]
    for start in rng.sample(tiles, 40):
        blockers = rng.sample(tiles, 30)
        assert movement.reachable(board, start, profile, blockers) == _dijkstra(
            board, start, profile, [b for b in blockers if b != start], []
        )
        reach = movement.search(board, start, profile, blockers)
        items, paths = _walk(board, start, profile, [b for b in blockers if b != start], [])
        assert list(reach.remaining.items()) == items
        assert {goal: reach.path(goal) for goal in reach.remaining} == paths
