"""Barriers and weapon enchantments on a weapon hit (004 L3326-3380): the exact odds of
``attack_roll`` with them, from the text's numbers, and a seeded simulation of the same
procedure."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from tactician.dice.chance import SampledChance
from tactician.dice.source import SeededDice
from tactician.rulesets.miridon.battle.attack_roll import AttackSpec, odds, outcomes, resolve
from tactician.rulesets.miridon.battle.lasting_spells import Lasting

SURE = {"to_hit": 50, "evasion": 7, "crit_from": None, "hp": 100}


def only(table: dict[int, float]) -> int:
    """The one value a sure outcome takes."""
    (value,) = [k for k, v in table.items() if v > 1e-12]
    assert math.isclose(table[value], 1.0)
    return value


def exact(table: dict[int, float]) -> dict[int, Fraction]:
    return {k: Fraction(v).limit_denominator(10_000) for k, v in table.items() if v > 0}


def test_l3347_a_physical_barrier_absorbs_30_after_reduction_then_breaks() -> None:
    """ "absorbs 30 physical damage before breaking" (L3347): a 45-damage hit against PDR 5
    deals 40 (L1664), 30 absorbed, 10 through; the barrier is spent."""
    found = odds(
        AttackSpec(base_dice=0, base_bonus=45, reduction=5, lasting=Lasting(barrier=30), **SURE)
    )
    assert only(found.damage) == 10 and only(found.absorbed) == 30
    assert only(found.hp) == 90
    small = odds(
        AttackSpec(base_dice=0, base_bonus=12, reduction=5, lasting=Lasting(barrier=30), **SURE)
    )
    assert only(small.damage) == 0 and only(small.absorbed) == 7


def test_l1672_a_critical_is_doubled_before_the_barrier_absorbs_it() -> None:
    """L1672 "2 * [Base Damage Dealt] + 2 * [Damage Dealt Bonus] - 2 * [Damage Reduction]":
    2 x 20 - 2 x 3 = 34 is the [Damage Dealt] the barrier takes: 4 through."""
    spec = AttackSpec(
        to_hit=50,
        evasion=7,
        crit_from=2,
        base_dice=0,
        base_bonus=20,
        reduction=3,
        hp=100,
        lasting=Lasting(barrier=30),
    )
    assert only(odds(spec).damage) == 4


def test_a_shotguns_bullets_wear_one_barrier_down_in_turn() -> None:
    """Three sure bullets of 12 (DR per bullet, spec §3.6): 30 absorbed in all, 6 through."""
    spec = AttackSpec(
        to_hit=50,
        evasion=1,
        crit_from=None,
        bullets=3,
        base_dice=0,
        base_bonus=12,
        hp=100,
        lasting=Lasting(barrier=30),
    )
    found = odds(spec)
    assert only(found.damage) == 6 and only(found.absorbed) == 30


def test_a_teslas_damage_goes_through_the_spell_barrier() -> None:
    """A tesla is reduced by SDR (L1658), elemental for the Spell Barrier's "spell damage
    or other elemental damage" (L3334, spec §3.17): the physical barrier is not touched."""
    spec = AttackSpec(
        base_dice=0,
        base_bonus=20,
        lasting=Lasting(barrier=30, spell_barrier=8, barrier_kind="spell"),
        **SURE,
    )
    assert only(odds(spec).damage) == 12
    (result,) = outcomes(spec)
    assert (result.absorbed, result.absorbed_spell) == (0, 8)


def test_l3362_elemental_weapon_adds_1d6_reduced_by_sdr_separately() -> None:
    """Longsword 1d6+1 vs PDR 10 deals 0 (L1664); the Elemental Weapon's 1d6 + 2 (OSB 1,
    L3364) vs SDR 3 deals 1d6 - 1: {0: 1/6, 1..5: 1/6 each}; not doubled by a critical."""
    spec = AttackSpec(
        base_dice=1,
        base_bonus=1,
        reduction=10,
        lasting=Lasting(elemental_flat=2, elemental_reduction=3),
        **SURE,
    )
    assert exact(odds(spec).damage) == {k: Fraction(1, 6) for k in range(6)}
    crit = AttackSpec(
        to_hit=50,
        evasion=7,
        crit_from=2,
        base_dice=0,
        base_bonus=5,
        reduction=0,
        hp=100,
        lasting=Lasting(elemental_flat=0),
    )
    # 2 x 5 + 1d6: 11..16, the enchantment's die once
    assert exact(odds(crit).damage) == {k: Fraction(1, 6) for k in range(11, 17)}


def test_l3334_the_spell_barrier_takes_the_elemental_weapons_damage() -> None:
    spec = AttackSpec(
        base_dice=0, base_bonus=4, lasting=Lasting(elemental_flat=10, spell_barrier=30), **SURE
    )
    found = odds(spec)
    assert only(found.damage) == 4  # 1d6 + 10 <= 16 all absorbed, the weapon's 4 not
    assert exact(found.absorbed) == {k: Fraction(1, 6) for k in range(11, 17)}


def test_l3377_vampiric_weapon_heals_only_when_the_hit_deals_damage() -> None:
    """ "heal the wielder for 1d6 damage when they hit ... The attack must deal more than 0
    damage." (L3377), + 2 per Defensive Spell Boost rank (L3379): DSB 1 -> 3..8. A hit the
    reduction (or a barrier) stops heals nothing; with an Elemental Weapon's damage it
    "is considered to have dealt more than 0 damage" (L3362)."""
    heal = odds(
        AttackSpec(base_dice=0, base_bonus=6, lasting=Lasting(vampiric_flat=2), **SURE)
    ).healed
    assert exact(heal) == {k: Fraction(1, 6) for k in range(3, 9)}
    stopped = AttackSpec(
        base_dice=0, base_bonus=6, reduction=6, lasting=Lasting(vampiric_flat=2), **SURE
    )
    assert only(odds(stopped).healed) == 0
    soaked = AttackSpec(
        base_dice=0, base_bonus=6, lasting=Lasting(barrier=30, vampiric_flat=2), **SURE
    )
    assert only(odds(soaked).healed) == 0
    lit = AttackSpec(
        base_dice=0,
        base_bonus=6,
        reduction=6,
        lasting=Lasting(vampiric_flat=0, elemental_flat=0),
        **SURE,
    )
    assert exact(odds(lit).healed) == {k: Fraction(1, 6) for k in range(1, 7)}
    missed = AttackSpec(to_hit=-50, evasion=7, base_bonus=6, lasting=Lasting(vampiric_flat=2))
    assert only(odds(missed).healed) == 0


MIXED = AttackSpec(
    to_hit=1,
    evasion=6,
    crit_from=11,
    bullets=2,
    base_dice=1,
    base_bonus=1,
    reduction=1,
    hp=12,
    lasting=Lasting(
        barrier=5, spell_barrier=3, elemental_flat=1, elemental_reduction=1, vampiric_flat=0
    ),
)


def test_the_forecast_of_lasting_hits_agrees_with_seeded_simulation() -> None:
    """Damage, absorbed and healed frequencies within 4 binomial sigmas of the exact odds."""
    n = 3000
    found = odds(MIXED)
    for table in (found.damage, found.absorbed, found.healed, found.hp):
        assert math.isclose(sum(table.values()), 1.0)
    seen: dict[str, Counter[int]] = {
        "damage": Counter(),
        "absorbed": Counter(),
        "healed": Counter(),
    }
    for i in range(n):
        r = resolve(MIXED, SampledChance(SeededDice(900_000 + i)))
        seen["damage"][r.damage] += 1
        seen["absorbed"][r.absorbed + r.absorbed_spell] += 1
        seen["healed"][r.healed] += 1
    for key, expected in (
        ("damage", found.damage),
        ("absorbed", found.absorbed),
        ("healed", found.healed),
    ):
        assert set(seen[key]) <= {k for k, p in expected.items() if p > 0}, key
        for value, p in expected.items():
            bound = 4 * math.sqrt(p * (1 - p) / n) + 1 / n
            assert abs(seen[key][value] / n - p) <= bound, (key, value, p)
