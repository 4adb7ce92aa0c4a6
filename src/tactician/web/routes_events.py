"""Server-Sent Events: each seat's state, live.

An event is sent whenever the battle moves on (id ``<seq>.<streams>``, the data the
seat's state with ``seq``); a client that reconnects sends the last id it saw
(``Last-Event-ID``, which the browser's EventSource does by itself) and is sent the
state at once only if the battle moved on meanwhile: it resumes without a reload.

A player's or spectator's event is the bytes ``web.broadcast`` encoded for that
seat and version, the same for every client of the seat (usually encoded by the
committing thread before the wake-up, so the woken stream only writes).
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from sse_starlette import EventSourceResponse

from tactician.web import asks
from tactician.web.auth import seat_of
from tactician.web.broadcast import Broadcast, encode
from tactician.web.errors import refusal
from tactician.web.views import Current, Views, live

router = APIRouter()


def streams_per_seat() -> int:
    """Open streams one seat may hold in one process (``TACTICIAN_WEB_STREAMS_PER_SEAT``,
    default 32: a table's page opens one; a seat shared by a few people, a few more)."""
    raw = os.environ.get("TACTICIAN_WEB_STREAMS_PER_SEAT", "32")
    return int(raw) if raw.isdigit() and int(raw) > 0 else 32


@router.get("/t/{table_id}/events", response_model=None)
async def events(request: Request, table_id: str) -> EventSourceResponse | JSONResponse:
    who = await run_in_threadpool(seat_of, request, table_id)
    hub = request.app.state.hub
    views: Views = request.app.state.views
    broadcast: Broadcast = request.app.state.broadcast
    if broadcast.streams(who.table, who.seat) >= streams_per_seat():
        return refusal("too many open streams for this seat (close another page first)", 429)
    db = request.app.state.db
    battle_id = who.table.battle_id
    seen = request.headers.get("last-event-id")

    def gm_state(current: Current) -> tuple[str, bytes, str]:
        """(version, the event, the undo requests as JSON): the GM's carries them."""
        payload: dict[str, Any] = live(views.payload(who.table, who.seat, current))
        payload["undo_requests"] = asks.pending(db, who.table.id)
        return (payload["version"], encode(payload["version"], json.dumps(payload, default=str)),
                json.dumps(payload["undo_requests"]))

    async def stream() -> AsyncIterator[bytes]:
        nonlocal seen
        asked: str | None = None  # the GM's undo requests last sent
        generation: int | None = None  # None: read the battle (first look, or a poll)
        with broadcast.listening(who.table, who.seat):
            while True:  # sse-starlette ends the generator when the client goes
                wake = hub.event(battle_id)
                if generation is None:
                    current = await run_in_threadpool(views.current, battle_id)
                else:  # a commit here confirmed it: no read; a NOTIFY: one shared read
                    current = await views.refresh(battle_id, generation)
                requests: str | None = None
                if who.role == "gm":
                    version, chunk, requests = await run_in_threadpool(gm_state, current)
                else:
                    version = current.version
                    chunk = (broadcast.cached(who.table, who.seat, current)
                             or await broadcast.frame_async(who.table, who.seat, current))
                if version != seen or (asked is not None and requests != asked):
                    seen = version
                    yield chunk
                asked = requests
                woken = await hub.wait(wake)
                generation = hub.generation(battle_id) if woken else None

    return EventSourceResponse(stream(), ping=15, headers={"cache-control": "no-store"})
