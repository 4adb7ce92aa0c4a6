"""Input that used to be accepted and must be refused: a key written twice in a
YAML file, an empty ``--rolls`` entry, a dice expression that spans lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.content.strict_yaml import load_yaml
from tactician.errors import ContentError
from tests.hostile.helpers import ARIA, FORD, PARTY, cli, new_battle, refused, refused_json


def test_repeated_top_level_key_in_a_unit_file(tmp_path: Path) -> None:
    unit = tmp_path / "aria.yaml"
    unit.write_text(ARIA.read_text(encoding="utf-8").replace(
        "name: Aria\n", "name: Aria\nkind: human\nname: Bob\n"), encoding="utf-8")
    refused("character", "show", unit, watch=(tmp_path,),
            names=(str(unit), "line 4: key 'name' appears twice in one mapping (first on line 2)"))


def test_repeated_key_in_a_flow_mapping(tmp_path: Path) -> None:
    unit = tmp_path / "aria.yaml"
    unit.write_text(ARIA.read_text(encoding="utf-8").replace("{hp: 5,", "{hp: 5, hp: 9,", 1),
                    encoding="utf-8")
    refused("character", "show", unit, watch=(tmp_path,),
            names=(str(unit), "key 'hp' appears twice"))


def test_repeated_legend_symbol_in_a_text_map(tmp_path: Path) -> None:
    the_map = tmp_path / "ford.yaml"
    the_map.write_text(FORD.read_text(encoding="utf-8").replace(
        "  F: forest\n", "  F: forest\n  F: mountain\n"), encoding="utf-8")
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, watch=(tmp_path,), names=(str(the_map), "key 'F' appears twice"))


def test_repeated_key_in_a_units_file(tmp_path: Path) -> None:
    units = tmp_path / "party.yaml"
    units.write_text(PARTY.read_text(encoding="utf-8").replace(
        "sides: [player, enemy]\n", "sides: [player, enemy]\nsides: [enemy, player]\n"),
        encoding="utf-8")
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", FORD, "--units", units,
            "--out", out, watch=(tmp_path,), names=(str(units), "key 'sides' appears twice"))


def test_keys_that_read_as_equal_values_repeat_too() -> None:
    with pytest.raises(ContentError, match="key 1 appears twice"):
        load_yaml("1: a\n0x1: b\n", "f.yaml")


def test_a_merge_may_still_be_overridden() -> None:
    data = load_yaml("base: &b {hp: 1, str: 2}\nunit:\n  <<: *b\n  hp: 5\n", "f.yaml")
    assert data["unit"] == {"hp": 5, "str": 2}


@pytest.mark.parametrize(("rolls", "position"), [("50,,50", 2), (",50", 1), ("50,", 2),
                                                 ("1 2,,3", 3)])
def test_an_empty_rolls_entry_is_refused_by_position(rolls: str, position: int) -> None:
    refused("roll", "2d100", "--rolls", rolls,
            names=(f"--rolls entry #{position} is empty",))


@pytest.mark.parametrize("rolls", ["1_0", "٣", "0x10", "1.5"])
def test_a_rolls_entry_that_is_not_plain_digits(rolls: str) -> None:
    refused("roll", "1d20", "--rolls", rolls, names=("--rolls entry #1", "not a whole number"))


def test_an_empty_rolls_entry_in_a_battle_changes_nothing(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    refused("battle", "attack", "aria", "brigand-1", "--yes", "--rolls", "50,,50",
            "--battle", battle, names=("--rolls entry #2 is empty",), watch=(tmp_path,))


def test_an_empty_rolls_entry_in_a_level_up_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "aria2.yaml"
    refused("character", "level-up", ARIA, "--rolls", "14,3,,20", "--out", out,
            names=("--rolls entry #3 is empty",), watch=(tmp_path,))


@pytest.mark.parametrize(("expr", "fault"), [
    ("1d6\n+2", "U+000A) at column 4"),
    ("1d6\x1b[2J", "U+001B) at column 4"),
    ("1d\t6", "U+0009) at column 3"),
])
def test_a_dice_expression_with_control_characters(expr: str, fault: str) -> None:
    refused("roll", expr, "--seed", 1, names=("control character", fault))
    refused_json("roll", expr, "--seed", 1, "--json", names=(fault,))


def test_surrounding_whitespace_is_still_fine() -> None:
    run = cli("roll", "1d6+2\n", "--rolls", "4")
    assert run.code == 0 and "6" in run.out
