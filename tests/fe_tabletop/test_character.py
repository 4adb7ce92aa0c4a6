"""001 L1-10, L122-128: creation, Aid, weapon ranks by use, EXP and promotion."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice, SeededDice
from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.aid import aid, can_rescue
from tactician.rulesets.fe_common.character.classes import find_class
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.conversions import damage_dice, hp_dice
from tactician.rulesets.fe_common.character.creation import create_unit
from tactician.rulesets.fe_common.character.experience import gain_exp, party_award, share
from tactician.rulesets.fe_common.character.promotion import promote
from tactician.rulesets.fe_common.character.ranks import (
    add_uses,
    can_wield,
    hit_value,
    rank_for,
    uses_for,
)
from tactician.rulesets.fe_common.character.weapons import find_weapon
from tactician.rulesets.fe_common.compendium import load_fe8
from tactician.rulesets.fe_tabletop.options import TabletopOptions

FE8 = load_fe8()
CONTENT = load_content()
OPTIONS = TabletopOptions()


def test_hp_and_damage_dice_defaults() -> None:
    assert str(hp_dice(20)) == "2d6+13" and hp_dice(20).mean == 20  # Cavalier
    assert str(hp_dice(17)) == "2d6+10"  # Armor Knight
    assert [str(damage_dice(m)) for m in (3, 4, 5, 10, 13)] == [
        "1d6", "1d8", "1d10", "1d10+5", "1d10+8"]
    assert damage_dice(0) is None


def test_creation_rolls_hp_on_the_class_dice_and_takes_con_and_mov() -> None:
    made = create_unit("Kyle", "Cavalier", CONTENT, PhysicalDice([4, 6]), OPTIONS, sex="male")
    unit = made.unit
    assert (made.hp_dice, made.hp_faces, unit.max_hp, unit.hp) == ("2d6+13", (4, 6), 23, 23)
    assert (unit.con, unit.mov, unit.level, unit.exp) == (9, 7, 1, 0)  # L3, L4
    assert unit.ranks == {"sword": "E", "lance": "E"}  # L5: E, though FE8 gives lance D
    assert unit.inventory == ("Iron Sword", "Vulnerary")  # L6
    assert aid(unit.con, True, unit.sex) == 16  # 25 - 9


def test_dark_magic_classes_start_at_d_in_dark() -> None:
    unit = create_unit("Knoll", "Shaman", CONTENT, PhysicalDice([3, 3]), OPTIONS).unit
    assert unit.ranks == {"dark": "D"}
    assert unit.inventory == ("Flux", "Vulnerary")  # Flux is rank D


def test_lords_may_start_with_a_prf_weapon_unless_legendary() -> None:
    eirika = create_unit("Eirika", "Lord (Eirika)", CONTENT, PhysicalDice([3, 3]), OPTIONS,
                         weapon="Rapier").unit
    assert eirika.inventory == ("Rapier", "Vulnerary")
    with pytest.raises(RulesError, match="Legendary"):
        create_unit("Eirika", "Lord (Eirika)", CONTENT, PhysicalDice([3, 3]), OPTIONS,
                    weapon="Sieglinde")
    with pytest.raises(RulesError, match="needs rank D"):
        create_unit("Seth", "Cavalier", CONTENT, PhysicalDice([3, 3]), OPTIONS, sex="male",
                    weapon="Steel Sword")


def test_mounted_units_need_a_sex_for_aid() -> None:
    with pytest.raises(RulesError, match="sex"):
        create_unit("Vanessa", "Pegasus Knight", CONTENT, PhysicalDice([3, 3]), OPTIONS)


def test_tt7_aid_and_the_rescue_contradiction() -> None:
    assert aid(9, False, None) == 8
    assert aid(11, True, "male") == 14
    assert aid(7, True, "female") == 13
    assert can_rescue(8, 8, OPTIONS)  # L8 "equal to or greater"
    assert not can_rescue(8, 8, TabletopOptions(rescue_aid="greater"))  # L43 "higher"
    assert not can_rescue(8, 9, OPTIONS)


def test_party_level_start_rolls_the_level_ups() -> None:
    made = create_unit("Ross", "Fighter", CONTENT, SeededDice(1), OPTIONS, party_level=3)
    assert made.unit.level == 3 and len(made.level_ups) == 2
    base_hp = sum(made.hp_faces) + 20 - 7  # Fighter base HP 20
    assert made.unit.max_hp == base_hp + 2  # L2: +1 HP a level


def test_a_promoted_start_is_a_level_10_unpromoted_unit_promoted() -> None:
    made = create_unit("Seth", "Paladin", CONTENT, SeededDice(2), OPTIONS, sex="male")
    assert len(made.level_ups) == 9 and made.unit.class_name == "Paladin"
    assert (made.unit.level, made.unit.con, made.unit.mov) == (1, 11, 8)
    grown = sum(1 for up in made.level_ups for r in up.rolls if r.gained and not r.capped)
    cavalier, paladin = find_class(FE8, "Cavalier"), find_class(FE8, "Paladin")
    bonus = sum(paladin.promotion_bonus.values())
    assert sum(made.unit.stats.values()) == sum(cavalier.base.values()) + grown + bonus


def test_tt8_weapon_ranks_by_use() -> None:
    assert [uses_for(r) for r in "EDCBAS"] == [0, 10, 30, 60, 100, 150]  # 10, +20, +30, ...
    assert hit_value(5, False) == 1 and hit_value(5, True) == 2 and hit_value(0, True) == 0
    unit = create_unit("Ross", "Fighter", CONTENT, PhysicalDice([3, 3]), OPTIONS).unit
    unit, ups = add_uses(unit, {"axe": 8 * 1 + 2})  # 8 damaging hits and one kill
    assert unit.ranks["axe"] == "D" and [u.after for u in ups] == ["D"]
    unit, ups = add_uses(unit, {"axe": 18 + 2})
    assert unit.ranks["axe"] == "C" and unit.rank_uses["axe"] == 30
    unit, ups = add_uses(unit, {"sword": 50})  # no sword rank: nothing
    assert "sword" not in unit.ranks and not ups


@given(st.integers(0, 400))
def test_rank_is_monotone_in_uses(uses: int) -> None:
    rank = rank_for(uses)
    assert uses_for(rank) <= uses
    assert rank == "S" or uses < uses_for("EDCBAS"["EDCBAS".index(rank) + 1])


def test_rank_gates_weapons_and_prf_goes_to_its_classes() -> None:
    unit = create_unit("Ross", "Fighter", CONTENT, PhysicalDice([3, 3]), OPTIONS).unit
    assert can_wield(unit, find_weapon(FE8, "Steel Axe"), OPTIONS)[0]  # FE8 Steel Axe is rank E
    assert not can_wield(unit, find_weapon(FE8, "Killer Axe"), OPTIONS)[0]
    assert can_wield(unit, find_weapon(FE8, "Killer Axe"), TabletopOptions(
        weapon_rank_required=False))[0]
    assert not can_wield(unit, find_weapon(FE8, "Iron Sword"), OPTIONS)[0]


def test_the_exp_chart_and_the_95_plus_15_example() -> None:
    assert [party_award(n, OPTIONS) for n in (0, 1, 4, 5, 8, 9, 12, 13, 16, 17)] == [
        0, 10, 10, 20, 20, 30, 30, 40, 40, 50]
    assert party_award(17, TabletopOptions(exp_chart_extends=False)) == 40
    assert share(20, 4, OPTIONS) == 20 and share(20, 4, TabletopOptions(exp_award="split")) == 5
    unit = create_unit("Ross", "Fighter", CONTENT, SeededDice(4), OPTIONS, party_level=4).unit
    unit = unit.model_copy(update={"exp": 95})
    fighter = find_class(FE8, "Fighter")
    after, gain = gain_exp(unit, 15, fighter, PhysicalDice([50] * 6), OPTIONS)
    assert (after.level, after.exp, len(gain.level_ups)) == (5, 10, 1)  # L123


def test_tt9_large_awards_give_several_level_ups() -> None:
    fighter = find_class(FE8, "Fighter")
    unit = create_unit("Ross", "Fighter", CONTENT, SeededDice(4), OPTIONS).unit
    unit = unit.model_copy(update={"exp": 90})
    after, gain = gain_exp(unit, 120, fighter, SeededDice(9), OPTIONS)
    assert (after.level, after.exp, len(gain.level_ups)) == (3, 10, 2)
    with pytest.raises(RulesError):
        gain_exp(unit, -1, fighter, SeededDice(9), OPTIONS)


def test_a_recruit_keeps_its_growths_and_loses_the_weapons_its_new_class_lacks() -> None:
    recruit, knight = find_class(FE8, "Recruit"), find_class(FE8, "Armor Knight (F)")
    unit = create_unit("Amelia", "Recruit", CONTENT, SeededDice(5), OPTIONS, party_level=10).unit
    with pytest.raises(RulesError, match="promotes to"):
        promote(unit, recruit, find_class(FE8, "Paladin"), OPTIONS)
    promoted = promote(unit, recruit, knight, OPTIONS)
    assert promoted.growths == recruit.growths  # L9
    assert (promoted.level, promoted.exp, promoted.con, promoted.mov) == (1, 0, knight.con, 4)
    cavalier_f = find_class(FE8, "Cavalier (F)")
    as_cavalier = promote(unit, recruit, cavalier_f, OPTIONS)
    assert set(as_cavalier.ranks) == {"sword", "lance"} and as_cavalier.ranks["sword"] == "E"
    young = create_unit("Amelia", "Recruit", CONTENT, SeededDice(5), OPTIONS).unit
    with pytest.raises(RulesError, match="level 10"):
        promote(young, recruit, knight, OPTIONS)
    # an ordinary promotion takes the new class's growths
    cav = create_unit("Kyle", "Cavalier", CONTENT, SeededDice(6), OPTIONS, sex="male",
                      party_level=10).unit
    paladin = find_class(FE8, "Paladin")
    assert promote(cav, find_class(FE8, "Cavalier"), paladin, OPTIONS).growths == paladin.growths


def test_the_sheet_gives_hit_before_the_enemy() -> None:
    from tactician.rulesets.fe_tabletop.sheet import weapon_line

    unit = create_unit("Ross", "Fighter", CONTENT, PhysicalDice([3, 3]), OPTIONS).unit
    line = weapon_line(unit, CONTENT.weapon("Iron Axe"), OPTIONS)
    s = unit.stats  # FE8 Fighter: Str 5, Skl 2, Spd 4, CON 11; Iron Axe Hit 75, Wt 10
    assert line.base_hit == 75 + s.pow // 2 + 2 * s.skl
    assert (line.crit, line.damage, line.attack_speed) == (0, f"1d10{3 + s.pow // 2:+d}", s.spd)


def test_physical_dice_for_a_promoted_start_come_after_the_hp_dice() -> None:
    from tactician.errors import NeedRoll

    with pytest.raises(NeedRoll, match="growth Str/Mag"):
        create_unit("Seth", "Paladin", CONTENT, PhysicalDice([3, 3]), OPTIONS, sex="male")
    made = create_unit("Seth", "Paladin", CONTENT, PhysicalDice([3, 3] + [1] * 54), OPTIONS,
                       sex="male")
    assert made.hp_faces == (3, 3) and len(made.level_ups) == 9
    assert made.hp_dice == "2d6+13"  # rolled on the Cavalier's dice, not the Paladin's


def test_bad_units_are_refused_by_field() -> None:
    from pydantic import ValidationError

    from tactician.rulesets.fe_common.character.stats import StatLine
    from tactician.rulesets.fe_common.character.unit import Unit

    with pytest.raises(ValidationError, match="at most 5"):
        Unit(name="R", class_name="Fighter", max_hp=20, hp=20, con=8, mov=5, stats=StatLine(),
             growths=StatLine(), inventory=("Vulnerary",) * 6)
    with pytest.raises(ValidationError, match="above max_hp"):
        Unit(name="R", class_name="Fighter", max_hp=20, hp=21, con=8, mov=5, stats=StatLine(),
             growths=StatLine())
    with pytest.raises(RulesError, match="unknown class"):
        create_unit("R", "Fightr", CONTENT, PhysicalDice([3, 3]), OPTIONS)
