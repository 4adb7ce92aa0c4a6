"""Refusals as the CLI gives them: one clear line, ``{"error": ...}``, nothing changed.

A ``TacticianError`` is a 400 (``NotAllowed`` 403, ``StaleBattle`` 409 with the fresh
state added by the route, a lock held elsewhere 409 ``busy``: ``web.busy``); a malformed
request is a 400 naming the field; anything unexpected is a 500 saying only that nothing
was changed, never a traceback. Bodies over ``MAX_BODY`` bytes are refused (413) before
they are read whole, whether their length is declared or they arrive chunked; a JSON
body nested deeper than ``MAX_NESTING`` is refused (400) before it is parsed (issue 25,
hole 13).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tactician.errors import TacticianError
from tactician.table.seats import NotAllowed

MAX_BODY = 64 * 1024
MAX_NESTING = 32  # brackets open at once in a JSON body (an action nests a few)
log = logging.getLogger("tactician.web")


class BodyTooLarge(TacticianError):
    """A request body over the limit (413)."""


def refusal(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split()), **extra}, status_code=status)


def install(app: FastAPI) -> None:
    @app.exception_handler(BodyTooLarge)
    async def _too_large(_: Request, exc: BodyTooLarge) -> JSONResponse:
        return refusal(str(exc), 413)

    @app.exception_handler(NotAllowed)
    async def _not_allowed(_: Request, exc: NotAllowed) -> JSONResponse:
        return refusal(str(exc), 403)

    @app.exception_handler(TacticianError)
    async def _refused(_: Request, exc: TacticianError) -> JSONResponse:
        return refusal(str(exc), 400)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "request"
        return refusal(f"{where}: {first.get('msg', 'invalid')}", 400)

    @app.exception_handler(HTTPException)
    async def _http(_: Request, exc: HTTPException) -> JSONResponse:
        return refusal(str(exc.detail), exc.status_code)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return refusal("internal error: nothing was changed", 500)


class BodyLimit:
    """Refuse a request body over ``limit`` bytes, by its Content-Length or as it
    streams in (chunked), before the route reads it (413 either way); and a body whose
    JSON nests deeper than ``MAX_NESTING`` (400), which the parser would recurse into."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await refusal(f"request body over {self.limit} bytes", 413)(scope, receive, send)
            return
        if scope.get("method") not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        body = bytearray()
        while True:  # read it whole (at most ``limit``), then hand it on as one message
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, receive, send)
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await refusal(f"request body over {self.limit} bytes", 413)(scope, receive,
                                                                              send)
                return
            if not message.get("more_body"):
                break
        if _nesting(bytes(body)) > MAX_NESTING:
            await refusal(f"a JSON body nests at most {MAX_NESTING} levels", 400)(
                scope, receive, send)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _nesting(body: bytes) -> int:
    """How deep a JSON text's brackets nest at most (strings skipped)."""
    deepest = depth = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


class SecurityHeaders:
    """No framing, no sniffing, no referrer (join links carry tokens), scripts and
    styles from this server only."""

    HEADERS = [
        (b"content-security-policy",
         b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
        (b"cache-control", b"no-store"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers if scope["type"] == "http" else send)
