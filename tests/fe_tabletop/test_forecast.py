"""Exact odds with dice damage: the forecast branches on every damage value.

The forecast and the resolution are one procedure (fe_common's exchange with
001's strikes). Here the exact forecast is checked against hand arithmetic,
against a seeded simulation of the same procedure, and for summing to 1.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.distribution import DiceSum
from tactician.dice.source import SeededDice
from tactician.rulesets.fe_common.character.weapons import find_weapon
from tactician.rulesets.fe_common.compendium import load_fe8
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER
from tactician.rulesets.fe_tabletop.combatant import Combatant
from tactician.rulesets.fe_tabletop.fight import forecast, plan_fight, resolve
from tactician.rulesets.fe_tabletop.options import TabletopOptions

FE8 = load_fe8()
OPTIONS = TabletopOptions()


def armed(name: str, weapon: str, dice: str, **stats: object) -> Combatant:
    w = replace(find_weapon(FE8, weapon), damage=DiceSum.parse(dice, "damage"))
    base = Combatant(name=name, hp=20, pow=0, skl=0, spd=0, lck=0, def_=0, res=0, con=10,
                     weapon=w)
    return replace(base, **stats)  # type: ignore[arg-type]


def test_one_strike_kill_chance_by_hand() -> None:
    # hit 90 (Iron Sword 90, nothing else), crit 0; 1d10 vs 8 HP: kills on 8, 9, 10
    me = armed("A", "Iron Sword", "1d10")
    them = replace(armed("D", "Iron Bow", "1d6"), hp=8)
    result = forecast(plan_fight(me, them, 1, OPTIONS))
    assert result.defender_falls == pytest.approx(0.90 * 3 / 10)
    assert result.defender_hp[8] == pytest.approx(0.10)
    assert result.defender_hp[1] == pytest.approx(0.09)  # a 7
    assert result.expected_damage(DEFENDER) == pytest.approx(
        0.9 * sum(min(8, d) for d in range(1, 11)) / 10)
    assert result.attacker_falls == 0.0


def test_crits_double_the_damage_roll_in_the_forecast() -> None:
    # TT-5: hit 74 by construction, crit 14; 1d8 + Str 9 // 2 vs Def 5
    me = armed("A", "Iron Sword", "1d8", pow=9, lck=9, skl=0)
    me = replace(me, weapon=replace(me.weapon, hit=74 - 4, crit=10))  # type: ignore[arg-type]
    them = replace(armed("D", "Iron Bow", "1d6"), def_=5, hp=40)
    result = forecast(plan_fight(me, them, 1, OPTIONS))
    # non-crit 3..10, crit 8, 10, ..., 22: each value of the d8 1/8
    expected = {40: 0.26}
    for face in range(1, 9):
        expected[40 - (face + 4 - 2)] = expected.get(40 - (face + 4 - 2), 0) + 0.60 / 8
        expected[40 - ((face + 4) * 2 - 2)] = expected.get(40 - ((face + 4) * 2 - 2), 0) + 0.14 / 8
    assert dict(result.defender_hp) == {hp: pytest.approx(p) for hp, p in expected.items()}


def _fighters() -> tuple[Combatant, Combatant]:
    a = armed("Kyle", "Steel Lance", "1d10+5", pow=7, skl=6, spd=12, lck=5, def_=4, hp=24)
    d = armed("Bone", "Iron Axe", "1d10", pow=8, skl=3, spd=4, lck=1, def_=3, hp=26)
    return a, d


def test_exact_forecast_agrees_with_a_seeded_simulation() -> None:
    """10,000 seeded fights (seed 2026) of the very procedure; every probability of the
    defender's and the attacker's final HP, and each kill chance, lies within 5 standard
    errors (sqrt(p(1 - p) / n)) plus 1/n of the exact value. The seed is fixed, so the
    check is deterministic; 5 SE would fail by chance less than once in a million runs."""
    a, d = _fighters()
    plan = plan_fight(a, d, 1, OPTIONS)
    exact = forecast(plan)
    n, dice = 10_000, SeededDice(2026)
    final = Counter(resolve(plan, dice).end.hp for _ in range(n))
    for side, index, hp in ((ATTACKER, 0, exact.attacker_hp), (DEFENDER, 1, exact.defender_hp)):
        simulated: Counter[int] = Counter()
        for state, count in final.items():
            simulated[state[index]] += count
        for value in set(hp) | set(simulated):
            p = hp.get(value, 0.0)
            bound = 5 * math.sqrt(max(p * (1 - p), 1e-12) / n) + 1 / n
            assert abs(simulated[value] / n - p) <= bound, (side, value)
    assert 0.0 < exact.defender_falls < 1.0  # the fight is not trivial


def test_equal_hp_states_are_merged() -> None:
    a, d = _fighters()
    end = forecast(plan_fight(a, d, 1, OPTIONS)).end
    assert len({s.hp for s in end}) == len({(s.hp, s.uses) for s in end})
    assert len(end) <= (a.hp + 1) * (d.hp + 1) * 4


@settings(max_examples=30, deadline=None)
@given(
    st.integers(1, 30), st.integers(1, 30), st.integers(0, 15), st.integers(0, 15),
    st.integers(0, 20), st.integers(0, 20), st.sampled_from(["1d4", "1d10", "2d6", "1d10+5"]),
    st.sampled_from(["same_die", "separate_die"]),
    st.sampled_from(["damage_roll", "dice_only", "after_defense"]), st.integers(1, 3),
)
def test_probabilities_sum_to_one(
    hp_a: int, hp_d: int, spd_a: int, spd_d: int, skl: int, lck: int, dice: str,
    crit_roll: str, crit_doubles: str, uses: int,
) -> None:
    options = TabletopOptions(crit_roll=crit_roll, crit_doubles=crit_doubles)  # type: ignore[arg-type]
    a = armed("A", "Iron Sword", dice, hp=hp_a, spd=spd_a, skl=skl, lck=lck, uses=uses)
    d = armed("D", "Iron Lance", dice, hp=hp_d, spd=spd_d, lck=lck)
    result = forecast(plan_fight(a, d, 1, options))
    assert sum(result.end.values()) == pytest.approx(1.0)
    assert sum(result.attacker_hp.values()) == pytest.approx(1.0)
    assert sum(result.defender_hp.values()) == pytest.approx(1.0)
    assert all(0 <= h <= hp_d for h in result.defender_hp)
    assert 0.0 <= result.weapon_lost(ATTACKER) <= 1.0 + 1e-9


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 30), st.integers(1, 30), st.integers(0, 12))
def test_every_resolved_fight_ends_in_a_forecast_state(
    seed: int, hp_a: int, hp_d: int, spd_a: int
) -> None:
    a = armed("A", "Iron Sword", "1d10", hp=hp_a, spd=spd_a, skl=4, lck=8, uses=2)
    d = armed("D", "Iron Axe", "2d6", hp=hp_d, pow=4)
    plan = plan_fight(a, d, 1, OPTIONS)
    end = forecast(plan).end
    result = resolve(plan, SeededDice(seed))
    assert end.get(result.end, 0.0) > 0.0
