"""``character new NAME -r tropera`` (issue 24 item 9): 000's creation as steps, by
flags for scripts and asked one by one on a terminal, each answer checked by the
rules and asked again when it breaks one; the file it writes is a legal build."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import AdvanceRequest, Section
from tactician.rulesets.registry import contract
from tactician.rulesets.tropera.models import Character

ARIA = {"points": "hp=5,str=6,skl=7,spd=8,lck=4,def=3,res=2",
        "growths": "hp=3,str=2,skl=3,spd=3,lck=2,def=1,res=1", "feat": "Adept",
        "proficiency": "sword", "weapons": "Iron Sword,Steel Sword,Slim Sword",
        "items": "Vulnerary"}


class Scripted:
    """An Asker that answers from a list and keeps the questions and warnings."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers, self.questions, self.warnings = list(answers), [], []  # type: ignore[var-annotated]

    def show(self, sections: Sequence[Section]) -> None:
        pass

    def ask(self, question: str) -> str:
        self.questions.append(question)
        return self.answers.pop(0)

    def warn(self, text: str) -> None:
        self.warnings.append(text)


def create(choices: dict[str, str], asker: Any = None, name: str = "Aria") -> Character:
    made = contract("tropera").create(name, AdvanceRequest(choices, (), asker), None)  # type: ignore[arg-type]
    return Character.model_validate(made.unit)


def test_flags_build_the_example_aria_exactly() -> None:
    """000: 35 points (Aria's 5+6+0+7+8+4+3+2), growths, a feat and a D rank."""
    example = yaml.safe_load((Path(__file__).resolve().parents[2] / "examples" / "tropera"
                              / "aria_sword_fighter.yaml").read_text())
    made = create(ARIA)
    assert made.points.as_dict() == example["points"]
    assert made.growths.as_dict() == example["growths"]
    assert made.feats == ["Adept"] and dict(made.proficiencies) == {"sword": "D"}
    assert made.weapons == example["weapons"] and made.equipped == "Iron Sword"


@pytest.mark.parametrize(("change", "words"), [
    ({"points": "hp=5,str=6,skl=7,spd=8,lck=4,def=3,res=3"}, "36 assigned, 1 more than the 35"),
    ({"points": "hp=5,str=11,skl=2,spd=8,lck=4,def=3,res=2"}, "Str has 11 points"),
    ({"growths": "hp=5"}, "HP is 5; 000 allows 'a value between 0-3 (0-4 for HP)'"),
    ({"feat": "Shield"}, "requires Heavy Armor"),
    ({"proficiency": "guns"}, "unknown proficiency 'guns'"),
    ({"weapons": "Iron Lance"}, "no lance proficiency"),
    ({"weapons": "Iron Sword,Steel Sword,Slim Sword,Iron Blade"}, "4 carried in 3 slots"),
    ({"class": "Cavalier"}, "Instead of choosing unit classes"),
])
def test_a_flag_that_breaks_a_rule_is_refused_in_its_words(change: dict[str, str],
                                                           words: str) -> None:
    with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        create({**ARIA, **change})


def test_with_nobody_to_ask_every_missing_choice_is_refused_at_once() -> None:
    with pytest.raises(NeedChoice) as refused:
        create({"feat": "Adept"})
    assert refused.value.names == ["points", "growths", "proficiency"]
    assert "Canto" not in str(refused.value)  # the feat was given: not listed again


def test_a_laguz_takes_its_option_and_clips() -> None:
    """000: "choose one of the following options in place of the character's level 1
    feat. If they are a laguz, also take 'Clips' as their level 1 weapon proficiency"."""
    lethe = create({"kind": "laguz-beast", "points": ARIA["points"],
                    "growths": ARIA["growths"]}, name="Lethe")
    assert lethe.feats == ["Laguz: Beast"] and dict(lethe.proficiencies) == {"clips": "D"}
    with pytest.raises(RulesError, match="takes 'Laguz: Beast' in place"):
        create({"kind": "laguz-beast", "points": ARIA["points"], "growths": ARIA["growths"],
                "feat": "Adept"})


def test_focus_adds_its_rank_and_names_its_proficiency() -> None:
    """000 Focus: "You gain one rank in a proficiency of your choice"."""
    lute = create({**ARIA, "feat": "Focus", "proficiency": "anima",
                   "feat_proficiency": "anima", "weapons": "Fire"}, name="Lute")
    assert dict(lute.proficiencies) == {"anima": "C"} and lute.focus == "anima"
    with pytest.raises(NeedChoice, match="Focus: 1 proficiency type"):
        create({**ARIA, "feat": "Focus", "proficiency": "anima", "weapons": "Fire"})


def test_asked_step_by_step_with_the_points_left() -> None:
    answers = ["", "5", "6", "0", "7", "8", "4", "3", "9", "2",  # kind; points; Res 9 refused
               "3", "2", "0", "3", "3", "2", "1", "1",  # growths
               "Shield", "Adept", "sword",
               "Iron Lance", "Iron Sword,Steel Sword", "Vulnerary", "", ""]
    asker = Scripted(answers)
    made = create({}, asker)
    assert made.points.as_dict() == {"hp": 5, "str": 6, "mag": 0, "skl": 7, "spd": 8,
                                     "lck": 4, "def": 3, "res": 2}
    assert made.feats == ["Adept"] and made.weapons == ["Iron Sword", "Steel Sword"]
    assert "HP points (0-20; 35 of 35 left)" in asker.questions
    assert "Res points (2; 2 of 35 left)" in asker.questions
    assert any("Res takes 2 points here" in w for w in asker.warnings)
    assert any("requires Heavy Armor" in w for w in asker.warnings)
    assert any("no lance proficiency" in w for w in asker.warnings)
    assert not asker.answers


def test_flags_are_not_asked_again() -> None:
    asker = Scripted(["", "", "", ""])  # kind, items, relic, equipped
    made = create({k: v for k, v in ARIA.items() if k != "items"}, asker)
    assert made.items == [] and len(asker.questions) == 4


def test_the_command_writes_a_legal_build_and_the_file_checks(tmp_path: Path) -> None:
    out = tmp_path / "aria.yaml"
    args = ["character", "new", "Aria", "-r", "tropera", "--out", str(out)]
    for key, value in ARIA.items():
        args += ["--choose", f"{key}={value}"]
    made = CliRunner().invoke(app, args)
    assert made.exit_code == 0, made.output
    assert "No dice: this step is not rolled" in made.stdout and f"Wrote {out}" in made.stdout
    checked = CliRunner().invoke(app, ["character", "create", str(out)])
    assert checked.exit_code == 0 and "legal build: Aria, level 1 human" in checked.stdout
    missing = CliRunner().invoke(app, ["character", "new", "Kael", "-r", "tropera", "--out",
                                       str(tmp_path / "kael.yaml")])
    assert missing.exit_code == 2 and "give --choose points=" in missing.stderr
    assert not (tmp_path / "kael.yaml").exists()
