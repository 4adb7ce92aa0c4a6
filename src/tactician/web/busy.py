"""A lock another writer holds, told to the seat whose request waited for it (issue 27:
``tactician serve`` said it only on its own stderr, and the seat got the CLI's line,
naming the database and ``--wait``).

The request waits as a command does (``store.lock_wait``: ``TACTICIAN_WAIT`` seconds,
``tactician --wait SECONDS serve``), the wait noted in the server's log
(``TellWaits``); given up, the seat is answered ``BUSY`` (409, ``busy``: the page
shows it as a conflict, with the board as it is now when it can be read), nothing
changed, the action to send again. The words are the same whatever was held (the
battle's row, a roster character's, the whole SQLite file) and name no database,
table, row or unit: what a side may know decides every answer it gets.
"""

from __future__ import annotations

import logging
from contextlib import suppress
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from tactician.errors import TacticianError
from tactician.store.lock_wait import LockHeld, announcing

BUSY = "the battle is busy: another writer holds it; nothing was changed, try again"
log = logging.getLogger("tactician.web")


def _logged(what: str, limit: float) -> None:
    log.warning("a request waits for %s, held by another process (up to %g s)", what, limit)


class TellWaits:
    """Each request's lock waits go to the server's log, not to its stderr as a
    command's would (the seat is told by the answer: ``install``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with announcing(_logged):
            await self.app(scope, receive, send)


def install(app: FastAPI) -> None:
    @app.exception_handler(LockHeld)
    async def _busy(request: Request, exc: LockHeld) -> JSONResponse:
        log.warning("a request gave up: %s", exc)
        extra: dict[str, Any] = {"busy": True}
        table_id = request.path_params.get("table_id")
        if isinstance(table_id, str):
            with suppress(TacticianError):  # the board unreadable now too: words only
                extra["state"] = await run_in_threadpool(_state, request, table_id)
        return JSONResponse({"error": BUSY, **extra}, status_code=409)


def _state(request: Request, table_id: str) -> dict[str, Any]:
    """The board the seat asking may see, as a stale action's answer carries it."""
    from tactician.web import routes_table
    from tactician.web.auth import seat_of

    return routes_table._fresh(request, seat_of(request, table_id))
