"""Server-Sent Events: each seat's state, live.

An event is sent whenever the battle moves on (id ``<seq>.<streams>``, the data the
seat's state with ``seq``); a client that reconnects sends the last id it saw
(``Last-Event-ID``, which the browser's EventSource does by itself) and is sent the
state at once only if the battle moved on meanwhile: it resumes without a reload.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from sse_starlette import EventSourceResponse

from tactician.web import asks
from tactician.web.auth import seat_of
from tactician.web.views import live

router = APIRouter()
RETRY_MS = 1000  # how soon a dropped browser reconnects (EventSource's default is ~3 s)


@router.get("/t/{table_id}/events")
async def events(request: Request, table_id: str) -> EventSourceResponse:
    who = await run_in_threadpool(seat_of, request, table_id)
    hub = request.app.state.hub
    views = request.app.state.views
    db = request.app.state.db
    seen = request.headers.get("last-event-id")

    def state(generation: int | None) -> tuple[str, str, str | None]:
        """(version, data, the GM's undo requests as JSON)."""
        if who.role != "gm":
            version, text = views.payload_json(who.table, who.seat, generation)
            return version, text, None
        payload: dict[str, Any] = live(views.payload(who.table, who.seat))
        payload["undo_requests"] = asks.pending(db, who.table.id)
        return (payload["version"], json.dumps(payload, default=str),
                json.dumps(payload["undo_requests"]))

    async def stream() -> AsyncIterator[dict[str, Any]]:
        nonlocal seen
        asked: str | None = None  # the GM's undo requests last sent
        generation: int | None = None  # None: read the battle (first look, or a poll)
        while True:  # sse-starlette ends the generator when the client goes
            wake = hub.event(who.table.battle_id)
            if generation is not None:
                generation = hub.generation(who.table.battle_id)
                # the streams woken by one change share one read of it (on a thread)
                await views.refresh(who.table.battle_id, generation)
            quick = (views.peek_json(who.table, who.seat, generation)
                     if generation is not None and who.role != "gm" else None)
            if quick is None and generation is not None and who.role != "gm":
                quick = views.payload_json(who.table, who.seat, generation)  # no read
            version, data, requests = ((*quick, None) if quick is not None
                                       else await run_in_threadpool(state, generation))
            if version != seen or (asked is not None and requests != asked):
                seen = version
                yield {"id": version, "event": "state", "retry": RETRY_MS, "data": data}
            asked = requests
            woken = await hub.wait(wake)
            generation = hub.generation(who.table.battle_id) if woken else None

    return EventSourceResponse(stream(), ping=15, headers={"cache-control": "no-store"})
