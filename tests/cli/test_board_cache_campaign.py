"""``battle show`` on a campaign battle from the kept board (issue 28): found with the
standard library's ``sqlite3`` (``store.sqlite_peek``), answered without SQLAlchemy,
the store or the engine; an edited row is a miss, and the full path still refuses it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tactician.store.sqlite_peek import peek, sqlite_path

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"
CASTLE = ROOT / "examples" / "fe_tabletop" / "castle"
HEAVY = ("pydantic", "yaml", "rich", "sqlalchemy", "alembic", "tactician.engine",
         "tactician.store.database")
PROBE = """
import json, sys
from tactician.cli.main import run as main
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
sys.exit(code)
"""


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TACTICIAN_")}
    return {**clean, "COLUMNS": "80", "NO_COLOR": "1",
            "TACTICIAN_DB": f"sqlite:///{tmp_path / 'c.sqlite'}",
            "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}


def run(env: dict[str, str], *args: object, code: int = 0) -> tuple[str, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *map(str, args)], capture_output=True,
                          text=True, env=env, check=False)
    assert done.returncode == code, done.stdout + done.stderr
    text, _, modules = done.stderr.rpartition("\nMODULES ")
    return done.stdout + text, json.loads(modules)


def heavy(modules: list[str]) -> set[str]:
    return {m for m in modules for h in HEAVY if m == h or m.startswith(h + ".")}


def new_ford(env: dict[str, str]) -> None:
    run(env, "campaign", "new", "ford", "--ruleset", "tropera")
    run(env, "battle", "new", "ford", "--map", FORD / "ford.yaml", "--units",
        FORD / "party.yaml", "--units", FORD / "bandits.yaml", "--seed", 7)


@pytest.mark.slow
def test_a_show_after_a_move_is_kept_and_imports_no_store_or_engine(
        env: dict[str, str]) -> None:
    new_ford(env)
    run(env, "battle", "move", "aria", 6, 4)  # the writer keeps the new board
    out, modules = run(env, "battle", "show")
    assert "(6, 4)" in out and "Units" in out
    assert not heavy(modules), heavy(modules)
    kept, _ = run(env, "battle", "show", "--json")
    full, modules = run({**env, "TACTICIAN_CACHE": "off"}, "battle", "show", "--json")
    assert "tactician.engine" in heavy(modules)  # the probe can fail
    assert json.loads(kept) == json.loads(full)
    assert json.loads(kept)["log_length"] == 1


@pytest.mark.slow
def test_a_miss_keeps_the_board_and_each_side_has_its_own(env: dict[str, str]) -> None:
    run(env, "campaign", "new", "renvall", "--ruleset", "fe-tabletop")
    run(env, "battle", "new", "castle", "--map", CASTLE / "map.yaml", "--units",
        CASTLE / "party.yaml", "--units", CASTLE / "garrison.yaml", "--seed", 4)
    sides = {}
    for side in ("player", "enemy"):
        first, modules = run(env, "battle", "show", "--side", side, "--json")
        assert "tactician.engine" in heavy(modules)  # a miss: the full path
        again, modules = run(env, "battle", "show", "--side", side, "--json")
        assert not heavy(modules)
        assert json.loads(again) == json.loads(first)
        sides[side] = json.loads(again)
    assert sides["player"] != sides["enemy"]  # fog: one side's board never serves another


@pytest.mark.slow
def test_an_edited_row_is_a_miss(env: dict[str, str], tmp_path: Path) -> None:
    """The full path then reads what the store holds, as it always did."""
    new_ford(env)
    run(env, "battle", "move", "aria", 6, 4)
    before = peek(env["TACTICIAN_DB"])
    assert before is not None and before.last_seq == 1
    with sqlite3.connect(tmp_path / "c.sqlite") as conn:
        (text,) = conn.execute("SELECT state FROM snapshot ORDER BY seq DESC").fetchone()
        conn.execute("UPDATE snapshot SET state = ? WHERE seq = 1",
                     (text.replace('"round": 1', '"round": 2'),))
    after = peek(env["TACTICIAN_DB"])
    assert after is not None and after.material != before.material
    shown, modules = run(env, "battle", "show", "--json")
    assert "tactician.engine" in heavy(modules)  # a miss: the full path
    full, _ = run({**env, "TACTICIAN_CACHE": "off"}, "battle", "show", "--json")
    assert json.loads(shown) == json.loads(full)


@pytest.mark.slow
def test_the_battle_is_found_as_the_store_finds_it(env: dict[str, str]) -> None:
    new_ford(env)
    run(env, "battle", "new", "second", "--map", FORD / "ford.yaml", "--units",
        FORD / "party.yaml", "--units", FORD / "bandits.yaml", "--seed", 8)
    db = env["TACTICIAN_DB"]
    current, by_name = peek(db), peek(db, "ford")
    assert current is not None and current.name == "second"  # battle new made it current
    assert by_name is not None and by_name.name == "ford"
    assert peek(db, "nowhere") is None  # the full path names what is missing
    run(env, "battle", "use", "ford")
    assert (found := peek(db)) is not None and found.name == "ford"


def test_only_a_plain_sqlite_file_is_peeked(tmp_path: Path) -> None:
    assert sqlite_path(str(tmp_path / "x.sqlite")) == tmp_path / "x.sqlite"
    assert sqlite_path(f"sqlite:///{tmp_path}/x.sqlite") == tmp_path / "x.sqlite"
    assert sqlite_path("postgresql://u@h/db") is None
    assert sqlite_path("sqlite:///:memory:") is None
    assert sqlite_path(f"sqlite:///{tmp_path}/x.sqlite?mode=ro") is None
    assert peek(str(tmp_path / "absent.sqlite")) is None
    assert not (tmp_path / "absent.sqlite").exists()  # nothing created


@pytest.mark.slow
def test_a_forecast_is_kept_under_the_rows_and_the_details(env: dict[str, str],
                                                          tmp_path: Path) -> None:
    """``table.forecast_cache``: the second forecast imports no engine and gives the same
    floats; another action, a refusal or a changed battle is not served from it."""
    new_ford(env)
    run(env, "battle", "move", "aria", 7, 4)
    run(env, "battle", "end-phase")
    run(env, "battle", "enemy-phase")  # the chief steps beside Aria (seed 7)
    first, modules = run(env, "battle", "forecast", "aria", "chief", "--json")
    assert "tactician.engine" in heavy(modules)
    again, modules = run(env, "battle", "forecast", "aria", "chief", "--json")
    assert not {m for m in heavy(modules) if m.startswith(("tactician.engine", "sqlalchemy"))}
    full, _ = run({**env, "TACTICIAN_CACHE": "off"}, "battle", "forecast", "aria", "chief",
                  "--json")
    assert json.loads(again) == json.loads(first) == json.loads(full)
    out, _ = run(env, "battle", "forecast", "aria", "brigand-2", code=2)
    assert "reaches" in out
    assert len(list((tmp_path / "cache" / "battle-forecast").iterdir())) == 1
    run(env, "battle", "move", "lethe", 3, 2)  # the battle moved on: a new key
    _, modules = run(env, "battle", "forecast", "aria", "chief", "--json")
    assert "tactician.engine" in heavy(modules)
