"""Attack Sequences: counts, order, feats that act mid-sequence, True Hit, and
the exact forecast against seeded resolution (000 "Attack Sequences")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.events import AveragedRoll, Bands
from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import NeedRoll, RulesError
from tactician.rulesets.tropera.models import Weapon
from tactician.rulesets.tropera.numbers import attack_count
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import (
    forecast,
    plan_sequence,
    resolve,
    strike_numbers,
    strike_order,
)
from tests.tropera.units import BRAVE_SWORD, FIRE, HEAL, IRON_AXE, IRON_BOW, IRON_SWORD, unit

OPTIONS = TroperaOptions()


def count(me, opp, *, is_target=False, options=OPTIONS):  # type: ignore[no-untyped-def]
    return attack_count(me, me.weapon, opp, opp.weapon, is_target=is_target, options=options)


# --- number of attacks ---


def test_speed_four_higher_grants_an_extra_attack() -> None:
    assert count(unit(spd=9), unit(spd=5)) == 2
    assert count(unit(spd=8), unit(spd=5)) == 1
    assert count(unit(spd=5), unit(spd=9), is_target=True) == 1


def test_heavy_weapons_and_staves_get_no_speed_extra() -> None:
    heavy = Weapon(name="Great Maul", type="axe", might=12, accuracy=60, heavy=True)
    assert count(unit(spd=15, weapon=heavy), unit(spd=5)) == 1
    assert (
        count(
            unit(
                spd=15,
                weapon=Weapon(
                    name="Sleep", type="staff", might=0, accuracy=60, inflicts="sleep", brave=True
                ),
            ),
            unit(spd=5),
        )
        == 1
    )


def test_brave_adept_reckless_sentinel_s3() -> None:
    assert count(unit(weapon=BRAVE_SWORD), unit()) == 2
    assert count(unit(spd=9, weapon=BRAVE_SWORD), unit(spd=5)) == 3
    assert count(unit(skl=9, feats=("Adept",)), unit(skl=5)) == 2
    assert count(unit(feats=("Reckless",)), unit()) == 2
    # "you take an Extra Attack from all enemies that attack you"
    assert count(unit(), unit(feats=("Reckless",)), is_target=True) == 2
    sentinel = unit(feats=("Sentinel",), defending=True)
    assert count(sentinel, unit(), is_target=True) == 2
    assert count(sentinel, unit(), is_target=False) == 1
    assert count(unit(ranks={"sword": "S+3"}), unit()) == 2


def test_wary_and_ice_breath_remove_one_attack_minimum_one() -> None:
    assert count(unit(spd=9, weapon=BRAVE_SWORD), unit(spd=5, feats=("Wary",))) == 2
    assert count(unit(), unit(feats=("Wary",))) == 1
    ice = Weapon(name="Dragon's Breath (Ice)", type="breath", might=10, accuracy=70)
    assert count(unit(spd=9), unit(spd=5, weapon=ice)) == 1


def test_slowed_denies_the_speed_extra_attack_by_default() -> None:
    slowed = unit(spd=12, statuses=frozenset({"slowed"}))
    assert count(slowed, unit(spd=5)) == 1
    assert (
        count(slowed, unit(spd=5), options=OPTIONS._replace(slowed_denies_speed_extra=False)) == 2
    )


def test_out_of_range_defender_does_not_counter() -> None:
    plan = plan_sequence(unit("Archer", weapon=IRON_BOW), [unit("Knight")], distance=2)
    assert plan.counts == [1, 0]
    with pytest.raises(RulesError, match="reaches 2-2, not distance 1"):
        plan_sequence(unit("Archer", weapon=IRON_BOW), [unit("Knight")], distance=1)


def test_bow_s_plus_minimum_range_one() -> None:
    archer = unit("Archer", weapon=IRON_BOW, ranks={"bow": "S+1"})
    assert plan_sequence(archer, [unit("Knight")], distance=1).counts == [1, 1]


def test_healing_staff_cannot_attack() -> None:
    with pytest.raises(RulesError, match="heals allies"):
        plan_sequence(unit(weapon=HEAL), [unit()])


# --- order ---


def test_alternating_then_remaining_back_to_back() -> None:
    # "If one character runs out of attacks before the other, the other character's
    # remaining attacks are all executed back to back."
    assert strike_order([3, 1]) == [0, 1, 0, 0]
    assert strike_order([1, 2]) == [0, 1, 1]
    assert strike_order([2, 2]) == [0, 1, 0, 1]
    assert strike_order([2, 0]) == [0, 0]


def test_chain_lightning_order_from_the_text() -> None:
    # "Player A, Enemy 1, Enemy 3, Enemy 2, and then back to Player A"
    chain = FIRE.model_copy(update={"name": "Chain Lightning", "extra_targets": 2})
    a = unit("Player A", mag=5, weapon=chain)
    e1, e3, e2 = unit("Enemy 1"), unit("Enemy 3"), unit("Enemy 2")
    plan = plan_sequence(a, [e1, e3, e2], distance=1)
    names = [plan.units[s.striker].name for s in plan.strikes]
    targets = [plan.units[s.target].name for s in plan.strikes]
    assert names[:6] == ["Player A"] * 3 + ["Enemy 1", "Enemy 3", "Enemy 2"]
    assert targets[:3] == ["Enemy 1", "Enemy 3", "Enemy 2"]


def test_vantage_counter_goes_first_only_when_faster() -> None:
    fast = unit("V", spd=8, feats=("Vantage",))
    plan = plan_sequence(unit("A", spd=6), [fast])
    assert [s.striker for s in plan.strikes] == [1, 0]
    slow = unit("V", spd=6, feats=("Vantage",))
    assert [s.striker for s in plan_sequence(unit("A", spd=6), [slow]).strikes] == [0, 1]


# --- the attack roll ---


def test_one_d100_decides_hit_and_crit() -> None:
    attacker = unit("A", skl=10, lck=0)  # hit 110, crit 5
    target = unit("D", spd=25, lck=0, hp=30)  # avoid 50 -> hit chance 60? no: use numbers
    numbers_ = strike_numbers(attacker, target, OPTIONS)
    assert (numbers_.hit, numbers_.crit) == (60, 5)
    plan = plan_sequence(attacker, [target])
    # True Hit (60+): dice 3 and 5 average 4 <= crit 5 -> critical
    result = resolve(plan, PhysicalDice([3, 5, 100, 100, 100, 100]))
    assert result.records[0].record.outcome == "crit"


@pytest.mark.parametrize(("hit", "expected"), [(50, 0.505), (70, 0.823), (80, 0.922), (90, 0.981)])
def test_true_hit_matches_published_2rn_rates(hit: int, expected: float) -> None:
    # reference-facts: "displayed 50/70/80/90 hit land 50.5%/82.3%/92.2%/98.1%"
    event = Bands(AveragedRoll(2, 100), (hit,), ("hit", "miss"))
    assert dict(event.outcomes())["hit"] == pytest.approx(expected, abs=0.0006)


def test_true_hit_only_from_sixty() -> None:
    assert strike_numbers(unit(skl=0, lck=0), unit(spd=16, lck=0), OPTIONS).roll.averaged is False
    assert strike_numbers(unit(skl=0, lck=0), unit(spd=15, lck=0), OPTIONS).roll.averaged is True


@pytest.mark.parametrize("ruling", ["averaged", "first_die", "separate"])
def test_true_hit_crit_rulings_are_exact(ruling: str) -> None:
    options = OPTIONS._replace(true_hit_crit=ruling)
    numbers_ = strike_numbers(unit(skl=20, lck=0), unit(spd=20, lck=0), options)
    probabilities = numbers_.roll.probabilities()
    assert sum(probabilities.values()) == pytest.approx(1.0)
    dice = SeededDice(11)
    from tactician.dice.chance import SampledChance

    chance = SampledChance(dice)
    counts = Counter(numbers_.roll.resolve(chance) for _ in range(20_000))
    for label, p in probabilities.items():
        assert counts[label] / 20_000 == pytest.approx(
            p, abs=4 * (p * (1 - p) / 20_000) ** 0.5 + 1e-3
        )


# --- feats acting mid-sequence ---


def test_miracle_leaves_one_hp_once() -> None:
    attacker = unit("A", str_=30, skl=30, spd=9)
    lucky = unit("M", hp=10, spd=0, lck=0, def_=0, feats=("Miracle",))
    plan = plan_sequence(attacker, [lucky])
    assert plan.counts[0] == 2
    result = forecast(plan)
    # both hits land for sure (hit 100): first leaves 1 HP, second kills
    assert result.hp_distribution(1) == pytest.approx({0: 1.0})
    one_hit = plan_sequence(unit("A", str_=30, skl=30, spd=3), [lucky])
    assert forecast(one_hit).hp_distribution(1) == pytest.approx({1: 1.0})


def test_shield_takes_no_damage_from_the_first_hit() -> None:
    attacker = unit("A", str_=10, skl=30, spd=9)
    knight = unit("K", hp=30, spd=0, lck=20, def_=0, feats=("Shield", "Heavy Armor"))
    result = forecast(plan_sequence(attacker, [knight]))
    # damage 15 halved to 7 by Heavy Armor; the first hit is absorbed (no crits: Lck 20)
    assert result.hp_distribution(1) == pytest.approx({23: 1.0})


def test_silencer_kills_when_hp_left_is_at_most_half_skill() -> None:
    thief = unit("T", str_=5, skl=20, feats=("Thief", "Silencer"))
    target = unit("D", hp=15, spd=0, lck=0, def_=0)
    # 10 damage leaves 5 <= 20//2: killed instantly
    assert forecast(plan_sequence(thief, [target])).defeated(1) == pytest.approx(1.0)


def test_guard_break_raises_later_hit_chances() -> None:
    breaker = unit("G", str_=10, skl=0, lck=0, spd=24, feats=("Guard Break",), weapon=IRON_AXE)
    target = unit("D", hp=60, spd=20, lck=0, def_=10, weapon=IRON_AXE)
    plan = plan_sequence(breaker, [target])
    assert plan.table[(0, 1, -1, 0)].hit == 75 - 40
    assert plan.table[(0, 1, 0, 0)].hit == 75 - 40 + 5
    seen = []
    for seed in range(40):
        result = resolve(plan, SeededDice(seed))
        first = result.records[0].record
        if first.outcome != "miss" and len(result.records) > 2:
            seen.append(result.records[2].record.hit)
    assert seen and all(h == 40 for h in seen)


def test_defeated_participant_stops_the_sequence() -> None:
    plan = plan_sequence(unit("A", str_=30, skl=30, spd=9), [unit("D", hp=5, spd=0, lck=0)])
    result = resolve(plan, SeededDice(1))
    assert len(result.records) == 1 and result.hp(1) == 0


def test_physical_dice_run_out_names_the_roll() -> None:
    plan = plan_sequence(unit("A", skl=0, lck=0), [unit("D", spd=30, lck=0)])
    with pytest.raises(NeedRoll, match="roll #2 must be a d100"):
        resolve(plan, PhysicalDice([90]))


# --- exact odds against seeded simulation ---


def _fight(a_spd: int, d_spd: int, brave: bool) -> tuple:  # type: ignore[type-arg]
    attacker = unit(
        "A",
        hp=24,
        str_=9,
        skl=12,
        spd=a_spd,
        lck=6,
        def_=4,
        weapon=BRAVE_SWORD if brave else IRON_SWORD,
    )
    defender = unit("D", hp=26, str_=10, skl=6, spd=d_spd, lck=3, def_=5, weapon=IRON_AXE)
    return attacker, defender


def test_exact_forecast_agrees_with_seeded_simulation() -> None:
    attacker, defender = _fight(12, 6, True)
    plan = plan_sequence(attacker, [defender])
    assert plan.counts == [3, 1]
    exact = forecast(plan)
    runs = 20_000
    dice = SeededDice(2024)
    defender_hp: Counter[int] = Counter()
    attacker_hp: Counter[int] = Counter()
    for _ in range(runs):
        result = resolve(plan, dice)
        defender_hp[result.hp(1)] += 1
        attacker_hp[result.hp(0)] += 1
    for side, counts in ((1, defender_hp), (0, attacker_hp)):
        for hp, p in exact.hp_distribution(side).items():
            sigma = max(0.0, p * (1 - p) / runs) ** 0.5
            assert counts[hp] / runs == pytest.approx(p, abs=5 * sigma + 2e-3), (side, hp)
        assert set(counts) <= set(exact.hp_distribution(side))


# HP, Str, Skl, Spd, Lck, Def
FIGHTER = st.tuples(
    st.integers(1, 40),
    st.integers(0, 15),
    st.integers(0, 20),
    st.integers(0, 20),
    st.integers(0, 15),
    st.integers(0, 12),
)


@settings(max_examples=60, deadline=None)
@given(
    a=FIGHTER,
    d=FIGHTER,
    feats=st.sets(
        st.sampled_from(
            [
                "Miracle",
                "Wary",
                "Reckless",
                "Vantage",
                "Adept",
                "Guard Break",
                "Gamble",
                "Sure Strike",
                "Pierce",
            ]
        )
    ),
    brave=st.booleans(),
)
def test_probabilities_sum_to_one_and_hp_stays_in_bounds(a, d, feats, brave) -> None:  # type: ignore[no-untyped-def]
    attacker = unit(
        "A",
        hp=a[0],
        str_=a[1],
        skl=a[2],
        spd=a[3],
        lck=a[4],
        def_=a[5],
        weapon=BRAVE_SWORD if brave else IRON_SWORD,
        feats=tuple(feats),
    )
    defender = unit(
        "D",
        hp=d[0],
        str_=d[1],
        skl=d[2],
        spd=d[3],
        lck=d[4],
        def_=d[5],
        weapon=IRON_AXE,
        feats=tuple(sorted(feats)[:2]),
    )
    plan = plan_sequence(attacker, [defender])
    result = forecast(plan)
    assert sum(result.final.values()) == pytest.approx(1.0)
    for side, start in ((0, a[0]), (1, d[0])):
        dist = result.hp_distribution(side)
        assert all(0 <= hp <= start for hp in dist)
        assert sum(dist.values()) == pytest.approx(1.0)
    resolved = resolve(plan, SeededDice(a[0] * 31 + d[0]))
    assert resolved.final in result.final


# --- Cleave: "a free attack against a different adjacent enemy with -15 accuracy ...
# can repeat off of itself, the accuracy penalty stacking ... does not trigger
# counterattacks" ---


def test_cleave_free_attacks_with_stacking_penalty() -> None:
    cleaver = unit("C", str_=10, skl=10, lck=0, spd=5, feats=("Cleave",))
    # Iron Sword hit 2*10 + 90 = 110, crit 10 // 2 = 5; Luck 5 stops every crit
    primary = unit("P", hp=40, spd=3, lck=5, def_=0, weapon=None)
    left = unit("L", hp=40, spd=0, lck=5, def_=0)
    right = unit("R", hp=40, spd=0, lck=5, def_=0)
    plan = plan_sequence(cleaver, [primary], options=OPTIONS, bystanders=[left, right])
    assert plan.cleave
    assert plan.counts == [1, 0]
    assert plan.table[(0, 1, -1, 0)].hit == 99  # 110 - Avoid 11
    assert plan.table[(0, 2, -1, 1)].hit == 90  # 110 - 15 - Avoid 5
    assert plan.table[(0, 3, -1, 2)].hit == 75  # 110 - 30 - Avoid 5
    result = resolve(plan, PhysicalDice([1, 1, 1, 1, 100, 100]))
    records = [n.record for n in result.records]
    assert [(r.target, r.cleave) for r in records] == [("P", 0), ("L", 1), ("R", 2)]
    # no bystander struck back: every strike is the cleaver's
    assert {r.striker for r in records} == {"C"}
    exact = forecast(plan)
    assert sum(exact.final.values()) == pytest.approx(1.0)
    # R is struck only if P and then L were hit
    def lands(key: tuple[int, int, int, int]) -> float:
        probabilities = plan.table[key].roll.probabilities()
        return probabilities["hit"] + probabilities["crit"]

    reach_r = lands((0, 1, -1, 0)) * lands((0, 2, -1, 1))
    assert exact.hp_distribution(3)[40] == pytest.approx(1 - reach_r * lands((0, 3, -1, 2)))


def test_cleave_needs_an_adjacent_weapon_attack() -> None:
    mage = unit("M", mag=10, weapon=FIRE, feats=("Cleave",))
    plan = plan_sequence(mage, [unit("P")], distance=1, bystanders=[unit("B")])
    assert not plan.cleave
    archer = unit("A", weapon=IRON_BOW, feats=("Cleave",))
    assert not plan_sequence(archer, [unit("P")], distance=2, bystanders=[unit("B")]).cleave


def test_cleave_forecast_matches_simulation() -> None:
    cleaver = unit("C", str_=8, skl=6, lck=3, spd=9, feats=("Cleave",))
    plan = plan_sequence(
        cleaver,
        [unit("P", hp=20, spd=4, lck=2)],
        bystanders=[unit("L", hp=12, spd=3), unit("R", hp=12, spd=2)],
    )
    exact = forecast(plan)
    runs = 10_000
    dice = SeededDice(99)
    counts: Counter[int] = Counter(resolve(plan, dice).hp(2) for _ in range(runs))
    for hp, p in exact.hp_distribution(2).items():
        sigma = max(0.0, p * (1 - p) / runs) ** 0.5
        assert counts[hp] / runs == pytest.approx(p, abs=5 * sigma + 2e-3)


def test_targets_beyond_the_weapon_and_cleave_without_the_feat_are_refused() -> None:
    """Issue 7: six targets for Chain Lightning ("up to 2 further enemies") and a
    Cleave bystander for an attacker without Cleave were accepted silently."""
    chain = FIRE.model_copy(update={"name": "Chain Lightning", "extra_targets": 2})
    foes = [unit(f"E{i}") for i in range(6)]
    with pytest.raises(RulesError, match="jumps to at most 2 further enemies; 5 were given"):
        plan_sequence(unit("A", weapon=chain), foes, distance=1)
    with pytest.raises(RulesError, match="Fire strikes one target; 2 were given"):
        plan_sequence(unit("A", weapon=FIRE), foes[:2], distance=1)
    with pytest.raises(RulesError, match="A has no Cleave feat"):
        plan_sequence(unit("A"), foes[:1], distance=1, bystanders=[foes[1]])
    assert plan_sequence(unit("A", feats=("Cleave",)), foes[:1], distance=1,
                         bystanders=[foes[1]]).units[2].name == "E1"

