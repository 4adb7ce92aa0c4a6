"""001 L42 turn order by 1d100; L6/L94/L100 the Vulnerary, the Heal skill, Artisan repair."""

from __future__ import annotations

import pytest

from tactician.dice.source import PhysicalDice
from tactician.errors import RulesError
from tactician.rulesets.fe_common.compendium import load_fe8
from tactician.rulesets.fe_tabletop.healing import heal, heal_skill_amount, repair
from tactician.rulesets.fe_tabletop.turn_order import roll_turn_order


def test_highest_goes_first_lowest_last_and_ties_roll_again() -> None:
    result = roll_turn_order(["Ann", "Bo", "Cy"], PhysicalDice([40, 90, 40, 12, 70]))
    assert result.order == ("Bo", "Cy", "Ann")
    assert result.rolls == (("Ann", 40), ("Bo", 90), ("Cy", 40), ("Ann", 12), ("Cy", 70))
    with pytest.raises(RulesError):
        roll_turn_order(["Ann", "Ann"], PhysicalDice([1, 2]))


def test_the_vulnerary_heals_fe8s_ten() -> None:
    vulnerary = load_fe8().item("Vulnerary")
    assert heal(12, 25, vulnerary.heal or 0) == 22 and heal(20, 25, 10) == 25
    with pytest.raises(RulesError):
        heal(0, 25, 10)


def test_heal_skill_and_artisan_repair() -> None:
    assert heal_skill_amount(25) == 12
    assert repair(3, 46, 0) == (23, 1)
    with pytest.raises(RulesError, match="half its durability"):
        repair(23, 46, 1)
