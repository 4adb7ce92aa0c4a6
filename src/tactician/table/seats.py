"""Tables and seats for the web table (issue 15): who may look at and act in a battle.

A *table* opens one stored battle to a group: the GM's seat, one seat per player
(each controlling the units assigned to it) and a spectators' seat (who see what the
players' side sees). Each seat has a secret token; only a SHA-256 digest of it is
stored, and a presented token is checked against every seat's digest with
``hmac.compare_digest`` (constant time, so timing tells nothing about a near miss).

A token reads ``<table id>.<secret>`` or, with an expiry, ``<table id>.<secret>.<unix
time>``: the id finds the table's row, the secret proves the seat, and the digest
covers the expiry (``sha256("<secret>.<time>")``), so it cannot be moved. The GM
re-issues a seat's link (a new secret: the old link and every cookie made from it stop
working) or revokes it (no link opens the seat until the next re-issue).

Every refusal of a seat token is one line (``NO_SEAT``), whatever was wrong (no token,
a malformed one, another table's, a wrong or expired secret, a table that does not
exist), so a refusal tells an outsider nothing, not even whether the table exists
(issue 25, hole 14); every comparison is of bytes, so no presented text, however
encoded, can fail one (hole 13). Tables and seats are rows of their own (``store.models.WebTable``,
``WebSeat``, ``WebSeatUnit``; migration 0003): the database holds one digest per
seat (UNIQUE) and a unit to one seat of a table (UNIQUE(table_id, unit)).
Server-wide GM tokens (who may open tables at all) are kept the same way, as
settings (``web.gm.*``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.store.models import BattleRow, Setting, WebSeat, WebSeatUnit, WebTable

ROLES = ("gm", "player", "spectator")
GM_KEY = "web.gm."
NO_SEAT = "a valid seat token is needed (use your join link)"
MAX_TOKEN = 200


class NotAllowed(TacticianError):
    """A request without a valid token, or for something its seat may not do."""


@dataclass(frozen=True)
class Seat:
    seat: str  # "gm", "p1", "p2", ..., "spectator"
    role: str
    name: str
    units: tuple[str, ...] = ()
    digest: str = ""


@dataclass(frozen=True)
class Table:
    id: str
    battle_id: int
    name: str
    seats: tuple[Seat, ...] = field(default_factory=tuple)

    def seat(self, name: str) -> Seat:
        for seat in self.seats:
            if seat.seat == name:
                return seat
        raise TacticianError(f"table {self.id} has no seat {name!r}")

    def owner_of(self, unit_id: str) -> Seat | None:
        for seat in self.seats:
            if unit_id in seat.units:
                return seat
        return None


def _bytes(text: str) -> bytes:
    """Any text as bytes (a lone surrogate too), for hashing and comparing."""
    return text.encode("utf-8", "surrogatepass")


def digest(secret: str, expires: int | None = None) -> str:
    """The stored digest of a seat's secret (and its expiry, when it has one)."""
    text = secret if expires is None else f"{secret}.{expires}"
    return hashlib.sha256(_bytes(text)).hexdigest()


def same(a: str, b: str) -> bool:
    """Constant-time equality of two texts, whatever they hold."""
    return hmac.compare_digest(_bytes(a), _bytes(b))


def _new_secret() -> str:
    return secrets.token_urlsafe(24)


def _load(session: Session, rows: list[WebTable]) -> list[Table]:
    """The tables of ``rows`` with their seats and units: two more queries whatever
    their number (by ``table_id``, the leading column of each UNIQUE index)."""
    ids = [row.id for row in rows]
    if not ids:
        return []
    units: dict[int, list[str]] = {}
    for seat_id, unit in session.execute(
            select(WebSeatUnit.seat_id, WebSeatUnit.unit).where(WebSeatUnit.table_id.in_(ids))
            .order_by(WebSeatUnit.seat_id, WebSeatUnit.position)):
        units.setdefault(seat_id, []).append(unit)
    seats: dict[str, list[Seat]] = {}
    for seat in session.scalars(select(WebSeat).where(WebSeat.table_id.in_(ids))
                                .order_by(WebSeat.table_id, WebSeat.position)):
        seats.setdefault(seat.table_id, []).append(Seat(
            seat.seat, seat.role, seat.name, tuple(units.get(seat.id, ())), seat.digest))
    return [Table(row.id, row.battle_id, row.name, tuple(seats.get(row.id, ())))
            for row in rows]


def create_table(db: Database, battle_id: int, name: str,
                 players: list[tuple[str, list[str]]]) -> tuple[Table, dict[str, str]]:
    """A table on ``battle_id`` with a GM seat, one seat per (player name, unit ids)
    and a spectators' seat; returns it and each seat's token (shown once, never
    stored). A unit may belong to one player only."""
    claimed: dict[str, str] = {}
    for player, units in players:
        if not player.strip():
            raise TacticianError("every player seat needs a name")
        for unit in units:
            if unit in claimed:
                raise TacticianError(f"unit {unit!r} is given to both {claimed[unit]!r} "
                                     f"and {player!r}")
            claimed[unit] = player
    table_id = secrets.token_hex(6)
    tokens: dict[str, str] = {}
    seats: list[Seat] = []
    layout = [("gm", "gm", "GM", []),
              *((f"p{n}", "player", p, u) for n, (p, u) in enumerate(players, start=1)),
              ("spectator", "spectator", "Spectators", [])]
    for seat_name, role, label, units in layout:
        secret = _new_secret()
        tokens[seat_name] = f"{table_id}.{secret}"
        seats.append(Seat(seat_name, role, label, tuple(units), digest(secret)))
    table = Table(table_id, battle_id, name, tuple(seats))
    with db.write() as session:
        if session.get(BattleRow, battle_id) is None:
            raise TacticianError(f"no stored battle with id {battle_id}")
        session.add(WebTable(id=table_id, battle_id=battle_id, name=name))
        session.flush()  # no relationship() orders the inserts: the table row first
        for position, seat in enumerate(seats):
            row = WebSeat(table_id=table_id, seat=seat.seat, position=position,
                          role=seat.role, name=seat.name, digest=seat.digest)
            session.add(row)
            session.flush()  # the seat's id, for its units
            session.add_all(WebSeatUnit(table_id=table_id, seat_id=row.id, position=n,
                                        unit=unit) for n, unit in enumerate(seat.units))
    return table, tokens


def get_table(db: Database, table_id: str) -> Table:
    """The table with its seats and units in one query (every request asks: the
    table, each seat and each unit joined on ``table_id``)."""
    query = (select(WebTable.battle_id, WebTable.name, WebSeat.seat, WebSeat.role,
                    WebSeat.name.label("seat_name"), WebSeat.digest, WebSeatUnit.unit)
             .join(WebSeat, WebSeat.table_id == WebTable.id)
             .outerjoin(WebSeatUnit, WebSeatUnit.seat_id == WebSeat.id)
             .where(WebTable.id == table_id)
             .order_by(WebSeat.position, WebSeatUnit.position))
    with db.read() as session:
        rows = session.execute(query).all()
    if not rows:
        raise NotAllowed(NO_SEAT)
    seats: dict[str, tuple[Any, list[str]]] = {}
    for row in rows:
        units = seats.setdefault(row.seat, (row, []))[1]
        if row.unit is not None:
            units.append(row.unit)
    return Table(table_id, rows[0].battle_id, rows[0].name, tuple(
        Seat(first.seat, first.role, first.seat_name, tuple(units), first.digest)
        for first, units in seats.values()))


def list_tables(db: Database) -> list[Table]:
    with db.read() as session:
        return _load(session, list(session.scalars(
            select(WebTable).order_by(WebTable.created, WebTable.id))))


@dataclass(frozen=True)
class Presented:
    """A token's parts: the table (or GM key) id, the secret and the expiry."""

    id: str
    secret: str
    expires: int | None = None


def _split(token: str | None) -> Presented:
    if not token or len(token) > MAX_TOKEN:
        raise NotAllowed(NO_SEAT)
    parts = token.split(".")
    if len(parts) == 2 and all(parts):
        return Presented(parts[0], parts[1])
    if len(parts) == 3 and all(parts) and parts[2].isascii() and parts[2].isdigit() \
            and len(parts[2]) <= 12:
        return Presented(parts[0], parts[1], int(parts[2]))
    raise NotAllowed(NO_SEAT)


def seat_for(db: Database, table_id: str, token: str | None,
             now: float | None = None) -> tuple[Table, Seat]:
    """The seat ``token`` opens at table ``table_id``; refused (``NotAllowed``,
    ``NO_SEAT``) for no token, a malformed one, one of another table, a wrong or an
    expired one, or no such table."""
    presented = _split(token)
    if not same(presented.id, table_id):
        raise NotAllowed(NO_SEAT)
    table = get_table(db, table_id)
    proof = digest(presented.secret, presented.expires)
    found: Seat | None = None
    for seat in table.seats:  # every digest compared: no early exit on a match
        if same(proof, seat.digest):
            found = seat
    if found is None:
        raise NotAllowed(NO_SEAT)
    if presented.expires is not None and presented.expires <= (now or time.time()):
        raise NotAllowed(NO_SEAT)
    return table, found


def reissue(db: Database, table_id: str, seat: str, expires: int | None = None) -> str:
    """A new token for ``seat`` (valid until the unix time ``expires``, if given): the
    seat's old token stops opening it."""
    secret = _new_secret()
    _set_digest(db, table_id, seat, digest(secret, expires))
    return f"{table_id}.{secret}" + (f".{expires}" if expires is not None else "")


def revoke(db: Database, table_id: str, seat: str) -> None:
    """No token opens ``seat`` until it is re-issued (its digest is of no secret)."""
    _set_digest(db, table_id, seat, "revoked:" + secrets.token_hex(16))


def _set_digest(db: Database, table_id: str, seat: str, value: str) -> None:
    with db.write() as session:
        row = session.scalars(select(WebSeat).where(WebSeat.table_id == table_id,
                                                    WebSeat.seat == seat)).one_or_none()
        if row is None:
            raise TacticianError(f"table {table_id} has no seat {seat!r}")
        row.digest = value


def new_gm_token(db: Database) -> str:
    """A server-wide GM token (may open tables); printed by ``tactician serve``."""
    gid, secret = secrets.token_hex(6), _new_secret()
    with db.write() as session:
        session.merge(Setting(key=GM_KEY + gid, value=digest(secret)))
    return f"{gid}.{secret}"


def check_gm(db: Database, token: str | None) -> None:
    refusal = "a valid GM token is needed (the link `tactician serve` printed)"
    try:
        presented = _split(token)
    except NotAllowed:
        raise NotAllowed(refusal) from None
    with db.read() as session:
        row = session.get(Setting, GM_KEY + presented.id)
    stored = row.value if row is not None else digest(_new_secret())
    if not same(digest(presented.secret), stored) or row is None or presented.expires:
        raise NotAllowed(refusal)
