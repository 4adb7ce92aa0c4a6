"""Barriers and weapon enchantments on a Grapple Attack (004 L1879-1885 with L3326-3380):
it goes through the attack procedure every weapon hit takes (``attack_roll`` with the
``Lasting`` of ``attack_numbers.lasting_of``), so its resolution, its forecast and the AI
read the same numbers."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.forecast import grapple_forecast
from tactician.rulesets.miridon.battle.grapple_actions import (
    grapple_attack_spec,
    grapple_weapon_name,
)
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.magic.effects import Barrier, WeaponEnchantment
from tactician.rulesets.miridon.spirit_battle.barriers import barrier_of, raise_barriers
from tactician.rulesets.miridon.spirit_battle.enchantments import enchant
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
GRAPPLE = {"type": "grapple", "unit": "g", "target": "t", "dodge": "no"}


def _grappler(**changes: Any) -> Any:
    return unit("g", weapons=("Unarmed",), talents={"Grapple Boost": 2},
                to_hit={"Unarmed": 0}, strength=30, **changes)


def _follow(outcome: Any) -> dict[str, Any]:
    """The Grapple Attack's strike record (the last attack record: it follows a grapple)."""
    return [r for r in outcome.records if r.get("strikes")][-1]["strikes"][0]


def test_l3347_a_physical_barrier_absorbs_the_unreduced_grapple_attack() -> None:
    """Grapple Boost 2: 2d6 = 4 + 5 = 9, not reduced by PDR 30 (L1885); the target's
    Physical Barrier of 5 absorbs 5 and breaks (L3347: absorbing is not reducing): 4 HP."""
    target = raise_barriers(unit("t", "enemy", at=(1, 0), pdr=30, hp=100),
                            [Barrier("physical", 5)])
    state, outcome, _ = act(battle(_grappler(), target), GRAPPLE, rolls=[6, 6, 4, 5])
    record = _follow(outcome)
    assert state.unit("t").hp == 100 - 4 and barrier_of(state.unit("t"), "physical") is None
    assert record["absorbed"] == 5 and record["damage"] == 4
    assert any("physical barrier absorbs 5 (L3347): broken" in e for e in record["effects"])


def test_a_barrier_left_over_is_worn_down_not_removed() -> None:
    target = raise_barriers(unit("t", "enemy", at=(1, 0), hp=100), [Barrier("physical", 30)])
    state, outcome, _ = act(battle(_grappler(), target), GRAPPLE, rolls=[6, 6, 4, 5])
    assert state.unit("t").hp == 100 and barrier_of(state.unit("t"), "physical").left == 21
    assert _follow(outcome)["damage"] == 0


def test_l3360_enchantments_on_the_character_ride_an_unarmed_grapple_attack() -> None:
    """Elemental Weapon 1d6+1 and Vampiric Weapon 1d6 on the character ("affects unarmed
    attacks", L3360): 2d6 = 4 + 5 = 9, + fire 3 + 1 - SDR 2 = 2 (L3362: reduced separately,
    though the grapple's own is not), heals 6 (L3377) from 20 HP."""
    grappler = enchant(_grappler(hp=40).model_copy(update={"hp": 20}),
                       [WeaponEnchantment("elemental", 1, "fire"),
                        WeaponEnchantment("vampiric", 0)], "Unarmed")
    target = unit("t", "enemy", at=(1, 0), hp=100, sdr=2)
    state, outcome, _ = act(battle(grappler, target), GRAPPLE, rolls=[6, 6, 4, 5, 3, 6])
    record = _follow(outcome)
    assert record["elemental"] == 2 and record["damage"] == 11 and record["healed"] == 6
    assert state.unit("t").hp == 100 - 11 and state.unit("g").hp == 26
    purposes = [r["purpose"] for r in record["rolls"]]
    assert "Elemental Weapon damage" in purposes and "Vampiric Weapon healing" in purposes


def test_an_enchantment_on_another_weapon_does_not_ride_the_grapple() -> None:
    """A Longsword's Elemental Weapon: "any target hit by this weapon" (L3362) - a Grapple
    Attack with no grappling weapon is the character's unarmed grip (L3486), not the sword."""
    grappler = enchant(unit("g", weapons=("Longsword",), talents={"Grapple Boost": 1}),
                       [WeaponEnchantment("elemental", 0, "cold")], "Longsword")
    target = unit("t", "enemy", at=(1, 0))
    assert grapple_weapon_name(BOOK, grappler) == "Unarmed"
    assert grapple_attack_spec(BOOK, BattleOptions(), grappler, target).lasting is None
    on_hands = enchant(grappler, [WeaponEnchantment("elemental", 0, "cold")], "Unarmed")
    spec = grapple_attack_spec(BOOK, BattleOptions(), on_hands, target)
    assert spec.lasting is not None and spec.lasting.elemental_flat == 0


def test_the_grapple_forecast_reads_the_barrier_and_the_healing() -> None:
    """A barrier of 30 takes every Grapple Boost 2 attack (at most 12): the forecast's Grapple
    Attack deals 0 for sure; a Vampiric Weapon heals 1d6 on any damaging one."""
    target = raise_barriers(unit("t", "enemy", at=(1, 0), hp=3), [Barrier("physical", 30)])
    found = grapple_forecast(BOOK, BattleOptions(), battle(_grappler(), target), GRAPPLE)
    follow = found["miridon"]["grapple_attack"]
    assert follow["damage"] == {"0": pytest.approx(1.0)} and follow["unconscious"] == 0
    assert sum(float(k) * p for k, p in follow["absorbed"].items()) == pytest.approx(7.0)
    vampire = enchant(_grappler(), [WeaponEnchantment("vampiric", 0)], "Unarmed")
    found = grapple_forecast(BOOK, BattleOptions(),
                             battle(vampire, unit("t", "enemy", at=(1, 0))), GRAPPLE)
    healed = found["miridon"]["grapple_attack"]["healed"]
    assert healed == {str(v): pytest.approx(1 / 6) for v in range(1, 7)}


def test_seeded_grapple_attacks_agree_with_their_forecast() -> None:
    """Grapple Boost 2 + Elemental Weapon 1d6+1 and Vampiric 1d6 on the character, into a
    physical barrier of 6 and a spell barrier of 2 on a 9 HP, SDR 1 target already grappled:
    the HP left, the barriers' wear and the healing of 1200 seeded Grapple Attacks match the
    exact odds of ``grapple_attack_spec`` (4.5 sigmas)."""
    grappler = enchant(_grappler(hp=40, grappling=("t",), stance="Grappling Stance")
                       .model_copy(update={"hp": 20}),
                       [WeaponEnchantment("elemental", 1, "fire"),
                        WeaponEnchantment("vampiric", 0)], "Unarmed")
    target = raise_barriers(unit("t", "enemy", at=(1, 0), hp=9, sdr=1, grappled_by="g",
                                 grappled_blocks=1, stance="Grappled Stance"),
                            [Barrier("physical", 6), Barrier("spell", 2)])
    state = battle(grappler, target)
    found = odds(grapple_attack_spec(BOOK, BattleOptions(), grappler, target))
    n = 1200
    hp: Counter[int] = Counter()
    healed: Counter[int] = Counter()
    absorbed: Counter[int] = Counter()
    for seed in range(n):
        after, outcome, _ = act(state, {"type": "grapple_attack", "unit": "g"},
                                seed=70_000 + seed)
        hp[after.unit("t").hp] += 1
        healed[after.unit("g").hp - 20] += 1
        left = sum(b.left if b else 0 for b in (barrier_of(after.unit("t"), "physical"),
                                                 barrier_of(after.unit("t"), "spell")))
        absorbed[8 - left] += 1
        assert _follow(outcome)["absorbed"] == 8 - left
    for seen, table in ((hp, found.hp), (healed, found.healed), (absorbed, found.absorbed)):
        assert set(seen) <= {k for k, p in table.items() if p > 0}
        assert len(table) > 2  # the spells make the distribution more than a point
        for value, p in table.items():
            assert abs(seen[value] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1 / n
