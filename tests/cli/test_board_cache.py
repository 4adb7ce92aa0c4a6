"""``battle show`` from the kept board (``table.board_cache``): what it imports,
and that its keys never serve a stale, tampered or other side's board.

A hit must answer with the standard library, click and Typer alone (issue 16:
"nothing imported that the command does not use"); a miss is today's full path,
which verifies the log, so a tampered file is still refused.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.content.battle_lines import cache_material
from tactician.table import board_cache
from tests.battle_json import battle_data, write_battle_data

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"
SKIRMISH = ROOT / "examples" / "uesrpg" / "skirmish"
CASTLE = ROOT / "examples" / "fe_tabletop" / "castle"
runner = CliRunner()

# what a hit must not import: each is tens of ms of start-up (the brief's figures)
HEAVY = ("pydantic", "yaml", "rich", "tactician.engine")

# runs the console entry point like the ``tactician`` script, then reports every
# module the process imported (on stderr, after the command's own output)
PROBE = """
import json, sys
from tactician.cli.main import run as main
try:
    main()
except SystemExit:
    pass
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(folder))
    monkeypatch.delenv("TACTICIAN_CACHE", raising=False)
    for name in list(os.environ):
        if name.endswith("_DATA") and name.startswith("TACTICIAN_"):
            monkeypatch.delenv(name)
    return folder


def battle(*args: Any, code: int = 0, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, ["battle", *map(str, args)],
                           env={"COLUMNS": "80", "NO_COLOR": "1", **(env or {})})
    assert result.exit_code == code, result.stdout + result.stderr
    return result.stdout + result.stderr


def new_ford(tmp_path: Path) -> Path:
    path = tmp_path / "ford.json"
    battle("new", "--map", FORD / "ford.yaml", "--units", FORD / "party.yaml",
           "--units", FORD / "bandits.yaml", "--seed", 7, "--out", path)
    return path


def new_castle(tmp_path: Path) -> Path:
    path = tmp_path / "castle.json"
    battle("new", "--ruleset", "fe-tabletop", "--map", CASTLE / "map.yaml", "--units",
           CASTLE / "party.yaml", "--units", CASTLE / "garrison.yaml", "--seed", 4,
           "--out", path)
    return path


def shown_in_process(path: Path, *extra: str) -> tuple[str, list[str]]:
    """``tactician battle show --battle PATH`` in a fresh process: its output and the
    modules it imported."""
    result = subprocess.run(
        [sys.executable, "-c", PROBE, "battle", "show", "--battle", str(path), *extra],
        capture_output=True, text=True, env={**os.environ, "COLUMNS": "80"}, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    modules = json.loads(result.stderr.rsplit("MODULES ", 1)[1])
    return result.stdout, modules


def heavy_in(modules: list[str]) -> set[str]:
    return {m for m in modules for heavy in HEAVY if m == heavy or m.startswith(heavy + ".")}


# --- what a hit imports ------------------------------------------------------------------


def test_a_kept_board_is_shown_without_pydantic_yaml_rich_or_the_engine(
        tmp_path: Path) -> None:
    path = new_ford(tmp_path)
    battle("move", "aria", 6, 4, "--battle", path)  # the writer keeps the new board
    out, modules = shown_in_process(path)
    assert "Aria" in out and "Units" in out and "(6, 4)" in out
    assert not heavy_in(modules), heavy_in(modules)
    out_json, modules = shown_in_process(path, "--json")
    assert json.loads(out_json)["log_length"] == 1
    assert not heavy_in(modules)


def test_a_miss_takes_the_full_path_and_keeps_the_board_for_the_next_show(
        tmp_path: Path, own_cache: Path) -> None:
    """The probe can fail: without a kept board the engine is imported."""
    path = new_ford(tmp_path)
    for entry in (own_cache / "board-view").iterdir():
        entry.unlink()
    _, modules = shown_in_process(path)
    assert "tactician.engine" in heavy_in(modules)
    _, modules = shown_in_process(path)  # the miss kept it
    assert not heavy_in(modules)


# --- the keys ----------------------------------------------------------------------------


def test_an_edited_log_is_a_miss_and_still_refused(tmp_path: Path) -> None:
    path = new_ford(tmp_path)
    battle("move", "aria", 6, 4, "--battle", path)
    data = battle_data(path)
    assert board_cache.cached(cache_material(path), None) is not None
    data["log"][0]["summary"] = "Aria moves to (7, 4)"  # the chain no longer verifies
    write_battle_data(path, data, indent=1)
    assert board_cache.cached(cache_material(path), None) is None
    out = battle("show", "--battle", path, code=2)
    assert "does not verify" in out
    assert board_cache.cached(cache_material(path), None) is None  # a refusal keeps nothing


def test_each_side_has_its_own_board(tmp_path: Path) -> None:
    """Castle Renvall has fog of war: the players do not see the garrison."""
    path = new_castle(tmp_path)
    data = cache_material(path)
    gm = json.loads(battle("show", "--battle", path, "--json"))
    player = json.loads(battle("show", "--battle", path, "--side", "player", "--json"))
    assert len(player["units"]) < len(gm["units"])
    assert board_cache.key(data, "player") != board_cache.key(data, None)
    # both kept, each under its own key, and each served back as it was made
    assert board_cache.cached(data, "player") is not None
    assert json.loads(battle("show", "--battle", path, "--side", "player", "--json")) == player
    assert json.loads(battle("show", "--battle", path, "--json")) == gm
    assert board_cache.cached(data, "enemy") is None


def _played(tmp_path: Path, ruleset: str) -> tuple[Path, list[tuple[str, ...]]]:
    if ruleset == "tropera":
        return new_ford(tmp_path), [("move", "aria", "6", "4"), ("end-phase",),
                                    ("enemy-phase",), ("undo",)]
    path = tmp_path / "skirmish.json"
    battle("new", "--ruleset", "uesrpg", "--map", SKIRMISH / "map.yaml", "--units",
           SKIRMISH / "party.yaml", "--units", SKIRMISH / "bandits.yaml", "--seed", 3,
           "--out", path)
    return path, [("enemy-phase",), ("move", "brand", "4", "2"),
                  ("attack", "brand", "bandit-1", "--yes"), ("undo",)]


@pytest.mark.parametrize("ruleset", ["tropera", "uesrpg"])
def test_json_is_the_same_from_the_kept_board_and_the_full_path(
        tmp_path: Path, ruleset: str) -> None:
    """After every writer (new, an action, the enemy phase, undo) the board kept from
    the state in hand is the board the file replays to."""
    path, steps = _played(tmp_path, ruleset)
    for step in [(), *steps]:
        if step:
            battle(*step, "--battle", path)
        assert board_cache.cached(cache_material(path), None) is not None, step  # a hit
        kept = battle("show", "--battle", path, "--json")
        replayed = battle("show", "--battle", path, "--json", env={"TACTICIAN_CACHE": "off"})
        assert kept == replayed, step
        assert battle("show", "--battle", path) == battle(
            "show", "--battle", path, env={"TACTICIAN_CACHE": "off"})


def test_a_content_folder_and_its_files_are_part_of_the_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A board kept without the folder, or before one of its files changed, is not
    served: the full path reads the folder."""
    path = new_ford(tmp_path)
    data = cache_material(path)
    assert board_cache.cached(data, None) is not None
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("TACTICIAN_TROPERA_DATA", str(folder))
    assert board_cache.cached(data, None) is None
    battle("show", "--battle", path)
    assert board_cache.cached(data, None) is not None  # kept with the folder as it is
    (folder / "notes.txt").write_text("an added file", encoding="utf-8")
    assert board_cache.cached(data, None) is None


def test_a_limit_is_part_of_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file kept under one limit is read again under another: the full path may
    refuse what the kept board would have shown."""
    path = new_ford(tmp_path)
    monkeypatch.setenv("TACTICIAN_MAX_FILE_BYTES", "100")
    assert board_cache.cached(cache_material(path), None) is None
    assert "TACTICIAN_MAX_FILE_BYTES" in battle("show", "--battle", path, code=2)


def test_reach_and_a_missing_file_take_the_full_path(tmp_path: Path) -> None:
    path = new_ford(tmp_path)
    assert "[A]" in battle("show", "--battle", path, "--reach", "aria")
    out = battle("show", "--battle", tmp_path / "absent.json", code=2)
    assert "absent.json" in out
