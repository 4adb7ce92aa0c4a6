"""Counted nouns in what the commands print (issue 24: "1 candidates scored", "at 1
tiles"): ``tactician.counted`` and the lines that use it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.counted import counted, plural, word_for

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_plurals() -> None:
    assert [plural(w) for w in ("tile", "entry", "class", "day", "enemy unit", "box")] == [
        "tiles", "entries", "classes", "days", "enemy units", "boxes"]
    assert counted(1, "candidate") == "1 candidate" and counted(0, "tile") == "0 tiles"
    assert counted(2, "foot", "feet") == "2 feet" and word_for(1, "key") == "key"


@given(st.integers(min_value=-5, max_value=1000), st.sampled_from(["tile", "entry", "round"]))
def test_one_is_singular_and_every_other_count_plural(number: int, noun: str) -> None:
    said = counted(number, noun)
    assert said.startswith(f"{number} ")
    assert (said == f"1 {noun}") == (number == 1)


def test_a_forecast_at_one_tile_says_tile() -> None:
    uesrpg = ROOT / "examples" / "uesrpg"
    result = runner.invoke(app, ["forecast", "-r", "uesrpg", "-a", str(uesrpg / "aela.yaml"),
                                 "-d", str(uesrpg / "bandit-captain.yaml"), "--distance", "1"])
    assert result.exit_code == 0, result.output
    assert " at 1 tile" in result.stdout and "1 tiles" not in result.stdout


def test_an_explained_decision_with_one_candidate_says_candidate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tactician.cli.battle import _render_decisions
    from tactician.rulesets.contract.words import GENERIC

    decision = {"unit": "oneill", "tier": "enemy", "reason": "hold", "entries": [],
                "candidates_scored": 1, "best": []}
    _render_decisions("enemy phase", [decision], {"round": 1, "phase": "enemy",
                                                  "result": "ongoing"}, GENERIC, 5)
    said = capsys.readouterr().out
    assert "1 candidate scored" in said and "1 candidates" not in said
