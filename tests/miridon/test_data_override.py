"""A GM's data folder overrides or extends the defaults (TACTICIAN_MIRIDON_DATA)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import ContentError
from tactician.rulesets.miridon.compendium import ENV_VAR, load_compendium
from tests.miridon.conftest import make


def test_env_folder_overrides_action_costs_and_adds_armor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "actions.yaml").write_text(
        "- {name: Melee Attack, slot: offensive, lines: [1796, 1804], strength_cost: 2,\n"
        "   speed_cost: 1, cost_source: 'house rule'}\n",
        encoding="utf-8",
    )
    (tmp_path / "armor.yaml").write_text(
        "- {name: Ghost Silk, passive_evasion: 9, weight: 1, speed_point_reduction: 0,\n"
        "   source: 'house rule', line: 1610}\n",
        encoding="utf-8",
    )
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    comp = load_compendium()
    assert comp.actions["melee attack"].strength_cost == 2
    assert comp.actions["gun attack"].speed_cost == 2  # untouched default
    assert len(comp.actions) == 68
    assert make(comp, "Duelist", armor="Ghost Silk").armor == "Ghost Silk"


def test_bad_override_names_file_entry_and_field(tmp_path: Path) -> None:
    (tmp_path / "flairs.yaml").write_text(
        "- {name: Odd, group: general, effect: odd, text: x}\n", encoding="utf-8"
    )
    with pytest.raises(ContentError, match=r"flairs.yaml: entry 'Odd': .*needs 'line' or 'lines'"):
        load_compendium((tmp_path,))
