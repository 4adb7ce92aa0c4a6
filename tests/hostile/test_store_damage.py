"""A damaged campaign database (issue 27): a battle's entry, snapshot or start cut short
or edited into something the engine cannot read, and a schema revision this Tactician
does not know. Every command that reads the damaged rows says so in one line naming the
battle and the row (exit 2, no traceback); ``campaign check`` lists it; the campaign's
other battles stay usable; nothing is changed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.hostile.helpers import BANDITS, FORD, PARTY, cli, refused


def _campaign(tmp_path: Path) -> Path:
    """Campaign ``c`` with battle ``ford`` (two moves) and ``spare`` (untouched)."""
    db = tmp_path / "c.sqlite"
    assert cli("campaign", "new", "c", "-r", "tropera", "--db", db).code == 0
    for name in ("spare", "ford"):
        run = cli("battle", "new", name, "--map", FORD, "--units", PARTY, "--units", BANDITS,
                  "--seed", 7, "--db", db)
        assert run.code == 0, (run.err, run.exception)
    for unit, x in (("aria", 6), ("lute", 5)):
        assert cli("battle", "move", unit, x, 4, "--db", db).code == 0
    return db


def _sql(db: Path, statement: str, *args: object) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(statement, args)


def _ford(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT id FROM battle WHERE name = 'ford'").fetchone()[0])


def _cut_entry(db: Path, seq: int) -> None:
    """Entry ``seq`` of ``ford`` with its JSON cut in half (a torn write, a bad edit)."""
    with sqlite3.connect(db) as conn:
        text = conn.execute("SELECT entry FROM battle_entry WHERE battle_id = ? AND seq = ?",
                            (_ford(db), seq)).fetchone()[0]
    _sql(db, "UPDATE battle_entry SET entry = ? WHERE battle_id = ? AND seq = ?",
         text[: len(text) // 2], _ford(db), seq)


def _rows(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return [row for table in ("battle", "battle_entry", "battle_undone", "snapshot")
                for row in conn.execute(f"SELECT * FROM {table} ORDER BY id")]  # noqa: S608


def _sound(db: Path) -> None:
    """The other battle is untouched by the damage: shown, listed, played, undone."""
    assert cli("battle", "show", "--name", "spare", "--db", db).code == 0
    run = cli("battle", "list", "--json", "--db", db)
    assert run.code == 0, run.err
    assert sorted(row["name"] for row in run.json()) == ["ford", "spare"]
    assert cli("battle", "move", "aria", 6, 4, "--name", "spare", "--db", db).code == 0
    assert cli("battle", "undo", "--name", "spare", "--db", db).code == 0


COMMANDS = [
    ("battle", "show", "--name", "ford"), ("battle", "log", "--name", "ford"),
    ("battle", "replay", "--name", "ford"),
    ("battle", "move", "gilliam", 5, 5, "--name", "ford"),
    ("battle", "undo", "--name", "ford"), ("battle", "redo", "--name", "ford"),
    ("battle", "end-phase", "--name", "ford"),
    ("battle", "export", "ford", "--out", "{tmp}/f.json"),
    ("campaign", "export", "--out", "{tmp}/bundle"),
]
# commands that read the newest snapshot and the entries after it, not entry 1: the
# board, and an action (issue 28: it appends to the battle from its newest snapshot on,
# the chain verified from the snapshot's entry); the damage before it is named by
# every command that reads the whole log (log, replay, undo, export, campaign check)
SNAPSHOT_READERS = {"show", "move", "end-phase"}


@pytest.mark.parametrize("seq", [1, 2])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(map(str, c[:2])))
def test_an_entry_cut_short_is_named_by_every_command(tmp_path: Path, seq: int,
                                                      command: tuple[object, ...]) -> None:
    db = _campaign(tmp_path)
    _cut_entry(db, seq)
    if command[1] == "redo":  # the redo list is read too: damaged as well
        _sql(db, "INSERT INTO battle_undone (battle_id, seq, entry) VALUES (?, 3, ?)",
             _ford(db), '{"seq": 3, "summ')
    before = _rows(db)
    args = [str(part).replace("{tmp}", str(tmp_path)) for part in command]
    if args[1] in SNAPSHOT_READERS and seq == 1:
        run = cli(*args, "--db", db)
        assert run.code == 0 and run.exception is None, (run.err, run.exception)
        return
    line = refused(*args, "--db", db, names=("battle 'ford'", "damaged", "campaign check"))
    assert f"entry {seq}" in line or "undone entry 3" in line, line
    assert _rows(db) == before, "a refused command changed the database"
    assert not (tmp_path / "bundle").exists() and not (tmp_path / "f.json").exists()
    _sound(db)


def test_campaign_check_lists_the_damaged_battle_and_entry(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    _cut_entry(db, 1)
    run = cli("campaign", "check", "--json", "--db", db)
    assert run.code == 2, (run.out, run.err, run.exception)
    problems = run.json()["problems"]
    assert len(problems) == 1, problems
    assert problems[0].startswith("battle 'ford': entry 1 in the database is damaged")
    assert "not valid JSON" in problems[0]
    plain = cli("campaign", "check", "--db", db)
    assert plain.code == 2 and "Traceback" not in plain.err
    assert plain.out.strip().splitlines() == [problems[0]]
    _sound(db)


def test_an_entry_edited_to_another_shape_is_named(tmp_path: Path) -> None:
    """Valid JSON that is not an entry (its fields gone): named as damaged, not a
    pydantic traceback."""
    db = _campaign(tmp_path)
    _sql(db, "UPDATE battle_entry SET entry = ? WHERE battle_id = ? AND seq = 2",
         json.dumps({"seq": 2}), _ford(db))
    refused("battle", "log", "--name", "ford", "--db", db,
            names=("battle 'ford'", "entry 2", "damaged"))
    run = cli("campaign", "check", "--json", "--db", db)
    assert run.code == 2 and "entry 2" in run.json()["problems"][0]


def test_a_damaged_snapshot_is_named(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    _sql(db, "UPDATE snapshot SET state = '{\"units\": [' WHERE battle_id = ? AND seq = 2",
         _ford(db))
    refused("battle", "show", "--name", "ford", "--db", db,
            names=("battle 'ford'", "snapshot at entry 2", "damaged"))
    run = cli("campaign", "check", "--json", "--db", db)
    assert run.code == 2
    assert run.json()["problems"] == [
        p for p in run.json()["problems"] if p.startswith("battle 'ford': the snapshot")]
    _sound(db)


def test_a_damaged_start_is_named_and_the_battle_still_listed(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    _sql(db, "UPDATE battle SET start = '{\"units\": [' WHERE id = ?", _ford(db))
    refused("battle", "log", "--name", "ford", "--db", db,
            names=("battle 'ford'", "start", "damaged"))
    _sound(db)


def test_an_unknown_schema_revision_says_a_newer_tactician_wrote_it(tmp_path: Path) -> None:
    db = _campaign(tmp_path)
    _sql(db, "UPDATE alembic_version SET version_num = '9999'")
    before = _dump(db)
    for command in (("battle", "list"), ("campaign", "check"), ("battle", "show")):
        line = refused(*command, "--db", db, names=("'9999'", "newer", "Tactician"))
        assert "CommandError" not in line and "locate" not in line
    assert _dump(db) == before


def _dump(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())
