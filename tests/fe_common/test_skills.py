"""001's roleplay skills on the unit (issue 24 item 12, L90): "An unpromoted unit has 2
skills, a promoted unit has 3 skills, a recruit unit only has 1 skill, and
Thieves/Rogues have 5 skills. A Lord gains 2 free knowledge skills along with their
normal skills." A unit file lists them (validated for both rulesets on 001's
characters), ``check`` rolls only a skill the unit has (ruling ``skill_checks``), an
Artisan with the stat it chose (L93), and a promotion asks for the new one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.dice.source import SeededDice
from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import AdvanceRequest
from tactician.rulesets.fe_common.character.skills import parse_skill
from tactician.rulesets.registry import contract

ROOT = Path(__file__).resolve().parents[2]
TABLETOP = ROOT / "examples" / "fe_tabletop"
CLASSIC = ROOT / "examples" / "fe_classic"


def unit(tmp_path: Path, source: Path, **changes: Any) -> Path:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def problems(ruleset: str, path: Path) -> list[str]:
    return [v.problem for v in contract(ruleset).check_unit(path).violations
            if v.field == "skills"]


@pytest.mark.parametrize(("source", "skills", "words"), [
    (TABLETOP / "kyle_cavalier.yaml", ["Athletics"],
     "1 listed; a Cavalier has 2 (001 L90 'An unpromoted unit has 2 skills')"),
    (CLASSIC / "seth_paladin.yaml", ["Athletics", "Awareness"],
     "a promoted unit has 3 skills"),
    (CLASSIC / "ross_journeyman.yaml", ["Athletics", "Awareness"],
     "a recruit unit only has 1 skill"),
    (CLASSIC / "colm_thief.yaml", ["Stealth", "Awareness"], "Thieves/Rogues have 5 skills"),
    (TABLETOP / "eirika_lord.yaml", ["Etiquette", "Persuasion"],
     "2 + 2 Knowledge ('A Lord gains 2 free knowledge skills')"),
    (TABLETOP / "eirika_lord.yaml", ["Etiquette", "Persuasion", "Stealth", "Awareness"],
     "a Lord's 2 free skills are Knowledge skills; 0 listed"),
    (TABLETOP / "kyle_cavalier.yaml", ["Juggling", "Stealth"], "unknown skill 'Juggling'"),
    (TABLETOP / "kyle_cavalier.yaml", ["Artisan", "Stealth"], "say its stat"),
    (TABLETOP / "kyle_cavalier.yaml", ["Stealth", "stealth"], "listed more than once"),
])
@pytest.mark.parametrize("ruleset", ["fe-tabletop", "fe-classic"])
def test_a_unit_file_lists_its_skills_by_l90(ruleset: str, tmp_path: Path, source: Path,
                                             skills: list[str], words: str) -> None:
    found = problems(ruleset, unit(tmp_path, source, skills=skills))
    assert any(words in p for p in found), found


@pytest.mark.parametrize("ruleset", ["fe-tabletop", "fe-classic"])
def test_the_right_numbers_are_legal(ruleset: str, tmp_path: Path) -> None:
    for source, skills in (
        (TABLETOP / "kyle_cavalier.yaml", ["Athletics", "Handle Animal"]),
        (CLASSIC / "ross_journeyman.yaml", ["Artisan (Axe)"]),
        (CLASSIC / "colm_thief.yaml", ["Stealth", "Awareness", "Deception", "Athletics",
                                       "Artisan (Luck)"]),
        (TABLETOP / "eirika_lord.yaml", ["Etiquette", "Persuasion", "Knowledge (Royalty)",
                                         "Knowledge (History)"]),
    ):
        assert problems(ruleset, unit(tmp_path, source, skills=skills)) == []


def test_artisan_records_its_choice() -> None:
    """L93 "Artisan (Choose one): 3d6+Skill or Luck"; L94 "(Sword, Axe, Lance, or Bow)"."""
    assert parse_skill("Artisan (Luck)").stat == "lck"
    repair = parse_skill("artisan (lance)")
    assert (repair.name, repair.weapon, repair.label) == ("Artisan (Weapons)", "lance",
                                                         "Artisan (Lance)")
    with pytest.raises(RulesError, match="Sword|Axe|Lance|Bow"):
        parse_skill("Artisan (Staff)")


def check(path: Path, *args: str) -> Any:
    return CliRunner().invoke(app, ["check", str(path), *args, "-r", "fe-tabletop",
                                    "--rolls", "3,4,5", "--json"])


def test_check_rolls_only_the_skills_the_unit_has(tmp_path: Path) -> None:
    vanessa = TABLETOP / "vanessa_pegasus_knight.yaml"  # skills: Stealth, Athletics
    assert check(vanessa, "Stealth").exit_code == 0
    refused = check(vanessa, "Deception")
    assert refused.exit_code == 2
    assert "Vanessa has no Deception skill (001 L90)" in json.loads(refused.stdout)["error"]
    anyone = CliRunner().invoke(app, ["check", str(vanessa), "Deception", "-r", "fe-tabletop",
                                      "-o", "skill_checks=any", "--rolls", "3,4,5"])
    assert anyone.exit_code == 0
    kyle = TABLETOP / "kyle_cavalier.yaml"  # lists none
    assert "Kyle lists no skills" in json.loads(check(kyle, "Stealth").stdout)["error"]
    artisan = unit(tmp_path, kyle, skills=["Artisan (Luck)", "Stealth"])
    made = check(artisan, "Artisan")
    assert made.exit_code == 0 and json.loads(made.stdout)["stat"] == "lck"
    wrong = check(artisan, "Artisan", "--stat", "skl")
    assert "adds lck, chosen when taken" in json.loads(wrong.stdout)["error"]


def test_a_promotion_asks_for_the_new_skill(tmp_path: Path) -> None:
    """Unpromoted 2 -> promoted 3: the new list is a choice; a unit listing none keeps
    none."""
    kyle = unit(tmp_path, TABLETOP / "kyle_cavalier.yaml", level=10,
                skills=["Athletics", "Handle Animal"])
    promote = AdvanceRequest({"promote": "Paladin"})
    with pytest.raises(NeedChoice, match="a promoted unit has 3 skills") as refused:
        contract("fe-tabletop").advance(kyle, promote, SeededDice(1))
    assert refused.value.names == ["skills"]
    chosen = AdvanceRequest({"promote": "Paladin",
                             "skills": "Athletics,Handle Animal,Etiquette"})
    made = contract("fe-tabletop").advance(kyle, chosen, SeededDice(1))
    assert made.unit["skills"] == ["Athletics", "Handle Animal", "Etiquette"]
    none = unit(tmp_path, TABLETOP / "garcia_fighter.yaml", level=10)
    assert contract("fe-tabletop").advance(none, AdvanceRequest({"promote": "Hero"}),
                                           SeededDice(1)).unit["skills"] == []


def test_creation_takes_the_skills() -> None:
    made = contract("fe-tabletop").create(
        "Kyle", AdvanceRequest({"class": "Cavalier", "sex": "male",
                                "skills": "Athletics,Handle Animal"}), SeededDice(1))
    assert made.unit["skills"] == ["Athletics", "Handle Animal"]
    with pytest.raises(RulesError, match="skills: 3 listed"):
        contract("fe-tabletop").create(
            "Kyle", AdvanceRequest({"class": "Cavalier", "sex": "male",
                                    "skills": "Athletics,Handle Animal,Stealth"}),
            SeededDice(1))


def test_fe_classic_checks_001s_skills_too() -> None:
    """fe-classic's characters are 001's (GC-07): its units check their skills alike."""
    colm = CLASSIC / "colm_thief.yaml"
    made = CliRunner().invoke(app, ["check", str(colm), "Deception", "-r", "fe-classic",
                                    "--rolls", "3,4,5", "--json"])
    assert made.exit_code == 0, made.output
    assert json.loads(made.stdout)["ruleset"] == "fe-classic"
    refused = CliRunner().invoke(app, ["check", str(colm), "Heal", "-r", "fe-classic",
                                       "--rolls", "3,4,5"])
    assert refused.exit_code == 2 and "Colm has no Heal skill" in refused.stderr
