"""`compendium show` in text: every value as a reader writes it (issue 24: UESRPG's
`show npcs Bandit` printed Python dicts); `--json` stays the entry itself."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tactician.cli.compendium import readable
from tactician.cli.main import app

runner = CliRunner()


def test_an_npc_shows_its_characteristics_and_skills_in_words() -> None:
    result = runner.invoke(app, ["compendium", "show", "-r", "uesrpg", "npcs", "Bandit"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.replace("│", " ").split())
    assert "strength 35, endurance 34, agility 33" in said
    assert "combat style (characteristic strength, bonus 10); evade" in said
    assert "weapons Shortsword, Buckler" in said
    assert not any(mark in result.stdout for mark in ("{", "}", "[", "]", "'"))
    data = json.loads(runner.invoke(app, ["compendium", "show", "-r", "uesrpg", "npcs",
                                          "Bandit", "--json"]).stdout)
    assert data["characteristics"]["strength"] == 35 and data["lucky"] == []


def test_readable_values() -> None:
    assert readable(None) == readable([]) == readable({}) == readable("") == "-"
    assert readable(True) == "yes" and readable(False) == "no" and readable(0) == "0"
    assert readable(["Bow", "Sword"]) == "Bow, Sword"
    assert readable({"hp": 70, "lord": False}) == "hp 70, lord no"
    assert readable([{"flair": "Dodge"}, {"rank": 2}]) == "flair Dodge; rank 2"
    assert readable({"a": {"b": 1}, "c": [1, 2]}) == "a (b 1); c (1, 2)"
    assert readable("one.\ntwo.") == "one. two."
