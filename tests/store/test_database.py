"""Opening the database: where it is, its pragmas, its migrations."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text

from tactician.errors import TacticianError
from tactician.store import location
from tactician.store.battles import find_battle
from tactician.store.campaigns import get_campaign, list_characters
from tactician.store.database import (
    HEAD,
    SYNC,
    alembic_config,
    current_revision,
    open_database,
)

DATA = Path(__file__).parent / "data"


def test_head_constant_is_the_newest_migration() -> None:
    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == HEAD


def test_default_is_a_file_in_the_user_data_dir(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.delenv(location.ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = location.resolve(None)
    assert url.database == str(tmp_path / "data" / "tactician" / "campaigns.sqlite")
    assert (tmp_path / "data" / "tactician").is_dir()


def test_env_then_flag(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(location.ENV, str(tmp_path / "env.sqlite"))
    assert location.resolve(None).database == str(tmp_path / "env.sqlite")
    assert location.resolve(str(tmp_path / "flag.sqlite")).database == str(
        tmp_path / "flag.sqlite")
    url = location.resolve("postgresql://u:secret@localhost/x")
    assert url.drivername == "postgresql+psycopg"
    assert "secret" not in location.describe(url)


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(TacticianError, match="is a folder"):
        location.resolve(str(tmp_path))


def test_created_on_first_use_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new" / "campaigns.sqlite"
    db = open_database(str(path))
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert current_revision(conn) == HEAD
    db.close()
    assert path.is_file()


def test_every_migration_step_upgrades_and_downgrades(db_url: str) -> None:
    from alembic import command

    db = open_database(db_url, migrate=False)
    with db.engine.connect() as conn, conn.begin():
        command.upgrade(alembic_config(conn), "head")
        command.downgrade(alembic_config(conn), "base")
    with db.engine.connect() as conn:
        assert current_revision(conn) is None
        assert "campaign" not in {r[0] for r in conn.execute(text(
            "SELECT name FROM sqlite_master" if db.is_sqlite else
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))}
    db.close()
    reopened = open_database(db_url)
    reopened.close()


def test_a_database_of_the_first_schema_opens_and_upgrades(tmp_path: Path) -> None:
    """``data/campaign-0001.sqlite`` was written by schema 0001 (a campaign 'ford' with
    Aria and a 3-entry counter battle, no ``snapshot.pinned``); it opens, upgrades to
    the newest schema and reads."""
    copy = tmp_path / "old.sqlite"
    shutil.copy(DATA / "campaign-0001.sqlite", copy)
    db = open_database(str(copy))
    campaign = get_campaign(db, "ford")
    assert list_characters(db, campaign)["Aria"]["hp"] == 18
    # the battle's rows, not the engine's model: the engine's battle format is its own
    # (engine.battle.FORMAT) and may have moved on since this file was written
    info = find_battle(db, campaign, "counter")
    assert (info.last_seq, info.streams) == (3, 3)
    with db.engine.connect() as conn:
        seqs = conn.execute(text("SELECT seq FROM battle_entry WHERE battle_id = :b "
                                 "ORDER BY seq"), {"b": info.id}).scalars().all()
    assert seqs == [1, 2, 3]
    with db.engine.connect() as conn:
        assert current_revision(conn) == HEAD != "0001"
        columns = [row[1] for row in conn.exec_driver_sql("PRAGMA table_info(snapshot)")]
        assert "pinned" in columns
    db.close()


def test_migration_0002_pins_the_every_50th_snapshots(db_url: str) -> None:
    from alembic import command

    db = open_database(db_url, migrate=False)
    with db.engine.connect() as conn, conn.begin():
        command.upgrade(alembic_config(conn), "0001")
        conn.execute(text("INSERT INTO campaign (id, name, ruleset, options, created) "
                          "VALUES (1, 'c', 'tropera', '[]', CURRENT_TIMESTAMP)"))
        conn.execute(text("INSERT INTO battle (id, campaign_id, name, ruleset, seed, options, "
                          "start, header, streams, last_seq, status, created) VALUES "
                          "(1, 1, 'b', 'tropera', 1, '[]', '{}', '{}', 51, 51, 'ongoing', "
                          "CURRENT_TIMESTAMP)"))
        for seq in (50, 51):
            conn.execute(text("INSERT INTO snapshot (battle_id, seq, state) VALUES "
                              "(1, :seq, '{}')"), {"seq": seq})
    db.close()
    db = open_database(db_url)
    with db.engine.connect() as conn:
        rows = conn.execute(text("SELECT seq, pinned FROM snapshot ORDER BY seq")).all()
    db.close()
    assert [(seq, bool(pin)) for seq, pin in rows] == [(50, True), (51, False)]


def test_what_cannot_be_opened_is_named(tmp_path: Path) -> None:
    from tactician.store.database import StoreError

    with pytest.raises(StoreError, match="no such kind of database"):
        open_database("foo://bar")
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_text("not a database at all, just some text " * 40)
    with pytest.raises(StoreError, match=r"garbage.sqlite: file is not a database"):
        open_database(str(garbage))
    assert garbage.read_text().startswith("not a database")


@pytest.mark.parametrize(("asked", "pragma"), [(None, 2), ("normal", 1), ("FULL", 2)])
def test_sqlite_synchronous_follows_the_setting(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path, asked: str | None,
                                                pragma: int) -> None:
    """WAL with synchronous=FULL by default (a commit survives a power cut); NORMAL on
    request (no fsync per commit)."""
    if asked is None:
        monkeypatch.delenv(SYNC, raising=False)
    else:
        monkeypatch.setenv(SYNC, asked)
    db = open_database(str(tmp_path / "c.sqlite"))
    try:
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == pragma
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        db.close()


def test_an_unknown_synchronous_setting_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    monkeypatch.setenv(SYNC, "off")
    with pytest.raises(TacticianError, match=r"TACTICIAN_SQLITE_SYNC='off': give one of "
                                              r"normal, full"):
        open_database(str(tmp_path / "c.sqlite"))
    assert not (tmp_path / "c.sqlite").exists()


def test_the_schema_check_reads_the_revision_without_alembic(tmp_path: Path) -> None:
    """Issue 28: opening a database that is up to date imports no alembic (the check is
    plain SQL), and reads the revision alembic wrote."""
    import subprocess
    import sys

    path = tmp_path / "c.sqlite"
    open_database(str(path)).close()
    code = ("import sys; from tactician.store.database import open_database, current_revision;"
            f"db = open_database({str(path)!r}); c = db.engine.connect();"
            "print(current_revision(c), any(m.startswith('alembic') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True)
    assert done.stdout.split() == [HEAD, "False"]


def test_two_recorded_revisions_are_refused(tmp_path: Path) -> None:
    from tactician.store.database import StoreError

    db = open_database(str(tmp_path / "c.sqlite"))
    with db.engine.connect() as conn:
        conn.exec_driver_sql("INSERT INTO alembic_version VALUES ('0003')")
        with pytest.raises(StoreError, match="2 revisions"):
            current_revision(conn)
    db.close()
