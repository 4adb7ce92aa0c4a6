"""A table's map pictures (issue 29, "Tiled tileset images where the map has them"):
``/t/<id>/art`` says which tileset image and tile each cell shows (or a ``notice`` of
what is not drawn), ``/t/<id>/tiles/<n>`` serves the map's ``n``-th tileset image,
only one its own tilesets name, from beside the map (``table.map_art``,
``grid.tiled_art``). Any seat may ask: the terrain is on every seat's board already.
``POST /t/<id>/art`` is the GM naming the battle's map (a battle stored before its
map's place was kept): refused unless the file gives the battle's terrain; the
server's log says who named which map."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from tactician.table import map_art, tables
from tactician.web.auth import require, seat_of

router = APIRouter()
log = logging.getLogger("tactician.web")


def _start(request: Request, table_id: str) -> tuple[Any, int]:
    who = seat_of(request, table_id)
    db = request.app.state.db
    return tables.start_state(db, who.table.battle_id).map.board(), who.table.battle_id


@router.get("/t/{table_id}/art")
def art(request: Request, table_id: str) -> dict[str, Any]:
    start, battle_id = _start(request, table_id)
    return map_art.art_view(request.app.state.db, battle_id, start)


@router.get("/t/{table_id}/tiles/{index}")
def tiles(request: Request, table_id: str, index: int) -> Response:
    start, battle_id = _start(request, table_id)
    data, kind = map_art.image(request.app.state.db, battle_id, start, index)
    return Response(data, media_type=kind, headers={
        "cache-control": "private, max-age=3600", "x-content-type-options": "nosniff"})


class NameMapAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    map: str = Field(min_length=1, max_length=4096)


@router.post("/t/{table_id}/art")
def name_map(request: Request, table_id: str, body: NameMapAsk) -> dict[str, Any]:
    """The GM names the battle's Tiled map on the server (GM only; ruling "Map
    pictures of a battle stored before its map was kept", docs/web.md): the answer is
    what ``/art`` answers from then on."""
    who = seat_of(request, table_id)
    require(who, "gm")
    db = request.app.state.db
    start = tables.start_state(db, who.table.battle_id).map.board()
    path = map_art.name_map(db, who.table.battle_id, start, body.map)
    log.info("table %s: the GM named battle %s's map: %s", table_id, who.table.battle_id, path)
    return map_art.art_view(db, who.table.battle_id, start)
