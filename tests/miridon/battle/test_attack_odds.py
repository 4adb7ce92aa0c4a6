"""Piece B tests 3-8 and 13 (spec 004 §6): the attack procedure's exact odds, from the
rules text's formulas; the vectors marked *derived* are the spec's, computed from the
quoted rules. Each forecast is also checked against a seeded simulation of the same
procedure."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.chance import SampledChance
from tactician.dice.source import SeededDice
from tactician.rulesets.miridon.battle.attack_roll import AttackSpec, odds, outcomes, resolve
from tactician.rulesets.miridon.battle.dice_events import D6Pool, ToHitRoll


def exact(value: float, limit: int = 100_000) -> Fraction:
    return Fraction(value).limit_denominator(limit)


def test_l1726_hit_at_or_above_evasion_derived() -> None:
    """L1726 "greater than or equal to the target's [Evasion]" -> derived: Longsword (+1)
    vs Passive 7: P(2d6 >= 6) = 13/18; with Melee Boost 1 (+2) vs Active 9: 7/12."""
    assert exact(ToHitRoll(1, 7, 12).chance_of_hit()) == Fraction(13, 18)
    assert exact(ToHitRoll(2, 9, 12).chance_of_hit()) == Fraction(7, 12)
    # ruling hit_comparison=gt (L1640 "exceed"): the equal roll misses
    assert exact(ToHitRoll(1, 7, 12, strict=True).chance_of_hit()) == Fraction(7, 12)  # 2d6 >= 7


def test_l1664_l1672_damage_and_critical_formulas_derived() -> None:
    """Longsword 1d6+1 vs PDR 3: normal {0: 1/3, 1..4: 1/6 each}; critical
    2 x (1d6+1) - 2 x 3: {0: 1/3, 2, 4, 6, 8: 1/6 each}."""
    always = {"to_hit": 50, "evasion": 7, "base_dice": 1, "base_bonus": 1, "reduction": 3,
              "hp": 100}
    normal = odds(AttackSpec(crit_from=None, **always)).damage  # type: ignore[arg-type]
    assert {k: exact(v) for k, v in normal.items()} == {
        0: Fraction(1, 3), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6),
        4: Fraction(1, 6)}
    crit = odds(AttackSpec(crit_from=2, **always)).damage  # type: ignore[arg-type]
    assert {k: exact(v) for k, v in crit.items()} == {
        0: Fraction(1, 3), 2: Fraction(1, 6), 4: Fraction(1, 6), 6: Fraction(1, 6),
        8: Fraction(1, 6)}


WHOLE = AttackSpec(to_hit=2, evasion=7, base_dice=1, base_bonus=1, bonus_dice=1,
                   reduction=3, hp=100)
WHOLE_DISTRIBUTION = {
    0: Fraction(41, 216), 1: Fraction(29, 648), 2: Fraction(89, 1296), 3: Fraction(29, 324),
    4: Fraction(37, 324), 5: Fraction(29, 216), 6: Fraction(149, 1296), 7: Fraction(29, 324),
    8: Fraction(23, 324), 9: Fraction(29, 648), 10: Fraction(35, 1296), 12: Fraction(5, 1296),
    14: Fraction(1, 324), 16: Fraction(1, 432), 18: Fraction(1, 648), 20: Fraction(1, 1296)}


def test_whole_attack_distribution_derived() -> None:
    """Spec test 5 (derived): Longsword + Melee Boost 1 vs Passive 7, PDR 3."""
    found = odds(WHOLE)
    assert {k: exact(v, 10_000) for k, v in found.damage.items()} == WHOLE_DISTRIBUTION
    assert math.isclose(found.expected_damage, 155 / 36)


def simulate(spec: AttackSpec, n: int, seed: int = 7) -> Counter[int]:
    seen: Counter[int] = Counter()
    for i in range(n):
        seen[resolve(spec, SampledChance(SeededDice(seed * 100_000 + i))).damage] += 1
    return seen


def agrees(spec: AttackSpec, n: int = 3000) -> None:
    """Every damage value's simulated frequency within 4 binomial sigmas (+1/n)."""
    expected = odds(spec).damage
    seen = simulate(spec, n)
    assert set(seen) <= {k for k, p in expected.items() if p > 0}
    for value, p in expected.items():
        bound = 4 * math.sqrt(p * (1 - p) / n) + 1 / n
        assert abs(seen[value] / n - p) <= bound, (value, p, seen[value] / n)


def test_whole_attack_agrees_with_seeded_simulation() -> None:
    agrees(WHOLE)


def test_l905_l913_critical_ranges() -> None:
    """Advanced Critical Hit: 11-12 (3/36); Greater: 10-12 (6/36) (with a sure hit)."""
    assert exact(odds(AttackSpec(to_hit=20, evasion=7, crit_from=11)).crit) == Fraction(3, 36)
    assert exact(odds(AttackSpec(to_hit=20, evasion=7, crit_from=10)).crit) == Fraction(6, 36)
    # a natural 12 must still hit (L1670): to hit -10 vs 7 never hits, never crits
    assert odds(AttackSpec(to_hit=-10, evasion=7)).crit == 0


def test_l923_piercing_and_l968_sword_critical() -> None:
    """Piercing Critical Hit: 2 x (Base + Bonus) - 1 x DR; Sword Critical Hit: no DR."""
    spec = {"to_hit": 50, "evasion": 7, "crit_from": 2, "base_dice": 0, "base_bonus": 5,
            "reduction": 3}
    for mode, damage in (("double", 4), ("piercing", 7), ("sword", 10)):
        found = odds(AttackSpec(crit_mode=mode, **spec)).damage  # type: ignore[arg-type]
        assert list(found) == [damage] and math.isclose(found[damage], 1.0)


def test_l581_l591_strong_rerolls() -> None:
    """Strong Attack: each d6 re-rolled on 1 until higher -> uniform 2..6 (mean 4);
    Advanced: on 1 or 2 -> uniform 3..6; the re-rolls are drawn and logged."""
    assert dict(D6Pool(1, 0, 1).outcomes()) == {k: 0.2 for k in range(2, 7)}
    assert dict(D6Pool(1, 0, 2).outcomes()) == {k: 0.25 for k in range(3, 7)}
    assert math.isclose(sum(k * p for k, p in D6Pool(3, 0, 1).outcomes()), 12)
    dice = SeededDice(3)
    for _ in range(200):
        D6Pool(1, 0, 2).sample(dice)
    kept = [d for d in dice.draws if "re-roll" not in d.purpose]
    assert all(d.value >= 3 for i, d in enumerate(dice.draws)
               if i + 1 == len(dice.draws) or "re-roll" not in dice.draws[i + 1].purpose)
    assert any("re-roll" in d.purpose for d in dice.draws) and kept
    agrees(AttackSpec(to_hit=3, evasion=8, base_dice=2, reroll_up_to=1, reduction=2))


def test_l1620_l3555_shotgun_bullets_derived() -> None:
    """"Shotgun" (-0, 6 bullets) vs Evasion 7: 1d6 per bullet never reaches 7; with Gun
    Boost 1 (+2) each hits on 5-6: P(at least one hit) = 1 - (2/3)^6 = 665/729."""
    assert odds(AttackSpec(to_hit=0, evasion=7, bullets=6, crit_from=None)).hit == 0
    found = odds(AttackSpec(to_hit=2, evasion=7, bullets=6, crit_from=None, hp=100))
    assert exact(found.hit) == Fraction(665, 729)
    assert exact(found.hits[6]) == Fraction(1, 729)
    # L1070: with Shotgun Critical Hit a bullet's 6 is a critical (and only a 6, L1072)
    crit = odds(AttackSpec(to_hit=2, evasion=7, bullets=1, crit_from=6, hp=100))
    assert exact(crit.crit) == Fraction(1, 6)
    agrees(AttackSpec(to_hit=2, evasion=7, bullets=6, crit_from=6, base_dice=1,
                      reduction=1, hp=100))


def test_l2600_l2628_margin_modifiers_joint_distribution() -> None:
    """Crushing Blow +1d6 and True Strike +1 per point the To Hit Roll exceeds Evasion:
    the damage depends on the roll, so (roll, damage) is enumerated jointly; the
    forecast agrees with simulation."""
    crushing = AttackSpec(to_hit=3, evasion=8, base_dice=1, margin_dice=1, hp=200)
    true_strike = AttackSpec(to_hit=3, evasion=8, base_dice=1, margin_flat=1, hp=200)
    # derived: a natural 12 (1/36) is 15 vs 8, margin 7: 1d6 + 7d6 doubled on the crit
    assert max(odds(crushing).damage) == 2 * 48
    assert max(odds(true_strike).damage) == 2 * (6 + 7)
    agrees(crushing)
    agrees(true_strike)


def test_unconscious_and_dead_chances() -> None:
    """L1740-1742 in the forecast: P(unconscious) for a conscious target at low HP, and
    P(dead) for an unconscious one (any damage > 0, ruling dead_on_zero)."""
    low = odds(AttackSpec(to_hit=2, evasion=7, base_dice=1, hp=3))
    assert math.isclose(low.unconscious, sum(p for d, p in low.damage.items() if d >= 3))
    out = odds(AttackSpec(to_hit=2, evasion=7, base_dice=1, base_bonus=-1, hp=0,
                          unconscious=True))
    assert math.isclose(out.dead, sum(p for d, p in out.damage.items() if d > 0))
    assert math.isclose(out.unconscious, 1 - out.dead)


@settings(max_examples=60, deadline=None)
@given(to_hit=st.integers(-4, 8), evasion=st.integers(5, 14), dice=st.integers(0, 3),
       bonus=st.integers(-2, 4), reduction=st.integers(0, 6), hp=st.integers(0, 20),
       crit_from=st.sampled_from([None, 10, 11, 12]), reroll=st.integers(0, 2),
       bullets=st.sampled_from([0, 0, 3]))
def test_every_forecast_is_a_distribution(to_hit: int, evasion: int, dice: int, bonus: int,
                                          reduction: int, hp: int, crit_from: int | None,
                                          reroll: int, bullets: int) -> None:
    spec = AttackSpec(to_hit=to_hit, evasion=evasion, base_dice=dice, base_bonus=bonus,
                      reduction=reduction, hp=hp, crit_from=crit_from, reroll_up_to=reroll,
                      bullets=bullets, unconscious=hp == 0)
    ends = outcomes(spec)
    assert math.isclose(sum(ends.values()), 1.0)
    for result in ends:
        assert result.damage >= 0 and result.hp == max(0, hp - result.damage)
        assert result.crits <= result.hits
        assert (result.status == "dead") == (hp == 0 and result.damage > 0)
