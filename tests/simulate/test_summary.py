"""The summary's statistics: Wilson intervals, the two-proportion test, copy seeds."""

from __future__ import annotations

import math

import pytest

from tactician.errors import TacticianError
from tactician.simulate.seeds import copy_seed
from tactician.simulate.summary import wilson
from tactician.simulate.variants import parse, two_proportion


def test_wilson_interval_matches_the_textbook_values() -> None:
    # Wilson (1927) score interval; 0 of 10 -> [0, 0.2775], 5 of 10 -> [0.2366, 0.7634]
    assert wilson(0, 10) == (0.0, pytest.approx(0.27754, abs=1e-5))
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.23659, abs=1e-5), pytest.approx(0.76341, abs=1e-5))
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0


def test_two_proportion_test_says_what_is_beyond_chance() -> None:
    z, p = two_proportion(50, 100, 50, 100)
    assert z == 0 and p == 1.0
    z, p = two_proportion(50, 100, 70, 100)
    assert z == pytest.approx(2.8868, abs=1e-3) and p == pytest.approx(0.00389, abs=1e-4)
    assert two_proportion(0, 100, 0, 100) == (0.0, 1.0)
    assert math.isclose(two_proportion(10, 100, 12, 100)[1], 0.6513, abs_tol=1e-3)


def test_copy_seeds_depend_on_base_and_index_only() -> None:
    assert copy_seed(7, 3) == copy_seed(7, 3)
    seeds = {copy_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000 and all(0 <= s < 2**62 for s in seeds)
    assert copy_seed(8, 3) != copy_seed(7, 3)


def test_a_variant_is_kind_colon_value() -> None:
    assert parse("drop:brigand-1").label == "drop:brigand-1"
    for bad in ("drop", "swap:x", "option:"):
        with pytest.raises(TacticianError, match="KIND:VALUE"):
            parse(bad)
