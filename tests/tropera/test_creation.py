"""Tropera character creation (000): points, caps, growths, feats, ranks, inventory.

The text's own numbers come first: 35 points, 10 per stat (20 for HP), growths
0-3 (0-4 for HP), ranks at 4, 7, 10, 13, 16, 19, 20, feats at 8 and 16, inventory
3/2/1 and +1/+1 at 8th level.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactician.errors import ContentError, RulesError
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.creation import (
    character_problems,
    dump_character,
    load_character,
    save_character,
    validate_character,
)
from tactician.rulesets.tropera.models import Character, LevelUp, StatLine
from tactician.rulesets.tropera.progression import (
    FEAT_LEVELS,
    FREE_POINT_LEVELS,
    PROFICIENCY_LEVELS,
    current_stats,
    expected_feat_count,
    expected_rank_steps,
    item_slots,
    movement,
    weapon_slots,
)
from tests.tropera.characters import make

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tropera"


def problems_of(character: Character, compendium: Compendium) -> list[str]:
    return character_problems(character, compendium)


def free_record(level: int, **increases: int) -> LevelUp:
    return LevelUp(level=level, increases=StatLine.of(increases))


def rolled_record(level: int, proficiency: str | None = None) -> LevelUp:
    """A consistent rolled record for GROWTHS: no naturals, no ties.

    Totals: HP 13, Str 12, Mag 2, Skl 14, Spd 13, Lck 11, Def 3, Res 3 -> the 5
    highest are HP, Str, Skl, Spd, Lck; HP, Skl, Spd, Str are picked.
    """
    rolls = {
        "hp": [10],
        "str": [10],
        "mag": [2],
        "skl": [11],
        "spd": [10],
        "lck": [9],
        "def": [2],
        "res": [2],
    }
    return LevelUp(
        level=level,
        rolls=rolls,
        proficiency=proficiency,
        increases=StatLine.of({"hp": 1, "str": 1, "skl": 1, "spd": 1}),
    )


# --- the text's numbers ---------------------------------------------------------------


def test_the_text_numbers() -> None:
    assert sorted(PROFICIENCY_LEVELS) == [4, 7, 10, 13, 16, 19, 20]
    assert FEAT_LEVELS == {8, 16} == FREE_POINT_LEVELS
    assert [expected_feat_count(level) for level in (1, 7, 8, 15, 16, 20)] == [1, 1, 2, 2, 3, 3]
    # "Players start with one rank of proficiency" + 7 more by level 20
    assert expected_rank_steps(1, []) == 1
    assert expected_rank_steps(4, []) == 2
    assert expected_rank_steps(20, []) == 8
    assert expected_rank_steps(1, ["Versatile"]) == 4
    assert expected_rank_steps(1, ["Focus"]) == 2


def test_base_stats_are_10_hp_and_5_mov() -> None:
    aria = make()
    assert current_stats(aria).get("hp") == 10 + 5
    assert current_stats(aria).get("spd") == 8
    assert movement(aria) == 5


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_examples_are_legal(path: Path, compendium: Compendium) -> None:
    character = load_character(path)
    validate_character(character, compendium)


def test_there_are_at_least_four_examples() -> None:
    kinds = {load_character(p).kind for p in EXAMPLES.glob("*.yaml")}
    assert len(list(EXAMPLES.glob("*.yaml"))) >= 4
    assert "laguz-beast" in kinds


def test_a_legal_build_passes(compendium: Compendium) -> None:
    validate_character(make(), compendium)


@pytest.mark.parametrize(
    ("hp", "message"), [(4, "34 assigned, 1 fewer"), (7, "37 assigned, 2 more")]
)
def test_exactly_35_points(hp: int, message: str, compendium: Compendium) -> None:
    problems = problems_of(make(points={"hp": hp}), compendium)
    assert len(problems) == 1 and message in problems[0]


def test_no_stat_above_10_points_and_hp_above_20(compendium: Compendium) -> None:
    ok = make(
        points={"hp": 20, "str": 10, "mag": 0, "skl": 5, "spd": 0, "lck": 0, "def": 0, "res": 0}
    )
    assert problems_of(ok, compendium) == []
    over = make(
        points={"hp": 3, "str": 11, "mag": 0, "skl": 7, "spd": 8, "lck": 4, "def": 0, "res": 2}
    )
    assert [p for p in problems_of(over, compendium) if "Str has 11" in p]
    hp = make(
        points={"hp": 21, "str": 10, "mag": 0, "skl": 4, "spd": 0, "lck": 0, "def": 0, "res": 0}
    )
    assert any("HP has 21 points" in p and "at most 20" in p for p in problems_of(hp, compendium))
    negative = make(points={"hp": 7, "mag": -2})
    assert any("negative" in p for p in problems_of(negative, compendium))


def test_hardy_adds_10_hp_on_the_sheet_but_not_to_the_point_caps(compendium: Compendium) -> None:
    hardy = make(feats=["Hardy"])
    assert current_stats(hardy).get("hp") == 10 + 5 + 10
    assert problems_of(hardy, compendium) == []
    still_capped = make(
        feats=["Hardy"],
        points={"hp": 21, "str": 10, "mag": 0, "skl": 4, "spd": 0, "lck": 0, "def": 0, "res": 0},
    )
    assert any("HP has 21" in p for p in problems_of(still_capped, compendium))


def test_growths_0_to_3_and_0_to_4_for_hp(compendium: Compendium) -> None:
    assert problems_of(make(growths={"hp": 4, "str": 3, "mag": 0}), compendium) == []
    problems = problems_of(make(growths={"hp": 5, "str": 4, "mag": -1}), compendium)
    assert len(problems) == 3
    assert "HP is 5" in problems[0] and "0-4" in problems[0]
    assert "Str is 4" in problems[1] and "0-3" in problems[1]


def test_three_violations_are_all_listed(compendium: Compendium) -> None:
    bad = make(
        points={"hp": 3, "str": 12, "spd": 4},  # 35 points, but Str above 10
        growths={"skl": 4},
        weapons=["Iron Swrod"],
        equipped=None,
    )
    with pytest.raises(RulesError) as caught:
        validate_character(bad, compendium)
    problems = caught.value.problems
    assert len(problems) == 3, problems
    assert "Str has 12 points" in problems[0]
    assert "Skl is 4" in problems[1]
    assert "unknown weapon 'Iron Swrod'" in problems[2] and "Iron Sword" in problems[2]


# --- feats ----------------------------------------------------------------------------


def test_exactly_one_level_1_feat(compendium: Compendium) -> None:
    assert any("0 listed" in p for p in problems_of(make(feats=[]), compendium))
    assert any("2 listed" in p for p in problems_of(make(feats=["Adept", "Canto"]), compendium))


def test_unknown_feat_suggests_a_name(compendium: Compendium) -> None:
    problems = problems_of(make(feats=["Sure Strik"]), compendium)
    assert problems == ["feats: unknown feat 'Sure Strik'; did you mean Sure Strike?"]


def test_feats_are_taken_once(compendium: Compendium) -> None:
    assert any(
        "more than once" in p for p in problems_of(make(feats=["Adept", "Adept"]), compendium)
    )


def laguz(**changes: Any) -> Character:
    base: dict[str, Any] = {
        "kind": "laguz-beast",
        "feats": ["Laguz: Beast"],
        "proficiencies": {"clips": "D"},
        "weapons": [],
        "items": ["Iron Clip"],
        "equipped": "Claws",
    }
    base.update(changes)
    return make(**base)


def test_laguz_option_replaces_the_level_1_feat(compendium: Compendium) -> None:
    assert problems_of(laguz(), compendium) == []
    missing = problems_of(laguz(feats=["Adept"]), compendium)
    assert any("takes 'Laguz: Beast' in place of the level-1 feat" in p for p in missing)
    both = problems_of(laguz(feats=["Laguz: Beast", "Adept"]), compendium)
    assert any("2 listed" in p for p in both)


def test_level_1_option_must_match_kind(compendium: Compendium) -> None:
    human = problems_of(make(feats=["Laguz: Beast"], proficiencies={"clips": "D"}), compendium)
    assert any("level-1 option of kind laguz-beast" in p for p in human)
    wrong = problems_of(laguz(feats=["Laguz: Bird"]), compendium)
    assert any("takes 'Laguz: Beast'" in p for p in wrong)
    assert any("'Laguz: Bird' is the level-1 option of kind laguz-bird" in p for p in wrong)


def test_manakete_takes_the_manakete_option(compendium: Compendium) -> None:
    manakete = make(kind="manakete", feats=["Manakete"])
    assert problems_of(manakete, compendium) == []
    assert movement(manakete) == 5


def test_laguz_take_clips(compendium: Compendium) -> None:
    problems = problems_of(laguz(proficiencies={"sword": "D"}, items=[]), compendium)
    assert any("'Clips' as their level 1 weapon proficiency" in p for p in problems)


def test_feat_prerequisites(compendium: Compendium) -> None:
    shield = problems_of(make(feats=["Shield"]), compendium)
    assert shield == ["feats: feat 'Shield' requires Heavy Armor taken first"]
    mounted_laguz = problems_of(laguz(feats=["Laguz: Beast", "Mounted"]), compendium)
    assert any("cannot be combined with Laguz: Beast" in p for p in mounted_laguz)


# --- proficiencies --------------------------------------------------------------------


def test_one_d_rank_at_creation(compendium: Compendium) -> None:
    two = problems_of(make(proficiencies={"sword": "D", "lance": "D"}), compendium)
    assert any("make 2 rank(s)" in p and "has 1" in p for p in two)
    raised = problems_of(make(proficiencies={"sword": "C"}), compendium)
    assert any("make 2 rank(s)" in p for p in raised)
    none = problems_of(make(proficiencies={}, equipped=None), compendium)
    assert any("make 0 rank(s)" in p for p in none)
    unknown = problems_of(make(proficiencies={"guns": "D"}), compendium)
    assert any("unknown type(s) guns" in p for p in unknown)


def test_focus_and_versatile_add_ranks(compendium: Compendium) -> None:
    versatile = make(feats=["Versatile"], proficiencies={"sword": "C", "lance": "D", "bow": "D"})
    assert problems_of(versatile, compendium) == []
    focus = make(feats=["Focus"], proficiencies={"sword": "C"}, focus="sword")
    assert problems_of(focus, compendium) == []
    unnamed = problems_of(make(feats=["Focus"], proficiencies={"sword": "C"}), compendium)
    assert any("name the proficiency Focus was taken for" in p for p in unnamed)


def test_at_most_three_proficiencies(compendium: Compendium) -> None:
    four = make(
        feats=["Versatile"], proficiencies={"sword": "D", "lance": "D", "bow": "D", "axe": "D"}
    )
    problems = problems_of(four, compendium)
    assert any("a maximum of 3 different proficiencies" in p for p in problems)


# --- inventory ------------------------------------------------------------------------


def test_inventory_3_weapons_2_items_1_relic(compendium: Compendium) -> None:
    aria = make()
    assert (weapon_slots(aria), item_slots(aria)) == (3, 2)
    full = make(
        weapons=["Iron Sword", "Steel Sword", "Slim Sword"],
        items=["Vulnerary", "Elixir"],
        relic="Delphi Shield",
    )
    assert problems_of(full, compendium) == []
    over = make(
        weapons=["Iron Sword", "Steel Sword", "Slim Sword", "Iron Blade"],
        items=["Vulnerary", "Elixir", "Vulnerary"],
    )
    problems = problems_of(over, compendium)
    assert any("4 carried in 3 slots" in p for p in problems)
    assert any("3 carried in 2 slots" in p for p in problems)


def test_arsenal_adds_a_weapon_and_an_item(compendium: Compendium) -> None:
    arsenal = make(
        feats=["Arsenal"],
        weapons=["Iron Sword", "Steel Sword", "Slim Sword", "Iron Blade"],
        items=["Vulnerary"] * 3,
    )
    assert (weapon_slots(arsenal), item_slots(arsenal)) == (4, 3)
    assert problems_of(arsenal, compendium) == []


def test_level_8_adds_a_weapon_and_an_item_slot_but_not_a_relic(compendium: Compendium) -> None:
    gilliam = load_character(EXAMPLES / "gilliam_armored_lancer.yaml")
    assert gilliam.level == 8
    assert (weapon_slots(gilliam), item_slots(gilliam)) == (4, 3)
    five = gilliam.model_copy(update={"weapons": [*gilliam.weapons, "Iron Axe"]})
    assert any("5 carried in 4 slots" in p for p in problems_of(five, compendium))


def test_relic_must_be_a_relic_and_items_must_exist(compendium: Compendium) -> None:
    problems = problems_of(make(relic="Vulnerary", items=["Vulnerery"]), compendium)
    assert "relic: 'Vulnerary' is not a relic (it is medicinal)" in problems
    assert any("unknown item 'Vulnerery'; did you mean Vulnerary" in p for p in problems)


def test_equipped_must_be_carried(compendium: Compendium) -> None:
    problems = problems_of(make(equipped="Steel Sword"), compendium)
    assert problems == ["equipped: 'Steel Sword' is not a carried weapon (carried: Iron Sword)"]


def test_natural_weapons_use_no_slot(compendium: Compendium) -> None:
    lethe = laguz(weapons=["Claws", "Iron Sword", "Steel Sword", "Slim Sword"])
    # three swords in three slots, the claws in none (the swords are unusable: issue 7)
    assert not [p for p in problems_of(lethe, compendium) if "slots" in p]
    assert problems_of(laguz(weapons=["Claws"]), compendium) == []
    human = problems_of(make(equipped="Claws"), compendium)
    assert any("'Claws' is not a carried weapon" in p for p in human)


def test_movement_modifiers() -> None:
    assert movement(make(feats=["Mounted"])) == 7
    assert movement(make(feats=["Heavy Armor"])) == 4
    beast = make(kind="laguz-beast", feats=["Laguz: Beast"])
    assert (movement(beast, transformed=True), movement(beast, transformed=False)) == (6, 5)
    assert movement(make(kind="laguz-bird", feats=["Laguz: Bird"]), transformed=True) == 7
    assert movement(make(kind="laguz-dragon", feats=["Laguz: Dragon"]), transformed=True) == 4
    assert movement(make(kind="laguz-dragon", transformed=False)) == 5


# --- level-up records ------------------------------------------------------------------


def leveled(records: list[LevelUp], **changes: Any) -> Character:
    return make(level_ups=records, **changes)


def test_recorded_level_ups_must_be_consistent(compendium: Compendium) -> None:
    records = [rolled_record(2), rolled_record(3)]
    assert problems_of(leveled(records), compendium) == []
    skipped = [rolled_record(2), rolled_record(4, proficiency="sword")]
    assert any("should be 3" in p for p in problems_of(leveled(skipped), compendium))


def test_recorded_increases_must_follow_the_rolls(compendium: Compendium) -> None:
    record = rolled_record(2)
    wrong = record.model_copy(
        update={"increases": StatLine.of({"hp": 1, "str": 1, "skl": 1, "mag": 1})}
    )
    problems = problems_of(leveled([wrong]), compendium)
    assert any("Mag was not among the 5 highest but rises by 1" in p for p in problems)
    five = record.model_copy(
        update={"increases": StatLine.of({"hp": 1, "str": 1, "skl": 1, "spd": 1, "lck": 1})}
    )
    assert any("5 candidates rise" in p for p in problems_of(leveled([five]), compendium))


def test_a_natural_20_record_needs_its_free_point(compendium: Compendium) -> None:
    record = rolled_record(2)
    rolls = {**record.rolls, "mag": [20]}
    without = record.model_copy(update={"rolls": rolls})
    assert any("natural 20" in p for p in problems_of(leveled([without]), compendium))
    with_point = without.model_copy(
        update={"increases": StatLine.of({"hp": 1, "str": 1, "skl": 1, "spd": 1, "mag": 1})}
    )
    assert problems_of(leveled([with_point]), compendium) == []


def test_level_4_records_its_proficiency(compendium: Compendium) -> None:
    records = [rolled_record(2), rolled_record(3), rolled_record(4)]
    problems = problems_of(leveled(records, proficiencies={"sword": "C"}), compendium)
    assert problems == ["level 4: the proficiency rank gained is not recorded"]


def test_level_8_record_is_9_points_max_2_plus_2_hp(compendium: Compendium) -> None:
    records = [rolled_record(lv, "sword" if lv in (4, 7) else None) for lv in range(2, 8)]
    good = free_record(8, hp=2 + 1, str=2, skl=2, spd=2, def_=0, lck=2).model_copy(
        update={"feat": "Canto"}
    )
    character = leveled([*records, good], proficiencies={"sword": "B"}, feats=["Adept", "Canto"])
    assert problems_of(character, compendium) == []
    assert movement(character) == 6
    too_many = good.model_copy(
        update={"increases": StatLine.of({"hp": 2, "str": 3, "skl": 2, "spd": 2, "lck": 2})}
    )
    problems = problems_of(
        character.model_copy(update={"level_ups": [*records, too_many]}), compendium
    )
    assert any("Str out of range" in p for p in problems)
    no_feat = good.model_copy(update={"feat": None})
    problems = problems_of(
        character.model_copy(update={"level_ups": [*records, no_feat]}), compendium
    )
    assert "level 8: the feat gained is not recorded" in problems


# --- unit files -----------------------------------------------------------------------


def test_round_trip_through_yaml(tmp_path: Path) -> None:
    for source in EXAMPLES.glob("*.yaml"):
        character = load_character(source)
        target = tmp_path / source.name
        save_character(character, target)
        assert load_character(target) == character
    odd = make(kind="manakete", feats=["Manakete", "Dragon's Breath"], notes="a: b # c")
    target = tmp_path / "odd.yaml"
    target.write_text(dump_character(odd), encoding="utf-8")
    assert load_character(target) == odd


def test_a_bad_unit_file_names_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: X\npoints: {hp: ten}\ngrowths: {}\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad.yaml: entry 'X': points.hp"):
        load_character(path)
    path.write_text("- a list\n", encoding="utf-8")
    with pytest.raises(ContentError, match="mapping"):
        load_character(path)
    with pytest.raises(ContentError, match="no such file"):
        load_character(tmp_path / "missing.yaml")


def test_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "aria.yaml"
    save_character(make(), path)
    before = path.read_text(encoding="utf-8")

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tactician.content.writing.os.replace", broken)
    with pytest.raises(ContentError, match="cannot be written"):
        save_character(make(name="Changed"), path)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["aria.yaml"]


def test_an_unusable_weapon_is_a_violation_of_the_unit(compendium: Compendium) -> None:
    """Issue 7: a sword-D character carrying an S-rank tome: 000 "D Rank: Usable"."""
    tome = next(w for w in compendium.weapons.values() if w.type in ("anima", "light", "dark")
                and w.rank == "S")
    problems = problems_of(make(weapons=["Iron Sword", tome.name]), compendium)
    assert any(p.startswith("weapons: ") and tome.name in p for p in problems), problems


def test_a_relic_in_an_item_slot_is_refused(compendium: Compendium) -> None:
    """000: "1 slot for a relic": a second relic cannot ride in an item slot."""
    problems = problems_of(
        make(relic="Delphi Shield", items=["Vulnerary", "Hoplon Guard"]), compendium
    )
    assert problems == [
        "items: 'Hoplon Guard' is a relic; it goes in the relic slot, and a character has one "
        "(000: '1 slot for a relic')"
    ]
