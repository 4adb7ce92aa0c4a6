"""001 L12-26: d100 growths with carried remainders; the text's worked example first."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import NeedRoll
from tactician.rulesets.fe_common.character.growth import level_up, number_to_beat, roll_stats
from tactician.rulesets.fe_common.character.stats import StatLine
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_tabletop.options import TabletopOptions

OPTIONS = TabletopOptions()
CAPS = StatLine.of([20] * 6)


def unit(growths: list[int], carried: list[int], stats: list[int] | None = None) -> Unit:
    return Unit(name="Ross", class_name="Fighter", max_hp=20, hp=20, con=8, mov=5,
                stats=StatLine.of(stats or [5] * 6), growths=StatLine.of(growths),
                carried=StatLine.of(carried))


def test_the_texts_worked_example_l14_to_l26() -> None:
    growths = [80, 60, 40, 40, 20, 20]  # L15
    assert [number_to_beat(g) for g in growths] == [21, 41, 61, 61, 81, 81]  # L17
    dice = PhysicalDice([35, 20, 12, 18, 23, 18])  # L21
    rolls = roll_stats(StatLine.of(growths), StatLine.of([0, 39, 39, 0, 25, 65]), dice, OPTIONS)
    assert [r.total for r in rolls] == [35, 59, 51, 18, 48, 83]  # L23
    assert [r.shown for r in rolls] == ["+1", "+1", "51", "18", "48", "+1"]  # L25
    assert [r.carried_after for r in rolls] == [0, 0, 51, 18, 48, 0]  # L26: leftover dropped
    assert [d.value for d in dice.draws] == [35, 20, 12, 18, 23, 18]  # every die kept


def test_a_level_up_adds_the_gains_and_one_hp() -> None:
    before = unit([80, 60, 40, 40, 20, 20], [0, 39, 39, 0, 25, 65])
    after, record = level_up(before, CAPS, 60, PhysicalDice([35, 20, 12, 18, 23, 18]), OPTIONS)
    assert after.stats.values() == (6, 6, 5, 5, 5, 6)
    assert after.carried.values() == (0, 0, 51, 18, 48, 0)
    assert (after.level, after.max_hp, after.hp, record.hp_gained) == (2, 21, 21, 1)  # L2
    assert after.con == before.con  # L13: no roll for Constitution


def test_tt1_boundaries_and_the_zero_growth() -> None:
    g, c, r = [50, 45, 30, 70, 10, 0], [0, 55, 60, 0, 90, 30], [51, 1, 10, 30, 10, 71]
    rolls = roll_stats(StatLine.of(g), StatLine.of(c), PhysicalDice(r), OPTIONS)
    assert [x.shown for x in rolls] == ["+1", "+1", "70", "30", "+1", "+1"]
    strict = TabletopOptions(growth_threshold="strictly_above")
    rolls = roll_stats(StatLine.of(g), StatLine.of(c), PhysicalDice(r), strict)
    assert [x.shown for x in rolls] == ["51", "56", "70", "30", "+1", "101"]
    never = TabletopOptions(zero_growth_never_grows=True)
    rolls = roll_stats(StatLine.of(g), StatLine.of(c), PhysicalDice(r), never)
    assert rolls[5].shown == "101"


def test_a_rise_past_the_cap_is_lost_and_its_remainder_dropped() -> None:
    capped = unit([100] * 6, [0] * 6, stats=[20] * 6)
    after, record = level_up(capped, CAPS, 60, PhysicalDice([1] * 6), OPTIONS)
    assert after.stats.values() == (20,) * 6 and all(r.capped for r in record.rolls)
    assert after.carried.values() == (0,) * 6


def test_missing_physical_dice_name_the_next_stat() -> None:
    with pytest.raises(NeedRoll, match="growth Spd"):
        roll_stats(StatLine.of([50] * 6), StatLine(), PhysicalDice([10, 10]), OPTIONS)


@given(st.lists(st.integers(0, 100), min_size=6, max_size=6),
       st.lists(st.integers(0, 100), min_size=6, max_size=6), st.integers(0, 10_000))
def test_at_most_one_point_per_stat_and_carried_stays_below_the_mark(
    growths: list[int], carried: list[int], seed: int
) -> None:
    before = unit(growths, carried)
    after, record = level_up(before, CAPS, 60, SeededDice(seed), OPTIONS)
    for line, old, new in zip(record.rolls, before.stats.values(), after.stats.values(),
                              strict=True):
        assert new - old in (0, 1)
        assert (new - old == 1) == line.gained
        assert line.gained or line.carried_after < number_to_beat(line.growth)
