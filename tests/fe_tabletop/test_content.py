"""The GM's own dice for 001's classes and weapons; bad entries named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import ContentError
from tactician.rulesets.fe_common.character.content import content_from, load_content


def test_defaults_are_the_tactician_conversions() -> None:
    content = load_content()
    assert str(content.klass("Cavalier").hp_dice) == "2d6+13"
    assert content.klass("Cavalier").hp_dice_source.startswith("Tactician default")
    assert str(content.weapon("Steel Lance").damage) == "1d10+5"


def test_a_gm_folder_replaces_the_dice(tmp_path: Path) -> None:
    (tmp_path / "hp_dice.yaml").write_text(
        "- {name: cavalier, dice: 2d8+10, source: House rule}\n", encoding="utf-8")
    (tmp_path / "damage_dice.yaml").write_text(
        "- {name: Iron Sword, dice: 1d8+2, source: House rule}\n", encoding="utf-8")
    content = load_content((tmp_path,))
    assert str(content.klass("Cavalier").hp_dice) == "2d8+10"
    assert content.klass("Cavalier").hp_dice_source == "House rule"
    assert str(content.weapon("iron sword").damage) == "1d8+2"
    assert str(content.klass("Paladin").hp_dice) == "2d6+16"


def test_a_bad_dice_entry_names_file_entry_and_field(tmp_path: Path) -> None:
    (tmp_path / "hp_dice.yaml").write_text(
        "- {name: Cavalier, dice: 4d6kh3, source: x}\n", encoding="utf-8")
    content_from.cache_clear()
    with pytest.raises(ContentError, match="hp_dice.yaml: entry 'Cavalier': dice"):
        load_content((tmp_path,))
