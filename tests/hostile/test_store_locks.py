"""A lock another process holds (issue 27: a command on a locked database or a battle
file whose lock another process held waited 30-45 s and more without a word). The
holder is a real second process; the command says at once on stderr that it waits and
for what, gives up after ``--wait SECONDS`` / ``TACTICIAN_WAIT`` (``--no-wait``: at once)
with one line and exit code 2, and changes nothing; a lock released in time is taken."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.helpers import BANDITS, FORD, PARTY, cli, new_battle, snapshot

WAIT_ENV = "TACTICIAN_WAIT"


@pytest.fixture(autouse=True)
def no_hang(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A command that blocks fails the test instead of hanging it; ``--wait`` sets the
    environment of this process, restored after each test."""
    # set then deleted: the teardown deletes it again, whatever ``--wait`` set in this
    # process (a delenv of an unset variable alone restores nothing, and a later test,
    # e.g. tests/store/test_database.py, saw this one's --wait 1)
    monkeypatch.setenv(WAIT_ENV, "30")
    monkeypatch.delenv(WAIT_ENV)

    def _hung(*_: Any) -> None:
        raise TimeoutError("the command hung")

    old = signal.signal(signal.SIGALRM, _hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@contextmanager
def holding(code: str, seconds: float = 60) -> Iterator[subprocess.Popen[str]]:
    """A second process that takes a lock (``code``), says ``held``, and keeps it for
    ``seconds`` or until the test is done with it."""
    program = f"import sys, time\n{code}\nprint('held', flush=True)\ntime.sleep({seconds})\n"
    holder = subprocess.Popen([sys.executable, "-c", program], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        line = holder.stdout.readline()
        assert line.strip() == "held", (line, holder.stderr.read() if holder.stderr else "")
        yield holder
    finally:
        holder.kill()
        holder.wait(timeout=30)


def _flock(path: Path) -> str:
    return ("import fcntl, os\n"
            f"fd = os.open({str(path.parent / f'.{path.name}.lock')!r}, os.O_RDWR | os.O_CREAT)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)")


def _sqlite(db: Path, exclusive: bool = False) -> str:
    mode = ("conn.execute('PRAGMA locking_mode=EXCLUSIVE')\nconn.execute('BEGIN EXCLUSIVE')\n"
            "conn.execute('SELECT count(*) FROM battle').fetchall()" if exclusive
            else "conn.execute('BEGIN IMMEDIATE')")
    return f"import sqlite3\nconn = sqlite3.connect({str(db)!r}, isolation_level=None)\n{mode}"


def _campaign(tmp_path: Path) -> Path:
    db = tmp_path / "c.sqlite"
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    run = cli("battle", "new", "ford", "--map", FORD, "--units", PARTY, "--units", BANDITS,
              "--seed", 7, "--db", db)
    assert run.code == 0, (run.err, run.exception)
    return db


def _log(db: Path) -> list[Any]:
    run = cli("battle", "log", "--json", "--db", db)
    assert run.code == 0, run.err
    return list(run.json()["entries"])


def _gave_up(run: Any, what: str, waited: str) -> None:
    """Exit 2; stderr: the waiting notice (unless it did not wait), then one line."""
    assert run.code == 2, (run.code, run.out, run.err, run.exception)
    assert run.exception is None or isinstance(run.exception, SystemExit), run.exception
    assert "Traceback" not in run.err
    lines = run.err.splitlines()
    if waited == "0":
        assert len(lines) == 1, lines
    else:
        assert len(lines) == 2, lines
        assert lines[0].startswith(f"waiting for {what}"), lines
        assert "held by another process" in lines[0] and f"up to {waited} s" in lines[0]
    assert lines[-1].startswith("error: ") and what in lines[-1], lines
    assert "held by another process" in lines[-1] and "nothing was changed" in lines[-1]


def test_a_battle_file_held_by_another_process_is_waited_for_out_loud(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    with holding(_flock(battle)):
        before = snapshot(battle)
        run = cli("--wait", "1", "battle", "move", "aria", 6, 4, "--battle", battle)
        _gave_up(run, f"battle file {battle}", "1")
        assert snapshot(battle) == before


def test_no_wait_gives_up_at_once(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    with holding(_flock(battle)):
        before = snapshot(battle)
        run = cli("--no-wait", "battle", "act", "gilliam", "wait", "--battle", battle)
        _gave_up(run, f"battle file {battle}", "0")
        assert "does not wait" in run.err
        assert snapshot(battle) == before


def test_the_wait_is_set_by_the_environment(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    battle = new_battle(tmp_path)
    monkeypatch.setenv(WAIT_ENV, "0.75")
    with holding(_flock(battle)):
        run = cli("battle", "end-phase", "--battle", battle)
        _gave_up(run, f"battle file {battle}", "0.75")


@pytest.mark.parametrize("value", ["soon", "-1", "nan", "1e9"])
def test_a_wait_that_is_not_seconds_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              value: str) -> None:
    battle = new_battle(tmp_path)
    monkeypatch.setenv(WAIT_ENV, value)
    with holding(_flock(battle)):
        run = cli("battle", "move", "aria", 6, 4, "--battle", battle)
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert WAIT_ENV in run.err and repr(value) in run.err


def test_a_database_writer_lock_held_elsewhere_is_waited_for_out_loud(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    for command in (("move", "aria", 6, 4), ("move", "lute", 5, 4), ("undo",)):
        assert cli("battle", *command, "--db", db).code == 0  # one entry to redo
    before = _log(db)
    with holding(_sqlite(db)):
        for command in (("battle", "move", "lute", 5, 4), ("battle", "undo"),
                        ("battle", "redo"), ("campaign", "new", "d", "-r", "tropera")):
            run = cli("--wait", "1", *command, "--db", db)
            _gave_up(run, "database", "1")
            assert str(db) in run.err
        # a reader is not held up by a writer (WAL)
        assert cli("battle", "show", "--db", db).code == 0
        assert _log(db) == before
    assert _log(db) == before


def test_a_database_locked_exclusively_stops_readers_out_loud(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    with holding(_sqlite(db, exclusive=True)):
        for command in (("battle", "list"), ("battle", "show"), ("campaign", "check")):
            run = cli("--wait", "1", *command, "--db", db)
            _gave_up(run, "database", "1")


def test_a_lock_released_in_time_is_taken(tmp_path: Path) -> None:
    """The holder lets go after a few seconds: the command, told to wait up to 30, says it
    waits, then acts."""
    battle = new_battle(tmp_path)
    with holding(_flock(battle), seconds=4) as holder:
        run = cli("--wait", "30", "battle", "move", "aria", 6, 4, "--battle", battle,
                  "--json")
        holder.wait(timeout=30)
    assert run.code == 0, (run.err, run.exception)
    assert run.err.startswith(f"waiting for battle file {battle}"), run.err
    assert run.json()["entry"]["seq"] == 1
