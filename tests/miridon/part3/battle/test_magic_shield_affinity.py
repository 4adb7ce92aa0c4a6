"""Magic Shield Deflection against an Elemental Weapon's damage (004 L2201-2215) and an
Elemental Weapon's hits on a dragon (L1366-1376): both steps of the one attack procedure the
forecast enumerates."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon import racial_flairs as rf
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.magic.effects import WeaponEnchantment
from tactician.rulesets.miridon.spirit_battle.enchantments import enchant
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
MSD = ("Shield Deflection", "Magic Shield Deflection")


def _knight(element: str = "fire", flat: int = 0) -> Any:
    return enchant(unit("k", at=(0, 0)), [WeaponEnchantment("elemental", flat, element)],
                   "Longsword")


def _shielded(**changes: Any) -> Any:
    values = {"flairs": MSD, "stance": "Shield Block Stance", "sdr": 1, "hp": 60, **changes}
    return unit("t", "enemy", at=(1, 0), weapons=("Longsword", "Large Shield"), **values)


def _attack(state: Any, rolls: list[int] | None, deflect: str, seed: int = 1,
            options: tuple[str, ...] = ()) -> tuple[Any, dict[str, Any]]:
    after, outcome, _ = act(state, {"type": "attack", "unit": "k", "target": "t",
                                    "dodge": "no", "block": "none", "deflect": deflect},
                            rolls=rolls, seed=seed, options=options)
    return after, next(s for r in outcome.records for s in r.get("strikes", ()))


def test_l2207_the_deflection_adds_the_shields_bonus_to_sdr_for_the_attack() -> None:
    """Elemental Weapon 1d6 = 5 against SDR 1: 4 through; deflected, SDR + the Large Shield's
    Shield Block bonus 2 (msd_amount shield_bonus): 2 through; whole_stance + 4: 0."""
    state = battle(_knight(), _shielded())
    rolls = [5, 5, 6, 5]
    plain, _ = _attack(state, rolls, "no")
    taken, record = _attack(state, rolls, "yes")
    whole, _ = _attack(state, rolls, "yes", options=("msd_amount=whole_stance",))
    bonus = BOOK.weapon("Large Shield").block_bonus or 0
    assert taken.unit("t").hp - plain.unit("t").hp == min(bonus, 5 - 1)
    assert whole.unit("t").hp - plain.unit("t").hp == 5 - 1  # the stance's 4 covers it all
    assert record["elemental"] == 4 - bonus
    # L2209: then Block Stance; its cost (0/1) and one defensive action
    t = taken.unit("t")
    assert (t.stance, t.speed, t.defensive) == ("Block Stance", 10 - 1, 1)
    assert any("Magic Shield Deflection" in e and "Block Stance" in e for e in record["effects"])
    assert plain.unit("t").stance == "Shield Block Stance"


def test_the_policy_deflects_a_roll_only_when_it_cuts_something() -> None:
    """auto: a 1 against SDR 1 is already stopped - no deflection, nothing paid; a 5 is
    deflected (L2205 "after then [Damage Dealt] is rolled")."""
    state = battle(_knight(), _shielded())
    low, _ = _attack(state, [5, 5, 6, 1], "auto")
    high, _ = _attack(state, [5, 5, 6, 5], "auto")
    assert (low.unit("t").stance, low.unit("t").speed) == ("Shield Block Stance", 10)
    assert (high.unit("t").stance, high.unit("t").speed) == ("Block Stance", 9)


@pytest.mark.parametrize(("knight", "target", "error"), [
    (_knight(), _shielded(stance="No Stance"), "not a shield block stance"),
    (_knight(), _shielded(flairs=()), "lacks the Magic Shield Deflection flair"),
    (_knight(), _shielded(speed=0), "cannot pay Magic Shield Deflection"),
    (unit("k", at=(0, 0)), _shielded(), "is no tesla and carries no Elemental Weapon"),
])
def test_a_deflection_that_cannot_be_made_is_refused_naming_why(knight: Any, target: Any,
                                                                 error: str) -> None:
    state = battle(knight, target)
    with pytest.raises(RulesError, match=f"deflect: .*{error}"):
        _attack(state, [5, 5, 6, 5], "yes")
    after, _ = _attack(state, [5, 5, 6, 5], "auto")  # the policy just does not
    assert after.unit("t").stance == target.stance


def test_seeded_deflections_agree_with_the_forecast() -> None:
    """A Longsword + Elemental Weapon 1d6+1 into a deflecting 12 HP target (policy): the HP
    left of 1200 seeded attacks matches the plan's exact odds (4.5 sigmas), and the odds
    differ from those of the same attack undeflected."""
    state = battle(_knight(flat=1), _shielded(hp=12))
    action = {"type": "attack", "unit": "k", "target": "t", "dodge": "no", "block": "none"}
    plan, _ = plan_attack(BOOK, BattleOptions(), state, {**action, "deflect": "auto"})
    found = odds(plan.spec)
    bare, _ = plan_attack(BOOK, BattleOptions(), state, {**action, "deflect": "no"})
    assert odds(bare.spec).expected_damage > found.expected_damage
    n = 1200
    seen: Counter[int] = Counter()
    for seed in range(n):
        after, _ = _attack(state, None, "auto", seed=90_000 + seed)
        seen[after.unit("t").hp] += 1
    assert set(seen) <= {k for k, p in found.hp.items() if p > 0}
    for value, p in found.hp.items():
        assert abs(seen[value] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1 / n


def _dragon(affinity: int) -> Any:
    return unit("t", "enemy", at=(1, 0), flairs=("Dragon Elemental Affinity",), hp=60,
                pools={rf.AFFINITY_POOL: affinity})


def test_l1366_an_elemental_weapons_hit_moves_a_dragons_affinity() -> None:
    """A cold hit: 0 -> -1 (L1366), logged; a fire hit: +1 (L1368); a miss does not move it."""
    after, record = _attack(battle(_knight("cold"), _dragon(0)), [5, 5, 6, 3], "no")
    assert after.unit("t").pools[rf.AFFINITY_POOL] == -1 and record["elemental"] == 3
    assert any("Dragon Elemental Affinity +0 -> -1" in e for e in record["effects"])
    after, _ = _attack(battle(_knight("fire"), _dragon(-1)), [5, 5, 6, 3], "no")
    assert after.unit("t").pools[rf.AFFINITY_POOL] == 0
    missed, record = _attack(battle(_knight("fire"), _dragon(0)), [1, 1], "no")
    assert missed.unit("t").pools[rf.AFFINITY_POOL] == 0 and record["outcome"] == "miss"
    assert rf.affinity_after_hits(("Dragon Elemental Affinity",), 9, "fire", 3) == 10
    assert rf.affinity_after_hits((), 0, "fire", 3) == 0  # no flair, no statistic (L1364)


def test_l1376_the_dragons_own_element_deals_it_nothing() -> None:
    """A Fire Dragon (+2, L1372) hit by a fire Elemental Weapon: the enchantment's damage is 0
    (the sword's is not), in the plan's odds too; the hit still moves the affinity (+3)."""
    state = battle(_knight("fire"), _dragon(2))
    plan, _ = plan_attack(BOOK, BattleOptions(), state, {"type": "attack", "unit": "k",
                                                         "target": "t", "dodge": "no",
                                                         "block": "none"})
    assert plan.spec.lasting is not None and plan.spec.lasting.elemental_nullified
    bare = battle(unit("k", at=(0, 0)), _dragon(2))
    plain, _ = plan_attack(BOOK, BattleOptions(), bare, {"type": "attack", "unit": "k",
                                                         "target": "t", "dodge": "no",
                                                         "block": "none"})
    assert odds(plan.spec).damage == pytest.approx(odds(plain.spec).damage)
    after, record = _attack(state, [5, 5, 6, 3], "no")
    assert record["elemental"] == 0 and after.unit("t").hp == 60 - 7
    assert after.unit("t").pools[rf.AFFINITY_POOL] == 3


def test_piece_c_14_two_fire_hits_make_a_fire_dragon_and_a_cold_one_purple() -> None:
    """Spec 004 Piece C 14 in battle: two fire Elemental Weapon hits, 0 -> +2, a Fire Dragon
    (L1368, L1372); one cold hit later -> +1, a Purple Dragon (electricity, L1374). Each hit
    is judged against the affinity it meets: the second fire hit still met +1 (Purple), so
    it deals its 4 (its fire at +2 deals 0: ``test_l1376``)."""
    icy = enchant(unit("c", at=(1, 1)), [WeaponEnchantment("elemental", 0, "cold")],
                  "Longsword")
    state = battle(_knight("fire"), icy, _dragon(0), order=("k", "c", "t"))
    kinds = []
    for who in ("k", "k", "c"):
        ready = state.unit(who).model_copy(update={"slots": ()})
        state = state.replace_units(ready).model_copy(
            update={"turn": state.order.index(who)})
        state, outcome, _ = act(state, {"type": "attack", "unit": who, "target": "t",
                                        "dodge": "no", "block": "none"},
                                rolls=[5, 5, 6, 4])
        record = next(s for r in outcome.records for s in r.get("strikes", ()))
        affinity = state.unit("t").pools[rf.AFFINITY_POOL]
        kinds.append((affinity, rf.dragon_kind(affinity), record["elemental"]))
    assert kinds == [(1, "Purple Dragon", 4), (2, "Fire Dragon", 4), (1, "Purple Dragon", 4)]


def _recovering(affinity: int, hp: int) -> Any:
    return unit("t", "enemy", at=(1, 0), hp=60, flairs=("Dragon Elemental Affinity",
                                                        "Dragon Recovery"),
                pools={rf.AFFINITY_POOL: affinity}).model_copy(update={"hp": hp})


def test_l1384_dragon_recovery_heals_the_elemental_weapons_roll() -> None:
    """A Fire Dragon with Dragon Recovery hit by a fire Elemental Weapon 1d6: the sword's 7
    lands, the enchantment deals 0 (L1376) and heals its 3 rolled, before SDR (L1384); the
    net never passes its Maximum HP."""
    after, record = _attack(battle(_knight("fire"), _recovering(2, 30)), [5, 5, 6, 3], "no")
    assert (after.unit("t").hp, record["recovered"], record["elemental"]) == (30 - 7 + 3, 3, 0)
    assert any("Dragon Recovery" in e and "L1384" in e for e in record["effects"])
    full, record = _attack(battle(_knight("fire", flat=5), _recovering(2, 60)), [5, 5, 6, 3],
                           "no")
    assert (full.unit("t").hp, record["recovered"]) == (60, 8)  # 60 - 7 + 8, capped at 60
    cold, record = _attack(battle(_knight("cold"), _recovering(2, 30)), [5, 5, 6, 3], "no")
    assert (cold.unit("t").hp, record["recovered"]) == (30 - 7 - 3, 0)  # not its element


def test_dragon_recovery_forecast_agrees_with_seeded_attacks() -> None:
    """The plan's exact HP odds include the healing: a fire Elemental Weapon 1d6+1 on a 20 HP
    Fire Dragon with Recovery, against 1200 seeded attacks (4.5 sigmas)."""
    state = battle(_knight("fire", flat=1), _recovering(3, 20))
    action = {"type": "attack", "unit": "k", "target": "t", "dodge": "no", "block": "none"}
    plan, _ = plan_attack(BOOK, BattleOptions(), state, action)
    found = odds(plan.spec)
    assert plan.spec.lasting is not None and plan.spec.lasting.elemental_recovers_to == 60
    assert max(k for k, p in found.hp.items() if p > 0) > 20  # a miss is 20; a hit may heal
    n = 1200
    seen: Counter[int] = Counter()
    for seed in range(n):
        after, _ = _attack(state, None, "no", seed=70_000 + seed)
        seen[after.unit("t").hp] += 1
    assert set(seen) <= {k for k, p in found.hp.items() if p > 0}
    for value, p in found.hp.items():
        assert abs(seen[value] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1 / n


def _gunner() -> Any:
    return unit("k", at=(0, 0), weapons=("Shock Gun",))


def test_l2202_a_teslas_damage_is_deflected_on_its_roll() -> None:
    """"Attack with [Tesla]" (L2202): a Shock Gun's 1d6 = 5 less SDR 1 (L1658) is 4; deflected,
    SDR + the Large Shield's bonus; the policy does not deflect a 1 (nothing to cut)."""
    bonus = BOOK.weapon("Large Shield").block_bonus or 0
    state = battle(_gunner(), _shielded())
    plain, _ = _attack(state, [5, 5, 5], "no")
    taken, record = _attack(state, [5, 5, 5], "yes")
    assert 60 - plain.unit("t").hp == 4
    assert 60 - taken.unit("t").hp == max(0, 4 - bonus) and record["damage"] == 4 - bonus
    assert taken.unit("t").stance == "Block Stance"
    low, _ = _attack(state, [5, 5, 1], "auto")
    assert low.unit("t").stance == "Shield Block Stance"


def test_tesla_deflection_forecast_agrees_with_seeded_attacks() -> None:
    state = battle(_gunner(), _shielded(hp=5))
    action = {"type": "attack", "unit": "k", "target": "t", "dodge": "no", "block": "none"}
    plan, _ = plan_attack(BOOK, BattleOptions(), state, {**action, "deflect": "auto"})
    found = odds(plan.spec)
    bare, _ = plan_attack(BOOK, BattleOptions(), state, {**action, "deflect": "no"})
    assert odds(bare.spec).expected_damage > found.expected_damage
    n = 1200
    seen: Counter[int] = Counter()
    for seed in range(n):
        after, _ = _attack(state, None, "auto", seed=50_000 + seed)
        seen[after.unit("t").hp] += 1
    assert set(seen) <= {k for k, p in found.hp.items() if p > 0}
    for value, p in found.hp.items():
        assert abs(seen[value] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1 / n
