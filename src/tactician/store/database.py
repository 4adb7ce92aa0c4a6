"""Open a campaign database: the engine, its pragmas, and the schema brought up to
date by the migrations shipped in ``store/migrations`` (no set-up step, no
``alembic.ini``).

SQLite: WAL journal (readers never wait for the writer), a lock another process
holds waited for out loud and for ``TACTICIAN_WAIT`` seconds (``store.lock_wait``)
instead of "database is locked" or a silent wait, foreign keys on,
``synchronous=FULL`` (see ``SYNC``), and ``BEGIN IMMEDIATE`` for every write
transaction so two writers queue up instead of failing half-way.
PostgreSQL (psycopg 3): writes lock the rows they check (``FOR UPDATE``); every lock
a statement waits for, row or table, is said and given up in time
(``store.pg_lock_wait``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError
from sqlalchemy.orm import Session

from tactician.errors import TacticianError
from tactician.store.location import describe, resolve
from tactician.store.schema_head import HEAD as HEAD  # the newest migration
from tactician.store.sqlite_sync import SYNC, SYNC_MODES, asked_mode

_IMMEDIATE = "tactician_immediate"


class StoreError(TacticianError):
    """The database could not be opened or used; says which and why."""


class StoreConflict(StoreError):
    """Another writer stored the same thing first (a unique constraint held)."""


@dataclass
class Database:
    url: URL
    engine: Engine

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @property
    def is_postgresql(self) -> bool:
        return self.url.get_backend_name() == "postgresql"

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: committed whole when the block ends, rolled back
        whole if it raises (SQLite: ``BEGIN IMMEDIATE``)."""
        try:
            with self.engine.connect() as conn:
                conn = conn.execution_options(**{_IMMEDIATE: True})
                with Session(bind=conn, expire_on_commit=False) as session, session.begin():
                    yield session
        except IntegrityError as exc:
            raise StoreConflict("another writer changed this at the same moment; nothing "
                                f"was stored, try again ({exc.orig})") from None
        except DBAPIError as exc:  # e.g. "database or disk is full": rolled back whole
            raise self.failed(exc, "; nothing was stored") from None
        except json.JSONDecodeError as exc:
            raise self._damaged(exc) from None

    @contextmanager
    def read(self) -> Iterator[Session]:
        """One read transaction with one consistent view of the database: SQLite's
        ``BEGIN`` on WAL reads one snapshot (and never blocks the writer); PostgreSQL
        needs ``REPEATABLE READ`` for that, since under its default READ COMMITTED
        each statement sees the latest commit, and a battle's row and its entries read
        a moment apart could belong to two different states of the battle."""
        try:
            with self.engine.connect() as conn:
                if self.is_postgresql:
                    conn = conn.execution_options(isolation_level="REPEATABLE READ")
                with Session(bind=conn, expire_on_commit=False) as session, session.begin():
                    yield session
        except DBAPIError as exc:
            raise self.failed(exc) from None
        except json.JSONDecodeError as exc:
            raise self._damaged(exc) from None

    def failed(self, exc: DBAPIError, then: str = "", verb: str = "database"
               ) -> TacticianError:
        """One line for a driver's error: a lock still held after the wait (PostgreSQL's
        ``lock_timeout``, SQLite's busy timeout inside a transaction) is ``LockHeld``,
        as everywhere (``store.lock_wait``); anything else names the database."""
        from tactician.store.lock_wait import gave_up, wait_seconds

        if self.is_postgresql:
            from tactician.store.pg_lock_wait import refusal

            held = refusal(self.url, exc)
            if held is not None:
                return held
        elif self.is_sqlite and any(word in str(exc.orig) for word in ("locked", "busy")):
            return gave_up(f"database {describe(self.url)}", wait_seconds())
        return StoreError(f"{verb} {describe(self.url)}: {exc.orig}{then}")

    def _damaged(self, exc: json.JSONDecodeError) -> TacticianError:
        """A stored value that is not JSON, where the reader did not name its row
        (``store.damage`` names a battle's): one line, not a traceback."""
        from tactician.store.damage import HINT, fault_words

        return StoreError(f"database {describe(self.url)}: a stored value is damaged "
                          f"({fault_words(exc)}); {HINT}")

    def close(self) -> None:
        self.engine.dispose()


def open_database(db: str | None = None, migrate: bool = True) -> Database:
    """Open (and create on first use) the database named by ``--db`` / ``TACTICIAN_DB``
    or the default file, upgraded to the current schema."""
    url = resolve(db)
    try:
        engine = _engine(url)
    except (NoSuchModuleError, ArgumentError, ImportError) as exc:
        raise StoreError(f"cannot open database {describe(url)}: no such kind of database "
                         f"({url.drivername!r}: {exc})") from None
    database = Database(url, engine)
    if migrate:
        try:
            upgrade(database)
        except DBAPIError as exc:
            database.close()
            raise database.failed(exc, verb="cannot open database") from None
    return database


def sync_mode() -> str:
    """The SQLite ``synchronous`` setting asked for (``SYNC``; default full)."""
    mode = asked_mode()
    if mode is None:
        raise StoreError(f"{SYNC}={os.environ.get(SYNC)!r}: give one of "
                         f"{', '.join(SYNC_MODES)}")
    return mode


def _engine(url: URL) -> Engine:
    if url.get_backend_name() != "sqlite":
        engine = create_engine(url, pool_pre_ping=True)
        if url.get_backend_name() == "postgresql":
            from tactician.store.pg_lock_wait import install

            install(engine, url)  # every lock wait said and bounded
        return engine
    sync = sync_mode().upper()
    # no silent wait when connecting: a lock is waited for out loud (``_waiting``)
    engine = create_engine(url, connect_args={"timeout": 0})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        # the driver's own transaction handling off: we emit BEGIN ourselves (below)
        dbapi_connection.isolation_level = None
        if url.database not in (None, "", ":memory:"):  # blocked by an exclusive lock
            _waiting(dbapi_connection, url, ["PRAGMA journal_mode=WAL"])
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA synchronous={sync}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        raw: Any = conn.connection.dbapi_connection
        if conn.get_execution_options().get(_IMMEDIATE, False):
            _waiting(raw, url, ["BEGIN IMMEDIATE"])  # a writer: SQLite's write lock
        else:  # a reader: blocked only by another process's exclusive lock
            _waiting(raw, url, ["BEGIN", "SELECT count(*) FROM sqlite_master"])

    return engine


def _waiting(raw: Any, url: URL, statements: list[str]) -> None:
    """Run ``statements`` (taking a lock: ``BEGIN IMMEDIATE``, a first read) at once if
    the lock is free; else wait for it out loud and give up in time
    (``store.lock_wait``). Afterwards the busy timeout is the whole wait, for the
    statements of the transaction."""
    import sqlite3

    from tactician.store.lock_wait import GRACE, current_announcer, gave_up, wait_seconds

    def attempt(timeout: float) -> bool:
        raw.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
        try:
            for statement in statements:
                raw.execute(statement)
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            if raw.in_transaction:
                raw.execute("ROLLBACK")
            return False
        return True

    limit = wait_seconds()
    try:
        if attempt(min(GRACE, limit)):
            return
        what = f"database {describe(url)}"
        if limit <= GRACE:
            raise gave_up(what, limit)
        current_announcer()(what, limit)
        if not attempt(limit - GRACE):
            raise gave_up(what, limit)
    finally:
        raw.execute(f"PRAGMA busy_timeout={int(limit * 1000)}")


# whether alembic's version table exists, by backend (alembic's default table name,
# in the default schema / search path, as ``alembic_config`` leaves it)
_VERSION_TABLE = {
    "sqlite": "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'",
    "postgresql": "SELECT to_regclass('alembic_version') IS NOT NULL",
}


def current_revision(conn: Connection) -> str | None:
    """The schema revision alembic recorded (``None``: no schema yet), read with plain
    SQL: importing alembic for it cost every command that opens the database a third
    of its start-up (issue 28). Alembic itself is imported only to upgrade."""
    probe = _VERSION_TABLE.get(conn.dialect.name)
    if probe is None:  # another backend: ask alembic
        from alembic.runtime.migration import MigrationContext

        return MigrationContext.configure(conn).get_current_revision()
    if not conn.exec_driver_sql(probe).scalar():
        return None
    rows = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalars().all()
    if len(rows) > 1:
        raise StoreError(f"the schema records {len(rows)} revisions ({', '.join(rows)}); "
                         "a campaign database has one")
    return rows[0] if rows else None


def check_known(database: Database, revision: str) -> None:
    """Refuse, in one line, a schema revision no migration of this Tactician names: a
    newer Tactician wrote the database (alembic would only say it cannot locate it)."""
    from tactician.store.schema_head import known_revisions

    if revision in known_revisions():
        return
    from tactician import __version__

    raise StoreError(
        f"database {describe(database.url)}: its schema is at revision {revision!r}, newer "
        f"than this Tactician ({__version__}, schema up to {HEAD}) knows: it was written "
        "by a newer Tactician; open it with that version (nothing was changed)")


def alembic_config(conn: Connection | None = None) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(files("tactician.store") / "migrations"))
    config.attributes["connection"] = conn
    return config


def upgrade(database: Database, revision: str = "head") -> None:
    """Bring the schema to ``revision``; cheap when it is already there (one query).

    The check and the upgrade run in one write transaction (SQLite: BEGIN
    IMMEDIATE; PostgreSQL: an advisory lock), so two processes opening a new
    database at once do not both create it.
    """
    if revision == "head":
        with database.engine.connect() as conn:
            found = current_revision(conn)
            if found == HEAD:
                return
            if found is not None:
                check_known(database, found)
    from alembic import command

    with database.engine.connect() as conn:
        conn = conn.execution_options(**{_IMMEDIATE: True})
        with conn.begin():
            if database.is_postgresql:
                conn.execute(text("SELECT pg_advisory_xact_lock(14014)"))
            command.upgrade(alembic_config(conn), revision)
