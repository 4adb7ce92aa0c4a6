"""Tropera's level-up choices at the table (issue 24 item 9): 000 "Of the 5 highest
results, the player chooses 4 to increase by 1 point", so the engine never picks: a
terminal is asked, a script gives ``--pick`` (or ``--pick highest``), and with neither
the step is refused with the candidates, exit 2, nothing written, on the roster too.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
ARIA = ROOT / "examples" / "tropera" / "aria_sword_fighter.yaml"
# seed 3 on Aria: the 5 highest are Str 21, Mag 18, Spd 15, Def 17, Res 20 and Lck
# rolls a natural 20 (examples/tropera, README)
CANDIDATES = "Str 21, Mag 18, Spd 15, Def 17, Res 20"


def cli(db: Path, *args: Any, input: str | None = None) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], input=input,
                              env={"TACTICIAN_DB": str(db)})


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    db = tmp_path / "campaigns.sqlite"
    assert cli(db, "campaign", "new", "westmarch", "--ruleset", "tropera").exit_code == 0
    assert cli(db, "character", "add", ARIA).exit_code == 0
    return db


def history(db: Path) -> list[str]:
    return [row["what"] for row in json.loads(
        cli(db, "character", "history", "Aria", "--json").stdout)]


def level(db: Path) -> int:
    return int(json.loads(cli(db, "character", "show", "Aria", "--json").stdout)["level"])


def test_a_roster_advance_without_a_pick_is_refused_with_the_candidates(roster: Path) -> None:
    refused = cli(roster, "character", "advance", "Aria", "--seed", "3")
    assert refused.exit_code == 2
    assert "the player chooses 4 of the 5 highest" in refused.stderr
    assert CANDIDATES in refused.stderr and "--seed 3 rolls the same dice again" in refused.stderr
    assert history(roster) == ["added from aria_sword_fighter.yaml"] and level(roster) == 1
    chosen = cli(roster, "character", "advance", "Aria", "--seed", "3", "--pick",
                 "str,spd,def,res", "--json")
    assert chosen.exit_code == 0, chosen.output
    report = json.loads(chosen.stdout)["report"]
    assert report["picked"] == ["str", "spd", "def", "res"]
    assert report["increases"]["mag"] == 0 and report["increases"]["lck"] == 1
    assert level(roster) == 2 and history(roster)[-1] == "advanced (seed 3)"


def test_a_terminal_is_asked_on_the_roster(roster: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tactician.cli.battle.can_ask", lambda: True)
    asked = cli(roster, "character", "advance", "Aria", "--seed", "3",
                input="str,mag\nstr,spd,def,res\n")
    assert asked.exit_code == 0, asked.output
    assert "Pick 4 of " + CANDIDATES in asked.stdout and "pick exactly 4" in asked.stderr
    assert "Picked: Str, Spd, Def, Res" in asked.stdout
    assert level(roster) == 2


def test_interactive_on_the_roster_keeps_the_picks(roster: Path) -> None:
    asked = cli(roster, "character", "advance", "Aria", "--seed", "3", "--interactive",
                input="highest\n")
    assert asked.exit_code == 0, asked.output
    assert "Wrote roster of 'westmarch'" in asked.stdout and level(roster) == 2


def test_interactive_on_a_file_needs_somewhere_to_keep_the_answers(tmp_path: Path) -> None:
    aria = tmp_path / "aria.yaml"
    shutil.copy(ARIA, aria)
    before = aria.read_text(encoding="utf-8")
    refused = cli(tmp_path / "db.sqlite", "character", "advance", aria, "--seed", "3",
                  "--interactive", input="str,spd,def,res\n")
    assert refused.exit_code == 2
    assert "--interactive: nothing would keep the answers" in refused.stderr
    assert "Pick" not in refused.stdout  # refused before any die or question
    kept = cli(tmp_path / "db.sqlite", "character", "advance", aria, "--seed", "3",
               "--interactive", "--in-place", input="str,spd,def,res\n")
    assert kept.exit_code == 0, kept.output
    assert aria.read_text(encoding="utf-8") != before and "Wrote " in kept.stdout


def test_a_preview_without_a_pick_says_how_to_choose(tmp_path: Path) -> None:
    refused = cli(tmp_path / "db.sqlite", "character", "advance", ARIA, "--seed", "3")
    assert refused.exit_code == 2 and CANDIDATES in refused.stderr
    assert "--out NEW.yaml or --in-place asks on a terminal" in refused.stderr
    shown = cli(tmp_path / "db.sqlite", "character", "advance", ARIA, "--seed", "3",
                "--pick", "highest")
    assert shown.exit_code == 0 and "Picked: Str, Mag, Def, Res" in shown.stdout
    assert "Not written" in shown.stdout


def test_a_proficiency_level_lists_what_the_rank_may_go_to(tmp_path: Path) -> None:
    unit = tmp_path / "aria.yaml"
    shutil.copy(ARIA, unit)
    for _ in range(2):  # to level 3
        assert cli(tmp_path / "db", "character", "advance", unit, "--seed", "5", "--pick",
                   "highest", "--in-place").exit_code == 0
    refused = cli(tmp_path / "db", "character", "advance", unit, "--seed", "5", "--pick",
                  "highest")
    assert refused.exit_code == 2
    assert "level 4: a proficiency rank" in refused.stderr
    assert "sword (to C)" in refused.stderr and "lance (new, D)" in refused.stderr
    assert "rolls the same dice" not in refused.stderr  # refused before any die
