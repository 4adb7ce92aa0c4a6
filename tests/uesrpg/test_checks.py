"""The d100 test (core, from outside 003) and 003's hit-location table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.enumerate import branches
from tactician.dice.source import PhysicalDice
from tactician.rulesets.uesrpg.characteristics import bonus
from tactician.rulesets.uesrpg.checks import (
    D100Test,
    Pick,
    degrees_of_failure,
    degrees_of_success,
    judge,
)
from tactician.rulesets.uesrpg.locations import location_of, struck_location


def test_bonus_is_the_tens_digit() -> None:
    assert [bonus(s) for s in (0, 9, 10, 42, 99, 100)] == [0, 0, 1, 4, 9, 10]


def test_degrees_follow_the_core() -> None:
    # DoS: tens digit of the roll, at least 1
    assert degrees_of_success(7) == 1
    assert degrees_of_success(34) == 3
    assert degrees_of_success(100) == 10
    # DoF: 1 + tens digit of (roll - target)
    assert degrees_of_failure(46, 45) == 1
    assert degrees_of_failure(67, 45) == 3
    assert degrees_of_failure(99, 20) == 8


def test_a_roll_at_or_under_the_target_succeeds() -> None:
    assert judge(45, 45).passed
    assert not judge(46, 45).passed
    assert judge(34, 45).degrees == 3


def test_npc_criticals_are_1_to_3_and_98_to_100() -> None:
    assert judge(3, 0).passed and judge(3, 0).critical
    assert not judge(4, 0).passed
    assert not judge(98, 100).passed and judge(98, 100).critical
    assert judge(97, 100).passed and not judge(97, 100).critical


def test_pc_lucky_numbers_succeed_and_unlucky_fail() -> None:
    lucky, unlucky = frozenset({7, 88}), frozenset({12})
    assert judge(88, 40, lucky, unlucky).passed and judge(88, 40, lucky, unlucky).critical
    assert not judge(12, 40, lucky, unlucky).passed
    assert judge(12, 40, lucky, unlucky).critical
    # without a lucky number, 1-3 is an ordinary roll for a PC
    assert judge(2, 40, lucky, unlucky).passed and not judge(2, 40, lucky, unlucky).critical
    assert not judge(99, 100, lucky, unlucky).critical


def test_location_table_from_the_text() -> None:
    # 003: "1-5 Body, 6 Right Leg, 7 Left Leg, 8 Right Arm, 9 Left Arm, 0 Head"
    assert [location_of(r) for r in range(1, 11)] == [
        "body", "body", "body", "body", "body",
        "right_leg", "left_leg", "right_arm", "left_arm", "head",
    ]  # fmt: skip
    assert location_of(40) == "head"  # the ones digit of a d100
    assert location_of(10) == "head"  # "or d10, count 10 as 0"
    assert location_of(37) == "left_leg"


def test_attacks_on_a_lost_limb_hit_the_body() -> None:
    assert struck_location("right_arm", frozenset({"right_arm"})) == "body"
    assert struck_location("right_arm", frozenset({"left_arm"})) == "right_arm"
    assert struck_location("head", frozenset({"left_eye", "right_eye"})) == "head"


@settings(max_examples=80, deadline=None)
@given(
    target=st.integers(-30, 130),
    grain=st.sampled_from(["pass", "degrees", "opposed", "attack"]),
    pc=st.booleans(),
)
def test_grouped_outcomes_are_exact(target: int, grain: str, pc: bool) -> None:
    success = frozenset({5, 50, 95}) if pc else frozenset({1, 2, 3})
    failure = frozenset({10}) if pc else frozenset({98, 99, 100})
    test = D100Test(target, success, failure, grain)  # type: ignore[arg-type]
    outcomes = test.outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len({r for r, _ in outcomes}) == len(outcomes)
    expected: dict[object, float] = {}
    for roll in range(1, 101):
        result = test.judge(roll)
        expected[result] = expected.get(result, 0.0) + 0.01
    assert dict(outcomes) == pytest.approx(expected)


def test_pass_probability_of_an_npc_test() -> None:
    assert D100Test(45).probability_passed() == pytest.approx(0.45)
    assert D100Test(0).probability_passed() == pytest.approx(0.03)  # 1-3 always pass
    assert D100Test(150).probability_passed() == pytest.approx(0.97)  # 98-100 always fail


def test_attack_grain_carries_location_only_on_success() -> None:
    outcomes = dict(D100Test(100, grain="attack").outcomes())
    heads = sum(p for r, p in outcomes.items() if r.location == "head")
    assert heads == pytest.approx(0.09)  # 10, 20, ..., 90 (100 is a critical failure)
    assert all(r.location is None for r in outcomes if not r.passed)


def test_sampling_records_the_face() -> None:
    dice = PhysicalDice([58])
    result = D100Test(60, grain="attack", purpose="attack").sample(dice)
    assert result.passed and result.degrees == 5 and result.location == "right_arm"
    assert dice.draws[0].purpose == "attack"


def test_pick_is_uniform_and_rolls_a_die_of_its_size() -> None:
    pick = Pick(("right_eye", "left_eye", "right_ear"))
    assert [p for _, p in pick.outcomes()] == pytest.approx([1 / 3] * 3)
    assert pick.sample(PhysicalDice([2])) == "left_eye"
    assert Pick(("left_ear",)).sample(PhysicalDice([])) == "left_ear"  # no die needed


def test_enumerator_branches_over_grouped_outcomes() -> None:
    def step(state: int, chance: object) -> int:
        return 1 if chance.decide(D100Test(30)).passed else 0  # type: ignore[attr-defined]

    merged: dict[int, float] = {}
    for state, p in branches(0, step):
        merged[state] = merged.get(state, 0.0) + p
    assert merged == pytest.approx({1: 0.30, 0: 0.70})
