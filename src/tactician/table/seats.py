"""Tables and seats for the web table (issue 15): who may look at and act in a battle.

A *table* opens one stored battle to a group: the GM's seat, one seat per player
(each controlling the units assigned to it) and a spectators' seat (who see what the
players' side sees). Each seat has a secret token; only a SHA-256 digest of it is
stored, and a presented token is checked against every seat's digest with
``hmac.compare_digest`` (constant time, so timing tells nothing about a near miss).

A token reads ``<table id>.<secret>``: the id finds the table's row, the secret
proves the seat. Tables and seats are rows of their own (``store.models.WebTable``,
``WebSeat``, ``WebSeatUnit``; migration 0003): the database holds one digest per
seat (UNIQUE) and a unit to one seat of a table (UNIQUE(table_id, unit)).
Server-wide GM tokens (who may open tables at all) are kept the same way, as
settings (``web.gm.*``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.store.models import BattleRow, Setting, WebSeat, WebSeatUnit, WebTable

ROLES = ("gm", "player", "spectator")
GM_KEY = "web.gm."


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


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


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
        raise NotAllowed("no such table, or the link is wrong")
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


def _split(token: str | None) -> tuple[str, str]:
    if not token or token.count(".") != 1 or len(token) > 200:
        raise NotAllowed("a valid seat token is needed (use your join link)")
    table_id, secret = token.split(".")
    return table_id, secret


def seat_for(db: Database, table_id: str, token: str | None) -> tuple[Table, Seat]:
    """The seat ``token`` opens at table ``table_id``; refused (``NotAllowed``) for
    no token, a malformed one or one of another table."""
    tid, secret = _split(token)
    if not hmac.compare_digest(tid, table_id):
        raise NotAllowed("this token is for another table")
    table = get_table(db, table_id)
    presented = digest(secret)
    found: Seat | None = None
    for seat in table.seats:  # every digest compared: no early exit on a match
        if hmac.compare_digest(presented, seat.digest):
            found = seat
    if found is None:
        raise NotAllowed("a valid seat token is needed (use your join link)")
    return table, found


def new_gm_token(db: Database) -> str:
    """A server-wide GM token (may open tables); printed by ``tactician serve``."""
    gid, secret = secrets.token_hex(6), _new_secret()
    with db.write() as session:
        session.merge(Setting(key=GM_KEY + gid, value=digest(secret)))
    return f"{gid}.{secret}"


def check_gm(db: Database, token: str | None) -> None:
    gid, secret = _split(token)
    with db.read() as session:
        row = session.get(Setting, GM_KEY + gid)
    stored = row.value if row is not None else digest(_new_secret())
    if not hmac.compare_digest(digest(secret), stored) or row is None:
        raise NotAllowed("a valid GM token is needed (the link `tactician serve` printed)")
