"""A battle another process holds locked in the database (issue 27), on SQLite (its write
lock) and PostgreSQL (the battle's row, ``FOR UPDATE``): a real second process holds it;
a real ``tactician`` command says at once on stderr that it waits, gives up after
``--wait SECONDS`` with one line and exit code 2, and changes nothing; released in time,
the command acts."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

from tactician.store.battles import current_battle, load_battle
from tactician.store.campaigns import current_campaign, use_campaign
from tactician.store.database import open_database
from tactician.table.campaigns import new_campaign, start_battle

FORD = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
TACTICIAN = [sys.executable, "-m", "tactician.cli.main"]


def _battle(db_url: str) -> int:
    db = open_database(db_url)
    try:
        campaign = new_campaign(db, "w", "tropera", [])
        use_campaign(db, "w")
        start_battle(db, campaign, "ford", FORD / "ford.yaml",
                     [FORD / "party.yaml", FORD / "bandits.yaml"], seed=7)
        return current_battle(db, current_campaign(db)).id
    finally:
        db.close()


def _holder_code(db_url: str, battle_id: int) -> str:
    if "://" in db_url:
        url = make_url(db_url)
        dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        return ("import psycopg\n"
                f"conn = psycopg.connect({dsn!r})\n"
                f"conn.execute('SELECT id FROM battle WHERE id = {battle_id} FOR UPDATE')\n")
    return ("import sqlite3\n"
            f"conn = sqlite3.connect({db_url!r}, isolation_level=None)\n"
            "conn.execute('BEGIN IMMEDIATE')\n")


@contextmanager
def holding(code: str, seconds: float) -> Iterator[subprocess.Popen[str]]:
    program = f"import time\n{code}\nprint('held', flush=True)\ntime.sleep({seconds})\n"
    holder = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held", holder.stderr
        yield holder
    finally:
        holder.kill()
        holder.wait(timeout=30)


def _run(db_url: str, tmp_path: Path, *args: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TACTICIAN_DB": db_url, "TACTICIAN_CACHE_DIR": str(tmp_path / "c")}
    env.pop("TACTICIAN_WAIT", None)
    return subprocess.run([*TACTICIAN, *map(str, args)], env=env, capture_output=True,
                          text=True, timeout=60)


def _entries(db_url: str, battle_id: int) -> int:
    db = open_database(db_url)
    try:
        return len(load_battle(db, battle_id).log)
    finally:
        db.close()


def test_a_held_battle_is_waited_for_out_loud_then_given_up(db_url: str,
                                                            tmp_path: Path) -> None:
    battle_id = _battle(db_url)
    with holding(_holder_code(db_url, battle_id), 120):
        done = _run(db_url, tmp_path, "--wait", "1.5", "battle", "move", "aria", 6, 4)
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("waiting for ") and "held by another process" in lines[0]
    assert "up to 1.5 s" in lines[0]
    assert lines[1].startswith("error: ") and "still held by another process after 1.5 s" \
        in lines[1] and "nothing was changed" in lines[1]
    assert _entries(db_url, battle_id) == 0


def test_a_battle_released_in_time_is_acted_on(db_url: str, tmp_path: Path) -> None:
    battle_id = _battle(db_url)
    # held long enough for the command to start and find it held, on a loaded machine
    with holding(_holder_code(db_url, battle_id), 8) as holder:
        done = _run(db_url, tmp_path, "--wait", "60", "battle", "move", "aria", 6, 4)
        holder.wait(timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("waiting for "), done.stderr
    assert _entries(db_url, battle_id) == 1


# Every row (and table) a command can block on, beyond the battle's own row (issue 27):
# the SQL another connection holds, and a command that must wait for it. On PostgreSQL
# each waited silently (the battle row's wait alone was announced, and it left
# ``lock_timeout`` at 0, "wait for ever", for the rest of its transaction).
ARIA = FORD.parent / "aria_sword_fighter.yaml"
HELD_ELSEWHERE = {
    "campaign row, a new battle": (
        "SELECT id FROM campaign FOR UPDATE",
        ("battle", "new", "keep", "--map", FORD / "ford.yaml", "--units",
         FORD / "party.yaml", "--units", FORD / "bandits.yaml", "--seed", 3)),
    "campaign row, a character added": (
        "SELECT id FROM campaign FOR UPDATE", ("character", "add", FORD.parent / "lute_mage.yaml")),
    "character row": (
        "SELECT id FROM character FOR UPDATE", ("character", "add", ARIA, "--replace")),
    "snapshot rows": (
        "SELECT id FROM snapshot FOR UPDATE", ("battle", "move", "lute", 5, 4)),
    "log rows, an undo": (
        "SELECT id FROM battle_entry FOR UPDATE", ("battle", "undo")),
    "the battle table, a reader": (
        "LOCK TABLE battle IN ACCESS EXCLUSIVE MODE", ("battle", "show")),
    # a lookup that took the wait as "not there" waited a second time (two notices)
    "the battle table, the battle list": (
        "LOCK TABLE battle IN ACCESS EXCLUSIVE MODE", ("battle", "list")),
    "the roster table, a character added": (
        "LOCK TABLE character IN ACCESS EXCLUSIVE MODE",
        ("character", "add", FORD.parent / "gilliam_armored_lancer.yaml")),
    "the simulations table": (
        "LOCK TABLE simulations IN ACCESS EXCLUSIVE MODE", ("simulate", "--here", "--runs", 2,
                                                            "--workers", 0, "--seed", 1)),
}


def _pg_holder(db_url: str, sql: str) -> str:
    dsn = make_url(db_url).set(drivername="postgresql").render_as_string(hide_password=False)
    return f"import psycopg\nconn = psycopg.connect({dsn!r})\nconn.execute({sql!r})\n"


def test_every_row_a_command_blocks_on_is_waited_for_out_loud(db_url: str,
                                                              tmp_path: Path) -> None:
    if "://" not in db_url:  # SQLite locks the whole database: the tests above
        return
    battle_id = _battle(db_url)
    setup = [("character", "add", ARIA), ("battle", "move", "aria", 6, 4)]
    for command in setup:
        assert _run(db_url, tmp_path, *command).returncode == 0
    for case, (sql, command) in HELD_ELSEWHERE.items():
        with holding(_pg_holder(db_url, sql), 120):
            done = _run(db_url, tmp_path, "--wait", "1", *command)
        lines = done.stderr.splitlines()
        assert done.returncode == 2, (case, done.stdout, done.stderr)
        assert len(lines) == 2, (case, lines)
        assert lines[0].startswith("waiting for ") and "up to 1 s" in lines[0], (case, lines)
        assert lines[1].startswith("error: ") and "still held by another process after " \
            "1 s" in lines[1] and "nothing was changed" in lines[1], (case, lines)
        assert "Traceback" not in done.stderr
    assert _entries(db_url, battle_id) == 1
