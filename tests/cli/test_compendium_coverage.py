"""``tactician compendium coverage`` and ``compendium show``'s "In battle" lines (issue 26):
the CLI prints the coverage map the table service answers, computing nothing itself."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.table.coverage import coverage_rows

runner = CliRunner()


def test_coverage_json_is_the_services_rows() -> None:
    done = runner.invoke(app, ["compendium", "coverage", "-r", "miridon", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == coverage_rows("miridon")
    flairs = [r for r in json.loads(done.stdout) if r["kind"] == "flairs"]
    assert len(flairs) == 121 and {r["status"] for r in flairs} <= {"wired", "ruled"}


def test_coverage_text_lists_each_entry_and_the_tally() -> None:
    done = runner.invoke(app, ["compendium", "coverage", "-r", "miridon"])
    assert done.exit_code == 0, done.output
    assert "Agile Strike" in done.stdout and "wired" in done.stdout.splitlines()[-1]


def test_show_says_which_modifier_uses_a_flair_and_how_to_invoke_it() -> None:
    done = runner.invoke(app, ["compendium", "show", "-r", "miridon", "flairs", "True Strike"])
    assert done.exit_code == 0, done.output
    assert "In battle: attack modifier True Strike" in done.stdout
    assert "At the table: battle act UNIT attack target=T modifiers=true_strike" in done.stdout
    ruled = runner.invoke(app, ["compendium", "show", "-r", "miridon", "flairs", "flying"])
    assert "ruling cov-miridon-fly in docs/rulings.md" in ruled.stdout
    plain = runner.invoke(app, ["compendium", "show", "-r", "miridon", "flairs", "parry"])
    assert "At the table: it applies by itself" in plain.stdout


def test_show_json_stays_the_entry_itself() -> None:
    done = runner.invoke(app, ["compendium", "show", "-r", "miridon", "flairs", "Parry",
                               "--json"])
    assert "In battle" not in done.stdout and json.loads(done.stdout)["name"] == "Parry"


def test_a_ruleset_without_a_map_is_refused_by_name() -> None:
    done = runner.invoke(app, ["compendium", "coverage", "-r", "nosuch"])
    assert done.exit_code == 2
