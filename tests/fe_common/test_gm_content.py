"""A table's own content for both Fire Emblem rulesets (issue 24 item 12):
``TACTICIAN_FE_DATA`` names folders of files with the shipped names
(``fe8_weapons.yaml``, ``fe8_classes.yaml``, ``fe8_items.yaml``, ``hp_dice.yaml``,
``damage_dice.yaml``) whose entries override or extend the shipped YAML, as
``TACTICIAN_TROPERA_DATA`` does for Tropera; the kept compendium is keyed by it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from tactician.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
KYLE = ROOT / "examples" / "fe_tabletop" / "kyle_cavalier.yaml"
TIN_LANCE = """- name: Tin Lance
  type: lance
  might: 2
  hit: 95
  crit: 0
  weight: 3
  range: [1, 1]
  uses: 20
  rank: E
  source: our table's house weapon
"""


def folder(tmp_path: Path, hit: int = 95) -> Path:
    data = tmp_path / "our-table"
    data.mkdir(exist_ok=True)
    (data / "fe8_weapons.yaml").write_text(TIN_LANCE.replace("hit: 95", f"hit: {hit}"),
                                           encoding="utf-8")
    (data / "damage_dice.yaml").write_text(
        "- {name: Tin Lance, dice: 1d4, source: our table}\n", encoding="utf-8")
    return data


def with_tin_lance(tmp_path: Path) -> Path:
    unit = yaml.safe_load(KYLE.read_text(encoding="utf-8"))
    unit["inventory"] = ["Tin Lance", "Vulnerary"]
    path = tmp_path / "kyle.yaml"
    path.write_text(yaml.safe_dump(unit, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("ruleset", ["fe-tabletop", "fe-classic"])
def test_a_tables_own_weapon_is_carried_and_fought_with(ruleset: str, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    kyle = with_tin_lance(tmp_path)
    runner = CliRunner()
    monkeypatch.delenv("TACTICIAN_FE_DATA", raising=False)
    refused = runner.invoke(app, ["character", "create", "-r", ruleset, str(kyle)])
    assert refused.exit_code == 2 and "Tin Lance" in refused.stderr
    monkeypatch.setenv("TACTICIAN_FE_DATA", str(folder(tmp_path)))
    made = runner.invoke(app, ["character", "create", "-r", ruleset, str(kyle)])
    assert made.exit_code == 0, made.output
    foe = ROOT / "examples" / ruleset.replace("-", "_") / "garcia_fighter.yaml"
    fought = runner.invoke(app, ["forecast", "-r", ruleset, "-a", str(kyle), "-d", str(foe),
                                 "--json"])
    assert fought.exit_code == 0, fought.output
    assert "Tin Lance" in fought.stdout


def test_the_kept_compendium_sees_the_folder_and_its_edits(tmp_path: Path) -> None:
    """Each run is its own process, as at the table; the cache folder is kept."""
    env = {**os.environ, "TACTICIAN_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("TACTICIAN_FE_DATA", None)

    def shown(extra: dict[str, str]) -> list[dict[str, object]]:
        result = subprocess.run(
            [sys.executable, "-m", "tactician.cli.main", "compendium", "list", "-r",
             "fe-tabletop", "weapons", "--search", "tin lance", "--json"],
            env={**env, **extra}, capture_output=True, text=True, check=True)
        found: list[dict[str, object]] = json.loads(result.stdout)
        return found

    assert shown({}) == []
    data = folder(tmp_path)
    first = shown({"TACTICIAN_FE_DATA": str(data)})
    assert [w["name"] for w in first] == ["Tin Lance"]
    folder(tmp_path, hit=80)  # the table edits its weapon
    again = shown({"TACTICIAN_FE_DATA": str(data)})
    assert [w["hit"] for w in first] == [95] and [w["hit"] for w in again] == [80]
