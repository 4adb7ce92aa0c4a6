"""``tactician character create|show|level-up``: sheets, refusals, dice, safe writes."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.dice.source import SeededDice
from tactician.rulesets.tropera.compendium import load_compendium
from tactician.rulesets.tropera.creation import (
    character_problems,
    load_character,
    save_character,
)
from tactician.rulesets.tropera.levelup import level_up

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tropera"
ARIA = EXAMPLES / "aria_sword_fighter.yaml"
# Aria's growths: HP 3, Str 2, Mag 0, Skl 3, Spd 3, Lck 2, Def 1, Res 1.
# Totals 20, 12, 12, 18, 17, 16, 3, 3: Str beats Mag for the fifth place by growth.
ROLLS = "17,10,12,15,14,14,2,2"


@pytest.fixture(autouse=True)
def _defaults_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("TACTICIAN_TROPERA_DATA", raising=False)
    load_compendium.cache_clear()
    yield
    load_compendium.cache_clear()


@pytest.fixture
def aria(tmp_path: Path) -> Path:
    target = tmp_path / "aria.yaml"
    shutil.copy(ARIA, target)
    return target


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, ["character", *args], input=input)


def as_json(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# --- show and create -------------------------------------------------------------------


def test_show_prints_the_sheet() -> None:
    result = invoke("show", str(ARIA))
    assert result.exit_code == 0, result.output
    for text in ("Aria", "level 1", "MOV: 5", "Feats: Adept", "sword D", "Iron Sword",
                 "Weapons (3/3)", "Items (1/2)", "Equipped: Iron Sword"):
        assert text in result.stdout, text


def test_show_json() -> None:
    result = invoke("show", str(EXAMPLES / "lethe_laguz_beast.yaml"), "--json")
    assert result.exit_code == 0, result.output
    sheet = as_json(result)
    assert sheet["stats"]["hp"] == 18 and sheet["level"] == 1
    assert (sheet["movement_transformed"], sheet["movement_untransformed"]) == (6, 5)
    assert sheet["inventory"]["natural_weapons"] == ["Claws"]
    assert sheet["inventory"]["weapon_slots"] == 3 and sheet["inventory"]["item_slots"] == 2
    assert sheet["problems"] == []
    for row in sheet["weapons"]:
        assert {"weapon", "hit", "avoid", "crit", "crit_avoid", "damage_stat",
                "attack_speed", "might", "range"} <= set(row)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_create_accepts_the_examples(path: Path) -> None:
    result = invoke("create", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert as_json(result)["valid"] is True


def test_create_lists_every_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = ARIA.read_text(encoding="utf-8")
    text = text.replace("str: 6,", "str: 7,").replace("skl: 3,", "skl: 4,")
    text = text.replace("Slim Sword", "Slim Swrod")
    bad.write_text(text, encoding="utf-8")
    result = invoke("create", str(bad), "--json")
    assert result.exit_code == 2
    problems = as_json(result)["problems"]
    assert len(problems) == 3, problems
    assert "36 assigned, 1 more" in problems[0]
    assert "Skl is 4" in problems[1]
    assert "did you mean Slim Sword" in problems[2]
    text_result = invoke("create", str(bad))
    assert text_result.exit_code == 2
    assert "3 rule problems:" in text_result.stderr


def test_create_refuses_a_missing_file(tmp_path: Path) -> None:
    result = invoke("create", str(tmp_path / "nobody.yaml"))
    assert result.exit_code == 2
    assert "no such file" in result.stderr


# --- level-up --------------------------------------------------------------------------


def test_level_up_with_table_rolls_writes_only_with_out(aria: Path, tmp_path: Path) -> None:
    before = aria.read_text(encoding="utf-8")
    result = invoke("level-up", str(aria), "--rolls", ROLLS, "--pick", "str,spd,lck,hp")
    assert result.exit_code == 0, result.output
    assert "Not written" in result.stdout
    assert aria.read_text(encoding="utf-8") == before

    out = tmp_path / "aria2.yaml"
    result = invoke("level-up", str(aria), "--rolls", ROLLS, "--pick", "str,spd,lck,hp",
                    "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Dice: supplied rolls, 8 used" in result.stdout
    assert "Candidates (5 highest eligible): HP, Str, Skl, Spd, Lck" in result.stdout
    assert "Picked: HP, Str, Spd, Lck" in result.stdout
    assert aria.read_text(encoding="utf-8") == before
    leveled = load_character(out)
    assert leveled.level == 2
    assert leveled.level_ups[0].rolls["str"] == [10]
    assert character_problems(leveled, load_compendium()) == []


def test_level_up_json_reports_every_die_and_the_seed(aria: Path) -> None:
    first = invoke("level-up", str(aria), "--seed", "7", "--json")
    assert first.exit_code == 0, first.output
    data = as_json(first)
    assert data["dice"]["seed"] == 7 and len(data["dice"]["used"]) >= 8
    assert [r["stat"] for r in data["report"]["rolls"]] == [
        "hp", "str", "mag", "skl", "spd", "lck", "def", "res"]
    assert data["written"] is None
    again = invoke("level-up", str(aria), "--seed", "7", "--json")
    assert as_json(again) == data


def test_an_unseeded_level_up_prints_a_seed_that_reproduces_it(aria: Path) -> None:
    result = invoke("level-up", str(aria))
    assert result.exit_code == 0, result.output
    match = re.search(r"Dice: seed (\d+)", result.stdout)
    assert match
    replay = invoke("level-up", str(aria), "--seed", match.group(1))
    assert replay.stdout == result.stdout


def test_out_of_rolls_names_the_stat_and_writes_nothing(aria: Path, tmp_path: Path) -> None:
    out = tmp_path / "never.yaml"
    result = invoke("level-up", str(aria), "--rolls", "17,10,12,15", "--out", str(out))
    assert result.exit_code == 2
    assert "roll #5 must be a d20 (Aria level 2: Spd)" in result.stderr
    assert not out.exists()


def test_in_place_is_atomic(aria: Path) -> None:
    result = invoke("level-up", str(aria), "--seed", "3", "--in-place")
    assert result.exit_code == 0, result.output
    assert load_character(aria).level == 2
    assert sorted(p.name for p in aria.parent.iterdir()) == ["aria.yaml"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "1", "--rolls", "1,2"], "not both"),
        (["--out", "x.yaml", "--in-place"], "not both"),
        (["--rolls", ROLLS, "--pick", "mag,hp,skl,spd"], "Mag not among the candidates"),
        (["--points", "str=2"], "free points are only for levels 8 and 16"),
    ],
)
def test_refusals(aria: Path, args: list[str], message: str) -> None:
    before = aria.read_text(encoding="utf-8")
    extra = [] if "--out" in args else ["--in-place"]
    result = invoke("level-up", str(aria), *args, *extra)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert aria.read_text(encoding="utf-8") == before


def test_interactive_picks_reprompt_on_a_bad_answer(aria: Path) -> None:
    result = invoke("level-up", str(aria), "--rolls", ROLLS, "--interactive",
                    input="mag,hp,skl,spd\nstr,skl,spd,lck\n")
    assert result.exit_code == 0, result.output
    assert "Mag not among the candidates" in result.output
    assert "Picked: Str, Skl, Spd, Lck" in result.stdout


def test_level_8_from_the_command_line(tmp_path: Path) -> None:
    character = load_character(ARIA)
    dice = SeededDice(11)
    while character.level < 7:
        proficiency = "sword" if character.level + 1 in (4, 7) else None
        character, _ = level_up(character, dice, proficiency=proficiency)
    seven = tmp_path / "seven.yaml"
    save_character(character, seven)
    out = tmp_path / "eight.yaml"
    result = invoke("level-up", str(seven), "--points", "str=2,skl=2,spd=2,def=2,hp=1",
                    "--feat", "Canto", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "No dice: this step is not rolled" in result.stdout
    assert "Feat: Canto" in result.stdout
    eight = load_character(out)
    assert eight.level == 8 and eight.feats == ["Adept", "Canto"]
    assert eight.level_ups[-1].increases.get("hp") == 3
    interactive = invoke("level-up", str(seven), "--interactive", "--json",
                         input="Shield\nCanto\nstr=3\nstr=2,skl=2,spd=2,def=2,hp=1\n")
    assert interactive.exit_code == 0, interactive.output
    assert "requires Heavy Armor" in interactive.stderr
    # the test runner echoes typed input to stdout; the JSON document follows it
    document = interactive.stdout[interactive.stdout.index("{\n"):]
    assert json.loads(document)["report"]["feat"] == "Canto"


def test_level_up_refuses_an_illegal_unit_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(ARIA.read_text(encoding="utf-8").replace("str: 6,", "str: 7,"),
                   encoding="utf-8")
    result = invoke("level-up", str(bad), "--seed", "1", "--in-place")
    assert result.exit_code == 2
    assert "36 assigned" in result.stderr
    assert load_character(bad).level == 1
