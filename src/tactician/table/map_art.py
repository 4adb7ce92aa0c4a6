"""A battle's map pictures for the web table (issue 29, "Tiled tileset images where the
map has them"): the Tiled map a battle was started from is remembered with the battle
(``table.map_place``), and its tileset images
(``grid.tiled_art``) are answered for the board to draw. A battle stored before its
map's place was kept finds it among the maps the server knows by the terrain the
battle keeps, or the GM names it (``name_map``).

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
from tactician.table.map_place import KEY, TILED, map_of, remember


def _cells(board: Board) -> tuple[str, ...]:
    return tuple(board.terrain_at((x, y)).name for y in range(board.height)
                 for x in range(board.width))


def _terrains(start: Board) -> TerrainSet:
    return TerrainSet({t.name: t for t in map(start.terrain_at, start.tiles())}.values())


def _gives(path: Path, start: Board) -> bool:
    """Whether the Tiled map at ``path`` gives exactly the terrain the battle began on
    (its size and every cell's terrain: what the battle keeps of its map)."""
    from tactician.grid.tiled import load_tiled

    try:
        board = load_tiled(path, _terrains(start))
    except (TacticianError, OSError):
        return False
    return (board.width, board.height) == (start.width, start.height) and \
        _cells(board) == _cells(start)


def known_maps(db: Database, ruleset: str) -> list[Path]:
    """The Tiled maps this server knows for a battle whose map's place was not kept:
    the ruleset's example battles' maps, then every map a stored battle keeps."""
    from tactician.table import tables

    found = [e.map for e in tables.examples()
             if e.ruleset == ruleset and Path(e.map).suffix.lower() in TILED]
    with db.read() as session:
        rows = session.query(Setting).filter(Setting.key.like(KEY.format("%"))).all()
        found += [Path(r.value) for r in rows]
    unique: dict[Path, None] = {}
    for path in found:
        try:
            unique.setdefault(Path(path).resolve(), None)
        except (OSError, RuntimeError):
            continue
    return [p for p in unique if p.is_file()]


def _map(db: Database, battle_id: int, start: Board) -> tuple[Path | None, str | None]:
    """The battle's Tiled map: the place kept when it began (or named by the GM since),
    else the one known map that gives its terrain (ruling "Map pictures of a battle
    stored before its map was kept", docs/web.md), or None and why not."""
    kept = map_of(db, battle_id)
    if kept is not None:
        return kept, None
    from tactician.table import tables

    matches = [p for p in known_maps(db, tables.info(db, battle_id).ruleset)
               if _gives(p, start)]
    if len(matches) > 1:
        return None, (f"{len(matches)} known maps give this battle's terrain "
                      f"({', '.join(sorted(p.name for p in matches))}): drawn in the "
                      "palette's colours until the GM names its map")
    return (matches[0], None) if matches else (None, None)


def _art(db: Database, battle_id: int, start: Board) -> tuple[TileArt | None, str | None]:
    """The map's pictures, or None and why not (None, None: a map without any).
    ``start``: the battle's board as it began, whose terrain the file must still give."""
    path, notice = _map(db, battle_id, start)
    if path is None:
        return None, notice
    from tactician.grid.tiled import load_tiled

    try:
        board = load_tiled(path, _terrains(start))
        art = tile_art(path)
    except (TacticianError, OSError, SQLAlchemyError):
        return None, f"the map {path.name} cannot be read now: drawn in the palette's colours"
    if art is None:
        return None, None
    if _cells(board) != _cells(start):
        return None, (f"the map {path.name} has changed since the battle began: drawn in "
                      "the palette's colours")
    return art, None


def name_map(db: Database, battle_id: int, start: Board, map_path: str) -> Path:
    """The GM names the battle's map (a battle stored before its map's place was kept,
    or whose map has moved): a Tiled map on the server that gives exactly the terrain
    the battle began on; its place is kept as if the battle had begun from it.
    Anything else is refused, nothing kept."""
    path = Path(map_path).expanduser()
    if path.suffix.lower() not in TILED:
        raise TacticianError(f"{map_path!r}: name a Tiled map file (.tmj or .tmx)")
    if not path.is_absolute():
        raise TacticianError(f"{map_path!r}: give the map's full path on the server")
    if not path.is_file():
        raise TacticianError(f"{map_path!r}: no such map file on the server")
    if not _gives(path, start):
        raise TacticianError(f"{path.name} does not give this battle's terrain (its size "
                             "and every tile's terrain as the battle began): not its map")
    remember(db, battle_id, path)
    return path.resolve()


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
