"""A hand-edited battle file: a malformed ``start``, an unknown ``format``, a
repeated key, a folder given as ``--battle``. Each is one line naming the file
and the field, exit code 2, and the file left as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tactician.content.limits import MAX_MAP_SIDE
from tests.battle_json import json_of
from tests.hostile.helpers import cli, new_battle, refused, refused_json

COMMANDS = [("show",), ("replay",), ("log",), ("move", "aria", 3, 4), ("undo",)]


def _edit(battle: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json_of(battle)
    change(data)
    battle.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _hp_many(data: dict[str, Any]) -> None:
    data["start"]["units"][0]["character"]["points"]["hp"] = "many"


def _cut_cells(data: dict[str, Any]) -> None:
    data["start"]["map"]["cells"] = data["start"]["map"]["cells"][:-5]


def _wide(data: dict[str, Any]) -> None:
    data["start"]["map"]["width"] = 100_000


def _no_units(data: dict[str, Any]) -> None:
    del data["start"]["units"]


def _unknown_terrain(data: dict[str, Any]) -> None:
    data["start"]["map"]["cells"][0] = "lava"


def _no_sides(data: dict[str, Any]) -> None:
    data["start"]["sides"] = []


def _phase_past_the_sides(data: dict[str, Any]) -> None:
    data["start"]["phase"] = 5


def _start_not_a_mapping(data: dict[str, Any]) -> None:
    data["start"] = ["not", "a", "start"]


def _position_text(data: dict[str, Any]) -> None:
    data["start"]["units"][0]["position"] = "here"


START_FAULTS = [
    pytest.param(_hp_many, "start.units.0.character.points.hp", id="points.hp-many"),
    pytest.param(_cut_cells, "123 cells for a 16x8 map (it needs 128)", id="cut-cells"),
    pytest.param(_wide, f"width 100000 is outside 1..{MAX_MAP_SIDE.default}", id="width-100000"),
    pytest.param(_no_units, "start.units", id="no-units"),
    pytest.param(_unknown_terrain, "lava", id="unknown-terrain"),
    pytest.param(_no_sides, "a battle needs at least one side", id="no-sides"),
    pytest.param(_phase_past_the_sides, "phase: 5 is not a side's index", id="phase-5"),
    pytest.param(_start_not_a_mapping, "start", id="start-a-list"),
    pytest.param(_position_text, "start.units.0.position", id="position-text"),
]


@pytest.mark.parametrize(("change", "fault"), START_FAULTS)
def test_malformed_start(tmp_path: Path, change: Callable[[dict[str, Any]], None],
                         fault: str) -> None:
    battle = new_battle(tmp_path)
    _edit(battle, change)
    for command in COMMANDS:
        refused("battle", *command, "--battle", battle, names=(str(battle), fault),
                watch=(tmp_path,))


def test_malformed_start_under_json(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    _edit(battle, _hp_many)
    refused_json("battle", "show", "--battle", battle, "--json",
                 names=(str(battle), "points.hp"), watch=(tmp_path,))


@pytest.mark.parametrize("version", [99, 0, "1", None])
def test_unknown_format(tmp_path: Path, version: object) -> None:
    battle = new_battle(tmp_path)
    _edit(battle, lambda data: data.update(format=version))
    for command in COMMANDS:
        refused("battle", *command, "--battle", battle, watch=(tmp_path,),
                names=(str(battle), f"battle format {version!r}", "reads format 2"))


def test_repeated_key(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    text = battle.read_text(encoding="utf-8")
    battle.write_text(text.replace('"seed": 7,', '"seed": 7, "seed": 8,', 1), encoding="utf-8")
    refused("battle", "show", "--battle", battle, watch=(tmp_path,),
            names=(str(battle), "key 'seed' appears twice"))


def test_not_json(tmp_path: Path) -> None:
    battle = tmp_path / "battle.json"
    battle.write_text("{ not json", encoding="utf-8")
    refused("battle", "show", "--battle", battle, watch=(tmp_path,),
            names=(str(battle), "line 1, column 3: not a battle file"))


def test_a_huge_number(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    text = battle.read_text(encoding="utf-8")
    battle.write_text(text.replace('"seed": 7,', f'"seed": {"9" * 5000},', 1), encoding="utf-8")
    refused("battle", "show", "--battle", battle, watch=(tmp_path,),
            names=(str(battle), "number too long"))


@pytest.mark.parametrize("command", COMMANDS)
def test_battle_names_a_folder(tmp_path: Path, command: tuple[Any, ...]) -> None:
    folder = tmp_path / "battles"
    folder.mkdir()
    refused("battle", *command, "--battle", folder, watch=(tmp_path,),
            names=(str(folder), "is a folder, not a battle file"))


def test_out_names_a_folder(tmp_path: Path) -> None:
    from tests.hostile.helpers import FORD, PARTY

    folder = tmp_path / "battles"
    folder.mkdir()
    run = cli("battle", "new", "--ruleset", "tropera", "--map", FORD, "--units", PARTY,
              "--out", folder, "--force")
    assert run.code == 2, (run.out, run.err, run.exception)
    assert str(folder) in run.err and "folder" in run.err
    assert list(folder.iterdir()) == []


def test_a_unit_file_name_holding_a_nul(tmp_path: Path) -> None:
    from tests.hostile.helpers import FORD

    units = tmp_path / "units.yaml"
    units.write_text('units:\n  - {id: aria, file: "ar\\0ia.yaml", side: player, at: [1, 1]}\n')
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", FORD, "--units", units,
            "--out", out, names=(str(units), "line 2: a value holds a NUL character"),
            watch=(tmp_path,))


def test_a_path_holding_a_nul_is_refused_by_the_reader() -> None:
    """A shell cannot pass a NUL in an argument, but a path built from a file's text can."""
    from tactician.content.files import read_bytes
    from tactician.errors import ContentError

    with pytest.raises(ContentError, match="not a usable file name"):
        read_bytes(Path("bat\0tle.json"))
