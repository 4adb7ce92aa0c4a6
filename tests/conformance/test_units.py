"""Kit: every example unit loads and shows; every corruption is refused with
the file, the entry and the field named, by the service and by the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.rulesets.contract import RulesetContract
from tests.conformance.kit import corrupt


def test_every_example_unit_is_a_legal_build(contract: RulesetContract) -> None:
    units = contract.examples().units
    assert units, f"{contract.id} ships no example units"
    for path in units:
        verdict = contract.check_unit(path)
        assert verdict.valid, [str(v) for v in verdict.violations]
        assert verdict.summary
        sheet = contract.sheet(path)
        assert sheet.name == verdict.name and sheet.sections and not sheet.problems


def test_every_corruption_is_refused_naming_file_entry_and_field(
    contract: RulesetContract, tmp_path: Path
) -> None:
    corruptions = contract.examples().corruptions
    kinds = {c.name for c in corruptions}
    assert {"missing field", "wrong type", "unknown weapon", "out-of-range stat"} <= kinds
    for corruption in corruptions:
        bad = corrupt(corruption, tmp_path)
        verdict = contract.check_unit(bad)
        assert not verdict.valid, corruption.name
        named = [v for v in verdict.violations
                 if v.file == str(bad) and v.field.startswith(corruption.field)]
        assert named, (corruption.name, [str(v) for v in verdict.violations])
        assert all(v.entry for v in verdict.violations)


@pytest.mark.parametrize("pair", [("wrong type", "unknown weapon"),
                                  ("unknown weapon", "out-of-range stat")])
def test_every_violation_is_listed_not_only_the_first(
    contract: RulesetContract, tmp_path: Path, pair: tuple[str, str]
) -> None:
    by_name = {c.name: c for c in contract.examples().corruptions}
    first, second = by_name[pair[0]], by_name[pair[1]]
    assert first.unit == second.unit, "the kit combines corruptions of one unit file"
    verdict = contract.check_unit(corrupt(first, tmp_path, second))
    fields = [v.field for v in verdict.violations]
    for corruption in (first, second):
        assert any(f.startswith(corruption.field) for f in fields), (corruption.name, fields)


def test_create_lists_the_violations_and_exits_2(
    contract: RulesetContract, tmp_path: Path
) -> None:
    runner = CliRunner()
    for corruption in contract.examples().corruptions:
        bad = corrupt(corruption, tmp_path)
        result = runner.invoke(app, ["character", "create", "-r", contract.id, str(bad),
                                     "--json"])
        assert result.exit_code == 2, result.output
        data = json.loads(result.stdout)
        assert data["valid"] is False
        assert any(v["field"].startswith(corruption.field) and v["file"] == str(bad)
                   for v in data["violations"]), data
    good = contract.examples().units[0]
    result = runner.invoke(app, ["character", "create", "-r", contract.id, str(good)])
    assert result.exit_code == 0, result.output
    assert "legal build: " in result.stdout
