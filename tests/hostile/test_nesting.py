"""Deep nesting and alias bombs: refused at ``MAX_NESTING`` levels (or
``MAX_YAML_NODES`` values), never a ``RecursionError`` or a machine out of memory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactician.content.limits import MAX_NESTING
from tests.battle_json import json_of
from tests.hostile.helpers import ARIA, PARTY, TROPERA, new_battle, refused

LIMIT = MAX_NESTING.default


def test_yaml_lists_20000_deep_in_a_unit_file(tmp_path: Path) -> None:
    unit = tmp_path / "aria.yaml"
    unit.write_text(ARIA.read_text(encoding="utf-8") + "notes: " + "[" * 20_000 + "]" * 20_000)
    refused("character", "show", unit, watch=(tmp_path,),
            names=(str(unit), f"nested more than {LIMIT} levels deep", "TACTICIAN_MAX_NESTING"))


def test_yaml_block_nesting_in_a_text_map(tmp_path: Path) -> None:
    deep = "".join(f"{'  ' * i}- \n" for i in range(300))  # block lists, 300 deep
    the_map = tmp_path / "map.yaml"
    the_map.write_text("name: deep\nunits:\n" + deep + "grid: |\n  ...\n", encoding="utf-8")
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, watch=(tmp_path,), names=(str(the_map), "nested more than"))


def test_billion_laughs_in_a_unit_file(tmp_path: Path) -> None:
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    unit = tmp_path / "laughs.yaml"
    unit.write_text("\n".join(rows) + "\n", encoding="utf-8")
    refused("character", "show", unit, watch=(tmp_path,),
            names=(str(unit), "aliases counted as the values they stand for",
                   "TACTICIAN_MAX_YAML_NODES"))


def test_json_200000_deep_battle_file(tmp_path: Path) -> None:
    battle = tmp_path / "battle.json"
    battle.write_text('{"format": 1, "start": ' + "[" * 200_000 + "]" * 200_000 + "}")
    refused("battle", "show", "--battle", battle, watch=(tmp_path,),
            names=(str(battle), f"nested more than {LIMIT} levels deep"))


def test_json_just_past_the_limit_inside_a_real_battle(tmp_path: Path) -> None:
    battle = new_battle(tmp_path)
    data = json_of(battle)
    nested: object = 1
    for _ in range(LIMIT):
        nested = [nested]
    data["start"]["notes"] = nested
    battle.write_text(json.dumps(data), encoding="utf-8")
    refused("battle", "replay", "--battle", battle, watch=(tmp_path,),
            names=(str(battle), "nested more than"))


def test_tmj_100000_deep(tmp_path: Path) -> None:
    the_map = tmp_path / "deep.tmj"
    the_map.write_text(
        '{"orientation": "orthogonal", "width": 2, "height": 2, "layers": '
        + "[" * 100_000 + "]" * 100_000 + "}"
    )
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, watch=(tmp_path,), names=(str(the_map), "nested more than"))


def test_tmx_groups_nested_deep(tmp_path: Path) -> None:
    keep = TROPERA / "battle" / "keep.tmj"
    assert keep.exists()
    the_map = tmp_path / "deep.tmx"
    the_map.write_text(
        '<?xml version="1.0"?><map orientation="orthogonal" width="2" height="2">'
        + '<group name="g">' * 5000 + "</group>" * 5000 + "</map>",
        encoding="utf-8",
    )
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, watch=(tmp_path,), names=(str(the_map), "groups nested more than"))


def test_tmx_entity_bomb(tmp_path: Path) -> None:
    """expat (2.4 and later) refuses the XML billion laughs; a .tmx gets that refusal."""
    entities = ['<!ENTITY a0 "lollollollollollollollollollol">']
    entities += [f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 9)]
    the_map = tmp_path / "laughs.tmx"
    the_map.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE map [\n' + "\n".join(entities) + "\n]>\n"
        '<map orientation="orthogonal" width="2" height="2" name="&a8;"></map>\n'
    )
    out = tmp_path / "battle.json"
    refused("battle", "new", "--ruleset", "tropera", "--map", the_map, "--units", PARTY,
            "--out", out, watch=(tmp_path,), names=(str(the_map), "not valid XML"))


def test_many_tiny_values_are_refused_before_anything_is_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tactician.content import strict_yaml

    def no_build(*args: object) -> object:
        raise AssertionError("the document was composed before its size was checked")

    monkeypatch.setattr(strict_yaml._NoDuplicateKeys, "get_single_data", no_build)
    unit = tmp_path / "aria.yaml"
    unit.write_text("name: Aria\nnotes:\n" + "  - {a: 1, b: [1, 2, 3]}\n" * 20_000)
    refused("character", "show", unit, watch=(tmp_path,),
            names=(str(unit), "holds more than 100,000 values", "TACTICIAN_MAX_YAML_NODES"))


def test_a_value_that_contains_itself(tmp_path: Path) -> None:
    unit = tmp_path / "aria.yaml"
    unit.write_text(ARIA.read_text(encoding="utf-8") + "notes: &loop [1, *loop]\n")
    refused("character", "show", unit, watch=(tmp_path,),
            names=(str(unit), "*loop is used inside the value it names"))


def test_aliases_of_modest_size_are_fine() -> None:
    from tactician.content.strict_yaml import load_yaml

    data = load_yaml("base: &b {hp: 1}\na: *b\nb: [*b, *b]\n", "f.yaml")
    assert data["b"] == [{"hp": 1}, {"hp": 1}]
