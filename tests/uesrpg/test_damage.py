"""003 "Damage types": AR by sub-type, Shadow by nothing, specific traits first;
the damage roll as an exact event."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.damage import (
    DiceSum,
    Trait,
    ar_against,
    parse_damage,
    reduced,
    trait_adjustment,
)
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.wounds import reduce_damage
from tests.uesrpg.units import armor_piece, unit

AR = {"physical": 5, "magic": 2, "fire": 3, "frost": 1}
BOTH = UesrpgOptions()


def test_physical_and_generic_magic_use_their_own_ar() -> None:
    assert ar_against(AR, "physical", BOTH) == 5
    assert ar_against(AR, "magic", BOTH) == 2


def test_fire_ar_and_magic_ar() -> None:
    # 003: "Fire | Fire AR (and Magic AR)"
    assert ar_against(AR, "fire", BOTH) == 5
    assert ar_against(AR, "fire", UesrpgOptions(elemental_ar="higher")) == 3
    assert ar_against(AR, "fire", UesrpgOptions(elemental_ar="specific")) == 3
    assert ar_against(AR, "shock", BOTH) == 2  # no shock AR: Magic AR still counts
    assert ar_against(AR, "poison", UesrpgOptions(elemental_ar="specific")) == 0


def test_shadow_is_reduced_by_nothing() -> None:
    assert ar_against(AR, "shadow", BOTH) == 0


def test_more_specific_trait_takes_precedence() -> None:
    traits = [Trait("resistance", 5, "magic"), Trait("weakness", 3, "fire")]
    assert trait_adjustment(traits, "fire") == 3  # the fire weakness shuts out magic resistance
    assert trait_adjustment(traits, "frost") == -5  # no frost trait: generic magic applies
    assert trait_adjustment(traits, "magic") == -5
    assert trait_adjustment(traits, "physical") == 0
    assert (
        trait_adjustment([Trait("resistance", 2, "fire"), Trait("resistance", 4, "fire")], "fire")
        == -4
    )  # same kind and type: the highest


def test_damage_floors_at_zero() -> None:
    assert reduced(3, 5, 0) == 0
    assert reduced(3, 5, 4) == 2


def test_unit_damage_uses_location_ar_and_traits() -> None:
    u = unit(
        armor=(armor_piece("Helm", ["head"], physical=4, magic=1),),
        traits=({"trait": "weakness", "x": 2, "type": "fire"},),
    )
    opts = UesrpgOptions()
    assert reduce_damage(u, 10, "head", "physical", opts) == 6
    assert reduce_damage(u, 10, "body", "physical", opts) == 10
    assert reduce_damage(u, 10, "head", "fire", opts) == 10 - 1 + 2


def test_parse_damage() -> None:
    formula = parse_damage("2d6+SB-1")
    assert formula.dice == (6, 6) and formula.flat == -1 and formula.bonuses == (("SB", 1),)
    assert parse_damage("d8 + wb").bonuses == (("WB", 1),)
    for bad in ("", "1d8*2", "SB SB", "-1d6", "13d6", "1d1000", "1d8+XB"):
        with pytest.raises(RulesError):
            parse_damage(bad)


def test_dice_sum_is_exact() -> None:
    outcomes = dict(DiceSum((6, 6), 2).outcomes())
    assert outcomes[9] == pytest.approx(6 / 36)  # 7 on 2d6, plus 2
    assert min(outcomes) == 4 and max(outcomes) == 14
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert DiceSum((8,), 3).sample(PhysicalDice([5])) == 8


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="0123456789dD+-*/ SBWEAPLcxk()", max_size=20))
def test_any_damage_text_parses_or_is_refused_cleanly(text: str) -> None:
    try:
        formula = parse_damage(text)
    except RulesError:
        return
    assert len(formula.dice) <= 12 and all(1 <= s <= 100 for s in formula.dice)
    assert sum(p for _, p in DiceSum(formula.dice, formula.flat).outcomes()) == pytest.approx(1)
