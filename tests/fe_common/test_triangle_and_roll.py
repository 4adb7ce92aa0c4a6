"""fe_common: the shared triangle and the attack roll shapes."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.dice.chance import SampledChance
from tactician.dice.source import PhysicalDice
from tactician.rulesets.fe_common.attack_roll import CRIT, FUMBLE, HIT, MISS, attack_roll
from tactician.rulesets.fe_common.triangle import advantage, triangle_accuracy


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        ("sword", "axe", 1), ("axe", "lance", 1), ("lance", "sword", 1),
        ("axe", "sword", -1), ("anima", "light", 1), ("light", "dark", 1), ("dark", "anima", 1),
        ("sword", "sword", 0), ("bow", "sword", 0), ("staff", "axe", 0), (None, "axe", 0),
    ],
)
def test_advantage_follows_the_triangles(mine: str | None, theirs: str, expected: int) -> None:
    assert advantage(mine, theirs) == expected
    assert triangle_accuracy(mine, theirs) == 15 * expected  # Tropera's reading agrees


def test_one_die_same_roll_bands_match_001_crit_nested_in_hit() -> None:
    # TT-5: hit 74, crit 14 -> 1..14 crit, 15..74 hit, 75..100 miss
    p = attack_roll(74, 14).probabilities()
    assert p == {CRIT: pytest.approx(0.14), HIT: pytest.approx(0.60), MISS: pytest.approx(0.26),
                 FUMBLE: 0.0}


def test_crit_above_hit_is_capped_by_hit() -> None:
    assert attack_roll(10, 50).probabilities()[CRIT] == pytest.approx(0.10)


def test_separate_crit_die_and_fumble_band() -> None:
    roll = attack_roll(70, 10, crit_roll="separate_die", fumble=5)
    p = roll.probabilities()
    assert p[CRIT] == pytest.approx(0.07)
    assert p[HIT] == pytest.approx(0.63)
    assert p[FUMBLE] == pytest.approx(0.05)
    assert p[MISS] == pytest.approx(0.25)
    chance = SampledChance(PhysicalDice([40, 9]))
    assert roll.resolve(chance) == CRIT
    assert SampledChance(PhysicalDice([97])).decide(roll.main) == FUMBLE


def test_two_dice_averaged_give_the_2rn_rate() -> None:
    # 70 displayed -> 82.3% under two averaged d100 (floored), as published for the GBA
    assert attack_roll(70, 0, dice=2).probabilities()[HIT] == pytest.approx(0.823, abs=5e-4)


@given(st.integers(-20, 130), st.integers(-20, 130), st.integers(0, 100),
       st.sampled_from(["same_die", "separate_die"]))
def test_outcomes_sum_to_one(hit: int, crit: int, fumble: int, crit_roll: str) -> None:
    p = attack_roll(hit, crit, fumble=fumble, crit_roll=crit_roll).probabilities()  # type: ignore[arg-type]
    assert sum(p.values()) == pytest.approx(1.0)
    assert p[FUMBLE] <= fumble / 100 + 1e-9


def test_same_die_matches_brute_force() -> None:
    for hit, crit in product((0, 33, 100), (0, 20, 100)):
        p = attack_roll(hit, crit).probabilities()
        crits = sum(1 for f in range(1, 101) if f <= min(crit, hit))
        assert p[CRIT] == pytest.approx(crits / 100)
