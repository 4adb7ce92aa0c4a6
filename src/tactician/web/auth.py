"""Who is asking: the seat a request's token opens, its role, and CSRF.

A token arrives as ``Authorization: Bearer <token>`` (scripts, tests) or in the
seat's cookie, set by the join link (``/t/<id>?token=...``) with HttpOnly and
SameSite=Lax and scoped to that table's path. A request that relies on the cookie
and changes something must carry ``X-CSRF-Token``, a digest of the seat's token
that only a page of this table shows, and a JSON body (a cross-site form can send
neither). Every comparison is constant-time (``hmac.compare_digest``).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from fastapi import Request

from tactician.table.seats import NotAllowed, Seat, Table, check_gm, seat_for

GM_COOKIE = "tactician_gm"


def cookie_name(table_id: str) -> str:
    return f"tactician_{table_id}"


def csrf_token(token: str) -> str:
    return hmac.new(token.encode("utf-8"), b"tactician csrf", hashlib.sha256).hexdigest()


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
    sent = request.headers.get("x-csrf-token", "")
    if not hmac.compare_digest(sent.encode(), csrf_token(token).encode()):
        raise NotAllowed("missing or wrong CSRF token (reload the page)")
    if not request.headers.get("content-type", "").startswith("application/json"):
        raise NotAllowed("commands are JSON (Content-Type: application/json)")


def seat_of(request: Request, table_id: str) -> Who:
    db = request.app.state.db
    token, from_cookie = presented(request, cookie_name(table_id))
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
