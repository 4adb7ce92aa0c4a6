"""A campaign battle's stored rows read with the standard library's ``sqlite3``: what
a read-only command needs to find its battle's kept board (``table.board_cache``)
without SQLAlchemy, the store's modules or the engine (issue 28: ``battle show`` on a
campaign battle cost 11x a bare Typer app, 94% of it imports).

``peek`` finds the battle exactly as the store does (``store.campaigns.
current_campaign``, ``store.battles.current_battle`` / ``find_battle``) and returns
the rows the full path opens it from (``store.battles.load_tail``): the battle's
row, its newest snapshot and the entries from the one that snapshot was taken
after. Those rows, byte for byte, are the board's key: one changed byte in any of
them and the key is new, so the full path reads, verifies and refuses what it
always refused. Nothing is written: the file is opened read-only (``mode=ro``).

Any doubt is ``None``, and the caller takes the full path, which says what is
wrong in its own words: a URL that is not a plain SQLite file, a database that is
absent or of another schema revision (the full path migrates it), no current
campaign or battle, any ``sqlite3`` error.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any, NamedTuple

from tactician.store.schema_head import HEAD

__all__ = ["Peeked", "peek", "sqlite_path"]

ENV = "TACTICIAN_DB"  # store.location.ENV
CURRENT = "current_campaign"  # store.campaigns.CURRENT


class Peeked(NamedTuple):
    """A battle found in the database: its id, name, last sequence number, head hash
    (the last entry's, ``""`` before any) and the rows it is opened from."""

    battle_id: int
    name: str
    last_seq: int
    head: str
    material: bytes


def sqlite_path(db: str | None) -> Path | None:
    """The SQLite file ``--db`` / ``TACTICIAN_DB`` / the default names
    (``store.location.resolve``'s reading), or None for anything else (a server URL,
    a URL with a query, an in-memory database)."""
    raw = db if db else os.environ.get(ENV) or ""
    if not raw.strip():
        from tactician.store.location import default_path  # noqa: PLC0415 - rare

        return default_path()
    if "://" not in raw:
        return Path(raw).expanduser().absolute()
    scheme, _, rest = raw.partition("://")
    if scheme not in ("sqlite", "sqlite+pysqlite") or not rest.startswith("/") or "?" in rest:
        return None
    where = rest[1:]
    if not where or where == ":memory:":
        return None
    return Path(where).expanduser().absolute()


def peek(db: str | Path | None, name: str | None = None,
         battle_id: int | None = None) -> Peeked | None:
    """The battle ``battle_id``, else ``name``, else the current one, of the current
    campaign, read from the SQLite file ``db`` names (a path: that file); None if in
    any doubt (module docstring)."""
    path = db if isinstance(db, Path) else sqlite_path(db)
    if path is None or not path.is_file():
        return None
    try:
        # no wait: a database another process locks is the full path's to wait for,
        # saying so (store.lock_wait)
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=0)
    except sqlite3.Error:
        return None
    try:
        conn.execute("BEGIN")  # one snapshot of the database for every read below
        if conn.execute("SELECT version_num FROM alembic_version").fetchall() != [(HEAD,)]:
            return None
        found = battle_id if battle_id is not None else _find(conn, name)
        return None if found is None else _rows(conn, found)
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def _one(conn: sqlite3.Connection, sql: str, *args: Any) -> tuple[Any, ...] | None:
    """The one row ``sql`` finds, or None (none, or more than one)."""
    rows = conn.execute(sql, args).fetchmany(2)
    return tuple(rows[0]) if len(rows) == 1 else None


def _find(conn: sqlite3.Connection, name: str | None) -> Any | None:
    """The id of the battle ``name`` (default: the current one) of the current campaign."""
    campaign = _current(conn, "campaign", CURRENT, "")
    if campaign is None:
        return None
    if name is not None:
        found = _one(conn, "SELECT id FROM battle WHERE campaign_id = ? AND name = ?",
                     campaign, name)
        battle = found[0] if found else None
    else:
        battle = _current(conn, "battle", f"current_battle/{campaign}",
                          f" WHERE campaign_id = {int(campaign)}")
    return battle


def _rows(conn: sqlite3.Connection, battle: Any) -> Peeked | None:
    row = _one(conn, "SELECT id, campaign_id, name, ruleset, seed, options, start, header, "
               "streams, last_seq, status FROM battle WHERE id = ?", battle)
    if row is None:
        return None
    last_seq = int(row[9])
    snap = _one(conn, "SELECT seq, state FROM snapshot WHERE battle_id = ? AND seq <= ? "
                "ORDER BY seq DESC LIMIT 1", battle, last_seq)
    since = int(snap[0]) if snap is not None else 0
    entries = conn.execute(
        "SELECT seq, entry FROM battle_entry WHERE battle_id = ? AND seq > ? AND seq <= ? "
        "ORDER BY seq", (battle, max(since - 1, 0), last_seq)).fetchall()
    head = ""
    if last_seq:
        if not entries or entries[-1][0] != last_seq:
            return None  # the full path says what is missing
        try:
            head = str(json.loads(entries[-1][1]).get("hash", ""))
        except (ValueError, TypeError, AttributeError):
            return None
    parts = [repr(row), repr(snap), *(repr(tuple(entry)) for entry in entries)]
    material = "\0".join(parts).encode("utf-8", "surrogatepass")
    return Peeked(int(battle), str(row[2]), last_seq, head, material)


def _current(conn: sqlite3.Connection, table: str, setting: str, where: str) -> Any | None:
    """The id of the row the setting names, else of the only row there is (as the
    store chooses its current campaign and battle)."""
    chosen = _one(conn, "SELECT value FROM setting WHERE key = ?", setting)
    if chosen is not None:
        scope = f"{where} AND" if where else " WHERE"
        found = _one(conn, f"SELECT id FROM {table}{scope} name = ?", chosen[0])  # noqa: S608
        if found is not None:
            return found[0]
        if table == "campaign":
            return None  # the store refuses a current campaign that is gone
    rows = conn.execute(f"SELECT id FROM {table}{where} LIMIT 2").fetchall()  # noqa: S608
    return rows[0][0] if len(rows) == 1 else None
