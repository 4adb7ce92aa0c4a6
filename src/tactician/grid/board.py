"""The board: a rectangle of terrain, nothing else.

Coordinates are ``(x, y)`` tuples: ``x`` is the column counted from 0 at the
left, ``y`` the row counted from 0 at the top (the first line of a text map,
the first row of a Tiled layer). Error messages shown to people use 1-based
rows and columns and say so.

Units are not on the board. Every movement or range query is told where the
units stand, so a board is immutable and can cache whatever it precomputes
(neighbour lists, per-profile cost arrays). A tile whose terrain changes (a
wall broken down) gives a new board: :meth:`Board.with_terrain`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from tactician.errors import RulesError
from tactician.grid.terrain import TerrainType

Tile = tuple[int, int]

_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def neighbour_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For each flat index ``y * width + x``, the flat indexes of its 4 neighbours.

    Order is up, left, right, down, so searches break ties the same way every time.
    Shared by every board of the same size.
    """
    key = (width, height)
    table = _NEIGHBOURS.get(key)
    if table is None:
        rows = []
        for y in range(height):
            for x in range(width):
                here = y * width + x
                near = []
                if y > 0:
                    near.append(here - width)
                if x > 0:
                    near.append(here - 1)
                if x < width - 1:
                    near.append(here + 1)
                if y < height - 1:
                    near.append(here + width)
                rows.append(tuple(near))
        table = tuple(rows)
        _NEIGHBOURS[key] = table
    return table


class Board:
    """A ``width`` x ``height`` grid of terrain, stored row-major from the top-left."""

    __slots__ = (
        "width", "height", "name", "description", "source", "units_raw",
        "_palette", "_cells", "_neighbours", "cache",
    )

    def __init__(
        self,
        width: int,
        height: int,
        terrain: Sequence[TerrainType],
        *,
        name: str = "",
        description: str = "",
        source: str = "",
        units_raw: Any = None,
    ) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a board needs at least one row and one column, not {width}x{height}")
        if len(terrain) != width * height:
            raise ValueError(
                f"a {width}x{height} board needs {width * height} terrain cells, got {len(terrain)}"
            )
        self.width = width
        self.height = height
        self.name = name
        self.description = description
        self.source = source
        #: The map file's ``units:`` entry, untouched, for the battle layer to read.
        self.units_raw = units_raw
        palette: list[TerrainType] = []
        index_of: dict[str, int] = {}
        # a map repeats a few terrain objects: each is looked up by name once
        # (``terrain`` holds them alive meanwhile, so their ids are not reused)
        by_object: dict[int, int] = {}
        cells = []
        for kind in terrain:
            position = by_object.get(id(kind))
            if position is None:
                key = kind.name.casefold()
                position = index_of.get(key)
                if position is None:
                    position = index_of[key] = len(palette)
                    palette.append(kind)
                by_object[id(kind)] = position
            cells.append(position)
        self._palette = tuple(palette)
        self._cells = tuple(cells)
        self._neighbours = neighbour_table(width, height)
        #: Per-board memo for searches (see :mod:`tactician.grid.movement`).
        self.cache: dict[Any, Any] = {}

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[TerrainType]], **kwargs: Any) -> Board:
        """Build from a list of rows (top row first), all the same length."""
        if not rows or not rows[0]:
            raise ValueError("a board needs at least one row and one column")
        width = len(rows[0])
        for number, row in enumerate(rows, start=1):
            if len(row) != width:
                raise ValueError(f"row {number} has {len(row)} cells, row 1 has {width}")
        flat = [kind for row in rows for kind in row]
        return cls(width, len(rows), flat, **kwargs)

    # -- geometry ---------------------------------------------------------

    @property
    def size(self) -> int:
        """Number of tiles."""
        return self.width * self.height

    def in_bounds(self, tile: Tile) -> bool:
        """True when ``tile`` lies on the board."""
        x, y = tile
        return 0 <= x < self.width and 0 <= y < self.height

    def check(self, tile: Tile) -> int:
        """Flat index of ``tile``; refuses a tile off the board with a RulesError."""
        x, y = tile
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise RulesError(
                f"tile ({x}, {y}) is off the {self.width}x{self.height} map "
                f"(x from 0 to {self.width - 1}, y from 0 to {self.height - 1})"
            )
        return y * self.width + x

    def index(self, tile: Tile) -> int:
        """Flat index ``y * width + x`` (no bounds check)."""
        return tile[1] * self.width + tile[0]

    def tile(self, index: int) -> Tile:
        """The ``(x, y)`` tile at a flat index."""
        y, x = divmod(index, self.width)
        return (x, y)

    def tiles(self) -> Iterator[Tile]:
        """Every tile, row by row from the top-left."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def neighbours(self, tile: Tile) -> list[Tile]:
        """The up-to-4 orthogonal neighbours of ``tile`` (no diagonals)."""
        width = self.width
        return [(j % width, j // width) for j in self._neighbours[self.check(tile)]]

    @property
    def neighbour_indexes(self) -> tuple[tuple[int, ...], ...]:
        """Flat-index neighbour lists (see :func:`neighbour_table`)."""
        return self._neighbours

    # -- terrain ----------------------------------------------------------

    @property
    def palette(self) -> tuple[TerrainType, ...]:
        """The distinct terrain types on this board, in first-seen order."""
        return self._palette

    @property
    def cells(self) -> tuple[int, ...]:
        """For each flat index, the index of its terrain in :attr:`palette`."""
        return self._cells

    def terrain_at(self, tile: Tile) -> TerrainType:
        """The terrain on ``tile``."""
        return self._palette[self._cells[self.check(tile)]]

    def with_terrain(self, tile: Tile, terrain: TerrainType) -> Board:
        """A new board with ``tile`` changed to ``terrain`` (a broken wall, a bridge)."""
        where = self.check(tile)
        flat = [self._palette[c] for c in self._cells]
        flat[where] = terrain
        return Board(
            self.width, self.height, flat, name=self.name, description=self.description,
            source=self.source, units_raw=self.units_raw,
        )

    def rows(self) -> list[list[TerrainType]]:
        """The terrain as a list of rows, top row first."""
        w = self.width
        return [
            [self._palette[c] for c in self._cells[y * w:(y + 1) * w]] for y in range(self.height)
        ]

    def _key(self) -> tuple[int, int, tuple[str, ...]]:
        names = tuple(self._palette[c].name.casefold() for c in self._cells)
        return (self.width, self.height, names)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"<Board{label} {self.width}x{self.height}>"
