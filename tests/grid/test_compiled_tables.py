"""A profile's search tables on a board (``movement._compile``) are what their
definition says, however few rows the build rewrites."""

from __future__ import annotations

import random

from tactician.grid import Board, MoveProfile, Step, TerrainType, movement


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
    tiles = [(x, y) for y in range(height) for x in range(width)]
    starts = rng.sample(tiles, min(4, len(tiles)))
    blockers = rng.sample(tiles, len(tiles) // 6)
    allies = rng.sample(tiles, len(tiles) // 6)
    return (lambda: Board(width, height, cells)), profile, starts, blockers, allies


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
