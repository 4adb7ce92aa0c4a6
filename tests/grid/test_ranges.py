"""Attack ranges: Manhattan bands, against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.grid import Board, MoveProfile, attack_tiles, manhattan, reachable, threat_area
from tactician.grid.ranges import ring_offsets

from . import PLAIN, board_of


def brute(board: Board, sources: list[tuple[int, int]], low: int, high: int) -> set:
    return {
        t for t in board.tiles() for s in sources if low <= manhattan(s, t) <= high
    }


def test_melee_range_is_the_four_neighbours() -> None:
    board = board_of(".....", ".....", ".....")
    assert attack_tiles(board, [(2, 1)], 1, 1) == {(2, 0), (1, 1), (3, 1), (2, 2)}


def test_bow_range_two_skips_adjacent_tiles() -> None:
    board = board_of(".....", ".....", ".....")
    got = attack_tiles(board, [(2, 1)], 2, 2)
    assert got == {(0, 1), (4, 1), (1, 0), (3, 0), (1, 2), (3, 2)}
    assert (2, 1) not in got and (2, 2) not in got


def test_range_zero_includes_the_attacker_and_edges_clip() -> None:
    board = board_of("...")
    assert attack_tiles(board, [(0, 0)], 0, 1) == {(0, 0), (1, 0)}


def test_ring_offsets_and_bad_bands() -> None:
    assert len(ring_offsets(1, 1)) == 4
    assert len(ring_offsets(1, 2)) == 12
    assert len(ring_offsets(0, 0)) == 1
    with pytest.raises(ValueError):
        ring_offsets(2, 1)
    with pytest.raises(ValueError):
        attack_tiles(board_of("."), [(0, 0)], -1, 1)
    with pytest.raises(RulesError):
        attack_tiles(board_of("."), [(3, 3)], 1, 1)


def test_threat_area_is_every_tile_attackable_after_moving() -> None:
    board = board_of(".....", ".M...", ".....")
    walker = MoveProfile.of(1, {"mountain": None})
    got = threat_area(board, (0, 0), walker, 1, 1)
    # stands on (0,0), (1,0) or (0,1); attacks their neighbours (the mountain too)
    assert got == {(1, 0), (0, 1), (0, 0), (2, 0), (1, 1), (0, 2)}


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 9), st.integers(1, 9), st.integers(0, 3), st.integers(0, 3),
    st.data(),
)
def test_attack_tiles_equal_brute_force(width: int, height: int, low: int, span: int,
                                        data: st.DataObject) -> None:
    board = Board(width, height, [PLAIN] * (width * height))
    tiles = list(board.tiles())
    sources = data.draw(st.lists(st.sampled_from(tiles), max_size=5))
    assert attack_tiles(board, sources, low, low + span) == brute(board, sources, low, low + span)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.integers(0, 4), st.integers(1, 3), st.data())
def test_threat_area_equals_brute_force_over_reachable_tiles(
    width: int, height: int, movement: int, high: int, data: st.DataObject
) -> None:
    board = Board(width, height, [PLAIN] * (width * height))
    start = data.draw(st.sampled_from(list(board.tiles())))
    walker = MoveProfile.of(movement)
    spots = list(reachable(board, start, walker))
    assert threat_area(board, start, walker, 1, high) == brute(board, spots, 1, high)
