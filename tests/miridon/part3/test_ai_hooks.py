"""AI scores over the part-3 forecasts (spec §3.23, DEFAULT design)."""

from __future__ import annotations

import pytest

from tactician.rulesets.miridon.compendium import Compendium, load_compendium
from tactician.rulesets.miridon.insanity_roll import Taken, insanity_distribution
from tactician.rulesets.miridon.magic.ai_hooks import (
    damage_to_threaten,
    insanity_cost,
    invest_amount,
    p_cancel,
    recover_points,
)
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting

SPELL = Casting("Elemental Spell", (), 6, 2, "x", 60, element="fire")


def test_insanity_cost_grows_with_the_roll(comp: Compendium) -> None:
    low = insanity_cost(insanity_distribution(comp, 0))
    high = insanity_cost(insanity_distribution(comp, 60))
    assert 0 < low < high
    assert insanity_cost({(): 1.0}) == 0
    assert insanity_cost({(Taken("Dematerialize", None),): 0.5}) == 50


def test_cancel_odds_count_concentration_and_recovery() -> None:
    damage = {4: 0.25, 6: 0.25, 8: 0.25, 12: 0.25}
    assert damage_to_threaten(SPELL, Caster()) == 6
    assert p_cancel(SPELL, Caster(), damage, points_left=0) == 0.75
    assert p_cancel(SPELL, Caster(concentration=1), damage, 0) == 0.25  # needs 9
    assert p_cancel(SPELL, Caster(), damage, points_left=3) == 0.25  # needs 9
    done = Casting("Elemental Spell", (), 6, 0, "x", 60, status="cancelled")
    assert p_cancel(done, Caster(), damage, 0) == 0


def test_recover_only_when_worth_it() -> None:
    threatened = Casting("Elemental Spell", (), -3, 1, "x", 60, status="threatened")
    assert recover_points(threatened, Caster(), 10, spell_value=20, point_value=1) == 4
    assert recover_points(threatened, Caster(), 3, 20, 1) == 0  # cannot afford
    assert recover_points(threatened, Caster(), 10, 3, 1) == 0  # not worth it
    assert recover_points(SPELL, Caster(), 10, 20, 1) == 0  # nothing to answer


def test_invest_amount() -> None:
    assert invest_amount(30, expected_hits=5) == 10
    assert invest_amount(8, 5, reserve=2) == 6
    assert invest_amount(1, 5) == 1 and invest_amount(0, 5) == 0


def test_the_expected_insanity_cost_is_the_whole_distributions() -> None:
    """``expected_insanity_cost`` values each state of ``insanity_step`` once; it must equal
    the cost averaged over the exact Table 7.1 distribution (Increase Roll chains and Mist
    Form's rolls included, L3043-3236), and the attack's over its damage."""
    from tactician.rulesets.miridon.insanity_forecast import attack_insanity
    from tactician.rulesets.miridon.insanity_roll import insanity_distribution
    from tactician.rulesets.miridon.magic.ai_hooks import (
        attack_insanity_cost,
        expected_insanity_cost,
        insanity_cost,
    )

    book = load_compendium()
    for bonus in (-3, 14, 41):
        whole = insanity_cost(insanity_distribution(book, bonus))
        assert expected_insanity_cost(book, bonus) == pytest.approx(whole, rel=1e-12)
    damage = {0: 0.25, 8: 0.5, 12: 0.25}  # 20 HP, 14 ghost: 8 -> bonus 2, 12 -> bonus 6
    forecast = attack_insanity(book, 20, 14, 0, damage)
    p_roll, cost = attack_insanity_cost(book, 20, 14, 0, damage)
    assert p_roll == pytest.approx(forecast.p_roll) == pytest.approx(0.75)
    assert cost == pytest.approx(insanity_cost(forecast.outcomes))
