"""fe_common: the one FE8 compendium (numbers spot-checked against FE8's tables)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import ContentError, RulesError
from tactician.rulesets.fe_common.compendium import fe8_from, load_fe8


def test_cavalier_is_fe8s() -> None:
    cavalier = load_fe8().klass("Cavalier")
    base = cavalier.base
    assert (base.hp, base.pow, base.skl, base.spd) == (20, 5, 2, 5)
    assert (cavalier.base.def_, cavalier.base.con, cavalier.base.mov) == (6, 9, 7)
    assert (cavalier.growths.pow, cavalier.growths.lck) == (35, 30)
    assert cavalier.promotes_to == ("Paladin", "Great Knight")
    assert cavalier.mounted_aid and cavalier.mounted
    assert cavalier.ranks == {"sword": "E", "lance": "D"}


def test_the_party_classes_are_all_there() -> None:
    fe8 = load_fe8()
    for name in ["Lord (Eirika)", "Lord (Ephraim)", "Cavalier", "Pegasus Knight", "Mage", "Cleric",
                 "Priest", "Fighter", "Archer", "Armor Knight", "Thief", "Myrmidon", "Brigand",
                 "Soldier", "Shaman", "Dancer", "Recruit", "Journeyman", "Pupil", "Paladin"]:
        assert fe8.klass(name).source.startswith("FE8 (verified")
    # sex is the unit's: FE8 sets CA_FEMALE per character, not per class
    assert fe8.klass("Pegasus Knight").flying
    assert fe8.klass("Thief").thief and fe8.klass("Dancer").dancer
    assert fe8.klass("Recruit").tier == "trainee"


def test_every_entry_names_its_source() -> None:
    fe8 = load_fe8()
    for table in (fe8.classes, fe8.weapons, fe8.items):
        assert all(entry.source for entry in table.values())


def test_weapons_have_fe8_uses_ranks_and_locks() -> None:
    fe8 = load_fe8()
    iron = fe8.weapon("iron sword")
    assert (iron.might, iron.hit, iron.weight, iron.uses, iron.rank) == (5, 90, 5, 46, "E")
    rapier = fe8.weapon("Rapier")
    assert rapier.rank == "Prf" and "Lord (Eirika)" in rapier.prf_for and not rapier.legendary
    assert fe8.weapon("Sieglinde").legendary and fe8.weapon("Sieglinde").rank == "Prf"
    assert fe8.weapon("Fire").uses_magic and not iron.uses_magic
    assert fe8.item("Vulnerary").heal == 10 and fe8.item("Vulnerary").uses == 3


def test_unknown_names_suggest_close_ones() -> None:
    with pytest.raises(RulesError, match="did you mean Iron Sword"):
        load_fe8().weapon("Iron Swrd")


def test_a_gm_folder_overrides_and_bad_entries_are_named(tmp_path: Path) -> None:
    (tmp_path / "fe8_items.yaml").write_text(
        "- {name: Vulnerary, uses: 5, heal: 12, source: House rule}\n", encoding="utf-8")
    assert load_fe8((tmp_path,)).item("Vulnerary").heal == 12
    assert load_fe8().item("Vulnerary").heal == 10
    (tmp_path / "fe8_items.yaml").write_text("- {name: Vulnerary, uses: -1, source: x}\n",
                                              encoding="utf-8")
    fe8_from.cache_clear()
    with pytest.raises(ContentError, match="entry 'Vulnerary': uses"):
        load_fe8((tmp_path,))
