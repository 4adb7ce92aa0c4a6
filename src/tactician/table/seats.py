"""Tables and seats for the web table (issue 15): who may look at and act in a battle.

A *table* opens one stored battle to a group: the GM's seat, one seat per player
(each controlling the units assigned to it) and a spectators' seat (who see what the
players' side sees). Each seat has a secret token; only a SHA-256 digest of it is
stored, and a presented token is checked against every seat's digest with
``hmac.compare_digest`` (constant time, so timing tells nothing about a near miss).

A token reads ``<table id>.<secret>``: the id finds the table's row, the secret
proves the seat. Server-wide GM tokens (who may open tables at all) are kept the
same way. Both live in the store's key/value ``setting`` table (keys ``web.table.*``,
``web.gm.*``), so the web table needs no schema migration of its own (docs/web.md).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy import select

from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.store.models import Setting

ROLES = ("gm", "player", "spectator")
TABLE_KEY = "web.table."
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


def _dump(table: Table) -> str:
    return json.dumps({"battle_id": table.battle_id, "name": table.name,
                       "seats": [{**asdict(s), "units": list(s.units)} for s in table.seats]})


def _load(table_id: str, raw: str) -> Table:
    data: dict[str, Any] = json.loads(raw)
    seats = tuple(Seat(s["seat"], s["role"], s["name"], tuple(s["units"]), s["digest"])
                  for s in data["seats"])
    return Table(table_id, int(data["battle_id"]), str(data["name"]), seats)


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
        session.add(Setting(key=TABLE_KEY + table_id, value=_dump(table)))
    return table, tokens


def get_table(db: Database, table_id: str) -> Table:
    with db.read() as session:
        row = session.get(Setting, TABLE_KEY + table_id)
        if row is None:
            raise NotAllowed("no such table, or the link is wrong")
        return _load(table_id, row.value)


def list_tables(db: Database) -> list[Table]:
    with db.read() as session:
        rows = session.scalars(select(Setting).where(Setting.key.startswith(TABLE_KEY)))
        return [_load(r.key[len(TABLE_KEY):], r.value) for r in rows]


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
