"""``tactician roll``: human and JSON output, seeds, table rolls, refusals."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app

runner = CliRunner()


def _json(args: list[str]) -> dict[str, Any]:
    result = runner.invoke(app, ["roll", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_json_output_with_seed() -> None:
    data = _json(["2d6+3", "--seed", "7"])
    assert set(data) == {"expression", "total", "breakdown", "dice", "seed", "unused_rolls"}
    assert data["expression"] == "2d6+3"
    assert data["seed"] == 7
    dice = data["dice"]
    assert isinstance(dice, list) and len(dice) == 2
    assert data["total"] == sum(d["value"] for d in dice) + 3
    assert all(d["sides"] == 6 and d["kept"] for d in dice)


def test_same_seed_same_result() -> None:
    assert _json(["4d6kh3", "--seed", "12345"]) == _json(["4d6kh3", "--seed", "12345"])


def test_unseeded_roll_reports_a_seed_that_reproduces_it() -> None:
    first = _json(["3d8+1"])
    assert isinstance(first["seed"], int)
    again = _json(["3d8+1", "--seed", str(first["seed"])])
    assert again == first


def test_table_rolls_json() -> None:
    data = _json(["4d6kh3", "--rolls", "5,3,1,6"])
    assert data["total"] == 14
    assert data["breakdown"] == "4d6kh3 (5, 3, ~~1~~, 6) = 14"
    assert data["seed"] is None
    assert [d["kept"] for d in data["dice"]] == [True, True, False, True]
    assert data["unused_rolls"] == []


def test_human_output_shows_breakdown_and_seed() -> None:
    result = runner.invoke(app, ["roll", "2d6+3", "--seed", "7"])
    assert result.exit_code == 0, result.output
    seeded = _json(["2d6+3", "--seed", "7"])
    assert f"2d6+3 → {str(seeded['breakdown']).replace('~~', '')}" in result.stdout
    assert "seed 7 (repeat with --seed 7)" in result.stdout


def test_human_output_names_dropped_dice_in_plain_text() -> None:
    """Strike-through is colour; without it (NO_COLOR, a pipe) the word says it."""
    result = runner.invoke(app, ["roll", "4d6kh3", "--rolls", "5 3 1 6"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "4d6kh3 → 4d6kh3 (5, 3, 1 dropped, 6) = 14" in result.stdout
    assert "~~" not in result.stdout
    assert "--rolls" in result.stdout


def test_human_output_names_rerolled_and_dropped_dice_apart() -> None:
    result = runner.invoke(app, ["roll", "3d6rr1kh2", "--rolls", "1,4,2,6"])
    assert result.exit_code == 0, result.output
    line = result.stdout.splitlines()[0]
    assert line.count(" rerolled") == 1 and line.count(" dropped") == 1
    assert "1 rerolled" in line


def test_annotations_print_as_typed() -> None:
    result = runner.invoke(app, ["roll", "1d6 [fire]", "--rolls", "4"])
    assert result.exit_code == 0, result.output
    assert "1d6 (4) [fire] = 4" in result.stdout


def test_unused_table_rolls_are_mentioned() -> None:
    result = runner.invoke(app, ["roll", "1d20", "--rolls", "14,3"])
    assert result.exit_code == 0
    assert "1 supplied roll not used: 3" in result.stderr
    assert _json(["1d20", "--rolls", "14,3"])["unused_rolls"] == [3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1d20", "--rolls", "21"], "roll #1 is 21, which a d20 cannot show"),
        (["2d6", "--rolls", "3"], "roll #2 must be a d6"),
        (["2d6", "--rolls", "3,x"], "entry #2 ('x') is not a whole number"),
        (["999999999d999999999"], "too many sides"),
        (["2d"], "can't read dice expression '2d'"),
        (["abc"], "can't read dice expression 'abc'"),
        (["1d0"], "at least one side"),
        (["d%"], "write d100"),
        (["x" * 5000], "characters long"),
        (["2d6", "--seed", "1", "--rolls", "3,4"], "not both"),
    ],
    ids=lambda v: str(v)[:30],
)
def test_refusals_exit_2_with_one_clear_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["roll", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output

    as_json = runner.invoke(app, ["roll", *args, "--json"])
    assert as_json.exit_code == 2
    error = json.loads(as_json.stdout)["error"]
    assert message in error


def test_negative_expression_after_double_dash() -> None:
    result = runner.invoke(app, ["roll", "--json", "--", "-1d4"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert -4 <= data["total"] <= -1


def test_help_lists_roll() -> None:
    result = runner.invoke(app, ["roll", "--help"])
    assert result.exit_code == 0
    assert re.search(r"--rolls", result.stdout)
