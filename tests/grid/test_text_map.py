"""Plain-text maps: the fixture loads; malformed maps are refused by row and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import ContentError
from tactician.grid import load_map, load_text_map, parse_text_map

from . import DATA, terrain_set


def test_the_ford_loads() -> None:
    board = load_text_map(DATA / "ford.yaml", terrain_set())
    assert (board.width, board.height) == (5, 3)
    assert board.name == "Ford at Dawn"
    assert board.description.startswith("A shallow ford")
    assert board.terrain_at((2, 0)).name == "forest"
    assert board.terrain_at((4, 0)).name == "mountain"
    assert board.terrain_at((1, 1)).name == "wall"
    # not in the legend: falls back to the terrain's own symbol
    assert board.terrain_at((0, 2)).name == "fort"
    assert board.terrain_at((3, 2)).name == "road"
    assert board.units_raw == [{"name": "Bandit", "side": "enemy", "at": [4, 2]}]
    assert load_map(DATA / "ford.yaml", terrain_set()) == board


def test_a_list_of_rows_and_no_legend_work_too() -> None:
    board = parse_text_map("grid: ['.F', 'M.']\n", terrain_set(), default_name="tiny")
    assert board.name == "tiny"
    assert [[t.name for t in row] for row in board.rows()] == [
        ["plain", "forest"], ["mountain", "plain"]
    ]
    assert board.units_raw is None


def test_trailing_spaces_are_ignored() -> None:
    board = parse_text_map("grid: |\n  ..  \n  ..\n", terrain_set())
    assert (board.width, board.height) == (2, 2)


BAD = [
    ("legend: {.: plain}\ngrid: |\n  ...\n  .X.\n",
     r"grid row 2, column 2 \(file line 4\): 'X' is not in the legend.*count from 1"),
    ("grid: |\n  ...\n  . .\n", r"grid row 2, column 2 \(file line 3\): a space"),
    ("grid: ['...', '..?']\n", r"grid row 2, column 3 \(file line 1\): '\?'"),
    ("grid: |\n  ...\n  ..\n", r"grid row 2 \(file line 3\) has 2 tiles but row 1 has 3"),
    ("grid: |\n  ...\n\n  ...\n", r"grid row 2 is empty"),
    ("grid: ''\n", r"the grid is empty"),
    ("legend: {.: plain}\n", r"no 'grid'"),
    ("legend: {.: swamp}\ngrid: '.'\n", r"legend '\.': no terrain named 'swamp' in this ruleset"),
    ("legend: {ab: plain}\ngrid: '.'\n", r"'ab' must be a single character"),
    ("legend: {~: plain}\ngrid: '.'\n", r"YAML null.*quote the symbol"),
    ("legend: {x: 3}\ngrid: '.'\n", r"legend 'x': value must be a terrain name"),
    ("legend: [plain]\ngrid: '.'\n", r"'legend' must map symbols"),
    ("grid: '.'\nlegand: {}\n", r"unknown key 'legand'; a text map may have only"),
    ("grid: 3\n", r"'grid' must be a text block"),
    ("- just\n- a list\n", r"a YAML mapping with 'legend' and 'grid'"),
    ("grid: [unclosed\n", r"line \d+, column \d+: not valid YAML"),
    ("name: [1]\ngrid: '.'\n", r"'name' and 'description' must be text"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_malformed_maps_are_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=message) as caught:
        load_text_map(path, terrain_set())
    assert str(caught.value).startswith(str(path))


def test_the_ragged_fixture_names_file_row_and_line() -> None:
    with pytest.raises(ContentError) as caught:
        load_map(DATA / "ragged.yaml", terrain_set())
    message = str(caught.value)
    assert "ragged.yaml" in message and "grid row 2 (file line 5) has 3 tiles" in message


def test_missing_files_and_unknown_formats() -> None:
    with pytest.raises(ContentError, match="no such file"):
        load_text_map(DATA / "nope.yaml", terrain_set())
    with pytest.raises(ContentError, match="unknown map format '.png'"):
        load_map(DATA / "map.png", terrain_set())
