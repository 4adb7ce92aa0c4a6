"""Where the campaign database is: ``--db``, then ``TACTICIAN_DB``, then one SQLite
file in the user's data directory (platformdirs ``user_data_dir("tactician")``).

A value with ``://`` is an SQLAlchemy URL (``postgresql+psycopg://...``); anything
else is a path to an SQLite file, created with its folder on first use.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from tactician.errors import TacticianError

ENV = "TACTICIAN_DB"
FILE_NAME = "campaigns.sqlite"


def default_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("tactician")) / FILE_NAME


def resolve(db: str | None = None) -> URL:
    """The database URL for ``--db`` (or ``TACTICIAN_DB``, or the default file)."""
    raw = db if db else os.environ.get(ENV) or ""
    if not raw.strip():
        return sqlite_url(default_path())
    if "://" not in raw:
        return sqlite_url(Path(raw))
    try:
        url = make_url(raw)
    except ArgumentError:
        raise TacticianError(f"--db {raw!r}: not a database URL or a file path") from None
    if url.get_backend_name() == "postgresql" and url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")  # psycopg 3, the pinned driver
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        Path(url.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    return url


def sqlite_url(path: Path) -> URL:
    path = path.expanduser().absolute()
    if path.is_dir():
        raise TacticianError(f"--db {path}: is a folder, not a database file")
    path.parent.mkdir(parents=True, exist_ok=True)
    return URL.create("sqlite+pysqlite", database=str(path))


def describe(url: URL) -> str:
    """The URL with any password hidden, for messages."""
    return url.render_as_string(hide_password=True)
