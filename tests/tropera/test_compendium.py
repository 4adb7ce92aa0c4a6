"""The default Tropera compendium (``rulesets/tropera/data``) against 000's text.

The feat list, the laguz table and Dragon's Breath are read from the rule file
itself, so a feat or number missing from the YAML fails here. The rule text is found
by ``tests/rule_texts.py``; those tests skip when it is not found.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tactician.errors import ContentError, RulesError
from tactician.rulesets.tropera.compendium import DATA_DIR, Compendium, load_compendium
from tests.rule_texts import needs_rules as needs_rule_text
from tests.rule_texts import rule_text

RULES_FILE = rule_text("000") or Path("000 not found")
needs_rules = needs_rule_text("000")


def _ascii(name: str) -> str:
    return name.replace("\u2019", "'")


def _section(start: str, stop: str) -> list[str]:
    lines = RULES_FILE.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith(start))
    last = next(i for i, line in enumerate(lines) if i > first and line.startswith(stop))
    return lines[first + 1 : last]


def _bullets(block: list[str], *, laguz_names: bool = False) -> dict[str, str]:
    """``• Name: text`` bullets with their ``  • `` sub-bullets appended verbatim."""
    entries: dict[str, str] = {}
    name = ""
    for line in block:
        if line.startswith("• "):
            body = line[2:]
            if laguz_names and body.startswith("Laguz: "):
                kind, _, text = body[len("Laguz: ") :].partition(": ")
                name = f"Laguz: {kind}"
            else:
                name, _, text = body.partition(": ")
            name = _ascii(name)
            entries[name] = text
        elif line.startswith("  • "):
            entries[name] += "\n" + line
    return entries


def _rules_feats() -> dict[str, str]:
    return _bullets(_section("Instead of choosing unit classes", "Ideas for feats not listed here"))


def _rules_level1_options() -> dict[str, str]:
    return _bullets(
        _section("To create a laguz or manakete character", "Laguz\tWeapon"), laguz_names=True
    )


# --- loading -------------------------------------------------------------------------


def test_default_compendium_loads(compendium: Compendium) -> None:
    assert len(compendium.weapons) >= 80
    assert len(compendium.items) >= 20
    assert compendium.weapon("iron sword").name == "Iron Sword"
    assert compendium.item("VULNERARY").heal == 10


def test_every_weapon_and_item_names_its_source(compendium: Compendium) -> None:
    missing = [w.name for w in compendium.weapons.values() if not w.source.strip()]
    missing += [i.name for i in compendium.items.values() if not i.source.strip()]
    assert missing == []


def test_every_feat_of_000_is_implemented(compendium: Compendium) -> None:
    # test_feat_coverage.py checks each implemented feat is named in the rules code
    assert [f.name for f in compendium.feats.values() if not f.implemented] == []


# --- feats against 000 ---------------------------------------------------------------


@needs_rules
def test_every_feat_in_000_is_present(compendium: Compendium) -> None:
    rules = _rules_feats()
    assert len(rules) >= 40  # the parser found the list
    ours = {f.name for f in compendium.feats.values() if not f.level1_option}
    assert sorted(set(rules) - ours) == [], "feats in 000 missing from feats.yaml"
    assert sorted(ours - set(rules)) == [], "feats in feats.yaml that 000 does not list"


@needs_rules
def test_feat_texts_are_000_verbatim(compendium: Compendium) -> None:
    for name, text in _rules_feats().items():
        assert compendium.feat(name).text == text, name


@needs_rules
def test_level1_options_are_000_verbatim(compendium: Compendium) -> None:
    rules = _rules_level1_options()
    assert sorted(rules) == ["Laguz: Beast", "Laguz: Bird", "Laguz: Dragon", "Manakete"]
    ours = {f.name for f in compendium.feats.values() if f.level1_option}
    assert ours == set(rules)
    for name, text in rules.items():
        assert compendium.feat(name).text == text, name


@needs_rules
def test_feat_prerequisites_named_in_000_exist(compendium: Compendium) -> None:
    for feat in compendium.feats.values():
        for other in feat.requires + feat.requires_any + feat.excludes:
            compendium.feat(other)  # raises RulesError when unknown


def test_feat_prerequisites_follow_000(compendium: Compendium) -> None:
    laguz = ["Laguz: Beast", "Laguz: Bird", "Laguz: Dragon"]
    assert compendium.feat("Grappler").requires == ["Martial Artist"]
    assert compendium.feat("Mage Armor").requires == ["War Mage"]
    assert compendium.feat("Shield").requires == ["Heavy Armor"]
    assert compendium.feat("Silencer").requires == ["Thief"]
    assert compendium.feat("Anthropomorph").requires_any == laguz
    assert compendium.feat("Dragon's Breath").requires_any == ["Laguz: Dragon", "Manakete"]
    assert compendium.feat("Touch and Go").requires_any == ["Flying Mount", "Laguz: Bird"]
    trample = compendium.feat("Trample")
    assert (trample.requires_any, trample.excludes) == (
        ["Mounted", "Laguz: Beast"],
        ["Flying Mount"],
    )
    assert compendium.feat("Flying Mount").excludes == [*laguz, "Manakete"]
    assert compendium.feat("Mounted").excludes == [*laguz, "Manakete"]
    assert compendium.feat("Heavy Armor").excludes == laguz


# --- 000's own numbers ---------------------------------------------------------------


@needs_rules
def test_laguz_natural_weapons_match_000s_table(compendium: Compendium) -> None:
    rows = [
        line.split("\t")
        for line in _section("Laguz\tWeapon\tMight\tAccuracy", "Optional Rule: Alts")
        if line.strip()
    ]
    assert len(rows) == 3
    for _kind, weapon, might, accuracy in rows:
        ours = compendium.weapon(weapon)
        assert ours.type == weapon.lower()
        assert (ours.might, ours.accuracy, ours.range) == (int(might), int(accuracy), (1, 1))
        assert ours.source.startswith("000")


def test_laguz_natural_weapon_numbers(compendium: Compendium) -> None:
    numbers = {
        name: (compendium.weapon(name).might, compendium.weapon(name).accuracy)
        for name in ("Claws", "Talons", "Bite")
    }
    assert numbers == {"Claws": (4, 85), "Talons": (2, 95), "Bite": (5, 80)}


@needs_rules
def test_dragons_breath_matches_000(compendium: Compendium) -> None:
    text = _rules_feats()["Dragon's Breath"]
    pattern = re.compile(
        r"  • (\w+): (\d+) Might, (\d+) Accuracy, (\d+) Critical Hit, (\d+) Range, (\d+) Weight\."
    )
    found = pattern.findall(text)
    assert [element for element, *_ in found] == ["Fire", "Ice", "Lightning"]
    for element, might, accuracy, critical, rng, weight in found:
        ours = compendium.weapon(f"Dragon's Breath ({element})")
        assert ours.type == "breath"
        assert (ours.might, ours.accuracy, ours.critical) == (
            int(might),
            int(accuracy),
            int(critical),
        )
        assert (ours.range, ours.weight) == ((int(rng), int(rng)), int(weight))
    ice = compendium.weapon("Dragon's Breath (Ice)")
    assert "Reduces the target's attacks per combat by 1 (minimum of 1)" in ice.special


def test_unarmed_matches_martial_artist(compendium: Compendium) -> None:
    unarmed = compendium.weapon("Unarmed")
    assert (unarmed.type, unarmed.might, unarmed.accuracy, unarmed.range) == (
        "martial",
        2,
        95,
        (1, 1),
    )


def test_tomes_000_names_without_numbers_are_marked(compendium: Compendium) -> None:
    for name in ("Chain Lightning", "Frost Tome"):
        weapon = compendium.weapon(name)
        assert weapon.type == "anima"
        assert "not published" in weapon.source
    assert compendium.weapon("Frost Tome").inflicts == "slowed"
    clips = [i for i in compendium.items.values() if i.kind == "clip"]
    assert clips and all("not published" in clip.source for clip in clips)


# --- a few published numbers and properties -----------------------------------------


def test_published_properties(compendium: Compendium) -> None:
    for name in ("Brave Sword", "Brave Lance", "Brave Axe", "Brave Bow"):
        assert compendium.weapon(name).brave, name
    bows = [w for w in compendium.weapons.values() if w.type == "bow"]
    assert bows and all("flying" in w.effective for w in bows)
    for name in ("Armorslayer", "Heavy Spear", "Hammer"):
        assert "armored" in compendium.weapon(name).effective, name
    for name in ("Horseslayer", "Halberd", "Poleax", "Zanbato"):
        assert "mounted" in compendium.weapon(name).effective, name
    assert "dragon" in compendium.weapon("Wyrmslayer").effective
    for name in ("Light Brand", "Runesword", "Wind Sword", "Levin Sword"):
        assert compendium.weapon(name).magic_weapon, name
    heavy = [w for w in compendium.weapons.values() if w.heavy]
    assert all(w.source == "Tactician example (not published)" for w in heavy)
    assert compendium.weapon("Heal").heal == 10
    assert compendium.weapon("Mend").heal == 20
    assert compendium.item("Angelic Robe").stat_bonus == {"hp": 7}
    assert compendium.item("Boots").stat_bonus == {"mov": 2}


def test_effectiveness_tags_use_the_documented_vocabulary(compendium: Compendium) -> None:
    vocabulary = {"armored", "mounted", "flying", "dragon", "beast", "bird"}
    used = {tag for w in compendium.weapons.values() for tag in w.effective}
    assert used <= vocabulary
    readme = (DATA_DIR / "README.md").read_text(encoding="utf-8")
    assert all(f"`{tag}`" in readme for tag in vocabulary)


# --- a GM's own folder ---------------------------------------------------------------


GM_IRON_SWORD = """\
- name: iron sword
  type: sword
  might: 6
  accuracy: 95
  range: 1
  source: House rule
- name: Ashen Greatsword
  type: sword
  might: 12
  accuracy: 70
  heavy: true
  source: Campaign item
"""


def test_gm_folder_overrides_defaults(tmp_path: Path, compendium: Compendium) -> None:
    (tmp_path / "weapons.yaml").write_text(GM_IRON_SWORD, encoding="utf-8")
    custom = load_compendium(extra_dirs=(tmp_path,))
    iron = custom.weapon("Iron Sword")
    assert (iron.might, iron.accuracy, iron.source) == (6, 95, "House rule")
    assert custom.weapon("Ashen Greatsword").heavy
    assert len(custom.weapons) == len(compendium.weapons) + 1
    assert custom.items == compendium.items  # no items.yaml there: defaults stay
    assert compendium.weapon("Iron Sword").might == 5  # the defaults are untouched


def test_gm_folder_from_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compendium: Compendium
) -> None:
    (tmp_path / "weapons.yaml").write_text(GM_IRON_SWORD, encoding="utf-8")
    monkeypatch.setenv("TACTICIAN_TROPERA_DATA", str(tmp_path))
    load_compendium.cache_clear()
    try:
        assert load_compendium().weapon("Iron Sword").might == 6
    finally:
        load_compendium.cache_clear()


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ("- name: Iron Sword\n  type: sword\n  might: sharp\n  accuracy: 90\n", "might"),
        ("- name: Iron Sword\n  type: sword\n  might: 5\n  accuracy: 90\n  edge: keen\n", "edge"),
    ],
    ids=["wrong-type", "unknown-field"],
)
def test_malformed_override_names_file_entry_and_field(
    tmp_path: Path, compendium: Compendium, entry: str, field: str
) -> None:
    path = tmp_path / "weapons.yaml"
    path.write_text(entry, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_compendium(extra_dirs=(tmp_path,))
    message = str(caught.value)
    assert str(path) in message
    assert "'Iron Sword'" in message
    assert f"{field}:" in message


def test_unknown_weapon_suggests_a_close_name(compendium: Compendium) -> None:
    with pytest.raises(RulesError, match=r"unknown weapon 'Iron Swrod'.*did you mean.*Iron Sword"):
        compendium.weapon("Iron Swrod")
