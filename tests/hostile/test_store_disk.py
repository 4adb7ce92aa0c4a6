"""Broken disks under the store (issue 27): a read-only folder, permission denied, a full
disk (``ENOSPC``; SQLite's "database or disk is full"), a file where a folder should be.
Each is one line naming the file and what went wrong, exit code 2, and nothing
half-written: the battle file, the database and the folder around them as they were, no
temporary or partial bundle left. Faults are injected (an ``OSError`` where the write
happens; SQLite's own page limit for a full database); a slow test fills a real 2 MB
tmpfs where this process may mount one."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from tests.hostile.helpers import ARIA, BANDITS, FORD, PARTY, cli, new_battle, refused, snapshot


def _campaign(tmp_path: Path, folder: Path | None = None) -> Path:
    db = (folder or tmp_path) / "c.sqlite"
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    run = cli("battle", "new", "ford", "--map", FORD, "--units", PARTY, "--units", BANDITS,
              "--seed", 7, "--db", db)
    assert run.code == 0, (run.err, run.exception)
    assert cli("battle", "move", "aria", 6, 4, "--db", db).code == 0
    return db


def _dump(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())


def _patch(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, error: int,
           when: Any = None) -> None:
    """``target.name`` raises ``OSError(error)`` naming its first argument (when ``when``
    says so of the arguments; else it does what it did)."""
    real = getattr(target, name)

    def fail(*args: Any, **kwargs: Any) -> Any:
        if when is not None and not when(*args):
            return real(*args, **kwargs)
        raise OSError(error, os.strerror(error), str(args[0]) if args else None)

    monkeypatch.setattr(target, name, fail)


def _contents(folder: Path) -> dict[str, bytes]:
    """Every file of ``folder`` by name, its bytes (not its times)."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


# --- battle files -----------------------------------------------------------------------


@pytest.mark.parametrize(("error", "words"), [
    (errno.EROFS, "read-only"), (errno.EACCES, "permission denied"),
    (errno.ENOSPC, "no space left")])
def test_a_battle_file_whose_lock_cannot_be_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 error: int, words: str) -> None:
    """The lock file beside the battle cannot be made (issue 27: ``OSError: [Errno 30]
    Read-only file system: 'ro/.f.json.lock'``)."""
    battle = new_battle(tmp_path)
    _patch(monkeypatch, os, "open", error, when=lambda path, *_: str(path).endswith(".lock"))
    line = refused("battle", "move", "aria", 6, 4, "--battle", battle,
                   names=(f"cannot lock battle file {battle}", words), watch=(tmp_path,))
    assert "Errno" not in line


def test_a_full_disk_while_saving_a_battle_file_leaves_it_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    battle = new_battle(tmp_path)
    assert cli("battle", "act", "gilliam", "wait", "--battle", battle).code == 0  # in lines
    _patch(monkeypatch, os, "fsync", errno.ENOSPC)
    before = _contents(tmp_path)
    # an append the disk refuses is cut back at once: the same bytes, no temporary left
    # (its modification time is the cut's: nothing of the file's content changed)
    refused("battle", "move", "aria", 6, 4, "--battle", battle,
            names=("no space left on the device",))
    assert _contents(tmp_path) == before
    monkeypatch.undo()
    assert cli("battle", "move", "aria", 6, 4, "--battle", battle).code == 0


# --- exports, bundles, backups ----------------------------------------------------------


@pytest.mark.parametrize("command", [
    ("battle", "export", "--out", "{file}/ford.json"),
    ("battle", "new", "--map", FORD, "--units", PARTY, "--out", "{file}/new.json"),
    ("campaign", "export", "--out", "{file}/bundle"),
    ("campaign", "export", "--out", "{file}/bundle.zip"),
    ("campaign", "backup", "--out", "{file}/copy.sqlite"),
])
def test_an_output_under_a_file_is_refused(tmp_path: Path, command: tuple[Any, ...]) -> None:
    """``--out x.json/y.json`` where ``x.json`` is a file (issue 27: ``FileExistsError``)."""
    db = _campaign(tmp_path)
    taken = tmp_path / "taken.json"
    taken.write_text("{}", encoding="utf-8")
    args = [str(part).replace("{file}", str(taken)) for part in command]
    refused(*args, "--db", db, names=(f"{taken} is a file, not a folder", "--out"),
            watch=(tmp_path,))


def test_a_battle_export_onto_an_existing_file_needs_force(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    out = tmp_path / "ford.json"
    out.write_text("mine", encoding="utf-8")
    refused("battle", "export", "--out", out, "--db", db, names=(str(out), "--force"),
            watch=(tmp_path,))
    assert cli("battle", "export", "--out", out, "--force", "--db", db).code == 0
    assert out.read_text(encoding="utf-8") != "mine"


@pytest.mark.parametrize("zipped", [False, True])
def test_a_full_disk_part_way_through_a_bundle_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, zipped: bool) -> None:
    db = _campaign(tmp_path)
    assert cli("character", "add", ARIA, "--db", db).code == 0
    out = tmp_path / ("bundle.zip" if zipped else "bundle")
    if zipped:
        _patch(monkeypatch, os, "fsync", errno.ENOSPC)
    else:  # the third file of the bundle finds the disk full
        written: list[str] = []
        real = Path.write_text

        def write_text(self: Path, *args: Any, **kwargs: Any) -> int:
            written.append(self.name)
            if len(written) == 3:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
            return real(self, *args, **kwargs)

        monkeypatch.setattr(Path, "write_text", write_text)
    refused("campaign", "export", "--out", out, "--db", db, names=("no space left",),
            watch=(tmp_path,))
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


# --- a full database ---------------------------------------------------------------------


@pytest.fixture
def full_database(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every SQLite connection may not grow its file by one page more: SQLite's own
    "database or disk is full" (``SQLITE_FULL``), as on a full disk."""

    def limit(connection: Any, _record: Any) -> None:
        if isinstance(connection, sqlite3.Connection):
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            connection.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(Engine, "connect", limit)
    yield
    event.remove(Engine, "connect", limit)


def _filler_unit(tmp_path: Path) -> Path:
    """Aria with a long backstory: a sheet that needs new pages."""
    path = tmp_path / "long.yaml"
    text = ARIA.read_text(encoding="utf-8")
    path.write_text(text + f"notes: {'x' * 200_000}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [
    ("battle", "new", "second", "--map", FORD, "--units", PARTY, "--units", BANDITS),
    ("character", "add", "{long}"),
    ("campaign", "import", "{bundle}", "--name", "again"),
])
def test_a_full_database_refuses_in_one_line_and_stores_nothing(
        tmp_path: Path, command: tuple[Any, ...], request: pytest.FixtureRequest) -> None:
    db = _campaign(tmp_path)
    bundle = tmp_path / "bundle"
    assert cli("campaign", "export", "--out", bundle, "--db", db).code == 0
    long = _filler_unit(tmp_path)
    before = _dump(db)
    request.getfixturevalue("full_database")
    args = [str(part).replace("{long}", str(long)).replace("{bundle}", str(bundle))
            for part in command]
    run = cli(*args, "--db", db)
    if run.code == 0:  # it fitted in the free pages: then it cannot be the test
        pytest.skip("the change fitted in the database's free pages")
    refused(*args, "--db", db, names=("database or disk is full", str(db)))
    assert _dump(db) == before


def test_a_backup_that_finds_the_disk_full_leaves_no_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy may not grow past two pages: SQLite's "database or disk is full" part-way
    through the backup (issue 27: a traceback, and half a copy left behind)."""
    from tactician.store import backup

    db = _campaign(tmp_path)
    out = tmp_path / "copy.sqlite"
    real = sqlite3.connect

    def small(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        copy = real(*args, **kwargs)
        if str(args[0]) == str(out):  # the copy only, not the database it copies
            copy.execute("PRAGMA max_page_count = 2")
        return copy

    monkeypatch.setattr(backup.sqlite3, "connect", small)
    refused("campaign", "backup", "--out", out, "--db", db,
            names=(str(out), "database or disk is full", "nothing was kept"))
    assert not out.exists()


# --- a real small disk -------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs (root, and a kernel that lets this process mount; else skipped)."""
    where = tmp_path / "small"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)],
                             capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(disk: Path, leave: int) -> None:
    """Fill the disk but for about ``leave`` bytes."""
    free = shutil.disk_usage(disk).free
    with open(disk / "filler", "wb") as out:
        out.write(b"\0" * max(free - leave, 0))


@pytest.mark.slow
def test_a_real_full_disk_is_one_line_and_nothing_half_written(small_disk: Path,
                                                               tmp_path: Path) -> None:
    battle = new_battle(small_disk)
    db = _campaign(tmp_path)  # the exports' database lives elsewhere
    on_disk = _campaign(tmp_path, small_disk)
    _fill(small_disk, 4096)
    refused("battle", "export", "--out", small_disk / "ford.json", "--db", db,
            names=("no space left",), watch=(small_disk,))
    refused("campaign", "export", "--out", small_disk / "bundle", "--db", db,
            names=("no space left",), watch=(small_disk,))
    refused("campaign", "backup", "--out", small_disk / "copy.sqlite", "--db", db,
            names=("copy.sqlite",), watch=(small_disk,))
    (small_disk / "filler").unlink()
    _fill(small_disk, 0)
    # a battle file in lines appends: a line may still fit in its last block. Each phase
    # ended is then a whole line more; once none fits, the action is refused in one line
    # and the file keeps its bytes
    before = battle.read_bytes()
    for _ in range(40):
        run = cli("battle", "end-phase", "--battle", battle)
        if run.code == 0:
            after = battle.read_bytes()
            assert after.startswith(before) and after.endswith(b"\n") and after != before
            before = after
            continue
        assert run.code == 2 and len(run.err.splitlines()) == 1, (run.err, run.exception)
        assert "no space left" in run.err or "disk" in run.err, run.err
        assert battle.read_bytes() == before
        break
    else:
        raise AssertionError("40 phases ended on a full disk: it never ran out of room")
    for _ in range(3):  # a database on the disk: SQLite's own words, in one line
        run = cli("character", "add", _filler_unit(tmp_path), "--db", on_disk)
        assert run.code == 2 and len(run.err.splitlines()) == 1, (run.err, run.exception)
        assert str(on_disk) in run.err and "disk" in run.err, run.err
    (small_disk / "filler").unlink()
    run = cli("battle", "log", "--json", "--db", on_disk)  # as it was: one move
    assert run.code == 0 and len(run.json()["entries"]) == 1, run.err
    run = cli("character", "list", "--json", "--db", on_disk)
    assert run.code == 0 and run.json() == [], run.out
    assert not [p for p in small_disk.iterdir() if p.name.endswith((".partial", ".tmp"))]


@pytest.mark.slow
def test_a_real_read_only_folder(small_disk: Path) -> None:
    battle = new_battle(small_disk)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    try:
        before = snapshot(battle)
        refused("battle", "move", "aria", 6, 4, "--battle", battle,
                names=(f"cannot lock battle file {battle}", "read-only"))
        assert snapshot(battle) == before
        refused("battle", "new", "--map", FORD, "--units", PARTY, "--out",
                small_disk / "new.json", names=("read-only",))
        refused("campaign", "new", "c", "-r", "tropera", "--db", small_disk / "c.sqlite",
                names=("c.sqlite",))
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=False)
