"""The spells' effects (004 L3282-3392), Elemental Riposte, Strong Spell: spec tests 8, 11,
12."""

from __future__ import annotations

import math

import pytest

from tactician.dice.enumerate import branches
from tactician.dice.source import SeededDice
from tactician.errors import RulesError
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.effects import (
    absorb,
    barrier,
    elemental_dice,
    elemental_spell,
    enchantment,
    enchantment_roll,
    gale_distance,
    healing_dice,
    knockback_damage,
    tick,
)
from tactician.rulesets.miridon.magic.riposte import (
    can_riposte,
    elemental_riposte,
    riposte_bonus_dice,
)
from tactician.rulesets.miridon.magic.strong_dice import StrongDice

from .conftest import dice


def test_l3289_elemental_spell_boosts_and_sdr() -> None:
    """OSB 1 and GSB 1: 9d6; SDR (5 per SDR Boost rank, L370) takes it off."""
    caster = Caster(offensive_boost=1, general_boost=1)
    assert elemental_dice(caster).count == 9
    hit = elemental_spell(dice(*[4] * 9), caster, "fire", spell_damage_reduction=5)
    assert (hit.rolled, hit.damage_dealt) == (36, 31)
    assert elemental_spell(dice(*[1] * 9), caster, "fire", 50).damage_dealt == 0


def test_health_recovery_dice() -> None:
    assert healing_dice(Caster(defensive_boost=2, general_boost=1)).count == 6 + 4 + 1


def test_l2441_elemental_riposte_adds_the_excess() -> None:
    """Rank 3 with remaining cast time 1 adds 2d6, and + 3 OSB (L203): 6 + 6 + 2 = 14d6."""
    assert riposte_bonus_dice(3, 1) == 2 and riposte_bonus_dice(1, 1) == 0
    casting = Casting("Elemental Spell", (), 8, 1, "goblin", 60, element="cold")
    caster = Caster(elemental_riposte=3)
    fired = elemental_riposte(dice(*[2] * 14), casting, caster, "goblin", target_sdr=0)
    assert fired.hit.rolled == 28 and fired.casting.status == "activated"


def test_elemental_riposte_conditions() -> None:
    casting = Casting("Elemental Spell", (), 8, 2, "goblin", 60, element="cold")
    assert "exceeds" in can_riposte(casting, Caster(elemental_riposte=1), False, True)
    assert "two weapons" in can_riposte(casting, Caster(elemental_riposte=3), True, True)
    assert "must hit" in can_riposte(casting, Caster(elemental_riposte=3), False, False)
    other = Casting("Gale Burst", (), 8, 0, "self", None)
    assert "Elemental Spell" in can_riposte(other, Caster(elemental_riposte=3), False, True)
    with pytest.raises(RulesError, match="Elemental Riposte"):
        elemental_riposte(dice(), casting, Caster(), "goblin", 0)


def test_l3313_gale_burst() -> None:
    """30 ft (+5 per OSB rank); stopped by a wall after 10 ft: 20 damage minus PDR."""
    assert gale_distance(Caster()) == 30 and gale_distance(Caster(offensive_boost=2)) == 40
    assert knockback_damage(30, 10, physical_damage_reduction=0) == 20
    assert knockback_damage(30, 10, physical_damage_reduction=6) == 14
    assert knockback_damage(30, 30, 0) == 0
    with pytest.raises(RulesError, match="travels"):
        knockback_damage(30, 31, 0)


def test_l3334_spell_barrier() -> None:
    """Absorbs 30 + 5 x DSB + 2 x GSB for 30 blocks."""
    shield = barrier("spell", Caster(defensive_boost=2, general_boost=1))
    assert (shield.left, shield.blocks) == (42, 30)
    shield, through = absorb(shield, 50)
    assert (shield.left, through) == (0, 8)
    shield = barrier("physical", Caster())
    for _ in range(29):
        shield = tick(shield)  # type: ignore[assignment]
        assert shield is not None
    assert tick(shield) is None


def test_weapon_enchantments() -> None:
    spell = enchantment("elemental", Caster(offensive_boost=1, general_boost=2), "fire")
    assert enchantment_roll(dice(3), spell) == 3 + 2 + 2
    vamp = enchantment("vampiric", Caster(defensive_boost=1))
    assert enchantment_roll(dice(6), vamp) == 8
    with pytest.raises(RulesError):
        enchantment("holy", Caster())


@pytest.mark.parametrize("level", [0, 1, 2])
def test_strong_spell_dice_exact_against_sampling(level: int) -> None:
    """L635/L644: rerolls of 1 (or 1-2) until higher; the exact sum matches seeded play."""
    event = StrongDice(3, level)
    exact = dict(event.outcomes())
    assert math.isclose(sum(exact.values()), 1.0) and min(exact) == 3 * (level + 1)
    trials = 6000
    source = SeededDice(7)
    totals = [event.sample(source) for _ in range(trials)]
    sd = math.sqrt(sum(p * (v - event.mean) ** 2 for v, p in exact.items()) / trials)
    assert abs(sum(totals) / trials - event.mean) < 4.5 * sd
    assert set(totals) <= set(exact)  # a rerolled die never counts its low faces


def test_strong_spell_reaches_the_spell_dice() -> None:
    caster = Caster(flairs=frozenset({"Strong Spell"}))
    assert elemental_dice(caster).reroll_at_most == 1
    advanced = Caster(flairs=frozenset({"Strong Spell", "Advanced Strong Spell"}))
    assert healing_dice(advanced).reroll_at_most == 2


def test_strong_reroll_draws_are_logged() -> None:
    chance = dice(1, 1, 5)
    assert chance.decide(StrongDice(1, 1)) == 5
    assert [d.purpose for d in chance.dice.draws][1:] == ["spell effect (Strong Spell reroll)"] * 2  # type: ignore[attr-defined]


def test_elemental_forecast_is_the_same_procedure() -> None:
    caster = Caster(offensive_boost=1)
    outcomes = branches(0, lambda _s, c: elemental_spell(c, caster, "fire", 10).damage_dealt)
    total = sum(p for _, p in outcomes)
    assert math.isclose(total, 1.0)
    assert math.isclose(sum(v * p for v, p in outcomes), sum(
        max(0, t - 10) * p for t, p in elemental_dice(caster).outcomes()))
