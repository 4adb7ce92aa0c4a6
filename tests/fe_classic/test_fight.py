"""The fe-classic combat (002 L44-70, L134-144): strike order, counters, range, Brave,
critical failures that lose the weapon, and the forecast that is the resolution's own
procedure enumerated (checked against seeded play)."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import RulesError
from tactician.rulesets.fe_classic import fight
from tactician.rulesets.fe_classic.options import ClassicOptions
from tests.fe_classic.units import fighter, weapon

OPTS = ClassicOptions()


def _order(a: object, d: object, distance: int = 1, options: ClassicOptions = OPTS) -> str:
    plan = fight.plan_fight(a, d, distance, options)  # type: ignore[arg-type]
    return "".join(s[0].upper() for s in plan.order)


def test_strike_orders_fc2() -> None:
    assert _order(fighter(spd=9), fighter(spd=5)) == "ADA"
    assert _order(fighter(spd=8), fighter(spd=5)) == "AD"
    assert _order(fighter(spd=8), fighter(spd=12)) == "ADD"
    assert _order(fighter(spd=8), fighter(spd=12), options=ClassicOptions(
        defender_doubles=False)) == "AD"
    # an archer doubling at distance 2 against a sword user: no counter, A A (L67-69)
    assert _order(fighter(weapon_name="Iron Bow", spd=9), fighter(spd=5), 2) == "AA"


def test_no_counter_out_of_range_and_bows_not_at_close_range() -> None:
    """L138-141: bows "cannot attack at close range"; a sword cannot answer at 2."""
    with pytest.raises(RulesError, match="does not reach distance 1"):
        fight.plan_fight(fighter(weapon_name="Iron Bow"), fighter(), 1, OPTS)
    plan = fight.plan_fight(fighter(weapon_name="Fire"), fighter(weapon_name="Iron Bow"), 2, OPTS)
    assert plan.order == ("attacker", "defender")
    plan = fight.plan_fight(fighter(weapon_name="Fire"), fighter(weapon_name="Iron Bow"), 1, OPTS)
    assert plan.order == ("attacker",)


def test_a_staff_never_counters_and_no_weapon_no_counter() -> None:
    assert fight.plan_fight(fighter(), fighter(weapon_name="Heal"), 1, OPTS).order == ("attacker",)
    assert fight.plan_fight(fighter(), fighter(weapon_name=None), 1, OPTS).order == ("attacker",)


def test_brave_weapon_strikes_twice_a_round() -> None:
    """L69-70 "several methods to gain further attacks": FE8 Brave, A A D (A A if doubling)."""
    brave = fighter(weapon_name="Brave Sword", spd=5)
    assert _order(brave, fighter(spd=5)) == "AAD"
    assert _order(fighter(weapon_name="Brave Sword", spd=9), fighter(spd=5)) == "AADAA"


def test_fight_stops_when_a_side_falls() -> None:
    """L56 "If a unit reaches 0HP in combat, they die": no strike after a kill."""
    killer = fighter("K", "Iron Sword", pow=30, skl=50, spd=9)
    plan = fight.plan_fight(killer, fighter("V", hp=5), 1, OPTS)
    result = fight.resolve(plan, PhysicalDice([1]))
    assert result.end.hp == (30, 0) and len(result.strikes) == 1


def test_a_failed_break_check_removes_the_weapons_later_strikes_fc11() -> None:
    """Chance below 100: a 100 fumbles; break check 51 > 50 loses the sword, so its
    second strike (after the counter) does not happen."""
    attacker = fighter("A", spd=9, skl=5)
    defender = fighter("D", spd=5)
    plan = fight.plan_fight(attacker, defender, 1, OPTS)
    assert plan.order == ("attacker", "defender", "attacker")
    # attacker: hit 100 (fumble), break 51 (lost); defender: hit 99 (miss); no third strike
    result = fight.resolve(plan, PhysicalDice([100, 51, 99]))
    assert [r.outcome for r in result.strikes] == ["fumble", "miss"]
    assert result.weapon_lost("attacker") and result.strikes[0].weapon_broke
    # the same fumble with a saving break check: the second strike happens
    result = fight.resolve(plan, PhysicalDice([100, 37, 99, 1, 99]))  # 99: no crit
    assert [r.outcome for r in result.strikes] == ["fumble", "miss", "hit"]
    assert not result.weapon_lost("attacker")


def test_weapon_lost_probability_in_the_forecast() -> None:
    attacker = fighter("A", skl=5)      # hit 90 + 10 = 100 -> cannot fumble
    assert fight.forecast(fight.plan_fight(attacker, fighter("D"), 1, OPTS)).weapon_lost(
        "attacker") == 0
    weak = fighter("A", skl=0, spd=0)   # hit 90 - 0 = 90 on a 0-avoid target: fumble 1%
    forecast = fight.forecast(fight.plan_fight(weak, fighter("D", def_=40), 1, OPTS))
    assert math.isclose(forecast.weapon_lost("attacker"), 0.005)


def _simulate(plan: fight.FightPlan, runs: int) -> Counter[tuple[int, int]]:
    return Counter(fight.resolve(plan, SeededDice(seed)).end.hp for seed in range(runs))


@pytest.mark.parametrize("options", [OPTS, ClassicOptions(hit_roll="two_dice_averaged"),
                                     ClassicOptions(fumble_at=80, break_save=30)])
def test_exact_forecast_agrees_with_seeded_play(options: ClassicOptions) -> None:
    """The forecast enumerates the procedure the dice run: 2,000 seeded fights land
    within 4 binomial sigmas of each exact end-state probability."""
    attacker = fighter("A", "Killer Axe", pow=9, skl=9, spd=9, lck=5, hp=24, max_hp=24)
    defender = fighter("D", "Iron Lance", pow=8, skl=6, spd=4, lck=3, def_=4, hp=22,
                       max_hp=22, tile="Forest")
    plan = fight.plan_fight(attacker, defender, 1, options)
    end = fight.forecast(plan).end
    exact: Counter[tuple[int, int]] = Counter()
    for state, p in end.items():
        exact[state.hp] += p  # type: ignore[assignment]
    runs = 2000
    seen = _simulate(plan, runs)
    assert set(seen) <= {hp for hp, p in exact.items() if p > 0}
    assert math.isclose(sum(exact.values()), 1.0)
    for hp, p in exact.items():
        sigma = math.sqrt(p * (1 - p) / runs)
        assert abs(seen[hp] / runs - p) <= 4 * sigma + 1e-3, (hp, p, seen[hp] / runs)


def test_forecast_kill_chance_by_hand() -> None:
    """One strike each way, no doubling: P(defender falls) = P(hit) when a hit kills."""
    attacker = fighter("A", pow=30, skl=0, lck=0)        # hit 90 - 15 (sword < lance)
    defender = fighter("D", hp=10, max_hp=10, weapon_name="Iron Lance", pow=0)
    forecast = fight.forecast(fight.plan_fight(attacker, defender, 1, OPTS))
    assert math.isclose(forecast.falls("defender"), 0.75)
    assert math.isclose(forecast.defender_hp[10], 0.25)
    # the Iron Lance's counter (Mt 7, Hit 80): hit 80 + 15, 7 + 1 damage, if A missed
    assert math.isclose(forecast.attacker_hp[22], 0.25 * 0.95)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20), st.integers(0, 20),
       st.integers(1, 40), st.integers(1, 40), st.sampled_from(
           ["Iron Sword", "Iron Axe", "Iron Lance", "Killer Axe", "Brave Sword", "Fire"]))
def test_forecast_is_a_distribution_and_hp_only_falls(a_skl: int, a_spd: int, d_spd: int,
                                                      d_def: int, a_hp: int, d_hp: int,
                                                      name: str) -> None:
    a = fighter("A", name, pow=8, skl=a_skl, spd=a_spd, hp=a_hp, max_hp=40)
    d = fighter("D", "Iron Lance", pow=6, skl=5, spd=d_spd, def_=d_def, hp=d_hp, max_hp=40)
    forecast = fight.forecast(fight.plan_fight(a, d, 1, OPTS))
    assert math.isclose(sum(forecast.end.values()), 1.0)
    assert all(0 <= h <= a_hp for h in forecast.attacker_hp)
    assert all(0 <= h <= d_hp for h in forecast.defender_hp)
    assert forecast.expected_damage("attacker") >= 0


def test_refusals() -> None:
    with pytest.raises(RulesError, match="no weapon"):
        fight.plan_fight(fighter(weapon_name="Heal"), fighter(), 1, OPTS)
    with pytest.raises(RulesError, match="defeated"):
        fight.plan_fight(fighter(hp=0), fighter(), 1, OPTS)
    assert weapon("Iron Bow").range == (2, 2)


def test_a_weapon_has_its_own_critical_failure_number() -> None:
    """L99-100 "The number required for it to be a failure is determined by the weapon":
    the Killer Axe's entry (fumble_at 96) against the ruling's 100 for the Iron Axe."""
    from tactician.rulesets.fe_classic.fumbles import fumble_numbers, load_fumbles

    assert fumble_numbers("Killer Axe", OPTS) == (96, 50)
    assert fumble_numbers("Iron Axe", OPTS) == (100, 50)
    assert all(e.source for e in load_fumbles().values())
    killer = fight.plan_fight(fighter("A", "Killer Axe"), fighter("D", def_=40), 1, OPTS)
    iron = fight.plan_fight(fighter("A", "Iron Axe"), fighter("D", def_=40), 1, OPTS)
    assert math.isclose(killer.rolls["attacker"].probabilities()["fumble"], 0.05)
    assert math.isclose(iron.rolls["attacker"].probabilities()["fumble"], 0.01)
