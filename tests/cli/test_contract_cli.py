"""The ruleset-free commands: ``rulesets``, ``compendium``, ``character ...
--ruleset``, the advance alias and its comment-keeping writes, left-over rolls."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
ARIA = ROOT / "examples" / "tropera" / "aria_sword_fighter.yaml"
BRIGAND = ROOT / "examples" / "tropera" / "enemies" / "brigand.yaml"
AELA = ROOT / "examples" / "uesrpg" / "aela.yaml"
CAPTAIN = ROOT / "examples" / "uesrpg" / "bandit-captain.yaml"
ROLLS = "17,10,12,15,14,14,2,2"


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_rulesets_lists_capabilities_and_source() -> None:
    result = run("rulesets", "--json")
    assert result.exit_code == 0, result.output
    data = {r["id"]: r for r in json.loads(result.stdout)}
    assert "advancement" in data["tropera"]["capabilities"]
    assert "hit_locations" not in data["tropera"]["capabilities"]
    assert "hit_locations" in data["uesrpg"]["capabilities"]
    assert "advancement" not in data["uesrpg"]["capabilities"]
    assert data["uesrpg"]["source"].startswith("003")
    text = run("rulesets")
    assert text.exit_code == 0 and "uesrpg" in text.stdout


def test_the_command_line_imports_no_ruleset_rules() -> None:
    """Starting the CLI and listing rulesets reads registrations only, and with
    ``--json`` each registration's action schema: a declaration (``contract.actions``
    records, no rules)."""
    code = (
        "import sys; from typer.testing import CliRunner; from tactician.cli.main import app; "
        "CliRunner().invoke(app, ['rulesets', '--json']); "
        "print('\\n'.join(m for m in sys.modules if m.startswith('tactician.rulesets.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    from tactician.rulesets.registry import all_rulesets

    allowed = {"tactician.rulesets.registry", "tactician.rulesets.capabilities",
               "tactician.rulesets.installed_entry_points",
               # each registered ruleset's own package (its registration), nothing deeper
               *(point.value.partition(":")[0]
                 for point in entry_points(group="tactician.rulesets")),
               # and the action schemas the registrations name, which import nothing else
               "tactician.rulesets.contract", "tactician.rulesets.contract.actions",
               *(r.actions.partition(":")[0] for r in all_rulesets() if r.actions)}
    loaded = set(out)
    assert loaded <= allowed, loaded - allowed


def test_the_command_line_imports_only_the_service_layer() -> None:
    """Interfaces know only ``tactician.table`` (design.md), never a ruleset."""
    import ast

    for path in (ROOT / "src" / "tactician" / "cli").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names.append(node.module)
            for name in names:
                assert not name.startswith("tactician.rulesets"), (path.name, name)


# --- compendium ---------------------------------------------------------------------------


def test_compendium_lists_kinds_entries_and_searches() -> None:
    kinds = json.loads(run("compendium", "list", "--json").stdout)
    assert {"weapons", "items", "feats", "terrain"} <= set(kinds)
    weapons = json.loads(run("compendium", "list", "weapons", "--json").stdout)
    assert isinstance(weapons, list) and any(w["name"] == "Iron Sword" for w in weapons)
    found = json.loads(run("compendium", "list", "feats", "--search", "vantage",
                           "--json").stdout)
    assert found and all("vantage" in json.dumps(f).casefold() for f in found)
    assert len(found) < len(json.loads(run("compendium", "list", "feats", "--json").stdout))
    shown = json.loads(run("compendium", "show", "weapons", "iron sword", "--json").stdout)
    assert isinstance(shown, dict) and shown["name"] == "Iron Sword" and shown["might"] == 5


def test_compendium_of_another_ruleset() -> None:
    kinds = json.loads(run("compendium", "list", "-r", "uesrpg", "--json").stdout)
    assert {"weapons", "armor", "conditions"} <= set(kinds)
    bleeding = json.loads(run("compendium", "show", "-r", "uesrpg", "conditions", "bleeding",
                              "--json").stdout)
    assert bleeding["name"] == "Bleeding" and "X" in bleeding["words"]


@pytest.mark.parametrize(("args", "words"), [
    (["list", "spells"], ["no compendium kind 'spells'", "weapons", "feats"]),
    (["show", "weapons", "Iron Swrod"], ["no weapons entry 'Iron Swrod'", "Iron Sword"]),
    (["list", "-r", "nowhere"], ["unknown ruleset 'nowhere'", "tropera"]),
])
def test_compendium_refuses_unknown_names_naming_the_known(args: list[str],
                                                           words: list[str]) -> None:
    result = run("compendium", *args)
    assert result.exit_code == 2
    for word in words:
        assert word in result.stderr, word


# --- character ----------------------------------------------------------------------------


def test_character_help_is_for_every_ruleset() -> None:
    result = run("character", "--help")
    assert result.exit_code == 0
    assert "Tropera" not in result.stdout and "--ruleset" in run("character", "show",
                                                                 "--help").stdout
    assert "advance" in result.stdout and "level-up" in result.stdout


def test_create_prints_a_verdict_for_a_legal_build() -> None:
    for ruleset, path in (("tropera", ARIA), ("uesrpg", AELA)):
        result = run("character", "create", "-r", ruleset, str(path))
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("legal build: ")
        data = json.loads(run("character", "create", "-r", ruleset, str(path), "--json").stdout)
        assert data["valid"] is True and data["verdict"].startswith("legal build: ")


def test_advance_without_the_capability_is_refused_clearly(tmp_path: Path) -> None:
    result = run("character", "advance", "-r", "uesrpg", str(AELA), "--seed", "1")
    assert result.exit_code == 2
    assert "ruleset 'uesrpg' has no advancement" in result.stderr


def test_advance_and_level_up_are_the_same_command(tmp_path: Path) -> None:
    a = run("character", "advance", str(ARIA), "--rolls", ROLLS, "--json")
    b = run("character", "level-up", str(ARIA), "--rolls", ROLLS, "--json")
    assert a.exit_code == 0, a.output
    assert a.stdout == b.stdout


def test_an_unknown_choice_is_refused_naming_the_choices() -> None:
    result = run("character", "advance", str(ARIA), "--seed", "1", "--choose", "colour=red")
    assert result.exit_code == 2
    assert "colour" in result.stderr and "pick" in result.stderr


def test_advance_out_keeps_comments_and_the_file_mode(tmp_path: Path) -> None:
    source = tmp_path / "aria.yaml"
    text = ARIA.read_text(encoding="utf-8").replace(
        "feats: [Adept]", "# chosen at the table on day one\nfeats: [Adept]  # her only feat")
    source.write_text(text, encoding="utf-8")
    os.chmod(source, 0o644)
    out = tmp_path / "aria2.yaml"
    result = run("character", "advance", str(source), "--rolls", ROLLS, "--out", str(out))
    assert result.exit_code == 0, result.output
    written = out.read_text(encoding="utf-8")
    assert "# A human sword fighter, level 1." in written
    assert "# chosen at the table on day one\nfeats: [Adept]  # her only feat" in written
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    shown = json.loads(run("character", "show", str(out), "--json").stdout)
    assert shown["level"] == 2 and shown["problems"] == []
    os.chmod(source, 0o640)
    assert run("character", "advance", str(source), "--seed", "2", "--in-place").exit_code == 0
    assert stat.S_IMODE(source.stat().st_mode) == 0o640
    assert "# her only feat" in source.read_text(encoding="utf-8")


# --- left-over rolls --------------------------------------------------------------------------


def test_attack_reports_rolls_left_over() -> None:
    rolls = "1,2,3,4,5,6,7,8,9,10,11,12"
    for args in (["-a", str(ARIA), "-d", str(BRIGAND)],
                 ["-r", "uesrpg", "-a", str(AELA), "-d", str(CAPTAIN)]):
        data = json.loads(run("attack", *args, "--rolls", rolls, "--json").stdout)
        used = len(data["dice"])
        assert data["unused_rolls"] == [int(v) for v in rolls.split(",")][used:]
        assert data["unused_rolls"]
        text = run("attack", *args, "--rolls", rolls)
        assert "Unused rolls: " in text.stdout


def test_advance_takes_the_rulesets_rulings_as_options() -> None:
    """Tropera's ``stat_cap_after_creation`` (docs/rulings.md) through ``-o``."""
    args = ["character", "advance", str(ARIA), "--rolls", ROLLS, "--pick", "str,skl,spd,hp"]
    free = json.loads(run(*args, "--json").stdout)["report"]
    capped = json.loads(run(*args, "-o", "stat_cap_after_creation=6", "--json").stdout)
    assert free["lost"] == {} and capped["report"]["lost"]["str"] == 1
    refused = run(*args, "-o", "no_such_ruling=1")
    assert refused.exit_code == 2 and "stat_cap_after_creation" in refused.stderr


def test_a_search_without_a_kind_searches_every_kind() -> None:
    found = json.loads(run("compendium", "list", "--search", "vulnerary", "--json").stdout)
    kinds = {"weapons", "items", "feats", "kinds", "terrain"}
    assert found and {f["compendium_kind"] for f in found} <= kinds
    assert any(f["compendium_kind"] == "items" and f["name"] == "Vulnerary" for f in found)


def test_rulesets_options_lists_every_ruling_with_its_default() -> None:
    data = {r["id"]: r for r in json.loads(run("rulesets", "--options", "--json").stdout)}
    tropera = {o["name"]: o for o in data["tropera"]["options"]}
    assert tropera["true_hit_crit"]["default"] == "averaged"
    assert "separate" in tropera["true_hit_crit"]["values"]
    assert {o["name"] for o in data["uesrpg"]["options"]} >= {"elemental_ar", "metres_per_tile"}
    assert "-o true_hit_crit=averaged" in run("rulesets", "--options").stdout


def test_character_choices_lists_the_advancement_choices() -> None:
    found = json.loads(run("character", "choices", "--json").stdout)
    assert {"pick", "points", "proficiency", "feat", "feat_proficiency"} == {
        c["name"] for c in found}
    refused = run("character", "choices", "-r", "uesrpg")
    assert refused.exit_code == 2 and "has no advancement" in refused.stderr
