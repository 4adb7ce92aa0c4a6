"""The AI values every spell from its exact forecast (spec §3.23, DEFAULT design,
docs/miridon-ai.md "Spells"); each expectation here is computed independently of the
module, from the spells' dice (L3288-3392) and the battle's own forecasts."""

from __future__ import annotations

import itertools

import pytest

from tactician.rulesets.miridon.battle.ai import decide
from tactician.rulesets.miridon.battle.ai_threat import threat
from tactician.rulesets.miridon.battle.costs import action_cost
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tactician.rulesets.miridon.compendium import load_compendium
from tactician.rulesets.miridon.insanity_roll import insanity_check, insanity_distribution
from tactician.rulesets.miridon.magic.ai_hooks import insanity_cost
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.forecast import possession_forecast
from tactician.rulesets.miridon.spirit_battle import ai_spell_worth
from tactician.rulesets.miridon.spirit_battle.ai_spell_worth import spell_target, worth
from tactician.rulesets.miridon.spirit_battle.ai_spells import START, spell_candidates
from tactician.rulesets.miridon.spirit_battle.unit_slices import caster_of_unit, with_casting
from tests.miridon.battle.helpers import act, battle, unit

BOOK = load_compendium()
OPTIONS = BattleOptions()


def caster(talents: dict[str, int], at: tuple[int, int] = (6, 0), **changes: object) -> object:
    return unit("witch", "enemy", at=at, weapons=("Short Staff",), controller="ai",
                talents=talents, **{"ghost": 30, **changes})


def d6_sum(count: int) -> dict[int, float]:
    dist = {0: 1.0}
    for _ in range(count):
        step: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                step[total + face] = step.get(total + face, 0.0) + p / 6
        dist = step
    return dist


def candidate(found: list, spell: str, target: str) -> object:
    return next(c for c in found if c.action.get("spell") == spell
                and c.action.get("target") == target)


def test_health_recovery_is_worth_the_hp_it_restores_capped_at_the_missing() -> None:
    # DSB 1: 6d6 + 2d6 = 8d6 healing (L3300-3304); the friend misses 30 HP
    witch = caster({"Defensive Spell Boost": 1})
    friend = unit("ally", "enemy", at=(5, 0), hp=40).model_copy(update={"hp": 10})
    foe = unit("sable", at=(0, 4))
    state = battle(witch, friend, foe, width=30, order=("witch", "ally", "sable"))
    found = spell_candidates(BOOK, OPTIONS, state, state.unit("witch"))
    expected = sum(min(h, 30) * p for h, p in d6_sum(8).items())
    # the witch's Short Staff: Cast Spell at 4 strength, not 5 (L3500, L3505)
    cost = cost_value(state.unit("witch"), (4, action_cost(BOOK, "Cast Spell",
                                                            state.unit("witch"))[1]))
    heal = candidate(found, "Health Recovery", "ally")
    assert heal.score == pytest.approx(START ** (2 / 3) * expected - cost)
    assert f"{expected:.2f}" in heal.why
    # a friend at full HP is not a target
    assert not [c for c in found if c.action.get("spell") == "Health Recovery"
                and c.action["target"] == "self"]


def test_a_physical_barrier_is_worth_what_it_would_absorb_of_the_incoming_attacks() -> None:
    witch = caster({"Defensive Spell Boost": 2})  # barrier 30 + 10 (L3347)
    friend = unit("ally", "enemy", at=(5, 2))
    foe = unit("sable", at=(4, 2))  # in melee reach of the friend only
    state = battle(witch, friend, foe, order=("witch", "ally", "sable"))
    trial = Casting("Physical Barrier", (), 1, 0, "ally", 30, status="activated")
    incoming = threat(BOOK, OPTIONS, state, state.unit("ally"))
    assert incoming > 0
    found = worth(BOOK, OPTIONS, state, state.unit("witch"), trial)
    assert found is not None and found.value == pytest.approx(min(40, 2 * incoming))
    # on itself: what the foes can do to it in their next block (battle/ai_threat)
    own = worth(BOOK, OPTIONS, state, state.unit("witch"), Casting(
        "Physical Barrier", (), 1, 0, "self", 30, status="activated"))
    mine = threat(BOOK, OPTIONS, state, state.unit("witch"))
    assert own is not None and own.value == pytest.approx(min(40, 2 * mine))
    # no foe can reach it next block: worth nothing
    alone = battle(witch, friend, unit("sable", at=(29, 4)), width=30)
    none = worth(BOOK, OPTIONS, alone, alone.unit("witch"), Casting(
        "Physical Barrier", (), 1, 0, "self", 30, status="activated"))
    assert none is not None and none.value == 0
    # a spell barrier is worth the Elemental Spell a foe is casting at the friend
    hexer = unit("hexer", at=(0, 0), talents={"Offensive Spell Boost": 1}, ghost=20)
    hexer = with_casting(hexer, Casting("Elemental Spell", (), 5, 2, "ally", 60,
                                        element="fire"))
    state = battle(witch, friend, hexer, order=("witch", "ally", "hexer"))
    spell = worth(BOOK, OPTIONS, state, state.unit("witch"), Casting(
        "Spell Barrier", (), 1, 0, "ally", 30, status="activated"))
    mean = sum(v * p for v, p in d6_sum(8).items())  # 6d6 + 2d6 (OSB 1), SDR 0
    assert spell is not None and spell.value == pytest.approx(min(40, 2 * mean))


def test_gale_burst_counts_the_wall_damage_and_a_friends_harm_against() -> None:
    witch = caster({"Offensive Spell Boost": 2})  # knockback 40 ft (L3313-3315)
    foe = unit("sable", at=(4, 0))  # pushed west: 20 ft of room, 20 damage
    state = battle(witch, foe, width=20, order=("witch", "sable"))
    trial = Casting("Gale Burst", (), 1, 0, "self", None, status="activated")
    alone = worth(BOOK, OPTIONS, state, state.unit("witch"), trial)
    assert alone is not None and alone.expected == pytest.approx(20)
    assert alone.value == pytest.approx(20)  # 40 HP: it does not drop
    friend = unit("ally", "enemy", at=(8, 0))  # pushed east 8 squares, 11 free: no wall
    near_wall = unit("ally", "enemy", at=(9, 0))  # on an 11-wide map, 5 ft of room: 35
    free_state = battle(witch, foe, friend, width=20)
    free = worth(BOOK, OPTIONS, free_state, free_state.unit("witch"), trial)
    walled_state = battle(witch, foe, near_wall, width=11)
    walled = worth(BOOK, OPTIONS, walled_state, walled_state.unit("witch"), trial)
    assert free is not None and free.value == pytest.approx(20)
    assert walled is not None and walled.value == pytest.approx(20 - 1.5 * 35)


def test_the_ai_activates_gale_burst_on_every_unit_in_its_radius() -> None:
    witch = with_casting(caster({"Offensive Spell Boost": 2}), Casting(
        "Gale Burst", (), 5, 0, "self", None))
    state = battle(witch, unit("sable", at=(4, 0)), unit("far", at=(16, 0)), width=20,
                   order=("witch", "sable", "far"))
    choice = decide(MiridonBattleRules(), state, state.unit("witch"))["actions"][0]
    assert choice == {"type": "activate_spell", "unit": "witch"}  # all in its radius (L3313)
    after, _, _ = act(state, choice)
    assert after.unit("sable").position == (0, 0) and after.unit("sable").hp == 40 - 20
    assert after.unit("far").position == (16, 0)  # 50 ft: outside the 45 ft radius


def test_possession_is_worth_the_targets_insanity_and_ghost_gain() -> None:
    witch = caster({"Offensive Spell Boost": 1})
    foe = unit("husk", at=(2, 0), ghost=25).model_copy(update={"hp": 20})
    state = battle(witch, foe, order=("witch", "husk"))
    trial = Casting("Possession", (), 3, 0, "husk", 60, status="activated")  # gain 1..3
    forecast = possession_forecast(BOOK, trial, caster_of_unit(state.unit("witch")),
                                   spell_target(state.unit("husk")))
    gain = sum(g * p for g, p in forecast.gain.items())
    found = worth(BOOK, OPTIONS, state, state.unit("witch"), trial)
    assert found is not None
    assert found.value == pytest.approx(insanity_cost(forecast.insanity) + 0.25 * gain)
    assert forecast.p_insanity_roll > 0.9 and found.value > 0.25 * gain  # insanity counted


def test_gather_mist_is_worth_the_ghost_regained_less_its_own_insanity() -> None:
    low = caster({"General Spell Boost": 1}, ghost=2, pools={"max_ghost": 10})  # HP 40: no roll
    state = battle(low, unit("sable", at=(0, 4)), width=30)
    trial = Casting("Gather Mist", (), 1, 0, "self", None, status="activated")
    found = worth(BOOK, OPTIONS, state, state.unit("witch"), trial)
    assert found is not None and found.value == pytest.approx(0.3 * (10 - 2))
    hurt = low.model_copy(update={"hp": 3})  # 10 ghost > 3 HP: a roll of +7 (L3324)
    state = battle(hurt, unit("sable", at=(0, 4)), width=30)
    found = worth(BOOK, OPTIONS, state, state.unit("witch"), trial)
    check = insanity_check(3, 10)
    cost = insanity_cost(insanity_distribution(BOOK, check.bonus))
    assert found is not None and found.value == pytest.approx(0.3 * 8 - cost)


def test_an_enchantment_is_worth_its_dice_on_the_hits_the_wielder_would_land() -> None:
    witch = caster({"Offensive Spell Boost": 1, "Defensive Spell Boost": 1}, at=(1, 0))
    sable = unit("sable", at=(0, 0), sdr=2)
    state = battle(witch, sable, order=("witch", "sable"))
    hit, foe = ai_spell_worth.best_hit(BOOK, OPTIONS, state, state.unit("witch"))
    assert hit > 0 and foe is not None and foe.id == "sable"
    elemental = worth(BOOK, OPTIONS, state, state.unit("witch"), Casting(
        "Elemental Weapon", (), 1, 0, "self", 30, status="activated", element="fire"))
    # 1d6 + 2 (OSB 1, L3364) less SDR 2 (L3362): 1d6 on average 3.5
    assert elemental is not None and elemental.value == pytest.approx(2 * hit * 3.5)
    hurt = state.replace_units(state.unit("witch").model_copy(update={"hp": 37}))
    vampiric = worth(BOOK, OPTIONS, hurt, hurt.unit("witch"), Casting(
        "Vampiric Weapon", (), 1, 0, "self", 30, status="activated"))
    # 1d6 + 2 (DSB 1, L3379) healing capped at the 3 HP it misses: 3 on every face
    assert vampiric is not None and vampiric.value == pytest.approx(2 * hit * 3)
    # an enchantment as strong already on the weapon is worth nothing more
    done, _, _ = act(state.replace_units(with_casting(state.unit("witch"), Casting(
        "Elemental Weapon", (), 1, 0, "self", 30, element="fire"))),
        {"type": "activate_spell", "unit": "witch"})
    assert worth(BOOK, OPTIONS, done, done.unit("witch"), Casting(
        "Elemental Weapon", (), 1, 0, "self", 30, status="activated", element="fire")) is None


def test_every_spell_candidate_is_an_action_the_rules_take() -> None:
    witch = caster({"Offensive Spell Boost": 1, "Defensive Spell Boost": 1},
                   hp=40).model_copy(update={"hp": 20})
    state = battle(witch, unit("ally", "enemy", at=(7, 0)), unit("sable", at=(3, 0)),
                   order=("witch", "ally", "sable"))
    found = spell_candidates(BOOK, OPTIONS, state, state.unit("witch"))
    spells = {c.action["spell"] for c in found}
    assert {"Elemental Spell", "Possession", "Health Recovery", "Gale Burst"} <= spells
    for c, seed in zip(found, itertools.count()):
        act(state, c.action, seed=seed)  # raises if the rules refuse it
