"""003 "Conditions": each condition's numbers, stacking rule and turn edge."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.attack import plan_attack
from tactician.rulesets.uesrpg.conditions import (
    CONDITION_RULES,
    add_condition,
    burning_action_test,
    end_encounter,
    extinguish,
    gain_stamina,
    lose_stamina,
    remove_condition,
    resist_frenzy,
)
from tactician.rulesets.uesrpg.healing import apply_healing
from tactician.rulesets.uesrpg.modifiers import (
    TestKind,
    automatic_failure,
    detection_fails,
    detection_modifier,
    modifiers,
    target_number,
)
from tactician.rulesets.uesrpg.numbers import (
    can_attack,
    can_defend,
    cannot_wield,
    fatigue_level,
    has,
    max_stamina,
    one_arm,
    speed,
    strength_bonus,
    wound_threshold,
)
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CONDITION_NAMES, CombatState
from tactician.rulesets.uesrpg.turns import end_of_turn, start_of_round
from tests.uesrpg.units import armor_piece, rolls, unit

OPTS = UesrpgOptions()
ANY = TestKind("intelligence")
COMBAT = TestKind("strength", skill="combat style", combat=True, combat_style=True)


def add(u: CombatState, name: str, **kw: object) -> CombatState:
    return add_condition(u, name, **kw)[0]  # type: ignore[arg-type]


def penalty(u: CombatState, kind: TestKind = ANY, options: UesrpgOptions = OPTS) -> int:
    return sum(v for _, v in modifiers(u, kind, options))


def test_every_condition_has_a_rule() -> None:
    assert len(CONDITION_NAMES) == 22
    assert set(CONDITION_RULES) == set(CONDITION_NAMES)


# --- Bleeding ---------------------------------------------------------------------------


def test_bleeding_ticks_x_then_x_minus_one_bypassing_ar() -> None:
    u = unit(armor=(armor_piece("Plate", ["body"], physical=9),))
    u = add(u, "Bleeding", x=3)
    u, records = end_of_turn(u, rolls())
    assert u.hp == 17  # 3 damage, AR ignored
    assert u.condition("Bleeding").x == 2  # type: ignore[union-attr]
    u, _ = end_of_turn(u, rolls())
    u, _ = end_of_turn(u, rolls())
    assert u.hp == 20 - 3 - 2 - 1
    assert u.condition("Bleeding") is None  # "At X = 0 the condition is removed"
    assert [r.kind for r in records] == ["damage"]


def test_bleeding_instances_add_and_reduce_wt() -> None:
    u = add(add(unit(), "Bleeding", x=2), "Bleeding", x=3)
    bleeding = u.condition("Bleeding")
    assert bleeding is not None and (bleeding.x, bleeding.count) == (5, 2)
    assert wound_threshold(u, OPTS) == 12 - 1  # "Reduce WT by 1" (once, default)
    assert wound_threshold(u, UesrpgOptions(bleeding_wt="per_instance")) == 12 - 2


def test_healing_reduces_bleeding_by_the_total_including_overheal() -> None:
    u = add(unit(), "Bleeding", x=5)
    u, _ = apply_healing(replace(u, hp=19), 3)  # 1 HP regained, 3 healed
    assert u.hp == 20 and u.condition("Bleeding").x == 2  # type: ignore[union-attr]
    u, _ = apply_healing(u, 2)
    assert u.condition("Bleeding") is None


# --- Burning ----------------------------------------------------------------------------


def test_burning_deals_x_fire_damage_to_its_location_then_grows() -> None:
    u = unit(armor=(armor_piece("Warded", ["body"], physical=2, fire=1),))
    u = add(u, "Burning", x=1)  # "body by default"
    assert u.condition("Burning").where == "body"  # type: ignore[union-attr]
    u, _ = end_of_turn(u, rolls())
    assert u.hp == 20  # 1 fire damage − Fire AR 1
    assert u.condition("Burning").x == 2  # type: ignore[union-attr]
    u, _ = end_of_turn(u, rolls())
    assert u.hp == 19 and u.condition("Burning").x == 3  # type: ignore[union-attr]


def test_burning_stacks_per_location() -> None:
    u = add(add(unit(), "Burning", x=1), "Burning", x=2)
    assert u.condition("Burning").x == 3  # type: ignore[union-attr]
    u = add(u, "Burning", x=1, where="head")
    assert len(u.conditions_named("Burning")) == 2
    u, _ = end_of_turn(u, rolls())
    assert u.hp == 20 - 3 - 1


def test_extinguish_costs_1_ap_and_tests_at_plus_20_minus_10_per_x_beyond_1() -> None:
    u = add(unit(str_=45, ag=30), "Burning", x=3)
    chance = rolls(55)
    after, _, result = extinguish(u, chance)
    # Str 45 + 20 − 10 × 2 = 45: a 55 fails, but the unit falls Prone anyway
    assert chance.decisions[0].purpose.endswith("vs 45")
    assert not result.passed and after.ap == 2 and after.condition("Prone") is not None
    assert after.condition("Burning") is not None
    after, _, result = extinguish(u, rolls(45))
    assert result.passed and after.condition("Burning") is None
    with pytest.raises(RulesError, match="no AP"):
        extinguish(replace(u, ap=0), rolls(1))


def test_burning_needs_willpower_minus_20_to_act() -> None:
    u = add(unit(wp=50), "Burning", x=1)
    chance = rolls(31)
    _, _, result = burning_action_test(u, chance)
    assert not result.passed and chance.decisions[0].purpose.endswith("vs 30")


# --- Chameleon, Muffled, Invisible, Hidden ------------------------------------------------


def test_chameleon_and_muffled_keep_the_highest_x() -> None:
    u = add(add(unit(), "Chameleon", x=20), "Chameleon", x=10)
    assert detection_modifier(u, "sight") == -20
    u = add(add(u, "Muffled", x=10), "Muffled", x=30)
    assert detection_modifier(u, "hearing") == -30


def test_invisible_defeats_sight_and_attacks_are_at_minus_30() -> None:
    attacker, target = unit("A"), add(unit("T"), "Invisible")
    assert detection_fails(target, "sight") and not detection_fails(target, "hearing")
    seen = plan_attack(attacker, unit("T")).attack_test.target
    unseen = plan_attack(attacker, target).attack_test.target
    assert seen - unseen == 30


def test_hidden_attacker_cannot_be_defended_against() -> None:
    attacker = add(unit("A"), "Hidden")
    with pytest.raises(RulesError, match="Hidden"):
        plan_attack(attacker, unit("T"), defence="evade")


# --- Dazed, Stunned, AP ------------------------------------------------------------------


def test_dazed_gains_one_fewer_ap_minimum_1() -> None:
    u = add(replace(unit(), ap=0), "Dazed")
    u, _ = start_of_round(u, rolls())
    assert u.ap == 2
    u = replace(u, ap_debt=2)
    u, _ = start_of_round(u, rolls())
    assert u.ap == 0  # Dazed leaves 2 (minimum 1), then the body wound's debt takes 2


def test_stunned_loses_all_ap_and_regains_none() -> None:
    u = add(unit(), "Stunned")
    assert u.ap == 0
    u, _ = start_of_round(u, rolls())
    assert u.ap == 0
    u, _ = remove_condition(u, "Stunned")
    u, _ = start_of_round(u, rolls())
    assert u.ap == 3


def test_frenzied_is_immune_to_stunned() -> None:
    u = add(add(unit(), "Frenzied"), "Stunned")
    assert u.condition("Stunned") is None and u.ap == 3


def test_durations_count_down_at_the_start_of_each_round() -> None:
    u = add(unit(), "Dazed", rounds=2)
    u, _ = start_of_round(u, rolls())
    assert u.ap == 2 and u.condition("Dazed").rounds == 1  # type: ignore[union-attr]
    u, _ = start_of_round(u, rolls())
    assert u.ap == 2 and u.condition("Dazed") is None
    u, _ = start_of_round(u, rolls())
    assert u.ap == 3


# --- Entangled, Slowed, Immobilized, Prone, Restrained, Paralyzed ----------------------------


def test_entangled_halves_speed_round_up_and_costs_20_on_combat_style() -> None:
    u = unit(str_=40, ag=35)  # speed 4 + 2×3 = 10
    assert speed(u) == 10
    tangled = add(u, "Entangled")
    assert speed(tangled) == 5
    odd = unit(str_=50, ag=30)  # 5 + 6 = 11 → 6
    assert speed(add(odd, "Entangled")) == 6
    assert speed(add(add(odd, "Entangled"), "Slowed")) == 6  # halved once
    assert penalty(tangled, COMBAT) == -20
    assert penalty(tangled, TestKind("agility", skill="evade", combat=True)) == 0


def test_immobilized_restrained_paralyzed() -> None:
    assert speed(add(unit(), "Immobilized")) == 0
    assert can_attack(add(unit(), "Immobilized"))  # "May still attack ... and defend"
    restrained = add(unit(), "Restrained")
    assert speed(restrained) == 0 and not can_attack(restrained) and not can_defend(restrained)
    paralyzed = add(unit(), "Paralyzed")
    assert speed(paralyzed) == 0 and not can_defend(paralyzed)
    with pytest.raises(RulesError, match="cannot defend"):
        plan_attack(unit("A"), restrained, defence="evade")
    with pytest.raises(RulesError, match="cannot attack"):
        plan_attack(restrained, unit("B"))


def test_prone_costs_20_on_combat_tests_and_full_armor_counts_as_partial() -> None:
    u = unit(armor=(armor_piece("Plate", ["body"], physical=6),))
    prone = add(u, "Prone")
    assert penalty(prone, COMBAT) == -20 and penalty(prone) == 0
    from tactician.rulesets.uesrpg.wounds import reduce_damage

    assert reduce_damage(u, 10, "body", "physical", OPTS) == 4
    assert reduce_damage(prone, 10, "body", "physical", OPTS) == 7  # half AR, rounded down
    unchanged = UesrpgOptions(partial_armor_ar="unchanged")
    assert reduce_damage(prone, 10, "body", "physical", unchanged) == 4


# --- Blinded, Deafened, Silenced -----------------------------------------------------------


def test_blinded_and_deafened() -> None:
    blind = add(unit(), "Blinded")
    sight = TestKind("perception", senses=frozenset({"sight"}))
    assert penalty(blind, sight) == -30
    assert automatic_failure(blind, TestKind("perception", solely="sight")) == "Blinded"
    deaf = add(unit(), "Deafened")
    assert penalty(deaf, TestKind("perception", senses=frozenset({"hearing"}))) == -30
    assert automatic_failure(deaf, TestKind("perception", solely="hearing")) == "Deafened"
    assert automatic_failure(deaf, TestKind("perception", solely="sight")) is None


def test_silenced_costs_20_on_spellcasting_and_tests_perception_each_round() -> None:
    u = add(unit(prc=40), "Silenced")
    assert penalty(u, TestKind("willpower", spellcasting=True)) == -20
    u, _ = start_of_round(u, rolls(60))  # fails to realise
    assert u.condition("Silenced").x == 0  # type: ignore[union-attr]
    u, records = start_of_round(u, rolls(20))
    assert u.condition("Silenced").x == 1  # type: ignore[union-attr]
    u, _ = start_of_round(u, rolls())  # no more tests once realised


# --- Fatigue -------------------------------------------------------------------------------


def test_fatigue_table() -> None:
    u = unit()  # SP 4
    u, _ = lose_stamina(u, 5)
    assert fatigue_level(u) == 1 and penalty(u) == -10
    u, _ = lose_stamina(u, 1)
    assert penalty(u) == -20
    u, _ = lose_stamina(u, 1)
    assert penalty(u) == -30
    u, _ = lose_stamina(u, 1)
    assert fatigue_level(u) == 4 and has(u, "Unconscious") and has(u, "Prone") and not u.dead
    u, _ = lose_stamina(u, 1)
    assert u.dead  # 5+ Dead (and gaining a level while unconscious)


def test_fatigue_while_unconscious_kills() -> None:
    u = add(unit(), "Unconscious")
    u = add(u, "Fatigued", x=1)
    assert u.dead


def test_fatigue_recovers_with_stamina_and_wakes() -> None:
    u, _ = lose_stamina(unit(), 8)  # level 4
    assert has(u, "Unconscious")
    u, _ = gain_stamina(u, 2)
    assert fatigue_level(u) == 2 and not has(u, "Unconscious")


# --- Frenzied --------------------------------------------------------------------------------


def test_frenzied_numbers() -> None:
    u = unit()
    f = add(u, "Frenzied")
    assert wound_threshold(f, OPTS) == 12 + 3
    assert strength_bonus(f) == 5 and speed(f) == speed(u) + 1
    assert f.sp == 5 > max_stamina(f)  # "+1 SP (can exceed max)"
    assert penalty(f, TestKind("intelligence")) == -20
    assert penalty(f, TestKind("endurance")) == 0
    assert penalty(f, COMBAT) == 0  # combat style on Strength


def test_frenzy_ends_with_2_sp_lost() -> None:
    f = add(unit(), "Frenzied")
    after, _ = end_encounter(f)
    assert after.condition("Frenzied") is None and after.sp == 3
    chance = rolls(2)
    after, _, result = resist_frenzy(add(unit(wp=40), "Frenzied"), chance)
    # Willpower 40 − 20, and −20 more: Frenzied tests not based on Str, Ag or End
    assert chance.decisions[0].purpose.endswith("vs 0")
    assert result.passed and after.sp == 3  # ``frenzy_end_costs_sp`` = always
    literal = UesrpgOptions(frenzy_end_costs_sp="encounter_end")
    after, _, _ = resist_frenzy(add(unit(wp=40), "Frenzied"), rolls(2), literal)
    assert after.sp == 5


# --- Lost and crippled body parts ----------------------------------------------------------


def test_lost_ears_eyes_legs_hands() -> None:
    one_ear = add(unit(), "Lost Body Part", where="left_ear")
    hearing = TestKind("perception", senses=frozenset({"hearing"}))
    assert penalty(one_ear, hearing) == -20 and not has(one_ear, "Deafened")
    both = add(one_ear, "Lost Body Part", where="right_ear")
    assert has(both, "Deafened") and penalty(both, hearing) == -30
    eyes = add(add(unit(), "Lost Body Part", where="left_eye"), "Lost Body Part", where="right_eye")
    assert has(eyes, "Blinded")
    leg = add(unit(), "Lost Body Part", where="left_leg")
    assert has(leg, "Slowed") and penalty(leg, TestKind("agility", two_legs=True)) == -20
    legs = add(leg, "Lost Body Part", where="right_leg")
    assert has(legs, "Immobilized") and speed(legs) == 0
    arm = add(unit(), "Lost Body Part", where="right_arm")
    assert one_arm(arm) and penalty(arm, TestKind("agility", two_hands=True)) == -20
    assert cannot_wield(add(arm, "Lost Body Part", where="left_arm"))


def test_lost_arm_forbids_two_handed_weapons_and_shields() -> None:
    arm = unit("A", weapons=("Greatsword", "Kite Shield"))
    arm = add(arm, "Lost Body Part", where="left_arm")
    with pytest.raises(RulesError, match="two-handed"):
        plan_attack(arm, unit("B"), "Greatsword")
    with pytest.raises(RulesError, match="shield"):
        plan_attack(unit("B"), arm, defence="block")
    hands = add(arm, "Lost Body Part", where="right_arm")
    with pytest.raises(RulesError, match="cannot attack"):
        plan_attack(hands, unit("B"), "Kite Shield")


def test_crippled_part_counts_as_lost_and_organ_damage() -> None:
    crippled = add(unit(), "Crippled Body Part", where="right_leg")
    assert has(crippled, "Slowed")
    organs = add(unit(), "Crippled Body Part", where="organs")
    assert wound_threshold(organs, OPTS) == 11 and max_stamina(organs) == 3


def test_lost_parts_are_permanent() -> None:
    with pytest.raises(RulesError, match="permanent"):
        remove_condition(unit(), "Lost Body Part", where="left_eye")


# --- Unconscious ------------------------------------------------------------------------------


def test_unconscious_falls_prone_and_cannot_act() -> None:
    u = add(unit(), "Unconscious")
    assert has(u, "Prone") and u.ap == 0 and not can_defend(u)
    u, _ = start_of_round(u, rolls())
    assert u.ap == 0


# --- wound penalties and target numbers ----------------------------------------------------


def test_target_number_sums_characteristic_penalties_and_modifier() -> None:
    u = add(add(unit(str_=50), "Prone"), "Entangled")
    assert target_number(u, COMBAT, OPTS, modifier=10) == 60 - 20 - 20 + 10


# --- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kw", "message"),
    [
        ("Glowing", {}, "unknown condition"),
        ("Bleeding", {}, "needs X"),
        ("Prone", {"x": 2}, "takes no X"),
        ("Dazed", {"rounds": 0}, "1 round or more"),
        ("Crippled Body Part", {}, "needs a body part"),
        ("Burning", {"x": 1, "where": "tail"}, "location"),
        ("Slowed", {"where": "head"}, "not on a body part"),
    ],
)
def test_bad_conditions_are_refused(name: str, kw: dict[str, object], message: str) -> None:
    u = unit()
    with pytest.raises(RulesError, match=message):
        add_condition(u, name, **kw)  # type: ignore[arg-type]
    assert u == unit()


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from([*CONDITION_NAMES, "Glowing", "bleeding", ""]),
    x=st.integers(-2, 6),
    rounds=st.one_of(st.none(), st.integers(-1, 4)),
    where=st.one_of(st.none(), st.sampled_from(["body", "head", "left_eye", "organs", "tail"])),
)
def test_any_condition_input_is_applied_or_refused_cleanly(
    name: str, x: int, rounds: int | None, where: str | None
) -> None:
    u = unit()
    try:
        after, records = add_condition(u, name, x=x, rounds=rounds, where=where)
    except RulesError:
        assert u == unit()  # refused: nothing changed
        return
    assert records or after == u
    assert after.hp == u.hp  # adding a condition deals no damage
