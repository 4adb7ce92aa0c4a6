"""A consistent copy of the database while it is in use.

SQLite: the online backup API (``sqlite3.Connection.backup``) copies the pages
as of one moment, even while another process writes. PostgreSQL: ``pg_dump``
(a plain SQL dump) when it is installed.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.store.location import describe


def backup(db: Database, target: Path) -> Path:
    from tactician.os_errors import check_out_place

    if target.exists():
        raise TacticianError(f"{target}: exists; choose another backup file")
    check_out_place(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if db.is_sqlite:
        return _sqlite(db, target)
    if db.is_postgresql:
        return _pg_dump(db, target)
    raise TacticianError(f"backup of {db.url.get_backend_name()} databases is not supported; "
                         "use that database's own tools")


def _sqlite(db: Database, target: Path) -> Path:
    """The online backup into ``target``; a copy that fails part-way (a full disk, a
    read-only folder) is removed, and said in one line."""
    source = db.engine.raw_connection()
    try:
        copy = sqlite3.connect(target)
        try:
            source.driver_connection.backup(copy)  # type: ignore[union-attr]
        finally:
            copy.close()
    except sqlite3.Error as exc:
        _remove(target)
        raise TacticianError(f"backup to {target} failed: {exc}; nothing was kept") from None
    except BaseException:
        _remove(target)
        raise
    finally:
        source.close()
    return target


def _remove(target: Path) -> None:
    for leftover in (target, target.with_name(f"{target.name}-journal")):
        leftover.unlink(missing_ok=True)


def _pg_dump(db: Database, target: Path) -> Path:
    program = shutil.which("pg_dump")
    if program is None:
        raise TacticianError("backup of a PostgreSQL database needs pg_dump, which is not "
                             "installed (Debian: apt-get install postgresql-client)")
    url = db.url.set(drivername="postgresql")
    done = subprocess.run([program, "--no-owner", "--file", str(target),
                           url.render_as_string(hide_password=False)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        target.unlink(missing_ok=True)
        raise TacticianError(f"pg_dump of {describe(db.url)} failed: {done.stderr.strip()}")
    return target
