"""A campaign battle's action read and stored with the standard library's ``sqlite3``:
what a writer (``battle move``, ``attack``, ``end-phase``...) needs of an SQLite
campaign, without SQLAlchemy or the store's models (issue 28: they were some 40% of a
writer's start-up; a warm writer cost 10x a bare Typer app).

It reads and writes exactly the rows the store does (``store.battles.load_tail`` and
``append_entries``: the same columns, the same JSON, the same checks in the same write
transaction), and it does nothing else: anything in doubt is ``None`` and the caller
takes the full path (``store.battles`` through SQLAlchemy), which does it and says what
is wrong in its own words, so every refusal and every message stays the store's own:

- a URL that is not a plain SQLite file, a database that is absent, not in WAL mode or
  of another schema revision (the full path migrates or refuses it);
- a row the engine cannot read (a damaged entry or snapshot: ``store.damage`` names it);
- the write lock held by another process: this path does not wait (``timeout=0``); the
  full path waits for it out loud and for a bounded time (``store.lock_wait``);
- a battle the entries end (its characters carry their state back to the roster:
  ``store.battles.carry_back``), and redo (the caller never asks this path for those).

A stale writer is refused here as there: ``StaleBattle``, nothing written.
PostgreSQL always takes the full path.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from tactician.engine.log import Entry
from tactician.errors import StaleBattle
from tactician.store.battle_rows import BattleInfo, Tail
from tactician.store.schema_head import HEAD
from tactician.store.sqlite_peek import _find, sqlite_path
from tactician.store.sqlite_sync import asked_mode

__all__ = ["SqliteBattles"]


class _Doubt(Exception):
    """Leave it to the full path."""


class SqliteBattles:
    """One campaign database file, opened with ``sqlite3`` (``open``: None in doubt)."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    @classmethod
    def open(cls, db: str | None) -> SqliteBattles | None:
        """The SQLite file ``--db`` / ``TACTICIAN_DB`` names (``sqlite_peek.sqlite_path``),
        at this schema revision and in WAL mode, else None."""
        path = sqlite_path(db)
        if path is None or not path.is_file():
            return None
        try:
            sync = asked_mode()
            if sync is None:
                return None  # the full path refuses it, naming the modes
            conn = sqlite3.connect(path, timeout=0, isolation_level=None)
        except sqlite3.Error:
            return None
        try:
            conn.execute("PRAGMA busy_timeout=0")
            if conn.execute("PRAGMA journal_mode").fetchone() != ("wal",):
                raise _Doubt
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute(f"PRAGMA synchronous={sync.upper()}")
            if conn.execute("SELECT version_num FROM alembic_version").fetchall() != [(HEAD,)]:
                raise _Doubt
        except (sqlite3.Error, _Doubt):
            conn.close()
            return None
        return cls(path, conn)

    def close(self) -> None:
        self.conn.close()

    def find(self, name: str | None) -> tuple[int, str] | None:
        """The battle ``name`` (default: the current one) of the current campaign: its id
        and name, as ``store.battles.find_battle`` / ``current_battle`` choose it."""
        try:
            self.conn.execute("BEGIN")
            try:
                found = _find(self.conn, name)
                if found is None:
                    return None
                row = self.conn.execute("SELECT id, name FROM battle WHERE id = ?",
                                        (found,)).fetchone()
            finally:
                self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            return None
        return (int(row[0]), str(row[1])) if row is not None else None

    def load_tail(self, battle_id: int) -> Tail | None:
        """``store.battles.load_tail`` (without ``whole_log``): the battle's row, its
        newest snapshot and the entries from the one it was taken after, in one read
        transaction."""
        try:
            self.conn.execute("BEGIN")
            try:
                return self._tail(battle_id)
            finally:
                self.conn.execute("ROLLBACK")
        except (sqlite3.Error, _Doubt, ValueError, TypeError, KeyError):
            return None

    def _tail(self, battle_id: int) -> Tail:
        from pydantic import ValidationError

        row = self.conn.execute(
            "SELECT id, campaign_id, name, ruleset, seed, options, streams, last_seq, status, "
            "start, header FROM battle WHERE id = ?", (battle_id,)).fetchone()
        if row is None:
            raise _Doubt
        info = _info(row)
        start, header = json.loads(row[9]), json.loads(row[10])
        if not isinstance(start, dict) or not isinstance(header, dict):
            raise _Doubt
        snap = self.conn.execute(
            "SELECT seq, state FROM snapshot WHERE battle_id = ? AND seq <= ? "
            "ORDER BY seq DESC LIMIT 1", (battle_id, info.last_seq)).fetchone()
        seq = int(snap[0]) if snap is not None else 0
        state = json.loads(snap[1]) if snap is not None else None
        rows = self.conn.execute(
            "SELECT seq, entry FROM battle_entry WHERE battle_id = ? AND seq > ? "
            "ORDER BY seq", (battle_id, max(seq - 1, 0))).fetchall()
        try:
            entries = [Entry.model_validate(json.loads(data)) for _, data in rows]
        except ValidationError:
            raise _Doubt from None
        entries = [e for e in entries if e.seq <= info.last_seq]
        anchor = next((e for e in entries if e.seq == seq), None) if seq else None
        if anchor is not None:
            entries = entries[1:]
        return Tail(info, start, header, seq, state, entries, anchor)

    def append_entries(self, battle_id: int, expected_seq: int, entries: Sequence[Entry],
                       states: Mapping[int, dict[str, Any]], pinned: Collection[int],
                       status: str) -> BattleInfo | None:
        """``store.battles.append_entries`` of new entries (not a redo, no carry), in one
        ``BEGIN IMMEDIATE`` transaction: the same checks (``StaleBattle``), the same rows.
        None, with nothing written, when the write lock is held or anything is in
        doubt: the full path does it (module docstring)."""
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error:
            return None  # held by another writer: the full path waits for it out loud
        try:
            info = self._append(battle_id, expected_seq, entries, states, pinned, status)
            conn.execute("COMMIT")
            return info
        except BaseException as exc:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            if isinstance(exc, StaleBattle):
                raise
            if isinstance(exc, (sqlite3.Error, _Doubt, ValueError, TypeError)):
                return None
            raise

    def _append(self, battle_id: int, expected_seq: int, entries: Sequence[Entry],
                states: Mapping[int, dict[str, Any]], pinned: Collection[int],
                status: str) -> BattleInfo:
        conn = self.conn
        row = conn.execute(
            "SELECT id, campaign_id, name, ruleset, seed, options, streams, last_seq, status "
            "FROM battle WHERE id = ?", (battle_id,)).fetchone()
        if row is None:
            raise _Doubt
        info = _info(row)
        last = conn.execute("SELECT max(seq) FROM battle_entry WHERE battle_id = ?",
                            (battle_id,)).fetchone()[0]
        now = last or 0
        if now != expected_seq or info.last_seq != expected_seq:  # ``_check_fresh``
            raise StaleBattle(now)
        streams = info.streams
        for offset, entry in enumerate(entries, start=1):
            if entry.seq != expected_seq + offset:
                raise _Doubt  # the full path names it
            if entry.stream < streams:  # an undo and a new action elsewhere since
                raise StaleBattle(now)
            streams = max(streams, entry.stream + 1)
        conn.execute("DELETE FROM battle_undone WHERE battle_id = ?", (battle_id,))
        if states:
            conn.execute("DELETE FROM snapshot WHERE battle_id = ? AND seq <= ? AND pinned = 0",
                         (battle_id, expected_seq))
        conn.executemany("INSERT INTO battle_entry (battle_id, seq, entry) VALUES (?, ?, ?)",
                         [(battle_id, e.seq, json.dumps(e.model_dump(mode="json")))
                          for e in entries])
        conn.executemany(
            "INSERT INTO snapshot (battle_id, seq, state, pinned) VALUES (?, ?, ?, ?)",
            [(battle_id, seq, json.dumps(dumped), int(seq in pinned))
             for seq, dumped in sorted(states.items())])
        seq = expected_seq + len(entries)
        conn.execute("UPDATE battle SET last_seq = ?, streams = ?, status = ? WHERE id = ?",
                     (seq, streams, status, battle_id))
        return BattleInfo(info.id, info.campaign_id, info.name, info.ruleset, info.seed,
                          info.options, streams, seq, status)


def _info(row: Sequence[Any]) -> BattleInfo:
    options = json.loads(row[5]) if row[5] is not None else []
    if not isinstance(options, list):
        raise _Doubt
    return BattleInfo(int(row[0]), int(row[1]), str(row[2]), str(row[3]), int(row[4]),
                      [str(o) for o in options], int(row[6]), int(row[7]), str(row[8]))
