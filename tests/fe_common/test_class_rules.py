"""001's class rules on unit files and advancement, for both rulesets built on 001's
characters (issue 24 item 12): L3 "Assign the unit's CON and MOV stat based on the
class info", the level caps (20, trainees 10: ruling G1-53) and L9-10 promotion as a
step (``character promote NAME --to CLASS``), L8's Aid on the sheet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.contract import AdvanceRequest
from tactician.rulesets.registry import contract

ROOT = Path(__file__).resolve().parents[2]
KYLE = ROOT / "examples" / "fe_tabletop" / "kyle_cavalier.yaml"
GARCIA = ROOT / "examples" / "fe_tabletop" / "garcia_fighter.yaml"
ROSS = ROOT / "examples" / "fe_classic" / "ross_journeyman.yaml"
RULESETS = ("fe-tabletop", "fe-classic")


def unit(tmp_path: Path, source: Path, stem: str, **changes: Any) -> Path:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / f"{stem}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_con_and_mov_are_the_class_s(ruleset: str, tmp_path: Path) -> None:
    """A Cavalier with CON 3 / MOV 12 (the class's 9 / 7) is not a legal build."""
    bad = unit(tmp_path, KYLE, "kyle", con=3, mov=12)
    verdict = contract(ruleset).check_unit(bad)
    fields = {v.field: v for v in verdict.violations}
    assert set(fields) == {"con", "mov"}
    assert fields["con"].entry == "Kyle" and fields["con"].file == str(bad)
    assert "3 is not the Cavalier's CON 9 (001 L3" in fields["con"].problem
    assert "12 is not the Cavalier's MOV 7" in fields["mov"].problem
    result = run("character", "create", "-r", ruleset, bad)
    assert result.exit_code == 2 and "entry 'Kyle': con: 3 is not the Cavalier's CON 9" \
        in result.stderr
    assert contract(ruleset).check_unit(KYLE).valid


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_level_up_past_the_cap(ruleset: str, tmp_path: Path) -> None:
    """A level-10 Journeyman (a trainee) and a level-20 Fighter do not level up; a file
    past the cap is refused."""
    ross = unit(tmp_path, ROSS, "ross", level=10)
    with pytest.raises(RulesError, match="level 10 Journeyman, the level cap of a trainee "
                                         r"\(10\).*one of Fighter, Pirate"):
        contract(ruleset).advance(ross, AdvanceRequest(), SeededDice(1))
    garcia = unit(tmp_path, GARCIA, "garcia", level=20)
    with pytest.raises(RulesError, match="level 20 Fighter, the level cap of a unit"):
        contract(ruleset).advance(garcia, AdvanceRequest(), SeededDice(1))
    past = unit(tmp_path, GARCIA, "past", level=21)
    fields = [v.field for v in contract(ruleset).check_unit(past).violations]
    assert fields == ["level"]
    nineteen = unit(tmp_path, GARCIA, "nineteen", level=19)
    assert contract(ruleset).advance(nineteen, AdvanceRequest(), SeededDice(1)).unit["level"] == 20


@pytest.mark.parametrize("ruleset", RULESETS)
def test_promotion_is_a_step(ruleset: str, tmp_path: Path) -> None:
    """L9: a recruit promoting to an unpromoted class keeps its growths; L10 the new
    class's bonuses; level 1, EXP 0, the new CON and MOV (rulings G1-10, G1-14)."""
    ross = unit(tmp_path, ROSS, "ross", level=10)
    before = yaml.safe_load(ross.read_text())
    made = contract(ruleset).advance(ross, AdvanceRequest({"promote": "Fighter"}), SeededDice(1))
    after = made.unit
    assert not made.rolled and made.report["from"] == "Journeyman"
    assert after["class_name"] == "Fighter" and after["level"] == 1 and after["exp"] == 0
    assert (after["con"], after["mov"]) == (11, 5)
    assert after["growths"] == before["growths"]  # L9 "their previous Growth Rates"
    assert after["stats"]["pow"] > before["stats"]["pow"]  # the class's bonus
    with pytest.raises(RulesError, match="promotes to Fighter, Pirate, not Hero"):
        contract(ruleset).advance(ross, AdvanceRequest({"promote": "Hero"}), SeededDice(1))
    young = unit(tmp_path, ROSS, "young")
    with pytest.raises(RulesError, match="promotion needs level 10"):
        contract(ruleset).advance(young, AdvanceRequest({"promote": "Fighter"}), SeededDice(1))
    out = tmp_path / "fighter.yaml"
    result = run("character", "promote", "-r", ruleset, ross, "--to", "Fighter", "--out", out,
                 "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["report"]["to"] == "Fighter"
    assert contract(ruleset).check_unit(out).valid


def test_promotion_on_the_roster(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    env = {"TACTICIAN_DB": str(db)}
    runner = CliRunner()
    for args in (["campaign", "new", "pass", "--ruleset", "fe-classic"],
                 ["character", "add", str(unit(tmp_path, ROSS, "ross", level=10))],
                 ["character", "promote", "Ross", "--to", "Pirate"]):
        assert runner.invoke(app, args, env=env).exit_code == 0
    shown = json.loads(runner.invoke(app, ["character", "show", "Ross", "--json"],
                                     env=env).stdout)
    assert shown["kind"] == "Pirate" and shown["level"] == 1


@pytest.mark.parametrize(("ruleset", "source", "aid"), [
    ("fe-tabletop", KYLE, "Aid: 16 (25 - CON, mounted/flying male; 001 L8)"),
    ("fe-tabletop", GARCIA, "Aid: 10 (CON - 1, on foot; 001 L8)"),
    ("fe-classic", ROSS, "Aid: 7 (CON - 1, on foot; 001 L8)"),
])
def test_the_sheet_fills_in_the_aid(ruleset: str, source: Path, aid: str) -> None:
    """001 L8 "Fill in the unit's Aid"."""
    shown = run("character", "show", "-r", ruleset, source)
    assert shown.exit_code == 0 and aid in shown.stdout


def test_the_roster_advances_the_sheet_the_last_battle_left(tmp_path: Path) -> None:
    """A battle's EXP levels a unit on its carried card (what the next muster fields):
    the roster's show, advance and promote start from that card, not the older file."""
    from tactician.store.campaigns import get_campaign, get_character, save_character
    from tactician.store.database import open_database

    db = tmp_path / "db.sqlite"
    env = {"TACTICIAN_DB": str(db)}
    runner = CliRunner()
    for args in (["campaign", "new", "pass", "--ruleset", "fe-classic"],
                 ["character", "add", str(ROSS)]):
        assert runner.invoke(app, args, env=env).exit_code == 0
    opened = open_database(str(db))
    try:
        where = get_campaign(opened, "pass")
        stored = get_character(opened, where, "Ross")
        card = {**stored["unit"], "level": 10}
        save_character(opened, where, "Ross", {**stored, "carried": {"unit": card}}, "battle",
                       "won levels in battle")
    finally:
        opened.close()
    shown = json.loads(runner.invoke(app, ["character", "show", "Ross", "--json"],
                                     env=env).stdout)
    assert shown["level"] == 10
    capped = runner.invoke(app, ["character", "advance", "Ross", "--seed", "1"], env=env)
    assert capped.exit_code == 2 and "level cap of a trainee" in capped.stderr
    assert runner.invoke(app, ["character", "promote", "Ross", "--to", "Fighter"],
                         env=env).exit_code == 0
    opened = open_database(str(db))
    try:
        after = get_character(opened, get_campaign(opened, "pass"), "Ross")
    finally:
        opened.close()
    assert after["unit"]["class_name"] == after["carried"]["unit"]["class_name"] == "Fighter"
