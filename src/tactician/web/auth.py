"""Who is asking: the seat a request's token opens, its role, and CSRF.

A token arrives as ``Authorization: Bearer <token>`` (scripts, tests) or in the
seat's cookie, set with HttpOnly and SameSite=Lax and scoped to that table's path
when a join link is redeemed: the link is ``/t/<id>/join#<token>`` (the secret in the
fragment never reaches a server's log or a referrer), whose page asks before it
POSTs the token as JSON (``/t/<id>/join``), so no request another site can make
seats anyone (issue 25, hole 15: an ``<img src=/t/ID?token=...>`` once did). A
request that relies on the cookie and changes something must carry
``X-CSRF-Token``, a digest of the seat's token that only a page of this table shows,
and a JSON body (a cross-site form can send neither), and may not come from another
origin. The server GM's cookie (``GM_COOKIE``, path ``/``, set when the console
link ``serve`` prints is redeemed) opens the GM seat of any table (issue 29). Every
comparison is constant-time and of bytes (``seats.same``).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from fastapi import Request

from tactician.table.seats import (
    NO_SEAT,
    NotAllowed,
    Seat,
    Table,
    check_gm,
    get_table,
    same,
    seat_for,
)

GM_COOKIE = "tactician_gm"


def cookie_name(table_id: str) -> str:
    return f"tactician_{table_id}"


def csrf_token(token: str) -> str:
    return hmac.new(token.encode("utf-8", "surrogatepass"), b"tactician csrf",
                    hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Who:
    table: Table
    seat: Seat
    token: str

    @property
    def role(self) -> str:
        return self.seat.role


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def presented(request: Request, cookie: str) -> tuple[str | None, bool]:
    """The token a request carries and whether it came from the cookie."""
    bearer = _bearer(request)
    if bearer is not None:
        return bearer, False
    return request.cookies.get(cookie), True


def check_csrf(request: Request, token: str, from_cookie: bool) -> None:
    if not from_cookie or request.method in ("GET", "HEAD"):
        return
    if not same(request.headers.get("x-csrf-token", ""), csrf_token(token)):
        raise NotAllowed("missing or wrong CSRF token (reload the page)")
    check_json_from_here(request)


def check_json_from_here(request: Request) -> None:
    """A state-changing request a browser sent: JSON, from a page of this server (an
    ``Origin`` of another server is refused)."""
    if not request.headers.get("content-type", "").startswith("application/json"):
        raise NotAllowed("commands are JSON (Content-Type: application/json)")
    origin = request.headers.get("origin")
    if origin is not None and origin.rstrip("/") != str(request.base_url).rstrip("/"):
        raise NotAllowed("a command from another site's page is refused")


def seat_of(request: Request, table_id: str) -> Who:
    """The seat a request opens: its bearer token or this table's cookie, else the
    server GM's cookie (path ``/``), which opens the GM seat of every table."""
    db = request.app.state.db
    token, from_cookie = presented(request, cookie_name(table_id))
    if token is None and from_cookie and request.cookies.get(GM_COOKIE):
        gm = request.cookies[GM_COOKIE]
        try:
            check_gm(db, gm)
        except NotAllowed:
            raise NotAllowed(NO_SEAT) from None  # one refusal for every seat
        table = get_table(db, table_id)
        check_csrf(request, gm, True)
        return Who(table, table.seat("gm"), gm)
    table, seat = seat_for(db, table_id, token)
    assert token is not None
    check_csrf(request, token, from_cookie)
    return Who(table, seat, token)


def gm_of(request: Request) -> str:
    token, from_cookie = presented(request, GM_COOKIE)
    check_gm(request.app.state.db, token)
    assert token is not None
    check_csrf(request, token, from_cookie)
    return token


def require(who: Who, *roles: str) -> None:
    if who.role not in roles:
        raise NotAllowed(f"the {who.role} seat may not do this (only: {', '.join(roles)})")
