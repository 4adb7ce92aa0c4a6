"""The charisma-skill verbal actions (004 L1772-1784, L2046-2092) under ruling
``charisma_roll`` (gap M9): 2d6 + rank each side, success on >=, exact odds."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.charisma_actions import contest, success_chance
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.insanity_conditions import Condition as MindCondition
from tactician.rulesets.miridon.spirit_battle.unit_slices import mind_of, with_mind
from tests.miridon.battle.helpers import act, battle, unit


def _talker(rank: int = 2) -> MiridonBattle:
    user = unit("c")
    user = user.model_copy(update={"profile": user.profile.model_copy(
        update={"skills": {"Taunt": rank}})})
    return battle(user, unit("t", "enemy", at=(4, 0)),
                  unit("u", "enemy", at=(6, 0)))


def test_l1780_greater_or_equal_succeeds() -> None:
    """Offence 2d6+2 = 4+2 against defence 2d6+0 = 6: a tie succeeds (L1780)."""
    state = _talker()
    after, outcome, _ = act(state, {"type": "charisma", "unit": "c", "skill": "taunt",
                                    "target": "t"}, rolls=[1, 3, 3, 3])
    record = outcome.records[0]["contests"][0]
    assert record["success"] and (record["offence"], record["defence"]) == (6, 6)
    assert "verbal" in after.unit("c").slots and after.unit("c").speed == 10 - 1
    failed, outcome, _ = act(state, {"type": "charisma", "unit": "c", "skill": "taunt",
                                     "target": "t"}, rolls=[1, 2, 3, 3])
    assert not outcome.records[0]["contests"][0]["success"] and "fails" in outcome.summary


def test_l1774_several_targets_roll_separately() -> None:
    after, outcome, draws = act(_talker(), {"type": "charisma", "unit": "c", "skill": "taunt",
                                            "targets": ["t", "u"]}, seed=4)
    assert [c["target"] for c in outcome.records[0]["contests"]] == ["T", "U"]
    assert len(draws) == 8  # 2d6 a side, per target


def test_l3151_phobia_lowers_the_defence_by_5() -> None:
    """"any [Defensive Charisma Roll] ... is reduced by 5" (Phobia, L3151)."""
    state = _talker()
    target = state.unit("t")
    phobia = MindCondition(name="Phobia", severity=2, unit="days", remaining=2, line=3150)
    scared = state.replace_units(with_mind(target, replace(mind_of(target),
                                                           conditions=(phobia,))))
    _, outcome, _ = act(scared, {"type": "charisma", "unit": "c", "skill": "taunt",
                                 "target": "t"}, seed=4)
    assert outcome.records[0]["contests"][0]["chance"] == round(100 * success_chance(2, -5))
    assert success_chance(2, -5) > success_chance(2, 0)


def test_refusals_change_nothing() -> None:
    state = _talker(rank=0)
    with pytest.raises(RulesError, match="no rank in Taunt"):
        act(state, {"type": "charisma", "unit": "c", "skill": "taunt", "target": "t"})
    with pytest.raises(RulesError, match="skill must be one of"):
        act(_talker(), {"type": "charisma", "unit": "c", "skill": "sing", "target": "t"})
    with pytest.raises(RulesError, match="not offered"):
        act(_talker(), {"type": "charisma", "unit": "c", "skill": "taunt", "target": "t"},
            options=["charisma_roll=not_offered"])


def test_success_chance_is_exact() -> None:
    """Equal bonuses: P(2d6 >= 2d6) = (1 + P(tie)) / 2 = (1 + 146/1296) / 2."""
    assert Fraction(success_chance(0, 0)).limit_denominator(10_000) == Fraction(1442, 2592)


@settings(max_examples=10, deadline=None)
@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 10_000))
def test_success_chance_matches_seeded_simulation(offence: int, defence: int, seed: int) -> None:
    class Sampled:
        def __init__(self, dice: SeededDice) -> None:
            self.dice = dice

        def decide(self, pool):  # type: ignore[no-untyped-def]
            return pool.sample(self.dice)

    dice = SeededDice(seed)
    runs = 4000
    wins = sum(contest(offence, defence, Sampled(dice))[2] for _ in range(runs))
    assert abs(wins / runs - success_chance(offence, defence)) < 0.04
