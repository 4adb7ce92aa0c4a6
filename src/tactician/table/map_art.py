"""A battle's map pictures for the web table (issue 29, "Tiled tileset images where the
map has them"): the Tiled map a battle was started from is remembered with the battle
(a ``setting`` row, as the table's dice authority is), and its tileset images
(``grid.tiled_art``) are answered for the board to draw.

A battle holds its own terrain (``grid.snapshot``), never the map file: the pictures
are drawn only while the file still gives the terrain the battle started on (a map
edited since would draw another map), and only images beside the map are served
(``grid.tiled_art``). Whatever keeps them from being drawn is a ``notice``, and the
board keeps the palette: never an error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from tactician.errors import TacticianError
from tactician.grid.board import Board
from tactician.grid.terrain import TerrainSet
from tactician.grid.tiled_art import TileArt, media_type, tile_art
from tactician.store.database import Database
from tactician.store.models import Setting

_KEY = "battle.map.{}"
TILED = (".tmj",)


def remember(db: Database, battle_id: int, map_path: Path) -> None:
    """Keep where a Tiled map battle's map is (other maps have no pictures)."""
    if Path(map_path).suffix.lower() not in TILED:
        return
    with db.write() as session:
        session.merge(Setting(key=_KEY.format(battle_id), value=str(Path(map_path).resolve())))


def map_of(db: Database, battle_id: int) -> Path | None:
    with db.read() as session:
        row = session.get(Setting, _KEY.format(battle_id))
    return Path(row.value) if row is not None else None


def _cells(board: Board) -> tuple[str, ...]:
    return tuple(board.terrain_at((x, y)).name for y in range(board.height)
                 for x in range(board.width))


def _art(db: Database, battle_id: int, start: Board) -> tuple[TileArt | None, str | None]:
    """The map's pictures, or None and why not (None, None: a map without any).
    ``start``: the battle's board as it began, whose terrain the file must still give."""
    path = map_of(db, battle_id)
    if path is None:
        return None, None
    from tactician.grid.tiled import load_tiled

    terrains = TerrainSet({t.name: t for t in map(start.terrain_at, start.tiles())}.values())
    try:
        board = load_tiled(path, terrains)
        art = tile_art(path)
    except (TacticianError, OSError, SQLAlchemyError):
        return None, f"the map {path.name} cannot be read now: drawn in the palette's colours"
    if art is None:
        return None, None
    if _cells(board) != _cells(start):
        return None, (f"the map {path.name} has changed since the battle began: drawn in "
                      "the palette's colours")
    return art, None


def art_view(db: Database, battle_id: int, start: Board) -> dict[str, Any]:
    """What the board draws: ``art`` (sheets, each cell's tiles) or None, and the
    ``notice`` of what is not drawn (a missing image: its cells in the palette)."""
    art, notice = _art(db, battle_id, start)
    if art is None:
        return {"art": None, "notice": notice}
    problems = [s.problem for s in art.sheets if s.problem]
    if problems:
        notice = "; ".join(problems) + ": its tiles are drawn in the palette's colours"
    return {"art": art.describe(), "notice": notice}


def image(db: Database, battle_id: int, start: Board, index: int) -> tuple[bytes, str]:
    """The bytes and type of the map's ``index``-th tileset image (only those the map's
    own tilesets name, beside it: ``grid.tiled_art``), or a refusal."""
    art, _ = _art(db, battle_id, start)
    if art is None or not 0 <= index < len(art.sheets) or art.sheets[index].file is None:
        raise TacticianError("no such tileset image for this table's map")
    file = art.sheets[index].file
    assert file is not None
    data = file.read_bytes()
    kind = media_type(data[:16])
    if kind is None:  # changed since it was looked at
        raise TacticianError("no such tileset image for this table's map")
    return data, kind
