"""PostgreSQL's lock waits, out loud and for a bounded time, on every row and table a
command touches (issue 27: only the battle's row was announced; a held campaign row,
roster character, snapshot, log row or simulations table made a command wait without a
word, for ever).

Two halves, neither on the path of a statement that does not wait:

- **Given up in time** by the server itself: each connection's ``lock_timeout`` is the
  wait a command allows (``store.lock_wait.wait_seconds``; ``--no-wait``: 1 ms), so any
  lock wait, row, table or advisory, ends with ``lock_not_available`` (55P03), turned
  into ``LockHeld`` (``refusal``) by the store: one line, the transaction rolled back
  whole, nothing changed.
- **Announced once**: each statement is noted as it starts and struck off as it ends
  (cursor events); one watcher thread looks, for a statement still running after
  ``GRACE``, whether its server process waits for a lock (``pg_stat_activity``, from a
  connection of its own) and if so says so, once, through the announcer of the
  command or request that ran it (``lock_wait.announcer``): a slow query that waits
  for no lock says nothing.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.engine import URL

from tactician.store.location import describe
from tactician.store.lock_wait import GRACE, LockHeld, current_announcer, gave_up, wait_seconds

LOCK_NOT_AVAILABLE = "55P03"
_SETTING = "tactician_lock_timeout"
# the table a statement reads or writes first: what its wait is named after
_TABLE = re.compile(r'\b(?:FROM|INTO|UPDATE|TABLE)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?', re.I)
# what a held table holds, in a GM's words
_WORDS = {
    "battle": "a battle's row",
    "battle_entry": "a battle's log",
    "battle_undone": "a battle's redo list",
    "snapshot": "a battle's snapshots",
    "campaign": "a campaign's row",
    "character": "a roster character",
    "character_change": "a roster character's history",
    "party_store": "a campaign's Supply",
    "simulations": "the stored simulations",
    "setting": "the database's settings",
    "alembic_version": "the schema's version",
}


def what_waits(url: URL, statement: str | None) -> str:
    """What a statement waits for, named for a message: the table it touches first."""
    found = _TABLE.search(statement or "")
    table = found.group(1).lower() if found else None
    words = _WORDS.get(table or "", f"table {table}" if table else "a lock")
    return f"{words} in database {describe(url)}"


def timeout_ms(limit: float) -> int:
    """``lock_timeout`` for a wait of ``limit`` seconds (0 is "for ever" to PostgreSQL:
    not waiting is 1 ms)."""
    return max(int(limit * 1000), 1)


def refusal(url: URL, exc: Any) -> LockHeld | None:
    """The ``LockHeld`` for a ``DBAPIError`` that is PostgreSQL giving up a lock wait
    (None for any other error)."""
    if getattr(getattr(exc, "orig", None), "sqlstate", None) != LOCK_NOT_AVAILABLE:
        return None
    return gave_up(what_waits(url, getattr(exc, "statement", None)), wait_seconds())


@dataclass
class _Running:
    pid: int
    started: float
    statement: str
    limit: float
    say: Callable[[str, float], None]
    check_at: float = field(default=0.0)
    told: bool = False


class _Watcher:
    """The statements running now, and one thread that tells those waiting for a lock."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._running: dict[int, tuple[_Running, URL]] = {}
        self._thread: threading.Thread | None = None

    def start(self, key: int, url: URL, running: _Running) -> None:
        running.check_at = running.started + min(GRACE, running.limit)
        with self._cond:
            self._running[key] = (running, url)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._watch, name="tactician-lock-wait",
                                                daemon=True)
                self._thread.start()
            elif len(self._running) == 1:
                self._cond.notify()

    def end(self, key: int) -> None:
        with self._cond:
            self._running.pop(key, None)

    def _watch(self) -> None:
        while True:
            with self._cond:
                while not self._running:
                    self._cond.wait()
                now = time.monotonic()
                due = min(r.check_at for r, _ in self._running.values())
                if due > now:
                    self._cond.wait(due - now)
                    continue
                ready = [(key, r, url) for key, (r, url) in self._running.items()
                         if r.check_at <= now and not r.told]
                for _, running, _ in ready:
                    running.check_at = now + GRACE
                    if now > running.started + running.limit + 5:  # left by a crash
                        running.told = True
            by_url: dict[str, tuple[URL, set[int]]] = {}
            for _, running, url in ready:
                by_url.setdefault(str(url), (url, set()))[1].add(running.pid)
            waiting: set[int] = set()
            for url, pids in by_url.values():
                waiting |= _waiting_for_a_lock(url, pids)
            for key, running, url in ready:
                with self._cond:
                    still = self._running.get(key, (None, None))[0] is running
                    tell = still and running.pid in waiting and not running.told
                    if tell:
                        running.told = True
                if tell:
                    running.say(what_waits(url, running.statement), running.limit)


def _waiting_for_a_lock(url: URL, pids: set[int]) -> set[int]:
    """Which of the server processes ``pids`` wait for a lock now (an error: none)."""
    try:
        import psycopg

        dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True, connect_timeout=5) as conn:
            rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE pid = ANY(%s) "
                                "AND wait_event_type = 'Lock'", (sorted(pids),)).fetchall()
        return {int(row[0]) for row in rows}
    except Exception:  # noqa: BLE001 - the watcher never fails a command
        return set()


WATCHER = _Watcher()


def install(engine: Engine, url: URL) -> None:
    """Bound and announce every lock wait of ``engine``'s connections (module
    docstring)."""

    def _set(dbapi_connection: Any, record: Any) -> None:
        wanted = timeout_ms(wait_seconds())
        if record.info.get(_SETTING) == wanted:
            return
        dbapi_connection.execute(f"SET lock_timeout = {wanted}")
        dbapi_connection.commit()
        record.info[_SETTING] = wanted

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, record: Any) -> None:
        _set(dbapi_connection, record)

    @event.listens_for(engine, "checkout")
    def _checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        _set(dbapi_connection, record)  # TACTICIAN_WAIT may have changed (a test, --wait)

    @event.listens_for(engine, "before_cursor_execute")
    def _started(_conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        pid = _pid(cursor)
        if pid is None:
            return
        limit = wait_seconds()
        if limit <= GRACE:  # given up before it would be told
            return
        WATCHER.start(pid, url, _Running(pid, time.monotonic(), statement, limit,
                                         current_announcer()))

    @event.listens_for(engine, "after_cursor_execute")
    def _ended(_conn: Any, cursor: Any, *_: Any) -> None:
        pid = _pid(cursor)
        if pid is not None:
            WATCHER.end(pid)

    @event.listens_for(engine, "handle_error")
    def _failed(context: Any) -> None:
        pid = _pid(getattr(context.execution_context, "cursor", None))
        if pid is not None:
            WATCHER.end(pid)


def _pid(cursor: Any) -> int | None:
    """The server process of a cursor's connection (one statement runs on it at once)."""
    pid = getattr(getattr(getattr(cursor, "connection", None), "info", None), "backend_pid",
                  None)
    return int(pid) if pid is not None else None
