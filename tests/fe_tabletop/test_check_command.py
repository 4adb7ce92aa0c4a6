"""``tactician check`` (issue 9: "Roleplay skills: the 3d6 checks of the text, as a
command"): 001 L89 "All skills require a 3d6 roll + a unit's select stat ...
(Very Easy: 10, Easy: 15, Normal: 20, Hard: 25, Extremely Hard: 30-40)"; the chance
shown is exact and agrees with seeded rolls of the same check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.dice.source import SeededDice
from tactician.table.checks import CheckRequest, make_check

VANESSA = Path(__file__).resolve().parents[2] / "examples/fe_tabletop/vanessa_pegasus_knight.yaml"


def run(*args: str) -> tuple[int, Any]:
    result = CliRunner().invoke(app, ["check", str(VANESSA), *args, "-r", "fe-tabletop",
                                      "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_the_texts_difficulties_and_the_table_dice() -> None:
    code, data = run("Stealth", "--dc", "normal", "--rolls", "6,6,3")
    assert code == 0, data
    assert data["dc"] == 20 and data["stat"] == "skl"  # Stealth adds Skill (001 L107)
    assert data["total"] == 15 + data["stat_value"]
    assert data["success"] == (data["total"] >= 20)
    for name, dc in (("very easy", 10), ("easy", 15), ("hard", 25), ("extremely hard", 35)):
        assert run("Stealth", "--dc", name, "--rolls", "1,1,1")[1]["dc"] == dc


def test_the_chance_is_exact_and_agrees_with_seeded_rolls() -> None:
    request = CheckRequest("Athletics", "15")
    report, _ = make_check("fe-tabletop", VANESSA, request, SeededDice(0))
    need = 15 - report["stat_value"]
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
               if a + b + c >= need)
    assert report["chance_exact"] == str(__import__("fractions").Fraction(ways, 216))
    wins = sum(make_check("fe-tabletop", VANESSA, request, SeededDice(seed))[0]["success"]
               for seed in range(2000))
    sigma = (2000 * report["chance"] * (1 - report["chance"])) ** 0.5
    assert abs(wins - 2000 * report["chance"]) <= 4 * sigma + 1


@pytest.mark.parametrize("args, words", [
    (("Juggling",), "unknown skill 'Juggling'"),
    (("Artisan", "--stat", "spd"), "Artisan adds skl or lck, not spd"),
    (("Stealth", "--dc", "tough"), "unknown difficulty 'tough'"),
    (("Stealth", "--rolls", "7,1,1"), "d6"),
])
def test_bad_input_is_refused_by_name(args: tuple[str, ...], words: str) -> None:
    code, data = run(*args)
    assert code == 2 and words in data["error"]
