"""``AveragedRoll``'s distribution (the running-total convolution in
``dice.events``) against every face combination counted one by one."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from tactician.dice.events import AveragedRoll


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("sides", [1, 2, 6, 20])
@pytest.mark.parametrize("floor", [True, False])
def test_the_distribution_counts_every_combination(count: int, sides: int, floor: bool) -> None:
    faces = list(product(range(1, sides + 1), repeat=count))
    counted = Counter(sum(f) // count if floor else sum(f) for f in faces)
    found = AveragedRoll(count, sides, floor).scaled_distribution()
    assert sorted(found) == sorted(counted)
    for key, ways in counted.items():
        assert Fraction(found[key]).limit_denominator(sides**count) == Fraction(ways, len(faces))


def test_two_d100_averaged_is_the_true_hit_table() -> None:
    """Two d100 floored to their average: 1 only from (1, 1) and (1, 2) and (2, 1)."""
    found = AveragedRoll(2, 100).scaled_distribution()
    assert set(found) == set(range(1, 101))
    assert found[1] == pytest.approx(3 / 10_000)
    assert sum(found.values()) == pytest.approx(1.0)
