"""The exact dice-sum event: parsing, exact totals, and every face drawn."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.dice.chance import SampledChance
from tactician.dice.distribution import DiceSum, at_least
from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import DiceError


def test_parse_reads_terms_and_constants() -> None:
    assert DiceSum.parse("2d6") == DiceSum(((2, 6),), 0)
    assert DiceSum.parse("1d10+5") == DiceSum(((1, 10),), 5)
    assert DiceSum.parse("d8 + 2d4 - 1") == DiceSum(((1, 8), (2, 4)), -1)
    assert str(DiceSum.parse("1d6+4")) == "1d6+4"


@pytest.mark.parametrize("text", ["", "2d", "d6x", "4d6kh3", "3-1d6", "5", "1d6+-d4", "0d6", "1d0"])
def test_parse_refuses_what_is_not_a_plain_sum(text: str) -> None:
    with pytest.raises(DiceError):
        DiceSum.parse(text)


def test_two_d6_matches_brute_force() -> None:
    counts = Counter(a + b for a, b in product(range(1, 7), repeat=2))
    exact = dict(DiceSum.parse("2d6").outcomes())
    assert exact == {total: pytest.approx(n / 36) for total, n in counts.items()}


def test_three_d6_at_least_twelve_is_81_in_216() -> None:
    assert at_least(DiceSum.parse("3d6"), 12) == pytest.approx(81 / 216)
    assert at_least(DiceSum.parse("3d6"), 7) == pytest.approx(196 / 216)


@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from([2, 4, 6, 8, 10, 12])), min_size=1,
                max_size=3), st.integers(-5, 10))
def test_totals_sum_to_one_and_span_min_to_max(dice: list[tuple[int, int]], bonus: int) -> None:
    event = DiceSum(tuple(dice), bonus)
    totals = [t for t, _ in event.outcomes()]
    assert sum(p for _, p in event.outcomes()) == pytest.approx(1.0)
    assert totals == list(range(event.minimum, event.maximum + 1))
    assert sum(t * p for t, p in event.outcomes()) == pytest.approx(event.mean)


def test_sampling_draws_each_die_left_to_right_and_records_it() -> None:
    chance = SampledChance(PhysicalDice([2, 5]))
    assert chance.decide(DiceSum.parse("2d6", "damage")) == 7
    assert chance.decisions[0].faces == (2, 5)
    assert chance.decisions[0].purpose == "damage"


def test_physical_dice_are_checked_against_the_die() -> None:
    with pytest.raises(DiceError):
        DiceSum.parse("1d6").sample(PhysicalDice([7]))


def test_seeded_samples_stay_in_range() -> None:
    event = DiceSum.parse("1d10+5")
    dice = SeededDice(3)
    values = {event.sample(dice) for _ in range(200)}
    assert values <= set(range(6, 16)) and len(values) == 10
