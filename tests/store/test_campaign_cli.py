"""``tactician campaign ...`` end to end on an SQLite file (``--db`` and
``TACTICIAN_DB``)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.store.battles import find_battle
from tactician.store.campaigns import get_campaign
from tactician.store.database import open_database
from tactician.table import campaigns as service
from tests.store.ford import MAP, SEED, UNITS, played_actions

runner = CliRunner()


def cli(db: Path, *args: Any) -> Any:
    result = runner.invoke(app, ["campaign", *map(str, args), "--db", str(db)])
    return result


def js(db: Path, *args: Any) -> Any:
    result = cli(db, *args, "--json")
    return result.exit_code, json.loads(result.stdout)


def test_new_list_use_show_delete(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    assert js(db, "new", "ford", "--ruleset", "tropera")[0] == 0
    assert js(db, "new", "keep", "-r", "tropera", "-o", "true_hit_crit=separate")[0] == 0
    code, rows = js(db, "list")
    assert rows == [{"name": "ford", "ruleset": "tropera", "current": False},
                    {"name": "keep", "ruleset": "tropera", "current": True}]
    assert js(db, "use", "ford") == (0, {"current": "ford"})
    code, shown = js(db, "show")
    assert (shown["name"], shown["battles"], shown["characters"]) == ("ford", [], [])
    assert js(db, "show", "keep")[1]["options"] == ["true_hit_crit=separate"]
    assert js(db, "delete", "ford", "--yes") == (0, {"deleted": "ford"})
    assert [r["name"] for r in js(db, "list")[1]] == ["keep"]


@pytest.mark.parametrize(("args", "message"), [
    (("new", "x", "-r", "chess"), "unknown ruleset 'chess'"),
    (("use", "nowhere"), "no campaign named 'nowhere'"),
    (("show",), "no current campaign: create one"),
    (("delete", "nowhere", "--yes"), "no campaign named 'nowhere'"),
])
def test_refusals_exit_2_and_change_nothing(tmp_path: Path, args: tuple[str, ...],
                                            message: str) -> None:
    db = tmp_path / "c.sqlite"
    code, data = js(db, *args)
    assert code == 2 and message in data["error"]
    assert js(db, "list") == (0, [])


def test_the_env_variable_names_the_database(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TACTICIAN_DB", str(tmp_path / "env.sqlite"))
    result = runner.invoke(app, ["campaign", "new", "ford"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "env.sqlite").is_file()


def _played(db: Path) -> None:
    database = open_database(str(db))
    campaign = get_campaign(database, "ford")
    info = service.start_battle(database, campaign, "ford", MAP, UNITS, seed=SEED).info
    service.perform_many(database, info.id, list(played_actions()[:6]))
    database.close()


def test_export_import_backup_check(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    js(db, "new", "ford")
    _played(db)
    assert js(db, "check") == (0, {"campaign": "ford", "ok": True, "problems": []})
    assert js(db, "export", "--out", tmp_path / "bundle")[0] == 0
    assert (tmp_path / "bundle" / "battles" / "001.json").is_file()
    assert js(db, "export", "--out", tmp_path / "bundle.zip")[0] == 0
    assert js(db, "import", tmp_path / "bundle.zip", "--name", "copy") == (0, {"name": "copy"})
    code, data = js(db, "import", tmp_path / "bundle")
    assert code == 2 and "already exists" in data["error"]
    assert js(db, "backup", "--out", tmp_path / "b.sqlite")[0] == 0
    copy = sqlite3.connect(tmp_path / "b.sqlite")
    assert copy.execute("SELECT count(*) FROM battle_entry").fetchone() == (12,)
    copy.close()
    assert js(db, "backup", "--out", tmp_path / "b.sqlite")[0] == 2


def test_check_says_what_is_wrong(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    js(db, "new", "ford")
    _played(db)
    database = open_database(str(db))
    battle_id = find_battle(database, get_campaign(database, "ford"), "ford").id
    database.close()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE battle_entry SET entry = json_set(entry, '$.summary', 'forged') "
                "WHERE battle_id = ? AND seq = 2", (battle_id,))
    raw.commit()
    raw.close()
    code, data = js(db, "check")
    assert code == 2 and not data["ok"]
    assert data["problems"][0].startswith("battle 'ford': ")
    assert "entry 2" in data["problems"][0]
