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
