"""``tactician battle ...`` against the current campaign (issue 14: "the current
campaign is the default otherwise"), each command reading its battle once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tests.battle_json import battle_data, write_battle_data

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"


def cli(db: Path, *args: Any) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args],
                                env={"TACTICIAN_DB": str(db), "COLUMNS": "100"})
    return result.exit_code, result.stdout, result.stderr


def data(db: Path, *args: Any) -> Any:
    code, out, err = cli(db, *args, "--json")
    assert code == 0, out + err
    return json.loads(out)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "campaigns.sqlite"
    assert cli(path, "campaign", "new", "westmarch", "--ruleset", "tropera")[0] == 0
    code, out, err = cli(path, "battle", "new", "ford", "--map", FORD / "ford.yaml",
                         "--units", FORD / "party.yaml", "--units", FORD / "bandits.yaml",
                         "--seed", "7")
    assert code == 0, out + err
    assert "stored in campaign 'westmarch' (the current battle)" in out
    return path


def test_commands_work_on_the_current_battle(db: Path) -> None:
    moved = data(db, "battle", "move", "aria", "6", "4")
    assert moved["entry"]["seq"] == 1 and moved["entry"]["summary"].startswith("Aria moves")
    board = data(db, "battle", "show")
    assert board["log_length"] == 1
    assert next(u for u in board["units"] if u["id"] == "aria")["position"] == [6, 4]
    assert [e["seq"] for e in data(db, "battle", "log")["entries"]] == [1]
    assert data(db, "battle", "list") == [
        {"name": "ford", "entries": 1, "status": "ongoing", "current": True}]


def test_a_stale_writer_is_refused_and_nothing_is_applied(db: Path) -> None:
    data(db, "battle", "move", "aria", "6", "4", "--at", "0")
    code, out, _ = cli(db, "battle", "move", "lute", "5", "4", "--at", "0", "--json")
    assert code == 2
    assert json.loads(out)["error"] == "the battle moved on (now at 1), reload"
    code, _, err = cli(db, "battle", "undo", "--expect-seq", "5")
    assert code == 2 and "the battle moved on (now at 1), reload" in err
    assert data(db, "battle", "show")["log_length"] == 1
    assert data(db, "battle", "undo", "--at", "1")["log_length"] == 0


def test_battles_by_name_use_and_the_refusals_that_name_the_way_out(
        db: Path, tmp_path: Path) -> None:
    code, _, err = cli(db, "battle", "new", "keep", "--map", FORD / "keep.tmj",
                       "--units", FORD / "keep-party.yaml", "--units",
                       FORD / "keep-garrison.yaml", "--ruleset", "uesrpg")
    assert code == 2 and "plays tropera, not uesrpg" in err
    data(db, "battle", "new", "keep", "--map", FORD / "keep.tmj", "--units",
         FORD / "keep-party.yaml", "--units", FORD / "keep-garrison.yaml", "--seed", "1")
    assert data(db, "battle", "show")["log_length"] == 0
    data(db, "battle", "move", "aria", "6", "4", "--name", "ford")
    assert data(db, "battle", "show", "--name", "ford")["log_length"] == 1
    assert data(db, "battle", "use", "ford")["current"] == "ford"
    assert data(db, "battle", "show")["log_length"] == 1
    code, _, err = cli(db, "battle", "show", "--name", "nowhere")
    assert code == 2 and "has no battle 'nowhere' (battles: ford, keep)" in err
    empty = tmp_path / "empty.sqlite"
    code, _, err = cli(empty, "battle", "show")
    assert code == 2 and "no current campaign" in err and "--battle FILE" in err
    code, _, err = cli(db, "battle", "new", "--map", FORD / "ford.yaml", "--units",
                       FORD / "party.yaml")
    assert code == 2 and "name the battle" in err


def test_export_then_import_gives_the_same_battle(db: Path, tmp_path: Path) -> None:
    data(db, "battle", "move", "aria", "6", "4")
    data(db, "battle", "act", "aria", "defend")
    out = tmp_path / "ford.json"
    assert data(db, "battle", "export", "--out", out)["out"] == str(out)
    code, _, err = cli(db, "battle", "export", "--out", out)
    assert code == 2 and "already exists" in err
    # the exported file plays on in file mode
    assert data(db, "battle", "show", "--battle", out)["log_length"] == 2
    imported = data(db, "battle", "import", out, "--name", "ford-again")
    assert (imported["name"], imported["entries"]) == ("ford-again", 2)
    assert data(db, "battle", "log")["head"] == data(db, "battle", "log", "--name",
                                                     "ford")["head"]
    code, _, err = cli(db, "battle", "import", out, "--name", "ford-again")
    assert code == 2 and "already has a battle 'ford-again'" in err
    broken = tmp_path / "broken.json"
    text = battle_data(out)
    text["log"][0]["summary"] = "edited"
    write_battle_data(broken, text)
    code, _, err = cli(db, "battle", "import", broken)
    assert code == 2 and "broken.json" in err
    assert [b["name"] for b in data(db, "battle", "list")] == ["ford", "ford-again"]


def test_each_command_reads_the_battle_once(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: "Each command reads the battle once" (``battle attack --yes`` used to
    replay the log four times)."""
    from tactician.store import battles as store

    reads: list[int] = []
    real = store.load_tail

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "load_tail", counted)
    # a writer on an SQLite file reads it with the standard library (issue 28)
    from tactician.store.sqlite_write import SqliteBattles

    fast = SqliteBattles.load_tail

    def fast_counted(self: SqliteBattles, battle_id: int) -> Any:
        reads.append(1)
        return fast(self, battle_id)

    monkeypatch.setattr(SqliteBattles, "load_tail", fast_counted)
    for command in (["move", "lethe", "7", "3"], ["move", "aria", "8", "4"],
                    ["attack", "lethe", "brigand-1", "--yes"], ["show"],
                    ["forecast", "aria", "brigand-1"], ["act", "aria", "wait"],
                    ["end-phase"], ["enemy-phase"], ["log"], ["undo"]):
        reads.clear()
        code, out, err = cli(db, "battle", *command)
        assert code in (0, 2), out + err
        # an undo reads the log, then the snapshot at or before the entry it goes back
        # to (the state it stores as the newest): nothing is replayed twice
        # a show after an action answers from its kept board (issue 28): no read
        expected = {"undo": (2,), "show": (0, 1)}.get(command[0], (1,))
        assert len(reads) in expected, (command, out + err)
