"""``character new NAME -r miridon``: 004's creation (a basic class's initial stats,
L5; the starting skill points spent on purchases, L272-399; weapons and armor), by
flags and asked on a terminal; the file it writes is the build the example unit files
are, and it goes on a roster and advances like them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest
from tactician.rulesets.miridon.build import character_from
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.registry import contract
from tests.tropera.test_new_character import Scripted

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "miridon"
runner = CliRunner()


def create(choices: dict[str, str], asker: Any = None, name: str = "Sable",
           options: tuple[str, ...] = ()) -> Advancement:
    return contract("miridon").create(name, AdvanceRequest(choices, options, asker),
                                      None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("klass", "strength", "speed", "ghost"), [
    ("Grand Devourer", 12, 8, 10), ("Skiffmaster", 10, 10, 10), ("Duelist", 9, 11, 10),
    ("The Vessel", 10, 10, 20), ("Techie", 10, 10, 10), ("Ghost Hunter", 8, 12, 10),
])
def test_each_basic_class_starts_at_its_initial_stats(klass: str, strength: int, speed: int,
                                                      ghost: int) -> None:
    """L5 "they gain the initial stats for that class" (ruling class_start_stats) and
    the starting skill points unspent (ruling start_skill_points: 30)."""
    made = create({"class": klass})
    character = character_from(dict(made.unit), "new", load_compendium())
    assert (character.max_strength, character.max_speed, character.max_ghost_hp) == \
        (strength, speed, ghost)
    assert character.unspent_points == 30 and made.report["unspent"] == 30
    assert made.unit == {"name": "Sable", "class": klass} and not made.rolled


def test_the_duelist_example_is_built_by_its_choices() -> None:
    """Sable's example file, rebuilt by creation (its first two purchases) and checked
    by the same build: the same character as reading those entries from a file."""
    made = create({"class": "duelist", "weapons": "longsword",
                   "buys": "buy_flair:Parry; buy_talent:Dodge Boost"})
    assert made.unit == {"name": "Sable", "class": "Duelist", "weapons": ["Longsword"],
                         "ledger": [{"buy_flair": "Parry"}, {"buy_talent": "Dodge Boost"}]}
    example = yaml.safe_load((EXAMPLES / "duelist_sable.yaml").read_text())
    first_two = {**example, "name": "Sable", "ledger": example["ledger"][:2]}
    book = load_compendium()
    assert character_from(dict(made.unit), "new", book) == character_from(first_two, "ex", book)


@pytest.mark.parametrize(("choices", "words"), [
    ({"class": "Crew Member"}, "unique class, not for starting players"),  # L244
    ({"class": "Paladin"}, "Paladin"),
    ({"class": "Duelist", "buys": "buy_flair:Redouble Specialist"}, "Redouble"),  # L490
    ({"class": "Duelist", "buys": "grant_points:40"}, "a GM's grant is an advancement step"),
    ({"class": "Duelist", "buys": "buy_flair"}, "is not KIND:NAME"),
    ({"class": "Duelist", "weapons": "Nonesuch Blade"}, "Nonesuch Blade"),
    ({"class": "Duelist", "armor": "Cardboard"}, "Cardboard"),
    ({"class": "Duelist", "level": "3"}, "miridon creation has no choice level"),
])
def test_a_choice_the_rules_refuse_is_refused_in_their_words(choices: dict[str, str],
                                                             words: str) -> None:
    with pytest.raises(RulesError, match=words):
        create(choices)


def test_the_points_cannot_be_overspent() -> None:
    """Flairs cost 10 x flairs owned (L399): 0, 10, 20, then 30 with none left of the
    30 starting points."""
    flairs = ("buy_flair:Agile Strike; buy_flair:Agile Evasion; buy_flair:Ambidexterity; "
              "buy_flair:Strong Attack")  # 0 + 10 + 20 + 30 > 30
    with pytest.raises(RulesError, match="Strong Attack'\": cost: costs 30 skill points, 0 "
                                         "unspent"):
        create({"class": "Duelist", "buys": flairs})


def test_with_nobody_to_ask_the_class_is_needed_by_name() -> None:
    with pytest.raises(NeedChoice) as refused:
        create({})
    assert refused.value.names == ["class"]
    assert "Duelist 9/11" in str(refused.value)


def test_on_a_terminal_a_refused_answer_is_asked_again() -> None:
    asker = Scripted(["Crew Member", "Ghost Hunter", "", "buy_skill:Stealth", "", "Leather"])
    made = create({}, asker, name="Wren")
    assert made.unit == {"name": "Wren", "class": "Ghost Hunter", "armor": "Leather",
                         "ledger": [{"buy_skill": "Stealth"}]}
    assert any("unique class" in w for w in asker.warnings)
    assert asker.questions[0].startswith("Basic class (Grand Devourer 12/8")


def test_a_new_character_goes_on_the_roster_and_advances(tmp_path: Path) -> None:
    env = {"TACTICIAN_DB": str(tmp_path / "c.sqlite"),
           "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}
    out = tmp_path / "kessa.yaml"

    def run(*args: str) -> str:
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == 0, result.stdout + result.stderr
        return result.stdout

    made = run("character", "new", "Kessa", "-r", "miridon", "--choose", "class=Grand Devourer",
               "--choose", "buys=buy_talent:Melee Boost", "--out", str(out))
    assert "Initial stats: 12 max strength, 8 max speed" in made
    run("campaign", "new", "dock", "--ruleset", "miridon")
    run("character", "add", str(out))
    run("character", "advance", "Kessa", "--choose", "buy_skill=Taunt")
    assert "Taunt 1" in run("character", "show", "Kessa")
