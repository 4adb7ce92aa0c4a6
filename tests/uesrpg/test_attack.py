"""The attack: one procedure for resolution and forecast; exact odds against
hand counts and against seeded simulation; replays of the recorded dice."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.attack import attacker_wins, forecast, plan_attack, resolve
from tactician.rulesets.uesrpg.checks import TestResult, judge
from tactician.rulesets.uesrpg.conditions import add_condition
from tactician.rulesets.uesrpg.damage import DiceSum
from tactician.rulesets.uesrpg.locations import location_of
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState
from tests.uesrpg.units import armor_piece, unit

OPTS = UesrpgOptions()


def t(passed: bool, degrees: int = 0, critical: bool = False) -> TestResult:
    return TestResult(passed, degrees, critical)


def test_opposed_resolution() -> None:
    assert not attacker_wins(t(False), None, OPTS)
    assert attacker_wins(t(True, 2), None, OPTS)
    assert attacker_wins(t(True, 2), t(False), OPTS)
    assert attacker_wins(t(True, 5), t(True, 4), OPTS)
    assert not attacker_wins(t(True, 4), t(True, 5), OPTS)
    assert not attacker_wins(t(True, 4), t(True, 4), OPTS)  # ties to the defender
    assert attacker_wins(t(True, 4), t(True, 4), UesrpgOptions(defence_tie="attacker"))
    assert attacker_wins(t(True, 1, True), t(True, 9), OPTS)  # a critical beats a plain success
    assert not attacker_wins(t(True, 9), t(True, 1, True), OPTS)


def test_a_sure_hit_lands_by_the_location_table() -> None:
    attacker = unit("A", str_=100, skills={"combat style": {"characteristic": "strength"}})
    result = forecast(plan_attack(attacker, unit("D")))
    faces = [r for r in range(1, 101) if r not in (98, 99, 100)]
    assert result.hit == pytest.approx(0.97)
    for location, p in result.locations.items():
        expected = sum(1 for r in faces if location_of(r) == location) / 100
        assert p == pytest.approx(expected), location
    assert sum(result.locations.values()) == pytest.approx(result.hit)


def test_hit_chance_matches_a_count_of_all_face_pairs() -> None:
    attacker, defender = unit("A", str_=45), unit("D", ag=50)
    plan = plan_attack(attacker, defender, defence="evade")
    a_target, d_target = plan.attack_test.target, plan.defence_test.target  # type: ignore[union-attr]
    assert (a_target, d_target) == (55, 50)
    wins = 0
    for a in range(1, 101):
        for d in range(1, 101):
            atk, dfn = judge(a, a_target), judge(d, d_target)
            wins += attacker_wins(atk, dfn, OPTS)
    assert forecast(plan).hit == pytest.approx(wins / 10_000)


def test_wound_and_kill_odds_match_a_hand_count() -> None:
    attacker = unit("A", str_=40)  # Longsword 1d8+SB = 5..12
    defender = unit("D", end=18, str_=20, wp=20)  # HP 9, WT 2 + 1 + 2 = 5
    plan = plan_attack(attacker, defender)
    result = forecast(plan)
    hit = 0.50  # Combat Style 40 + 10: faces 1..50 pass
    damage = dict(DiceSum((8,), 4).outcomes())
    assert result.hit == pytest.approx(hit)
    assert result.wound == pytest.approx(hit * sum(p for d, p in damage.items() if d > 5))
    assert result.kill == pytest.approx(hit * sum(p for d, p in damage.items() if d >= 9))
    assert sum(result.hp_distribution().values()) == pytest.approx(1.0)
    assert result.hp_distribution()[9] == pytest.approx(1 - hit)


def test_armor_on_the_struck_location_reduces_damage() -> None:
    attacker = unit("A", str_=100, skills={"combat style": {"characteristic": "strength"}})
    helmed = unit("D", armor=(armor_piece("Helm", ["head"], physical=20),))
    result = forecast(plan_attack(attacker, helmed))
    head = {s.damage for s in result.final if s.location == "head"}
    assert head == {0}


def test_attacks_on_a_lost_arm_hit_the_body() -> None:
    attacker = unit("A", str_=100, skills={"combat style": {"characteristic": "strength"}})
    one_armed = add_condition(unit("D"), "Lost Body Part", where="right_arm")[0]
    result = forecast(plan_attack(attacker, one_armed))
    assert result.locations["right_arm"] == 0
    # body: the 50 faces ending 1-5, plus the right arm's 8, 18, ..., 88 (98 fails)
    assert result.locations["body"] == pytest.approx(0.50 + 0.09)


def test_a_lucky_number_hits_whatever_the_target() -> None:
    lucky = unit("A", pc=True, str_=0, lck=10, lucky=(50,), unlucky=(1, 2, 3, 4))
    result = forecast(plan_attack(lucky, unit("D")))
    # Combat Style 0 + 10 = 10: rolls 5..10 hit (1-4 are unlucky), and the lucky 50
    assert result.hit == pytest.approx(0.07)


def test_forecast_agrees_with_seeded_simulation() -> None:
    attacker = unit("A", str_=45, weapons=("Fire Bolt",), wp=45)
    defender = unit("D", end=30, ag=45, armor=(armor_piece("Robe", ["body"], magic=1, fire=1),))
    plan = plan_attack(attacker, defender, "Fire Bolt", defence="evade")
    exact = forecast(plan)
    runs = 4000
    dice = SeededDice(7)
    hp: Counter[int] = Counter()
    hits = wounds = 0
    for _ in range(runs):
        result = resolve(plan, dice)
        hp[result.defender.hp] += 1
        hits += result.final.hit
        wounds += result.final.wounded
    for value, p in ((hits / runs, exact.hit), (wounds / runs, exact.wound)):
        sigma = (p * (1 - p) / runs) ** 0.5
        assert value == pytest.approx(p, abs=5 * sigma + 2e-3)
    for value, p in exact.hp_distribution().items():
        sigma = (p * (1 - p) / runs) ** 0.5
        assert hp[value] / runs == pytest.approx(p, abs=5 * sigma + 2e-3), value
    assert set(hp) <= set(exact.hp_distribution())


def test_resolution_records_each_decision() -> None:
    attacker, defender = unit("A"), unit("D")
    plan = plan_attack(attacker, defender, defence="parry")
    result = resolve(plan, PhysicalDice([38, 60, 5]))  # hit body 3 DoS; parry fails; d8 = 5
    assert result.final.hit and result.final.location == "right_arm"
    assert result.defender.hp == 20 - 9
    first = result.notes[0]
    assert [d.faces for d in first.decisions] == [(38,), (60,)]
    assert "hits" in first.record.text


def test_hidden_ends_when_attacking() -> None:
    attacker = add_condition(unit("A"), "Hidden")[0]
    result = resolve(plan_attack(attacker, unit("D")), SeededDice(1))
    assert result.attacker.condition("Hidden") is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"weapon": "Halberd"}, "carries no 'Halberd'"),
        ({"defence": "dodge"}, "unknown defence"),
        ({"defence": "block"}, "no shield"),
    ],
)
def test_refused_attacks_change_nothing(kwargs: dict[str, str], message: str) -> None:
    attacker, defender = unit("A"), unit("D")
    before = (attacker, defender)
    with pytest.raises(RulesError, match=message):
        plan_attack(attacker, defender, **kwargs)  # type: ignore[arg-type]
    assert (attacker, defender) == before == (unit("A"), unit("D"))


def test_cannot_attack_the_dead() -> None:
    from dataclasses import replace

    with pytest.raises(RulesError, match="dead"):
        plan_attack(unit("A"), replace(unit("D"), dead=True))


WEAPONS = ["Longsword", "Greatsword", "Fire Bolt", "Frost Spike", "Shock Bolt", "Venom Blade",
           "Shadow Bolt", "Arcane Bolt", "Dagger"]  # fmt: skip


def _fighter(name: str, stats: tuple[int, ...], weapon: str, pc: bool) -> CombatState:
    strength, endurance, agility, willpower, luck = stats
    extra: dict[str, object] = {}
    if pc:
        lb = luck // 10
        extra = {"pc": True, "lucky": tuple(range(41, 41 + lb)),
                 "unlucky": tuple(range(91, 91 + max(0, 5 - lb)))}  # fmt: skip
    return unit(
        name,
        str_=strength,
        end=endurance,
        ag=agility,
        wp=willpower,
        lck=luck,
        weapons=(weapon, "Kite Shield"),
        armor=(armor_piece("Mail", ["body", "head"], physical=3, magic=1, fire=2),),
        **extra,
    )  # type: ignore[arg-type]


STATS = st.tuples(*(st.integers(5, 70) for _ in range(5)))


@settings(max_examples=40, deadline=None)
@given(
    a=STATS,
    d=STATS,
    weapon=st.sampled_from(WEAPONS),
    defence=st.sampled_from(["none", "evade", "parry", "block"]),
    pc=st.booleans(),
    seed=st.integers(0, 2**31 - 1),
)
def test_properties(
    a: tuple[int, ...], d: tuple[int, ...], weapon: str, defence: str, pc: bool, seed: int
) -> None:
    attacker = _fighter("A", a, weapon, pc)
    defender = _fighter("D", d, "Longsword", not pc)
    plan = plan_attack(attacker, defender, weapon, defence)  # type: ignore[arg-type]
    exact = forecast(plan)
    assert sum(exact.final.values()) == pytest.approx(1.0)
    assert sum(exact.hp_distribution().values()) == pytest.approx(1.0)
    assert all(0 <= hp <= defender.hp for hp in exact.hp_distribution())
    assert 0 <= exact.wound <= exact.hit <= 1
    dice = SeededDice(seed)
    result = resolve(plan, dice)
    assert result.final in exact.final  # every resolution is a forecast state
    replay = resolve(plan, PhysicalDice([draw.value for draw in dice.draws]))
    assert replay.final == result.final
    assert replay.records() == result.records()


def test_a_spell_cannot_parry() -> None:
    with pytest.raises(RulesError, match="no weapon to parry"):
        plan_attack(unit("A"), unit("D", weapons=("Fire Bolt",)), defence="parry")
