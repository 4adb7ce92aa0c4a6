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

router = APIRouter()
RETRY_MS = 1000  # how soon a dropped browser reconnects (EventSource's default is ~3 s)


@router.get("/t/{table_id}/events")
async def events(request: Request, table_id: str) -> EventSourceResponse:
    who = await run_in_threadpool(seat_of, request, table_id)
    hub = request.app.state.hub
    views = request.app.state.views
    db = request.app.state.db
    seen = request.headers.get("last-event-id")

    def state() -> dict[str, Any]:
        payload: dict[str, Any] = views.payload(who.table, who.seat)
        if who.role == "gm":
            payload["undo_requests"] = asks.pending(db, who.table.id)
        return payload

    async def stream() -> AsyncIterator[dict[str, str]]:
        nonlocal seen
        asked: str | None = None  # the GM's undo requests last sent
        while not await request.is_disconnected():
            wake = hub.event(who.table.battle_id)
            payload = await run_in_threadpool(state)
            requests = json.dumps(payload.get("undo_requests"))
            if payload["version"] != seen or (asked is not None and requests != asked):
                seen = payload["version"]
                asked = requests
                yield {"id": payload["version"], "event": "state", "retry": RETRY_MS,
                       "data": json.dumps(payload, default=str)}
            asked = requests
            await hub.wait(wake)

    return EventSourceResponse(stream(), ping=15, headers={"cache-control": "no-store"})
