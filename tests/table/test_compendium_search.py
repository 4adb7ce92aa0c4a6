"""What a compendium search matches (issue 24: `compendium list -r fe-tabletop classes
--search thief` returned all 71 classes, each holding the field ``thief: false``)."""

from __future__ import annotations

from tactician.content.compendium_rows import matching
from tactician.table import compendium


def test_a_yes_no_field_matches_by_its_name_only_when_yes() -> None:
    classes = compendium.entries("fe-tabletop", "classes")
    thieves = {c["name"] for c in classes if c["thief"]}
    found = compendium.entries("fe-tabletop", "classes", "thief")
    assert thieves and {c["name"] for c in found} == thieves
    assert len(found) < len(classes)


def test_values_match_at_any_depth_and_field_names_never() -> None:
    rows = [{"name": "Bandit", "lord": False, "no_crit": True, "bonus": 10,
             "characteristics": {"strength": 35}, "skills": {"evade": {"bonus": 0}},
             "weapons": ["Shortsword"], "notes": None},
            {"name": "Archer", "lord": False, "no_crit": False, "bonus": 5,
             "characteristics": {"agility": 40}, "skills": {}, "weapons": ["Bow"]}]
    names = lambda search: [r["name"] for r in matching(rows, search)]  # noqa: E731
    assert names("lord") == [] and names("name") == [] and names("characteristics") == []
    assert names("no crit") == ["Bandit"] and names("NO_CRIT") == ["Bandit"]
    assert names("evade") == ["Bandit"]  # a nested record's name: the skill
    assert names("strength") == []  # a nested number's name is a field, not a value
    assert names("35") == ["Bandit"] and names("40") == ["Archer"]
    assert names("bow") == ["Archer"] and names("sword") == ["Bandit"]
    assert names("none") == [] and names(None) == ["Bandit", "Archer"]


def test_an_npc_is_found_by_its_skill() -> None:
    found = {e["name"] for e in compendium.entries("uesrpg", "npcs", "evade")}
    every = compendium.entries("uesrpg", "npcs")
    assert found == {e["name"] for e in every if "evade" in e["skills"]}
