"""The compendium holds every entry of 004 Piece A's counts (spec miridon-004 §4.0),
counted from the data files themselves, and every entry cites its line in 004."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tactician.content.loader import read_yaml
from tactician.rulesets.miridon.compendium import DATA_DIR, FILES, Compendium

# (file, count). Where the spec and the text differ, the text wins (none differ: each
# count below was re-counted from 004, see tests/miridon/test_text_crosscheck.py).
COUNTS = {
    "classes.yaml": 7,  # 6 basic (L7-51) + Crew Member (L246-268)
    "specials.yaml": 21,  # 6 class (L61-115) + 15 dual-class (L135-238)
    "talents.yaml": 14,  # L290-393
    "flairs.yaml": 121,  # L401-1538
    "weapons.yaml": 53,  # L3402-3587
    "spells.yaml": 9,  # L3284-3392
    "spell_modifiers.yaml": 21,  # L2652-2955 (22 blocks, Greater Spread Enhancement twice)
    "attack_modifiers.yaml": 7,  # L2529-2648
    "actions.yaml": 68,  # 60 in L1792-2525 + 8 defined elsewhere
    "insanity_table.yaml": 91,  # L3049-3139
    "insanity_effects.yaml": 18,  # L3141-3241
    "grapple_table.yaml": 8,  # L2975-2983
}


def raw(filename: str) -> list[dict[str, object]]:
    data = read_yaml(DATA_DIR / filename)
    assert isinstance(data, list)
    return data


@pytest.mark.parametrize(("filename", "count"), sorted(COUNTS.items()))
def test_count(filename: str, count: int, comp: Compendium) -> None:
    assert len(raw(filename)) == count
    field = next(f for f, (_, name) in FILES.items() if name == filename)
    assert len(getattr(comp, field)) == count  # no two entries share a name


def test_flair_groups() -> None:
    groups = Counter(str(e["group"]) for e in raw("flairs.yaml"))
    assert groups == {
        "general": 12,
        "action": 24,
        "attack_modifier": 17,
        "critical_hit": 24,
        "spell_casting_modifier": 28,
        "racial": 16,
    }


def test_weapon_tables() -> None:
    tables = Counter(str(e["category"]) for e in raw("weapons.yaml"))
    assert tables == {
        "sword": 5, "shield": 5, "drill": 6, "hammer": 5, "grappling": 7,
        "staff": 5, "pistol": 5, "sniper_rifle": 5, "shotgun": 5, "tesla": 5,
    }  # fmt: skip


ELSEWHERE = {  # 8 actions defined outside the Actions chapter (spec §4.0)
    "Dragon Breath", "Eldritch Strike", "Death Worm Maw Attack", "Dragon Wing Buffet Attack",
    "Recruit", "Enter Mech", "Exit Mech", "Shield Block (Offensive Action)",
}  # fmt: skip


def test_action_slots() -> None:
    """The Actions chapter: Offensive 12, Movement 10, Verbal 12, Defensive 7, Bonus 19
    (Restore Strength Points is listed as offensive but is a movement action, L1921)."""
    chapter = [e for e in raw("actions.yaml") if e["name"] not in ELSEWHERE]
    assert len(chapter) == 60
    listed = Counter(str(e.get("listed_under") or e["slot"]) for e in chapter)
    assert listed == {"offensive": 12, "movement": 10, "verbal": 12, "defensive": 7, "bonus": 19}


def test_specials_cover_every_class_pair(comp: Compendium) -> None:
    basic = sorted(c.name for c in comp.classes.values() if c.kind == "basic")
    pairs = {frozenset(s.classes) for s in comp.specials.values() if s.kind == "dual"}
    assert len(basic) == 6
    assert pairs == {frozenset((a, b)) for a in basic for b in basic if a < b}


@pytest.mark.parametrize("filename", sorted(name for _, name in FILES.values()))
def test_every_entry_cites_004(filename: str) -> None:
    """Each entry has ``line``/``lines`` (or, for placeholder tables, the lines that use or
    name it) and placeholder entries say ``default (not in text)``."""
    for entry in raw(filename):
        cites = [entry.get(k) for k in ("line", "lines", "used_at", "named_at", "cited_at")]
        assert any(cites), (filename, entry.get("name"))
        for value in cites:
            for n in value if isinstance(value, list) else [value] if value else []:
                assert 1 <= int(n) <= 3681, (filename, entry.get("name"), n)


PLACEHOLDERS = ["skills.yaml", "stances.yaml", "weight.yaml", "mech_parts.yaml"]


@pytest.mark.parametrize("filename", PLACEHOLDERS)
def test_placeholders_are_marked(filename: str) -> None:
    assert all(e["source"] == "default (not in text)" for e in raw(filename))


def test_invented_numbers_are_marked() -> None:
    """Class start stats, sample armor and every action cost not in the text."""
    for entry in raw("classes.yaml"):
        start = entry.get("start")
        if start:
            assert start["source"] == "default (not in text)"  # type: ignore[index]
    armor = {str(e["name"]): e["source"] for e in raw("armor.yaml")}
    assert armor.pop("Unarmored") == "text L1610"
    assert set(armor.values()) == {"default (not in text)"}
    for entry in raw("actions.yaml"):
        source = str(entry["cost_source"])
        assert source.startswith("text L") or "default (not in text)" in source, entry["name"]


def test_data_dir_is_complete() -> None:
    assert {p.name for p in Path(DATA_DIR).glob("*.yaml")} == {n for _, n in FILES.values()}


def test_search_by_name_and_group(comp: Compendium) -> None:
    assert len(comp.search("flairs", group="racial")) == 16
    assert [f.name for f in comp.search("flairs", "tremor")] == [
        "Death Worm Tremor Sense",
        "Advanced Death Worm Tremor Sense",
    ]
    assert len(comp.search("weapons", group="drill")) == 6
    assert len(comp.search("actions", group="bonus")) == 19  # Veil (Bonus Action) included
    with pytest.raises(Exception, match="unknown compendium kind 'feats'"):
        comp.search("feats")
