"""003 "Death": unconscious at 0 HP, an Endurance test each Turn, death after more
failures than LB, damage failing the next test, stabilising."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactician.errors import NeedRoll, RulesError
from tactician.rulesets.uesrpg.death import death_test, stabilise
from tactician.rulesets.uesrpg.healing import apply_healing
from tactician.rulesets.uesrpg.numbers import has
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState
from tactician.rulesets.uesrpg.turns import end_of_turn
from tactician.rulesets.uesrpg.wounds import apply_damage
from tests.uesrpg.units import rolls, unit

FAIL, PASS = 90, 10


def down(lck: int = 20) -> CombatState:
    u = unit(lck=lck)  # LB 2 by default
    return apply_damage(u, rolls(), 20, attack=False)[0]


def turns(u: CombatState, *dice: int, options: UesrpgOptions | None = None) -> CombatState:
    for die in dice:
        u, _ = end_of_turn(u, rolls(die), options)
    return u


def test_zero_hp_falls_unconscious_and_prone() -> None:
    u = down()
    assert u.hp == 0 and has(u, "Unconscious") and has(u, "Prone") and u.ap == 0


def test_death_after_failures_exceeding_luck_bonus() -> None:
    u = turns(down(), FAIL, FAIL)
    assert u.death_failures == 2 and not u.dead  # LB 2: two failures do not exceed it
    u = turns(u, FAIL)
    assert u.dead


def test_luck_bonus_zero_dies_on_the_first_failure() -> None:
    assert turns(down(lck=5), FAIL).dead


def test_failures_count_in_total_or_consecutively() -> None:
    assert turns(down(), FAIL, PASS, FAIL, FAIL).dead
    consecutive = UesrpgOptions(death_count="consecutive")
    u = turns(down(), FAIL, PASS, FAIL, FAIL, options=consecutive)
    assert not u.dead and u.death_failures == 2


def test_damage_makes_the_next_test_fail_automatically() -> None:
    u = apply_damage(down(), rolls(), 1, attack=False)[0]
    assert u.next_test_fails
    u, records = end_of_turn(u, rolls())  # no die is rolled
    assert u.death_failures == 1 and not u.next_test_fails
    assert any("fails automatically" in r.text for r in records)


def test_stabilised_characters_stop_testing() -> None:
    medic = unit("Medic", int_=50)
    u, _, result = stabilise(down(), medic, rolls(PASS))
    assert result.passed and u.stable
    u, _ = end_of_turn(u, rolls())  # no test wanted
    assert not u.dead
    with pytest.raises(RulesError, match="kit"):
        stabilise(down(), medic, rolls(PASS), kit=False)


def test_damage_to_a_stabilised_character_restarts_testing() -> None:
    u = replace(down(), stable=True)
    u = apply_damage(u, rolls(), 2, attack=False)[0]
    assert not u.stable and u.next_test_fails


def test_healing_above_zero_stops_testing_and_wakes() -> None:
    u = turns(down(), FAIL)
    u, _ = apply_healing(u, 2)
    assert u.hp == 2 and not has(u, "Unconscious") and u.death_failures == 0
    u, _ = end_of_turn(u, rolls())


def test_death_test_is_an_endurance_test_with_wound_penalties() -> None:
    u = unit(lck=20)
    u = apply_damage(u, rolls(PASS), 20)[0]  # a wound (20 > WT 12) and 0 HP
    chance = rolls(25)
    u, _ = death_test(u, chance)
    assert chance.decisions[0].purpose.endswith("vs 20") and u.death_failures == 1
    with pytest.raises(RulesError, match="not dying"):
        death_test(unit(), rolls(PASS))
    with pytest.raises(NeedRoll):
        death_test(u, rolls())
