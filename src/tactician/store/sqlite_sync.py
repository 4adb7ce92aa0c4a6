"""SQLite's ``synchronous`` setting, as the environment asks for it: shared by the store
(``store.database``) and the standard library's write path (``store.sqlite_write``),
which must not import SQLAlchemy to read it."""

from __future__ import annotations

# SQLite's ``synchronous`` (environment ``TACTICIAN_SQLITE_SYNC``). FULL by default: an
# action a player saw committed survives a power cut or an OS crash, at an fsync per
# commit -- a campaign's data comes before speed. NORMAL, with WAL, never corrupts the
# file and loses nothing when the process is killed (bench/bench_kill.py), but a power
# cut may take back the last commits before the next checkpoint; a GM on a slow disk
# may choose it (docs/storage.md).
SYNC = "TACTICIAN_SQLITE_SYNC"
SYNC_MODES = ("normal", "full")


def asked_mode() -> str | None:
    """The mode asked for (default full), or None for a value that is not one of
    ``SYNC_MODES`` (``store.database.sync_mode`` refuses it, naming them)."""
    import os

    mode = os.environ.get(SYNC, "full").strip().lower() or "full"
    return mode if mode in SYNC_MODES else None
