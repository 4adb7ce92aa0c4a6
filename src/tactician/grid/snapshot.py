"""A map as a battle stores it: terrain names in a grid, so a battle file holds
its own map and replays the same even if the map file changes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, model_validator

from tactician.content.limits import MAX_MAP_SIDE
from tactician.grid.board import Board
from tactician.grid.terrain import TerrainSet


class TerrainGrid(BaseModel):
    """The terrain grid by terrain name, top row first (x = column, y = row)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = ""
    width: int
    height: int
    cells: tuple[str, ...]  # row-major terrain names

    @model_validator(mode="before")
    @classmethod
    def _within_limits(cls, data: Any) -> Any:
        """A stored grid is as bounded as a map file: at most ``MAX_MAP_SIDE`` a side,
        checked before the cells are read (a battle file is edited by hand too)."""
        if isinstance(data, dict):
            limit = MAX_MAP_SIDE.value()
            for side in ("width", "height"):
                value = data.get(side)
                if isinstance(value, int) and not 1 <= value <= limit:
                    raise ValueError(
                        f"{side} {value} is outside 1..{limit} ({MAX_MAP_SIDE.hint()})"
                    )
        return data

    @model_validator(mode="after")
    def _cells_fill_the_grid(self) -> Self:
        if len(self.cells) != self.width * self.height:
            raise ValueError(
                f"{len(self.cells)} cells for a {self.width}x{self.height} map "
                f"(it needs {self.width * self.height})"
            )
        return self

    @classmethod
    def of(cls, board: Board) -> Self:
        cells = tuple(
            board.terrain_at((x, y)).name for y in range(board.height) for x in range(board.width)
        )
        return cls(name=board.name, width=board.width, height=board.height, cells=cells)

    def describe(self, terrains: TerrainSet) -> dict[str, Any]:
        """The map as a view draws it: size, rows of terrain names, each one's symbol."""
        used = dict.fromkeys(self.cells)
        return {
            "width": self.width,
            "height": self.height,
            "rows": [
                list(self.cells[y * self.width : (y + 1) * self.width]) for y in range(self.height)
            ],
            "symbols": {name: terrains[name].symbol or "?" for name in used},
        }

    def build(self, terrains: TerrainSet) -> Board:
        """The board (cached: battles ask for it on every action).

        The common call, the same grid object again, is found by identity in
        ``_LAST_BUILT`` and costs no hashing (``_board``'s key hashes every cell
        name). The grid's own ``cells`` and ``terrains`` are checked by identity
        too: ``model_copy(update={"cells": ...})`` gives new cells.
        """
        found = _LAST_BUILT.get(id(self))
        if found is not None and found[0] is self:
            _, cells, known, board = found
            if cells is self.cells and known is terrains:
                return board
        board = _board(self.width, self.height, self.cells, terrains)
        if len(_LAST_BUILT) >= _LAST_BUILT_LIMIT:
            _LAST_BUILT.clear()  # atomic, unlike evicting one entry, if threads share it
        # the entry holds the grid itself, so its id cannot be reused while the entry lives
        _LAST_BUILT[id(self)] = (self, self.cells, terrains, board)
        return board


_LAST_BUILT_LIMIT = 64
_LAST_BUILT: dict[int, tuple[TerrainGrid, tuple[str, ...], TerrainSet, Board]] = {}


@lru_cache(maxsize=32)
def _board(width: int, height: int, cells: tuple[str, ...], terrains: TerrainSet) -> Board:
    kinds = {name: terrains[name] for name in dict.fromkeys(cells)}  # each name once, in order
    return Board(width, height, [kinds[name] for name in cells])
