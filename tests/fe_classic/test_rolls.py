"""002's dice (L97-106): the one-d% hit, GBA's 2RN option, the separate crit die, the
critical failure and the break check; spec FC-3, FC-4, FC-11, FC-12."""

from __future__ import annotations

import math

import pytest

from tactician.dice.chance import SampledChance
from tactician.dice.source import PhysicalDice, SeededDice
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.rolls import break_check, hit_roll, staff_roll

OPTS = ClassicOptions()


def _hit(chance: int, options: ClassicOptions = OPTS) -> float:
    odds = hit_roll(chance, 0, options, "hit").probabilities()
    return odds["hit"] + odds["crit"]


def test_one_die_gives_exactly_the_chance() -> None:
    """L97-98 "roll a d%. If the number is lower than your chance to hit": 00-99, exact."""
    for chance in (1, 48, 84, 100):
        assert math.isclose(_hit(chance), chance / 100)
    assert _hit(0) == 0 and _hit(-20) == 0


def test_two_dice_averaged_fc3_and_fc12() -> None:
    two = ClassicOptions(hit_roll="two_dice_averaged")
    for shown, true in ((84, 0.9504), (48, 0.4656), (52, 0.544), (69, 0.8109),
                        (74, 0.8674)):
        assert math.isclose(_hit(shown, two), true, abs_tol=1e-9), shown


def test_one_to_100_reading_loses_one_percent() -> None:
    assert math.isclose(_hit(70, ClassicOptions(percentile="one_to_100")), 0.69)


def test_over_100_draws_no_die_fc4() -> None:
    """110 > 100: an automatic hit, no die drawn, so no fumble; the crit die comes next."""
    roll = hit_roll(110, 0, OPTS, "hit")
    dice = PhysicalDice([])
    assert roll.resolve(SampledChance(dice)) == "hit"
    assert dice.draws == []
    assert roll.probabilities()["fumble"] == 0
    with_crit = hit_roll(110, 20, OPTS, "hit")
    dice = PhysicalDice([5])
    assert with_crit.resolve(SampledChance(dice)) == "crit"
    assert [d.purpose for d in dice.draws] == ["critical roll"]


@pytest.mark.parametrize("chance", [-30, 0, 1, 50, 70, 99])
def test_fumble_is_one_percent_below_100_fc11(chance: int) -> None:
    assert math.isclose(hit_roll(chance, 0, OPTS, "hit").probabilities()["fumble"], 0.01)


def test_no_fumble_at_exactly_100_or_above() -> None:
    assert hit_roll(100, 0, OPTS, "hit").probabilities()["fumble"] == 0
    assert hit_roll(101, 0, OPTS, "hit").probabilities()["fumble"] == 0


def test_fumble_band_and_needs_miss_option() -> None:
    wide = ClassicOptions(fumble_at=91)
    odds = hit_roll(95, 0, wide, "hit").probabilities()
    assert math.isclose(odds["hit"], 0.95) and math.isclose(odds["fumble"], 0.05)
    anyway = ClassicOptions(fumble_at=91, fumble_needs_miss=False)
    odds = hit_roll(95, 0, anyway, "hit").probabilities()
    assert math.isclose(odds["hit"], 0.90) and math.isclose(odds["fumble"], 0.10)
    never = ClassicOptions(fumble_at=101)
    assert hit_roll(50, 0, never, "hit").probabilities()["fumble"] == 0


def test_fumble_and_break_check_on_the_table_dice_fc11() -> None:
    """Chance 70: a 100 misses and fumbles; the break check survives on 37, breaks on 51."""
    roll = hit_roll(70, 0, OPTS, "hit")
    assert roll.resolve(SampledChance(PhysicalDice([100]))) == "fumble"
    check = break_check(OPTS, "Iron Sword")
    assert check.sample(PhysicalDice([37])) is False
    assert check.sample(PhysicalDice([50])) is False
    assert check.sample(PhysicalDice([51])) is True
    lost = sum(p for broke, p in check.outcomes() if broke)
    assert math.isclose(roll.probabilities()["fumble"] * lost, 0.005)   # FC-11


def test_crit_is_a_second_die_after_a_hit() -> None:
    """L104-106: the crit die is rolled only on a hit; P(crit) = P(hit) x crit."""
    odds = hit_roll(80, 25, OPTS, "hit").probabilities()
    assert math.isclose(odds["crit"], 0.8 * 0.25)
    dice = PhysicalDice([90])
    assert hit_roll(80, 25, OPTS, "hit").resolve(SampledChance(dice)) == "miss"
    assert len(dice.draws) == 1


def test_staff_roll_is_one_die_whatever_hit_roll_says() -> None:
    two = ClassicOptions(hit_roll="two_dice_averaged")
    roll = staff_roll(52, two, "staff")
    assert math.isclose(sum(p for ok, p in roll.outcomes() if ok), 0.52)
    dice = SeededDice(3)
    roll.sample(dice)
    assert len(dice.draws) == 1
