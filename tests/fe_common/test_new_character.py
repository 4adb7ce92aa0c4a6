"""001's creation through ``character new`` (fe-tabletop and fe-classic): the HP dice
shown and taken from the table's rolls (001 L2 "roll the specified dice"), the
class's CON and MOV (L3), level 1 and 0 EXP or the party's level (L4), E ranks
(L5), a proficient weapon and a Vulnerary (L6), a promoted start built as a level
10 of its unpromoted class (L10)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.rulesets.fe_common.character.content import load_content


def _new(tmp_path: Path, *args: str) -> tuple[int, dict[str, object], Path]:
    out = tmp_path / f"{args[0].lower()}.yaml"
    result = CliRunner().invoke(app, ["character", "new", *args, "--out", str(out), "--json"])
    return result.exit_code, json.loads(result.stdout), out


def test_the_hp_dice_come_from_the_tables_rolls(tmp_path: Path) -> None:
    cavalier = load_content().klass("Cavalier")
    code, data, out = _new(tmp_path, "Kyle", "-r", "fe-tabletop", "--class", "Cavalier",
                           "--choose", "sex=male", "--rolls", "4,5,6")
    assert code == 0, data
    report = data["report"]
    assert isinstance(report, dict)
    assert report["hp_faces"] == [4, 5] and report["hp_dice"] == str(cavalier.hp_dice)
    unit = yaml.safe_load(out.read_text())
    assert unit["max_hp"] == unit["hp"] == 4 + 5 + cavalier.hp_dice.bonus
    assert (unit["con"], unit["mov"]) == (cavalier.con, cavalier.mov)
    assert (unit["level"], unit["exp"]) == (1, 0)
    assert set(unit["ranks"].values()) == {"E"}
    assert unit["inventory"][-1] == "Vulnerary" and len(unit["inventory"]) == 2
    assert data["dice"] == {"used": [4, 5], "unused": [6]}


def test_a_mounted_class_needs_a_sex_for_its_aid(tmp_path: Path) -> None:
    code, data, out = _new(tmp_path, "Kyle", "-r", "fe-tabletop", "--class", "Cavalier",
                           "--seed", "1")
    assert code == 2 and "needs sex male or female" in str(data["error"])
    assert not out.exists()


def test_a_promoted_start_rolls_nine_level_ups_of_its_unpromoted_class(
        tmp_path: Path) -> None:
    code, data, out = _new(tmp_path, "Seth", "-r", "fe-classic", "--class", "Paladin",
                           "--choose", "sex=male", "--seed", "3")
    assert code == 0, data
    dice = data["dice"]
    assert isinstance(dice, dict) and len(dice["used"]) == 2 + 9 * 6  # HP dice, 9 x 6 d100
    assert data["report"]["level_ups"] == 9  # type: ignore[index]
    assert yaml.safe_load(out.read_text())["class_name"] == "Paladin"


def test_the_party_level_gives_one_level_up_a_level(tmp_path: Path) -> None:
    code, data, out = _new(tmp_path, "Lute", "-r", "fe-tabletop", "--class", "Mage",
                           "--choose", "party_level=3", "--seed", "5")
    assert code == 0, data
    assert yaml.safe_load(out.read_text())["level"] == 3
    assert data["report"]["level_ups"] == 2  # type: ignore[index]


def test_a_lord_may_start_with_a_prf_weapon_but_not_others(tmp_path: Path) -> None:
    code, data, _ = _new(tmp_path, "Eirika", "-r", "fe-tabletop", "--class", "Lord (Eirika)",
                         "--choose", "weapon=Rapier", "--seed", "2")
    assert code == 0, data
    code, data, out = _new(tmp_path, "Franz", "-r", "fe-tabletop", "--class", "Cavalier",
                           "--choose", "sex=male", "--choose", "weapon=Rapier", "--seed", "2")
    assert code == 2 and "only Lords start with Prf" in str(data["error"])
