"""Board geometry and terrain lookup."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.grid import Board

from . import FOREST, PLAIN, WALL, board_of


def test_coordinates_are_column_then_row_from_the_top_left() -> None:
    board = board_of("..F", "#..")
    assert (board.width, board.height, board.size) == (3, 2, 6)
    assert board.terrain_at((2, 0)) == FOREST
    assert board.terrain_at((0, 1)) == WALL
    assert board.index((2, 1)) == 5 and board.tile(5) == (2, 1)
    assert list(board.tiles())[:4] == [(0, 0), (1, 0), (2, 0), (0, 1)]
    assert board.rows()[1] == [WALL, PLAIN, PLAIN]
    assert [t.name for t in board.palette] == ["plain", "forest", "wall"]


def test_neighbours_are_orthogonal_and_clipped() -> None:
    board = board_of("...", "...", "...")
    assert board.neighbours((1, 1)) == [(1, 0), (0, 1), (2, 1), (1, 2)]
    assert board.neighbours((0, 0)) == [(1, 0), (0, 1)]
    assert board.neighbours((2, 2)) == [(2, 1), (1, 2)]


def test_off_board_tiles_are_refused_with_a_readable_message() -> None:
    board = board_of("..")
    assert not board.in_bounds((2, 0)) and not board.in_bounds((0, -1))
    with pytest.raises(RulesError, match=r"\(2, 0\) is off the 2x1 map \(x from 0 to 1"):
        board.terrain_at((2, 0))


def test_with_terrain_gives_a_new_board() -> None:
    board = board_of("#.")
    broken = board.with_terrain((0, 0), PLAIN)
    assert board.terrain_at((0, 0)) == WALL and broken.terrain_at((0, 0)) == PLAIN
    assert broken == board_of("..") and hash(broken) == hash(board_of(".."))
    assert broken != board


def test_shape_errors() -> None:
    with pytest.raises(ValueError):
        Board(0, 1, [])
    with pytest.raises(ValueError):
        Board(2, 2, [PLAIN] * 3)
    with pytest.raises(ValueError, match="row 2 has 1 cells"):
        Board.from_rows([[PLAIN, PLAIN], [PLAIN]])
    with pytest.raises(ValueError):
        Board.from_rows([])


def test_the_package_docstring_example_runs() -> None:
    import doctest

    import tactician.grid

    assert doctest.testmod(tactician.grid).failed == 0
