"""Tropera level-ups (000): the d20 roll, natural 20 and 1, ties at the fifth place,
levels 8 and 16, proficiency ranks and feats, caps as an option.

Physical dice are consumed in the order HP, Str, Mag, Skl, Spd, Lck, Def, Res, then
tie rerolls in stat order; the tests assert exactly which dice were used.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import NeedChoice, NeedRoll, RulesError
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.creation import character_problems, validate_character
from tactician.rulesets.tropera.levelup import (
    LevelUpOptions,
    LevelUpReport,
    StatRoll,
    highest,
    level_up,
    record_problems,
    select_candidates,
)
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.progression import current_stats, movement
from tactician.rulesets.tropera.stats import STATS
from tests.tropera.characters import GROWTHS, make


def to_level(character: Character, level: int, seed: int = 1, **feat: Any) -> Character:
    """Level with seeded dice and default picks; sword ranks; Canto at 8."""
    dice = SeededDice(seed)
    while character.level < level:
        nxt = character.level + 1
        kwargs: dict[str, Any] = {}
        if nxt in (4, 7, 10, 13, 16, 19, 20):
            kwargs["proficiency"] = "sword"
        if nxt in (8, 16):
            kwargs["points"] = {"str": 2, "skl": 2, "spd": 2, "def": 2, "hp": 1}
            kwargs["feat"] = feat.get(f"feat{nxt}", "Canto")
            kwargs["feat_proficiencies"] = feat.get(f"profs{nxt}", ())
        character, _ = level_up(character, dice, highest, **kwargs)
    return character


def by_stat(report: LevelUpReport) -> dict[str, StatRoll]:
    return {roll.stat: roll for roll in report.rolls}


def purposes(dice: PhysicalDice) -> list[str]:
    return [draw.purpose for draw in dice.draws]


# --- the roll --------------------------------------------------------------------------


def test_one_d20_per_stat_in_order_plus_growth() -> None:
    dice = PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2])
    _, report = level_up(make(), dice, highest)
    assert purposes(dice) == [
        f"Aria level 2: {name}" for name in ("HP", "Str", "Mag", "Skl", "Spd", "Lck", "Def", "Res")
    ]
    assert [r.total for r in report.rolls] == [20, 12, 12, 18, 17, 16, 3, 3]
    assert [r.growth for r in report.rolls] == [GROWTHS[s] for s in STATS]


def test_natural_20_is_a_free_point_and_natural_1_is_ineligible() -> None:
    # Str's natural 1 totals 3, which would beat Mag's 2 if it were eligible:
    # "ineligible for increase for this level, even if modifiers would raise it"
    dice = PhysicalDice([20, 1, 2, 12, 11, 2, 2, 2])
    character = make()
    new, report = level_up(character, dice, highest)
    rolls = by_stat(report)
    assert rolls["hp"].natural_20 and not rolls["hp"].candidate
    assert rolls["str"].natural_1 and not rolls["str"].candidate
    assert report.candidates == ("skl", "spd", "lck", "def", "res")
    assert report.free_points == ("hp",)
    assert report.picked == ("skl", "spd", "lck", "def")
    assert report.increases.as_dict() == {
        "hp": 1,
        "str": 0,
        "mag": 0,
        "skl": 1,
        "spd": 1,
        "lck": 1,
        "def": 1,
        "res": 0,
    }
    assert len(dice.draws) == 8 and dice.unused == []
    assert new.level_ups[-1].rolls == {
        "hp": [20],
        "str": [1],
        "mag": [2],
        "skl": [12],
        "spd": [11],
        "lck": [2],
        "def": [2],
        "res": [2],
    }
    assert current_stats(new).get("hp") == current_stats(character).get("hp") + 1
    assert character.level == 1 and new.level == 2


def test_tie_at_fifth_place_goes_to_the_higher_growth() -> None:
    # Str 10+2 and Mag 12+0 tie at 12 for the fifth place: "the roll with the higher
    # growth rate is selected"; no reroll is drawn.
    dice = PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2])
    _, report = level_up(make(), dice, highest)
    assert report.candidates == ("hp", "str", "skl", "spd", "lck")
    assert len(dice.draws) == 8
    assert all(not roll.rerolls for roll in report.rolls)


def test_tie_with_the_same_growth_is_rerolled() -> None:
    # Def 10+1 and Res 10+1 tie at 11 with growth 1 each: "they are rerolled and the
    # highest result wins": Def rolls 7, Res 13.
    dice = PhysicalDice([17, 2, 3, 15, 14, 14, 10, 10, 7, 13])
    new, report = level_up(make(), dice, highest)
    assert purposes(dice)[8:] == ["Aria level 2: Def tie reroll", "Aria level 2: Res tie reroll"]
    assert report.candidates == ("hp", "skl", "spd", "lck", "res")
    assert by_stat(report)["res"].rerolls == (13,)
    assert new.level_ups[-1].rolls["def"] == [10, 7]
    assert new.level_ups[-1].rolls["res"] == [10, 13]
    assert record_problems(new) == []


def test_a_tied_reroll_is_rerolled_again() -> None:
    dice = PhysicalDice([17, 2, 3, 15, 14, 14, 10, 10, 7, 7, 4, 12])
    new, report = level_up(make(), dice, highest)
    assert len(dice.draws) == 12
    assert report.candidates == ("hp", "skl", "spd", "lck", "res")
    assert new.level_ups[-1].rolls["def"] == [10, 7, 4]
    assert new.level_ups[-1].rolls["res"] == [10, 7, 12]


def test_three_tied_for_two_places() -> None:
    # Str 20, Lck 20, Mag 19 are in; HP, Skl, Spd tie at 13 (growth 3 each) for two
    # places. Rerolls HP 9, Skl 5, Spd 5: HP is in, Skl and Spd reroll for the last
    # place: 3 and 4, so Spd.
    dice = PhysicalDice([10, 18, 19, 10, 10, 18, 2, 2, 9, 5, 5, 3, 4])
    new, report = level_up(make(), dice, highest)
    assert len(dice.draws) == 13
    assert report.candidates == ("hp", "str", "mag", "spd", "lck")
    assert new.level_ups[-1].rolls["skl"] == [10, 5, 3]
    assert record_problems(new) == []


def test_need_roll_names_the_stat() -> None:
    character = make()
    with pytest.raises(NeedRoll) as caught:
        level_up(character, PhysicalDice([17, 10, 12, 15]), highest)
    assert caught.value.index == 5 and caught.value.sides == 20
    assert caught.value.purpose == "Aria level 2: Spd"
    assert "Spd" in str(caught.value)
    assert character.level == 1


def test_need_roll_during_a_tie_reroll() -> None:
    with pytest.raises(NeedRoll, match="Res tie reroll"):
        level_up(make(), PhysicalDice([17, 2, 3, 15, 14, 14, 10, 10, 7]), highest)


# --- the player's choice ---------------------------------------------------------------


def test_the_player_picks_4_of_the_5() -> None:
    dice = PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2])
    _, report = level_up(make(), dice, ["Str", "SPD", "lck", "hp"])
    assert report.picked == ("hp", "str", "spd", "lck")
    assert report.increases.get("skl") == 0


def test_default_picks_are_the_4_highest() -> None:
    _, report = level_up(make(), PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2]), highest)
    assert report.picked == ("hp", "skl", "spd", "lck")


@pytest.mark.parametrize(
    ("picks", "message"),
    [
        (["mag", "hp", "skl", "spd"], "Mag not among the candidates"),
        (["hp", "skl", "spd"], "pick exactly 4"),
    ],
)
def test_bad_picks_are_refused_after_the_roll(picks: list[str], message: str) -> None:
    character = make()
    with pytest.raises(RulesError, match=message):
        level_up(character, PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2]), picks)
    assert character.level_ups == []


@pytest.mark.parametrize(
    ("picks", "message"),
    [
        (["hp", "str", "skl", "spd", "lck"], "at most 4"),
        (["hp", "hp", "skl", "spd"], "once"),
        (["luck?", "hp", "skl", "spd"], "'luck\\?' is not a stat"),
    ],
)
def test_malformed_picks_are_refused_before_any_die(picks: list[str], message: str) -> None:
    dice = PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2])
    with pytest.raises(RulesError, match=message):
        level_up(make(), dice, picks)
    assert dice.draws == []


def test_a_callback_sees_the_roll_and_picks() -> None:
    seen: list[LevelUpReport] = []

    def choose(view: LevelUpReport) -> list[str]:
        seen.append(view)
        return ["str", "skl", "spd", "lck"]

    _, report = level_up(make(), PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2]), choose)
    assert seen[0].candidates == ("hp", "str", "skl", "spd", "lck") and seen[0].picked == ()
    assert report.picked == ("str", "skl", "spd", "lck")


def test_four_or_fewer_eligible_all_increase_without_asking() -> None:
    def choose(view: LevelUpReport) -> list[str]:
        raise AssertionError("nothing to choose")

    dice = PhysicalDice([1, 1, 1, 1, 20, 10, 10, 10])
    _, report = level_up(make(), dice, choose)
    assert report.candidates == report.picked == ("lck", "def", "res")
    assert report.increases.as_dict() == {
        "hp": 0,
        "str": 0,
        "mag": 0,
        "skl": 0,
        "spd": 1,
        "lck": 1,
        "def": 1,
        "res": 1,
    }
    with pytest.raises(RulesError, match="pick exactly 3 of Lck, Def, Res"):
        level_up(make(), PhysicalDice([1, 1, 1, 1, 20, 10, 10, 10]), ["lck"])


def test_exactly_five_eligible_are_all_candidates() -> None:
    _, report = level_up(make(), PhysicalDice([1, 1, 1, 10, 10, 10, 10, 10]), highest)
    assert report.candidates == ("skl", "spd", "lck", "def", "res")
    # default: highest totals, ties by growth then stat order (Def before Res)
    assert report.picked == ("skl", "spd", "lck", "def")


# --- proficiency levels, levels 8 and 16 ----------------------------------------------


def test_level_4_needs_a_proficiency_before_any_die() -> None:
    aria = to_level(make(), 3)
    dice = PhysicalDice([10] * 8)
    with pytest.raises(RulesError, match="level 4 grants a proficiency rank"):
        level_up(aria, dice, highest)
    assert dice.draws == []
    raised, report = level_up(aria, SeededDice(1), highest, proficiency="sword")
    assert raised.proficiencies == {"sword": "C"} and report.proficiency_rank == "C"
    new, _ = level_up(aria, SeededDice(1), highest, proficiency="Lance")
    assert new.proficiencies == {"sword": "D", "lance": "D"}
    assert new.level_ups[-1].proficiency == "lance"


def test_at_most_3_proficiencies_and_s_plus_4() -> None:
    three = to_level(make(), 3).model_copy(
        update={"proficiencies": {"sword": "D", "lance": "D", "bow": "D"}}
    )
    with pytest.raises(RulesError, match="a maximum of 3 different proficiencies"):
        level_up(three, SeededDice(1), highest, proficiency="axe")
    top = three.model_copy(update={"proficiencies": {"sword": "S+4"}})
    with pytest.raises(RulesError, match="S\\+4"):
        level_up(top, SeededDice(1), highest, proficiency="sword")
    with pytest.raises(RulesError, match="unknown proficiency"):
        level_up(top, SeededDice(1), highest, proficiency="guns")


def test_no_proficiency_or_feat_at_other_levels() -> None:
    with pytest.raises(RulesError) as caught:
        level_up(make(), SeededDice(1), highest, proficiency="lance", feat="Canto")
    assert len(caught.value.problems) == 2


def test_level_8_is_9_free_points_max_2_plus_2_hp_and_a_feat(compendium: Compendium) -> None:
    seven = to_level(make(), 7)
    dice = PhysicalDice([])
    eight, report = level_up(
        seven,
        dice,
        points={"str": 2, "skl": 2, "spd": 2, "def": 2, "res": 1},
        feat="Canto",
        compendium=compendium,
    )
    assert dice.draws == [] and not report.rolled
    assert report.increases.as_dict() == {
        "hp": 2,
        "str": 2,
        "mag": 0,
        "skl": 2,
        "spd": 2,
        "lck": 0,
        "def": 2,
        "res": 1,
    }
    assert eight.feats == ["Adept", "Canto"] and eight.level_ups[-1].feat == "Canto"
    assert movement(eight) == movement(seven) + 1
    validate_character(eight, compendium)
    points_as_list, _ = level_up(
        seven,
        None,
        points=["str", "str", "skl", "skl", "spd", "spd", "def", "def", "hp"],
        feat="Canto",
        compendium=compendium,
    )
    assert points_as_list.level_ups[-1].increases.get("hp") == 3


def test_level_8_refusals_are_collected(compendium: Compendium) -> None:
    seven = to_level(make(), 7)
    with pytest.raises(RulesError) as caught:
        level_up(
            seven,
            None,
            ["str"],
            points={"str": 3, "skl": 2, "spd": 2, "def": 2, "hp": 1},
            feat="Shield",
            compendium=compendium,
        )
    problems = caught.value.problems
    assert any("requires Heavy Armor" in p for p in problems)
    assert any("at most 2 points per stat" in p for p in problems)
    assert any("nothing to pick" in p for p in problems)
    with pytest.raises(RulesError, match="got 8"):
        level_up(
            seven,
            None,
            points={"str": 2, "skl": 2, "spd": 2, "def": 2},
            feat="Canto",
            compendium=compendium,
        )
    with pytest.raises(RulesError, match="grants a feat"):
        level_up(
            seven,
            None,
            points={"str": 2, "skl": 2, "spd": 2, "def": 2, "hp": 1},
            compendium=compendium,
        )
    with pytest.raises(RulesError, match="already has feat 'Adept'"):
        level_up(
            seven,
            None,
            points={"str": 2, "skl": 2, "spd": 2, "def": 2, "hp": 1},
            feat="adept",
            compendium=compendium,
        )
    with pytest.raises(RulesError, match="in place of the character's level 1 feat"):
        level_up(
            seven,
            None,
            points={"str": 2, "skl": 2, "spd": 2, "def": 2, "hp": 1},
            feat="Laguz: Beast",
            compendium=compendium,
        )
    with pytest.raises(RulesError, match="did you mean Sure Strike"):
        level_up(
            seven,
            None,
            points={"str": 2, "skl": 2, "spd": 2, "def": 2, "hp": 1},
            feat="Sure Strik",
            compendium=compendium,
        )


def test_focus_and_versatile_at_level_8(compendium: Compendium) -> None:
    seven = to_level(make(), 7)
    points = {"str": 2, "skl": 2, "spd": 2, "def": 2, "hp": 1}
    focus, report = level_up(
        seven,
        None,
        points=points,
        feat="Focus",
        feat_proficiencies=["sword"],
        compendium=compendium,
    )
    assert focus.proficiencies == {"sword": "A"} and focus.focus == "sword"
    validate_character(focus, compendium)
    versatile, _ = level_up(
        seven,
        None,
        points=points,
        feat="Versatile",
        feat_proficiencies=["sword", "lance", "bow"],
        compendium=compendium,
    )
    assert versatile.proficiencies == {"sword": "A", "lance": "D", "bow": "D"}
    validate_character(versatile, compendium)
    with pytest.raises(RulesError, match="3 different proficiencies"):
        level_up(
            seven,
            None,
            points=points,
            feat="Versatile",
            feat_proficiencies=["sword", "sword", "bow"],
            compendium=compendium,
        )
    with pytest.raises(RulesError, match="1 proficiency"):
        level_up(seven, None, points=points, feat="Focus", compendium=compendium)


def test_laguz_prerequisites_at_level_8(compendium: Compendium) -> None:
    lethe = make(
        kind="laguz-beast",
        feats=["Laguz: Beast"],
        proficiencies={"clips": "D"},
        weapons=[],
        items=["Iron Clip"],
        equipped="Claws",
    )
    seven = to_level(lethe, 7)
    points = {"str": 2, "skl": 2, "spd": 2, "def": 2, "hp": 1}
    anthro, _ = level_up(seven, None, points=points, feat="Anthropomorph", compendium=compendium)
    validate_character(anthro, compendium)
    with pytest.raises(RulesError, match="cannot be combined with Laguz: Beast"):
        level_up(seven, None, points=points, feat="Heavy Armor", compendium=compendium)
    with pytest.raises(RulesError, match="requires one of"):
        level_up(
            to_level(make(), 7), None, points=points, feat="Anthropomorph", compendium=compendium
        )


def test_level_1_to_20_stays_legal(compendium: Compendium) -> None:
    character = make()
    dice = SeededDice(2024)
    for level in range(2, 21):
        kwargs: dict[str, Any] = {"compendium": compendium}
        if level in (4, 7, 10, 13, 16, 19, 20):
            kwargs["proficiency"] = "sword"
        if level in (8, 16):
            kwargs["points"] = {"hp": 2, "str": 2, "skl": 2, "spd": 2, "def": 1}
            kwargs["feat"] = "Canto" if level == 8 else "Focus"
            kwargs["feat_proficiencies"] = ["lance"] if level == 16 else []
        character, _ = level_up(character, dice, highest, **kwargs)
        assert character_problems(character, compendium) == [], level
    assert character.level == 20
    assert character.proficiencies == {"sword": "S+3", "lance": "D"}  # D + 7 ranks
    assert movement(character) == 7
    with pytest.raises(RulesError, match="already level 20"):
        level_up(character, dice, highest)


# --- the cap ruling ---------------------------------------------------------------------


def test_no_caps_after_creation_by_default() -> None:
    # Spd starts at 8; with default options nothing is lost
    _, report = level_up(make(), PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2]), highest)
    assert report.lost == {} and report.increases.get("spd") == 1


def test_a_cap_option_loses_the_excess() -> None:
    options = LevelUpOptions(stat_cap_after_creation=8)
    new, report = level_up(make(), PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2]), highest,
                           options=options)
    assert report.lost == {"spd": 1}
    assert current_stats(new).get("spd") == 8
    assert by_stat(report)["spd"].lost == 1
    assert record_problems(new, options) == []
    assert record_problems(new) != []


def test_hardy_raises_the_hp_cap() -> None:
    options = LevelUpOptions(hp_cap_after_creation=30)
    assert options.cap("hp", make(feats=["Hardy"])) == 40
    assert options.cap("hp", make()) == 30


# --- properties -------------------------------------------------------------------------

GROWTH_STRATEGY = st.fixed_dictionaries(
    {stat: st.integers(0, 4 if stat == "hp" else 3) for stat in STATS}
)


@settings(max_examples=150, deadline=None)
@given(growths=GROWTH_STRATEGY, seed=st.integers(0, 2**31 - 1))
def test_a_seeded_level_up_raises_4_stats_plus_natural_20s(
    growths: dict[str, int], seed: int
) -> None:
    character = make(growths=growths)
    new, report = level_up(character, SeededDice(seed), highest)
    gains = report.increases.as_dict()
    natural_20 = {r.stat for r in report.rolls if r.natural_20}
    natural_1 = {r.stat for r in report.rolls if r.natural_1}
    picked = {stat for stat, gain in gains.items() if gain and stat not in natural_20}
    eligible = 8 - len(natural_20) - len(natural_1)
    assert all(gains[stat] == 1 for stat in natural_20)
    assert not picked & natural_1
    assert all(gain in (0, 1) for gain in gains.values())
    assert len(picked) == min(4, eligible)
    assert picked == set(report.picked)
    assert record_problems(new) == []
    before, after = current_stats(character).as_dict(), current_stats(new).as_dict()
    assert {stat: after[stat] - before[stat] for stat in STATS} == gains


@settings(max_examples=150, deadline=None)
@given(
    dice=st.lists(st.integers(1, 20), min_size=8, max_size=8),
    rerolls=st.lists(st.integers(1, 20), max_size=30),
    growths=GROWTH_STRATEGY,
)
def test_candidates_are_the_highest_eligible(
    dice: list[int], rerolls: list[int], growths: dict[str, int]
) -> None:
    rolls = [
        StatRoll(s, d, growths[s], d + growths[s], d == 20, d == 1)
        for s, d in zip(STATS, dice, strict=True)
    ]
    pending = list(rerolls)

    def reroll(stat: str) -> int:
        if not pending:
            raise LookupError
        return pending.pop(0)

    try:
        candidates, _ = select_candidates(rolls, reroll)
    except LookupError:
        return
    eligible = [r for r in rolls if not r.natural_20 and not r.natural_1]
    assert len(candidates) == min(5, len(eligible))
    inside = [r for r in eligible if r.stat in candidates]
    outside = [r for r in eligible if r.stat not in candidates]
    for a in inside:
        for b in outside:
            assert (a.total, a.growth) >= (b.total, b.growth)


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    picks=st.lists(st.sampled_from(STATS), min_size=1, max_size=4, unique=True),
)
def test_refused_input_changes_nothing(seed: int, picks: list[str]) -> None:
    character = make()
    snapshot = character.model_dump()
    try:
        new, report = level_up(character, SeededDice(seed), picks)
    except RulesError:
        pass
    else:
        assert set(report.picked) == set(picks)
        assert new.level == 2
    assert character.model_dump() == snapshot and character.level == 1


def test_dragons_breath_at_level_8_asks_for_its_element(compendium: Compendium) -> None:
    """000 Dragon's Breath: "Choose Fire, Ice, or Lightning as your element." The
    level-up refuses without a choice, so it never writes a file the check refuses."""
    seven = to_level(make(kind="manakete", feats=["Manakete"]), 7)
    points = {"str": 2, "skl": 2, "spd": 2, "def": 2, "res": 1}
    with pytest.raises(RulesError, match="needs a choice of element"):
        level_up(seven, None, points=points, feat="Dragon's Breath", compendium=compendium)
    inline, _ = level_up(seven, None, points=points, feat="Dragon's Breath (fire)",
                         compendium=compendium)
    chosen, _ = level_up(seven, None, points=points, feat="Dragon's Breath",
                         choices={"element": "Ice"}, compendium=compendium)
    assert (inline.breath, chosen.breath) == ("Fire", "Ice")
    validate_character(inline, compendium)
    validate_character(chosen, compendium)
    with pytest.raises(RulesError, match="'Mud' is not one of Fire, Ice, Lightning"):
        level_up(seven, None, points=points, feat="Dragon's Breath (Mud)", compendium=compendium)
    with pytest.raises(RulesError, match="takes no choice"):
        level_up(seven, None, points=points, feat="Canto (Fire)", compendium=compendium)


def test_nobody_picks_for_the_player() -> None:
    """000 "the player chooses 4": with 5 candidates and no picks nor chooser, the
    level-up is refused with the candidates (``NeedChoice``); with 4 or fewer nobody
    is asked (all rise)."""
    with pytest.raises(NeedChoice, match="HP 20, Str 12, Skl 18, Spd 17, Lck 16") as refused:
        level_up(make(), PhysicalDice([17, 10, 12, 15, 14, 14, 2, 2]))
    assert refused.value.names == ["pick"]
    # four eligible (four natural 1s): every one rises, nothing to choose
    _, report = level_up(make(), PhysicalDice([1, 1, 1, 1, 10, 10, 10, 10]))
    assert report.picked == ("spd", "lck", "def", "res")
