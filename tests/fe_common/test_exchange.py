"""fe_common: the GBA-order exchange, resolved on dice and forecast exactly."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.chance import Chance, SampledChance
from tactician.dice.source import PhysicalDice
from tactician.rulesets.fe_common.attack_roll import HIT, MISS, Outcome, attack_roll
from tactician.rulesets.fe_common.exchange import (
    ATTACKER,
    DEFENDER,
    Exchange,
    StrikeRecord,
    hp_distribution,
    strike_order,
)


def test_strike_order_is_gba() -> None:
    assert strike_order(False, False, True) == (ATTACKER, DEFENDER)
    assert strike_order(True, False, True) == (ATTACKER, DEFENDER, ATTACKER)
    assert strike_order(False, True, True) == (ATTACKER, DEFENDER, DEFENDER)
    assert strike_order(True, False, False) == (ATTACKER, ATTACKER)
    assert strike_order(False, True, False) == (ATTACKER,)
    assert strike_order(False, False, True, attacker_brave=True) == (ATTACKER, ATTACKER, DEFENDER)


def fixed(hit: int, damage: int):  # noqa: ANN201 - a Strike
    roll = attack_roll(hit, 0)

    def strike(chance: Chance) -> tuple[Outcome, int]:
        return roll.resolve(chance), damage

    return strike


def test_a_broken_weapon_cancels_the_second_attack_but_not_the_counter() -> None:
    # 001 L52: the attacker's weapon has 1 use; it hits and breaks on the first attack
    exchange = Exchange(strike_order(True, False, True),
                        {ATTACKER: fixed(100, 3), DEFENDER: fixed(100, 2)})
    chance = SampledChance(PhysicalDice([50, 50, 50]))
    end = exchange.resolve(exchange.start((20, 20), (1, None)), chance)
    assert end.hp == (18, 17)
    assert end.broken(ATTACKER)
    records = [n.record for n in chance.notes]
    assert [r.side for r in records] == [ATTACKER, DEFENDER]
    assert records[0] == StrikeRecord(ATTACKER, HIT, 3, 17, True)


def test_a_miss_costs_no_durability_by_default() -> None:
    exchange = Exchange((ATTACKER,), {ATTACKER: fixed(0, 3)})
    end = exchange.resolve(exchange.start((5, 5), (2, None)), SampledChance(PhysicalDice([50])))
    assert end.uses == (2, None)
    worn = Exchange((ATTACKER,), {ATTACKER: fixed(0, 3)}, wear_on_miss=True)
    end = worn.resolve(worn.start((5, 5), (2, None)), SampledChance(PhysicalDice([50])))
    assert end.uses[0] == 1


def test_the_fight_stops_when_a_side_falls() -> None:
    exchange = Exchange(strike_order(True, False, True),
                        {ATTACKER: fixed(100, 9), DEFENDER: fixed(100, 9)})
    chance = SampledChance(PhysicalDice([1]))
    end = exchange.resolve(exchange.start((10, 5)), chance)
    assert end.hp == (10, 0) and len(chance.notes) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 100), st.integers(0, 100), st.integers(1, 12), st.integers(1, 12),
       st.integers(1, 15), st.integers(1, 15), st.booleans(), st.booleans())
def test_forecast_matches_brute_force_over_every_die(
    hit_a: int, hit_d: int, dmg_a: int, dmg_d: int, hp_a: int, hp_d: int, a2: bool, counter: bool
) -> None:
    order = strike_order(a2, False, counter)
    exchange = Exchange(order, {ATTACKER: fixed(hit_a, dmg_a), DEFENDER: fixed(hit_d, dmg_d)})
    forecast = exchange.forecast(exchange.start((hp_a, hp_d)))
    assert sum(forecast.values()) == pytest.approx(1.0)
    # brute force: each strike is a hit or a miss with its probability
    expected: dict[tuple[int, int], float] = {}
    for pattern in product((True, False), repeat=len(order)):
        hp, p, counted = [hp_a, hp_d], 1.0, True
        for position, (side, hits) in enumerate(zip(order, pattern, strict=True)):
            if min(hp) <= 0:  # the fight is over: count this ending once
                counted = all(pattern[position:])
                break
            chance = (hit_a if side == ATTACKER else hit_d) / 100
            p *= chance if hits else 1 - chance
            if hits:
                target = 1 if side == ATTACKER else 0
                hp[target] = max(0, hp[target] - (dmg_a if side == ATTACKER else dmg_d))
        if counted:
            expected[(hp[0], hp[1])] = expected.get((hp[0], hp[1]), 0.0) + p
    got: dict[tuple[int, int], float] = {}
    for state, p in forecast.items():
        got[state.hp] = got.get(state.hp, 0.0) + p
    assert got.keys() <= expected.keys()
    for key, p in expected.items():
        assert got.get(key, 0.0) == pytest.approx(p, abs=1e-9)
    assert sum(hp_distribution(forecast, DEFENDER).values()) == pytest.approx(1.0)


def test_miss_outcome_is_a_miss() -> None:
    assert attack_roll(0, 0).resolve(SampledChance(PhysicalDice([1]))) == MISS
