"""Possession (004 L3384-3392, L2878-2944, L1280): spec test 9."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tactician.dice.enumerate import distribution
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.possession import PossessionResult, possession, power_dice

from .conftest import dice

SPELL = Casting("Possession", (), 12, 0, "ogre", 60)


def _forecast(caster: Caster, casting: Casting, hp: int, target_casting: bool = False,
              ) -> dict[PossessionResult, float]:
    done: dict[PossessionResult | None, float] = distribution(
        None, lambda _s, c: possession(c, caster, casting, hp, target_casting),
        lambda s: s is not None,
    )
    return {k: p for k, p in done.items() if k is not None}


def test_l3389_success_probability_against_hp_40() -> None:
    """15d6 > 40 with probability 3152397925/3265173504 (derived)."""
    forecast = _forecast(Caster(), SPELL, 40)
    success = sum(p for r, p in forecast.items() if r.possessed)
    assert success == pytest.approx(float(Fraction(3152397925, 3265173504)), abs=1e-12)


def test_gain_is_the_smaller_of_excess_and_spell_ghost() -> None:
    """C12: min(Spell Power - HP, Spell Ghost HP)."""
    low = possession(dice(*[3] * 15), Caster(), SPELL, target_hp=40)  # power 45
    assert (low.power, low.gain) == (45, 5)
    high = possession(dice(*[6] * 15), Caster(), SPELL, target_hp=40)  # power 90
    assert high.gain == 12
    fail = possession(dice(*[1] * 15), Caster(), SPELL, target_hp=40)  # power 15
    assert not fail.possessed and fail.gain == 0


def test_l1280_counter_possession_doubles_against_a_caster() -> None:
    counter = Caster(flairs=frozenset({"Counter Possession"}))
    result = possession(dice(*[2] * 15), counter, SPELL, target_hp=40, target_casting=True)
    assert result.doubled and result.power == 60 and result.gain == 12
    plain = possession(dice(*[2] * 15), counter, SPELL, target_hp=40, target_casting=False)
    assert not plain.doubled and not plain.possessed


def test_boosts() -> None:
    assert power_dice(Caster(offensive_boost=1, general_boost=1)).count == 15 + 4 + 2


def test_weakening_slowing_and_control() -> None:
    weakening = Casting("Possession", ("Weakening Possession", "Controlling Possession"), 12, 0,
                        "ogre", 60)
    result = possession(dice(*[3] * 15), Caster(), weakening, 40, target_strength=3)
    assert (result.strength_lost, result.speed_lost, result.control_blocks) == (3, 0, 0)
    slowing = Casting("Possession", ("Slowing Possession", "Advanced Controlling Possession"),
                      12, 0, "ogre", 60)
    result = possession(dice(*[3] * 15), Caster(), slowing, 40, target_speed=9)
    assert (result.speed_lost, result.control_blocks) == (5, 1)
    greater = Casting("Possession", ("Greater Controlling Possession",), 12, 0, "ogre", 60)
    assert possession(dice(*[3] * 15, 4), Caster(), greater, 40).control_blocks == 4
    failed = possession(dice(*[1] * 15), Caster(), greater, 40)
    assert failed.control_blocks is None
