"""Kit: a battle's units have names that tell them apart, and a placement's ``name:``
names its unit, in every ruleset (issue 24: two units from one file both showed as
"Garcia"; fe-tabletop refused the ``name:`` fe-classic took)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tactician.cli.board_view import legend_table
from tactician.errors import TacticianError
from tactician.rulesets.contract import Capability, ExampleBattle, RulesetContract

SOURCES = ("file", "template", "character", "mech")


def _example(contract: RulesetContract) -> ExampleBattle:
    if not contract.has(Capability.BATTLES):
        pytest.skip(f"{contract.id} declares no battles")
    return contract.examples().battles[0]


def _files(example: ExampleBattle, tmp: Path, change: Any) -> list[str]:
    """The example's units files copied into ``tmp`` (their unit files by absolute
    path), the first file's placements passed through ``change``."""
    written = []
    for index, path in enumerate(example.units):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for placement in data["units"]:
            if "file" in placement:
                placement["file"] = str((path.parent / placement["file"]).resolve())
        if index == 0:
            change(data["units"])
        target = tmp / f"{index}-{path.name}"
        target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        written.append(str(target))
    return written


def _names(contract: RulesetContract, example: ExampleBattle, files: list[str]) -> dict[str, str]:
    """Each unit's name, checked to be what ``battle show`` prints in its row."""
    rules = contract.battle_rules(list(example.options))
    state = rules.start_state({"map": str(example.map), "units": files})
    view = contract.board_view(state)
    rows = {line.split()[1]: line for line in legend_table(view).lines()[3:] if line.strip()}
    for unit in view["units"]:
        assert f" {unit['name']} " in rows[unit["id"]], (unit["name"], rows[unit["id"]])
    return {u["id"]: u["name"] for u in view["units"]}


def test_two_units_from_one_file_are_told_apart_on_the_board(
    contract: RulesetContract, tmp_path: Path
) -> None:
    example = _example(contract)
    first = yaml.safe_load(example.units[0].read_text(encoding="utf-8"))["units"]
    tried = []
    for other in range(1, len(first)):  # a second unit of the file takes the first's source
        def same_source(units: list[dict[str, Any]], other: int = other) -> None:
            for key in SOURCES:
                units[other].pop(key, None)
            units[other].update({k: units[0][k] for k in SOURCES if k in units[0]})

        try:
            names = _names(contract, example, _files(example, tmp_path, same_source))
        except TacticianError as exc:  # that unit's tile may not suit the first's kind
            tried.append(str(exc))
            continue
        a, b = names[first[0]["id"]], names[first[other]["id"]]
        assert a != b, (a, b)
        assert len(set(names.values())) == len(names), names
        return
    pytest.fail(f"{contract.id}: no second unit could take the first's source: {tried}")


def test_a_placement_name_names_its_unit(contract: RulesetContract, tmp_path: Path) -> None:
    example = _example(contract)

    def renamed(units: list[dict[str, Any]]) -> None:
        units[0]["name"] = "Oswin the Tall"

    names = _names(contract, example, _files(example, tmp_path, renamed))
    first = yaml.safe_load(example.units[0].read_text(encoding="utf-8"))["units"][0]["id"]
    assert names[first] == "Oswin the Tall"


def test_names_apart_examples() -> None:
    from tactician.engine.roster import names_apart

    assert names_apart(["Garcia", "Garcia", "Eirika"]) == ["Garcia 1", "Garcia 2", "Eirika"]
    assert names_apart(["Brigand", "Brigand 1", "Brigand"]) == ["Brigand 2", "Brigand 1",
                                                                "Brigand 3"]


@given(st.lists(st.sampled_from(["Garcia", "Garcia 1", "Garcia 2", "Ross", "Ross 3", ""]),
                max_size=12))
def test_names_apart_tells_every_unit_apart_and_keeps_a_name_no_one_shares(
    names: list[str],
) -> None:
    from tactician.engine.roster import names_apart

    apart = names_apart(names)
    assert len(apart) == len(names) and len(set(apart)) == len(apart)
    for before, after in zip(names, apart, strict=True):
        assert after == before if names.count(before) == 1 else after.startswith(before)
