"""The exact insanity outcome of an attack, before it is made (spec §3.22 item 1, 7)."""

from __future__ import annotations

import math

import pytest

from tactician.dice.distribution import DiceSum
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity_forecast import NO_ROLL, attack_insanity
from tactician.rulesets.miridon.insanity_roll import insanity_check, resolve_insanity

from .conftest import seeded


def test_miss_or_no_trigger_never_rolls(comp: Compendium) -> None:
    forecast = attack_insanity(comp, 30, 40, 0, {0: 1.0})  # a miss lowers no HP
    assert forecast.p_roll == 0 and forecast.outcomes == {NO_ROLL: 1.0}
    forecast = attack_insanity(comp, 60, 40, 0, {5: 0.5, 10: 0.5})
    assert forecast.p_roll == 0


def test_mixture_sums_to_one_and_matches_simulation(comp: Compendium) -> None:
    """A 1d6 hit (70%) on HP 30 with ghost 32: rolls when HP falls below 32, always here."""
    hit = dict(DiceSum.parse("1d6").outcomes())
    damage = {d: 0.7 * p for d, p in hit.items()}
    damage[0] = 0.3
    forecast = attack_insanity(comp, 30, 32, 0, damage)
    assert forecast.p_roll == pytest.approx(0.7)
    assert math.isclose(sum(forecast.outcomes.values()), 1.0, abs_tol=1e-9)
    trials, stunned, rolled = 3000, 0, 0
    for seed in range(trials):
        chance = seeded(seed)
        if chance.decide(DiceSum.parse("1d10")) <= 3:  # the 30% miss
            continue
        dealt = chance.decide(DiceSum.parse("1d6"))
        result = resolve_insanity(comp, insanity_check(30 - dealt, 32), chance)
        rolled += bool(result.lookups)
        stunned += any(t.effect == "Stun" for t in result.taken)
    assert abs(rolled / trials - 0.7) < 4.5 * math.sqrt(0.21 / trials)
    p = forecast.effect("Stun")
    assert abs(stunned / trials - p) < 4.5 * math.sqrt(p * (1 - p) / trials) + 1e-3


def test_hp_lost_is_capped_at_the_targets_hp_as_in_battle(comp: Compendium) -> None:
    """The battle keeps Current HP at 0 or more (L1736-1740, ``strike``), so a 15-damage hit
    on 5 HP leaves 0 HP and the check rolls ghost - 0 + 3d6 (L3035), not ghost - (-10)."""
    from tactician.rulesets.miridon.insanity_roll import insanity_distribution

    forecast = attack_insanity(comp, 5, 20, 0, {15: 1.0})
    expected = insanity_distribution(comp, insanity_check(0, 20).bonus)
    assert insanity_check(0, 20).bonus == 20
    assert forecast.p_roll == 1.0
    assert forecast.outcomes.keys() == expected.keys()
    for taken, p in expected.items():
        assert forecast.outcomes[taken] == pytest.approx(p)
    # every damage at or above the HP is the same check
    same = attack_insanity(comp, 5, 20, 0, {5: 0.5, 40: 0.5})
    for taken, p in expected.items():
        assert same.outcomes[taken] == pytest.approx(p)
