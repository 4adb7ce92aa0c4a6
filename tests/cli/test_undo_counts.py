"""Undo and redo count their entries in words (issue 24 item 10: "1 candidates
scored"; here "1 undone entries can be redone", "This removes 1 entries", "battle:
1 entries")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.rulesets.registry import get
from tests.conformance.evening import Evening, evening, start_battle, stored_battle


@pytest.fixture
def night(tmp_path: Path) -> tuple[Evening, str]:
    contract = get("tropera").contract()
    example = contract.examples().battles[0]
    made = evening(tmp_path, contract)
    start_battle(made, example)
    made.run("battle", "enemy-phase", "--any-side")
    return made, example.name


def test_one_undone_entry_is_an_entry(night: tuple[Evening, str]) -> None:
    made, name = night
    made.run("battle", "undo")
    said = made.run("battle", "log").stdout
    assert "1 undone entry can be redone" in said and "1 undone entries" not in said
    made.run("battle", "undo")
    assert "2 undone entries can be redone" in made.run("battle", "log").stdout
    listed = made.run("battle", "list").stdout
    length = len(stored_battle(made, name).log)
    assert f"{name}: {length} entries" in listed or (length == 1 and f"{name}: 1 entry" in listed)


def test_undoing_one_entry_by_to_asks_for_one_entry(
    night: tuple[Evening, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    made, name = night
    length = len(stored_battle(made, name).log)
    refused = made.run("battle", "undo", "--to", str(length - 1), code=2)
    assert f"this drops 1 entry, #{length})" in refused.output
    assert "1 entries" not in refused.output
    monkeypatch.setattr("tactician.cli.table_dice.can_ask", lambda: True)
    asked = made.run("battle", "undo", "--to", str(length - 1), stdin="n\n")
    assert "This removes 1 entry:" in asked.output and "Remove this entry?" in asked.output
    assert "Not undone" in asked.output and len(stored_battle(made, name).log) == length
    asked = made.run("battle", "undo", "--to", str(length - 2), stdin="n\n")
    assert "This removes 2 entries:" in asked.output
    assert "Remove these 2 entries?" in asked.output
