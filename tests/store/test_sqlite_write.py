"""The standard library's write path for an action on an SQLite campaign battle
(``table.sqlite_place``, ``store.sqlite_write``; issue 28) gives the database the store's
path (``StoredPlace``, SQLAlchemy) gives it, row for row; hands the store what it is in
doubt about (the write lock held: the store waits for it out loud; a stale writer is
refused as there); and a writer command on it imports no SQLAlchemy."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tactician.errors import StaleBattle
from tactician.store.campaigns import create_campaign
from tactician.store.database import open_database
from tactician.store.lock_wait import LockHeld
from tactician.table import campaigns as service
from tactician.table.battle_places import StoredPlace
from tactician.table.battles import load, perform_steps, play_phase, redo, take_back
from tactician.table.sqlite_place import SqlitePlace, sqlite_place
from tests.store.ford import MAP, SEED, UNITS

ROOT = Path(__file__).resolve().parents[2]
# every table a battle's action writes, without the columns the clock fills
TABLES = {"battle": "id, campaign_id, name, ruleset, seed, options, start, header, streams, "
                    "last_seq, status",
          "battle_entry": "id, battle_id, seq, entry", "battle_undone": "id, battle_id, seq, entry",
          "snapshot": "id, battle_id, seq, state, pinned"}


def _campaign(path: Path) -> None:
    db = open_database(str(path))
    campaign = create_campaign(db, "ford", "tropera", [])
    service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED)
    db.close()


def _rows(path: Path) -> dict[str, list[Any]]:
    with sqlite3.connect(path) as conn:
        return {table: conn.execute(f"SELECT {columns} FROM {table} ORDER BY id").fetchall()  # noqa: S608
                for table, columns in TABLES.items()}


def _play(place: Any) -> None:
    """Moves, a phase end (a pinned snapshot), the engine's phase, an undo and a redo,
    then an action after the redo list."""
    perform_steps(place, {"type": "move", "unit": "aria", "to": [7, 4]})
    perform_steps(place, {"type": "end_phase"})
    play_phase(place)
    if isinstance(place, SqlitePlace):  # acted on the standard library's path alone
        assert place._full is None
    take_back(place)
    redo(place)
    take_back(place, phase=True)
    perform_steps(place, {"type": "end_phase"})


def test_both_paths_store_the_same_rows(tmp_path: Path) -> None:
    fast_db, full_db = tmp_path / "fast.sqlite", tmp_path / "full.sqlite"
    for path in (fast_db, full_db):
        _campaign(path)
    assert _rows(fast_db) == _rows(full_db)
    fast = sqlite_place(str(fast_db), "ford")
    assert isinstance(fast, SqlitePlace)
    db = open_database(str(full_db))
    full = StoredPlace(db, fast.battle_id, "ford")
    try:
        _play(fast)
        _play(full)
        assert load(fast, whole_log=False).state == load(full, whole_log=False).state
    finally:
        fast.close()
        db.close()
    assert _rows(fast_db) == _rows(full_db)
    kept = _rows(fast_db)
    assert [row[2] for row in kept["battle_entry"]] == [1, 2, 3]
    assert kept["battle_undone"] == [] and len(kept["snapshot"]) >= 2


def test_the_lock_held_goes_to_the_store_which_waits_out_loud(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.sqlite"
    _campaign(path)
    place = sqlite_place(str(path), "ford")
    assert place is not None
    monkeypatch.setenv("TACTICIAN_WAIT", "0.5")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process's write lock
    before = _rows(path)
    try:
        with pytest.raises(LockHeld, match="still held by another process after 0.5 s"):
            perform_steps(place, {"type": "move", "unit": "aria", "to": [7, 4]})
        assert "waiting for database" in capsys.readouterr().err  # the store's own words
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert _rows(path) == before
    perform_steps(place, {"type": "move", "unit": "aria", "to": [7, 4]})  # free again
    place.close()


def test_a_stale_writer_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    _campaign(path)
    place = sqlite_place(str(path), "ford")
    assert place is not None
    decided = load(place, whole_log=False)
    perform_steps(place, {"type": "move", "unit": "aria", "to": [7, 4]})
    before = _rows(path)
    with pytest.raises(StaleBattle):  # decided on entry 0, the battle is at 1
        perform_steps(place, {"type": "move", "unit": "lute", "to": [5, 4]}, loaded=decided)
    take_back(place)  # back to entry 0, by an undo: the same number, another stream
    with pytest.raises(StaleBattle):
        perform_steps(place, {"type": "move", "unit": "lute", "to": [5, 4]}, loaded=decided)
    assert len(_rows(path)["battle_entry"]) == 0 and len(before["battle_entry"]) == 1
    place.close()


def test_a_writer_command_imports_no_sqlalchemy(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    _campaign(path)
    script = (
        "import sys\n"
        "from tactician.cli.main import app\n"
        "try:\n"
        "    app(['battle', 'move', 'aria', '7', '4', '--db', sys.argv[1]])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic')))\n"
    )
    env = {**os.environ, "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True,
                         text=True, env=env, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "[]", run.stdout
    assert len(_rows(path)["battle_entry"]) == 1
