"""003 "Wounds": the threshold, shock effects, magic extras and passive effects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.conditions import add_condition
from tactician.rulesets.uesrpg.healing import apply_healing
from tactician.rulesets.uesrpg.modifiers import TestKind, modifiers
from tactician.rulesets.uesrpg.numbers import initiative_rating, one_arm, wound_threshold
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState
from tactician.rulesets.uesrpg.turns import end_of_turn, roll_initiative, start_of_round
from tactician.rulesets.uesrpg.wounds import apply_damage, first_aid
from tests.uesrpg.units import rolls, unit

OPTS = UesrpgOptions()
PASS, FAIL = 10, 90  # against Endurance 40


def hit(u: CombatState, damage: int, *dice: int, **kw: object) -> CombatState:
    return apply_damage(u, rolls(*dice), damage, **kw)[0]  # type: ignore[arg-type]


def penalty(u: CombatState, options: UesrpgOptions = OPTS) -> int:
    return sum(v for _, v in modifiers(u, TestKind("intelligence"), options))


def test_a_wound_needs_damage_in_excess_of_wt() -> None:
    u = unit()  # WT 4 + 4 + 4 = 12
    assert wound_threshold(u, OPTS) == 12
    assert hit(u, 12).wounds == ()
    wounded = hit(u, 13, PASS)
    assert len(wounded.wounds) == 1
    wound = wounded.wounds[0]
    assert (wound.damage, wound.location) == (13, "body")  # "Record the damage and hit location"
    assert wounded.hp == 7


def test_only_an_attack_wounds() -> None:
    assert hit(unit(), 15, attack=False).wounds == ()


def test_body_wound_loses_1_ap_and_a_failed_shock_damages_organs() -> None:
    passed = hit(unit(), 13, PASS)
    assert passed.ap == 2 and passed.wounds[0].crippled == ()
    failed = hit(unit(), 13, FAIL)
    assert failed.wounds[0].crippled == ("organs",)
    assert wound_threshold(failed, OPTS) == 11  # Organ Damage: "reduce SP max and WT by 1"


def test_body_wound_with_no_ap_left_starts_next_turn_with_1_fewer() -> None:
    u = hit(replace(unit(), ap=0), 13, PASS)
    assert u.ap == 0 and u.ap_debt == 1
    u, _ = start_of_round(u, rolls())
    assert u.ap == 2 and u.ap_debt == 0


def test_limb_wound_cripples_and_a_failed_shock_takes_the_limb() -> None:
    crippled = hit(unit(), 13, PASS, location="right_arm")
    assert crippled.wounds[0].crippled == ("right_arm",) and one_arm(crippled)
    assert crippled.lost == frozenset() and crippled.ap == 3  # no AP loss on a limb
    lost = hit(unit(), 13, FAIL, location="left_leg")
    assert lost.lost == {"left_leg"}


def test_head_wound_stuns_for_1_round_and_a_failed_shock_takes_an_eye_or_ear() -> None:
    u = hit(unit(), 13, PASS, location="head")
    assert u.condition("Stunned") is not None and u.ap == 0
    u, _ = start_of_round(u, rolls())  # "1 round": until the same point next round
    assert u.ap == 0 and u.condition("Stunned") is None
    u, _ = start_of_round(u, rolls())
    assert u.ap == 3
    short = UesrpgOptions(head_stun_skips_refill=False)
    v = hit(unit(), 13, PASS, location="head")
    v, _ = start_of_round(v, rolls(), short)
    assert v.ap == 3
    lost = hit(unit(), 13, FAIL, 3, location="head")  # d4 among right eye, left eye, right ear...
    assert lost.lost == {"right_ear"}


def test_head_wound_on_a_frenzied_unit_does_not_stun() -> None:
    u = add_condition(unit(), "Frenzied")[0]
    u = hit(u, 16, PASS, location="head")
    assert u.condition("Stunned") is None


@pytest.mark.parametrize(
    ("damage_type", "dice", "check"),
    [
        ("fire", (PASS, 90), lambda u: u.condition("Burning", "body").x == 1),
        ("fire", (PASS, 10), lambda u: u.condition("Burning") is None),
        ("frost", (PASS, 90), lambda u: u.condition("Dazed").rounds == 1),
        ("frost", (PASS, 10), lambda u: u.condition("Dazed") is None),
        ("poison", (PASS,), lambda u: u.sp == 3),
        ("shock", (PASS,), lambda u: u.mp == 40 - 13),
        ("magic", (PASS,), lambda u: u.mp == 40 - 13),
        ("shadow", (PASS,), lambda u: u.mp == 40 and u.sp == 4),
    ],
)
def test_magic_damage_extras(damage_type: str, dice: tuple[int, ...], check: object) -> None:
    u = hit(unit(), 13, *dice, damage_type=damage_type)
    assert check(u)  # type: ignore[operator]


def test_magic_extras_need_a_wound() -> None:
    u = hit(unit(), 12, damage_type="shock")
    assert u.mp == 40


def test_passive_effects_minus_20_per_wound_and_minus_2_initiative() -> None:
    u = hit(unit(), 13, PASS)
    assert penalty(u) == -20
    assert initiative_rating(u, OPTS) == 12 - 2
    chance = rolls(PASS)
    u = apply_damage(u, chance, 13)[0]
    # the second shock test already carries the first wound's −20
    assert chance.decisions[0].purpose.endswith("vs 20")
    assert penalty(u) == -40 and initiative_rating(u, OPTS) == 12 - 4
    once = UesrpgOptions(wound_penalties="once")
    assert penalty(u, once) == -20 and initiative_rating(u, once) == 12 - 2
    value, _ = roll_initiative(u, rolls(5))
    assert value == 5 + 8


def test_frenzied_ignores_passive_wound_effects() -> None:
    u = add_condition(hit(unit(), 13, PASS), "Frenzied")[0]
    assert sum(v for _, v in modifiers(u, TestKind("endurance"), OPTS)) == 0


def test_blood_loss_drops_to_0_hp_after_5_rounds() -> None:
    u = hit(unit(), 13, PASS)
    for _ in range(4):
        u, _ = start_of_round(u, rolls())
        u, _ = end_of_turn(u, rolls())
    assert u.hp == 7
    u, _ = start_of_round(u, rolls())
    u, records = end_of_turn(u, rolls())
    assert u.hp == 0 and u.condition("Unconscious") is not None
    assert any("blood loss" in r.text for r in records)


def test_first_aid_removes_passive_effects() -> None:
    u = hit(unit(), 13, PASS)
    medic = unit("Medic", int_=50)  # Profession (Medicine) 60
    after, _, result = first_aid(u, medic, rolls(55))
    assert result.passed and penalty(after) == 0 and after.wounds[0].blood_loss is None
    for _ in range(6):
        after, _ = start_of_round(after, rolls())
        after, _ = end_of_turn(after, rolls())
    assert after.hp == 7
    failed, _, result = first_aid(u, medic, rolls(75))
    assert not result.passed and failed == u
    with pytest.raises(RulesError, match="healer's kit"):
        first_aid(u, medic, rolls(1), kit=False)
    with pytest.raises(RulesError, match="no wound"):
        first_aid(unit(), medic, rolls(1))


def test_magical_healing_delays_passive_effects_for_rounds_equal_to_hp() -> None:
    u = hit(unit(), 13, PASS)
    u, _ = start_of_round(u, rolls())  # blood loss 4 rounds left
    u, _ = apply_healing(u, 3)
    assert u.relief == 3 and penalty(u) == 0
    for _ in range(3):
        u, _ = start_of_round(u, rolls())
        assert u.wounds[0].blood_loss == 4  # forestalled
    assert u.relief == 0 and penalty(u) == -20
    u, _ = start_of_round(u, rolls())
    assert u.wounds[0].blood_loss == 3
