"""Barriers and weapon enchantments against later weapon hits in a battle (004
L3326-3380): the strike applies what ``attack_roll`` works out - the same numbers the
attack's forecast shows - and logs it."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.effects import Barrier, WeaponEnchantment
from tactician.rulesets.miridon.spirit_battle.barriers import barrier_of, raise_barriers
from tactician.rulesets.miridon.spirit_battle.enchantments import enchant, enchantments_on
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of, with_casting
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
QUIET = {"dodge": "no", "block": "none"}


def _strike(outcome: Any) -> dict[str, Any]:
    return next(s for r in outcome.records for s in r.get("strikes", ()))


def _attack(state: Any, rolls: list[int], who: str = "k", at: str = "t") -> Any:
    return act(state, {"type": "attack", "unit": who, "target": at, **QUIET}, rolls=rolls)


def test_l3347_a_physical_barrier_absorbs_a_longsword_hit_and_breaks() -> None:
    """Longsword 1d6+1 (L1644) rolling 6: 7 damage, PDR 0; a barrier of 3 absorbs 3 and
    breaks ("absorbs 30 physical damage before breaking", L3347): 4 through."""
    guard = raise_barriers(unit("t", "enemy", at=(1, 0)), [Barrier("physical", 3)])
    state = battle(unit("k", at=(0, 0)), guard)
    after, outcome, _ = _attack(state, [5, 5, 6])
    assert after.unit("t").hp == 40 - 4 and barrier_of(after.unit("t"), "physical") is None
    record = _strike(outcome)
    assert record["absorbed"] == 3 and record["damage"] == 4
    assert any("physical barrier absorbs 3 (L3347): broken" in e for e in record["effects"])


def test_the_forecast_of_the_strike_reads_the_barrier() -> None:
    """The plan's forecast: a barrier of 30 absorbs every Longsword hit (at most 14 on a
    critical): no HP is lost, so no knockout; without it the hit's own odds."""
    guard = raise_barriers(unit("t", "enemy", at=(1, 0), hp=2), [Barrier("physical", 30)])
    state = battle(unit("k", at=(0, 0)), guard)
    plan, _ = plan_attack(BOOK, BattleOptions(), state, {"type": "attack", "unit": "k",
                                                         "target": "t", **QUIET})
    shielded = odds(plan.spec)
    assert shielded.damage == {0: pytest.approx(1.0)} and shielded.unconscious == 0
    assert shielded.absorbed[0] == pytest.approx(1 - shielded.hit)
    bare = battle(unit("k", at=(0, 0)), unit("t", "enemy", at=(1, 0), hp=2))
    plan, _ = plan_attack(BOOK, BattleOptions(), bare, {"type": "attack", "unit": "k",
                                                        "target": "t", **QUIET})
    assert odds(plan.spec).unconscious == pytest.approx(odds(plan.spec).hit)


def test_absorbed_damage_does_not_drain_a_spell_being_cast() -> None:
    """What a barrier absorbs is not damage taken (spec §3.17), so L3257's drain does not
    happen: a 7-damage hit into a barrier of 30 leaves the Spell Ghost HP at 5."""
    caster = with_casting(unit("t", "enemy", at=(1, 0), ghost=10),
                          Casting("Elemental Spell", (), 5, 2, "k", 60, element="fire"))
    caster = raise_barriers(caster, [Barrier("physical", 30)])
    after, _, _ = _attack(battle(unit("k", at=(0, 0)), caster), [5, 5, 6])
    assert casting_of(after.unit("t")).spell_ghost == 5
    assert barrier_of(after.unit("t"), "physical").left == 23


def _enchanting(spell: str, target: str, **casting: Any) -> Any:
    witch = unit("witch", at=(0, 1), weapons=("Short Staff",), ghost=30)
    witch = with_casting(witch, Casting(spell, (), 5, 0, target, 30, **casting))
    return witch.model_copy(update={"slots": ()})


def test_l3362_an_elemental_weapon_lasts_and_adds_its_damage_to_later_hits() -> None:
    """Elemental Weapon on aria's Longsword (L3360); her next hit: 1d6+1 = 4 weapon damage
    and the enchantment's 1d6 = 2 fire, SDR 0 (L3362): 6 in all, logged."""
    witch = _enchanting("Elemental Weapon", "aria", element="fire")
    state = battle(witch, unit("aria", at=(0, 0)), unit("t", "enemy", at=(1, 0)),
                   order=("witch", "aria", "t"))
    state, outcome, _ = act(state, {"type": "activate_spell", "unit": "witch",
                                    "weapon": "Longsword"})
    (spell,) = enchantments_on(state.unit("aria"), "Longsword")
    assert (spell.kind, spell.element, spell.flat, spell.blocks) == ("elemental", "fire", 0, 30)
    state = state.model_copy(update={"turn": 1})
    after, outcome, _ = _attack(state, [5, 5, 3, 2], who="aria")
    record = _strike(outcome)
    assert after.unit("t").hp == 40 - 6 and record["elemental"] == 2
    assert any(r["purpose"] == "Elemental Weapon damage" for r in record["rolls"])


def test_l3360_the_enchantment_is_on_the_named_weapon_only() -> None:
    aria = enchant(unit("aria", weapons=("Longsword", "Hand Drill")),
                   [WeaponEnchantment("elemental", 2, "cold")], "Hand Drill")
    state = battle(aria, unit("t", "enemy", at=(1, 0)))
    plan, _ = plan_attack(BOOK, BattleOptions(), state, {"type": "attack", "unit": "aria",
                                                         "target": "t", **QUIET})
    assert plan.weapon == "Longsword" and plan.spec.lasting is None
    plan, _ = plan_attack(BOOK, BattleOptions(), state, {"type": "attack", "unit": "aria",
                                                         "target": "t", "weapon": "Hand Drill",
                                                         **QUIET})
    assert plan.spec.lasting is not None and plan.spec.lasting.elemental_flat == 2


def test_l3377_a_vampiric_weapon_heals_its_wielder_on_a_damaging_hit() -> None:
    """Vampiric Weapon on the witch's own Short Staff (held ready, L3360); at 30 of 40 HP her
    hit heals 1d6 = 5 (L3377)."""
    witch = _enchanting("Vampiric Weapon", "self").model_copy(update={"hp": 30})
    state = battle(witch, unit("t", "enemy", at=(1, 1)), order=("witch", "t"))
    state, _, _ = act(state, {"type": "activate_spell", "unit": "witch"})
    assert enchantments_on(state.unit("witch"), "Short Staff")[0].kind == "vampiric"
    state = state.model_copy(update={"turn": 0})
    weapon = BOOK.weapon("Short Staff")
    dice = [6] * int(weapon.damage.split("d")[0] or 1)
    after, outcome, _ = _attack(state, [5, 5, *dice, 5], who="witch")
    record = _strike(outcome)
    assert record["healed"] == 5 and after.unit("witch").hp == 35
    assert any("Vampiric Weapon: witch heals 5" in e for e in record["effects"])


def test_a_bad_weapon_is_refused_naming_it_and_nothing_changes() -> None:
    witch = _enchanting("Elemental Weapon", "aria", element="fire")
    state = battle(witch, unit("aria", at=(0, 0)), order=("witch", "aria"))
    with pytest.raises(RulesError, match="weapon: aria does not wield 'Bow'"):
        act(state, {"type": "activate_spell", "unit": "witch", "weapon": "Bow"})
    with pytest.raises(RulesError, match="enchants no weapon"):
        act(battle(_enchanting("Spell Barrier", "aria"), unit("aria", at=(0, 0))),
            {"type": "activate_spell", "unit": "witch", "weapon": "Longsword"})
    assert casting_of(state.unit("witch")) is not None  # the state given is untouched


def test_enchantments_and_barriers_end_with_their_30_blocks() -> None:
    aria = enchant(unit("aria"), [WeaponEnchantment("vampiric", 1, blocks=1)], "Longsword")
    aria = raise_barriers(aria, [Barrier("physical", 9, blocks=2)])
    state = battle(aria, unit("t", "enemy", at=(1, 0)))
    for _ in range(2):
        state, _, _ = act(state, {"type": "end_turn", "unit": state.order[state.turn]})
    assert enchantments_on(state.unit("aria"), "Longsword") == ()
    assert barrier_of(state.unit("aria"), "physical").blocks == 1


def test_seeded_strikes_into_a_barrier_agree_with_their_forecast() -> None:
    """A Greatsword (+ Elemental Weapon 1d6+1 and Vampiric 1d6) into a physical barrier of
    6 and a spell barrier of 2 on a 9 HP, 1 SDR target: the HP left, the barrier left and the
    healing of 1200 seeded battles match the plan's exact odds (4.5 sigmas)."""
    import math
    from collections import Counter

    knight = enchant(unit("k", at=(0, 0), weapons=("Greatsword",), hp=40).model_copy(
        update={"hp": 20}), [WeaponEnchantment("elemental", 1, "fire"),
                             WeaponEnchantment("vampiric", 0)], "Greatsword")
    guard = raise_barriers(unit("t", "enemy", at=(1, 0), hp=9, sdr=1),
                           [Barrier("physical", 6), Barrier("spell", 2)])
    state = battle(knight, guard)
    plan, _ = plan_attack(BOOK, BattleOptions(), state, {"type": "attack", "unit": "k",
                                                         "target": "t", **QUIET})
    found = odds(plan.spec)
    n = 1200
    hp: Counter[int] = Counter()
    healed: Counter[int] = Counter()
    absorbed: Counter[int] = Counter()
    for seed in range(n):
        after, outcome, _ = act(state, {"type": "attack", "unit": "k", "target": "t",
                                        **QUIET}, seed=40_000 + seed)
        hp[after.unit("t").hp] += 1
        healed[after.unit("k").hp - 20] += 1
        left = sum(b.left if b else 0 for b in (barrier_of(after.unit("t"), "physical"),
                                                 barrier_of(after.unit("t"), "spell")))
        absorbed[8 - left] += 1
        assert _strike(outcome)["absorbed"] == 8 - left
    for seen, table in ((hp, found.hp), (healed, found.healed), (absorbed, found.absorbed)):
        assert set(seen) <= {k for k, p in table.items() if p > 0}
        for value, p in table.items():
            assert abs(seen[value] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1 / n


def test_spread_enhancement_enchants_each_targets_own_choice() -> None:
    """Spread Enhancement: two targets (L2836); "placed on either a weapon or a character"
    (L3360) - aria's Longsword, bo the character (his unarmed attacks)."""
    witch = _enchanting("Elemental Weapon", "aria", element="cold")
    witch = with_casting(witch, Casting("Elemental Weapon", ("Spread Enhancement",), 5, 0,
                                        "aria", 30, element="cold"))
    state = battle(witch, unit("aria", at=(0, 0)), unit("bo", at=(1, 1)),
                   order=("witch", "aria", "bo"))
    with pytest.raises(RulesError, match="weapon: 'zed' is not a target"):
        act(state, {"type": "activate_spell", "unit": "witch", "targets": ["aria", "bo"],
                    "weapon": {"aria": "Longsword", "zed": "Unarmed"}})
    after, _, _ = act(state, {"type": "activate_spell", "unit": "witch",
                              "targets": ["aria", "bo"],
                              "weapon": {"aria": "Longsword", "bo": "Unarmed"}})
    assert enchantments_on(after.unit("aria"), "Longsword")[0].element == "cold"
    assert enchantments_on(after.unit("bo"), "Unarmed")[0].kind == "elemental"
    assert enchantments_on(after.unit("bo"), "Longsword") == ()
