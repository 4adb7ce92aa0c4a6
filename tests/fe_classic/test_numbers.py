"""The ten lost formulas (002 §2.12) on the spec's hand-computed cases FC-1..FC-9."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.rulesets.fe_classic import numbers
from tactician.rulesets.fe_classic.options import ClassicOptions
from tests.fe_classic.units import fighter, weapon

OPTS = ClassicOptions()


@pytest.mark.parametrize(("spd", "wt", "con", "expected"), [
    (10, 12, 8, 6),   # FC-1 (a): 10 - max(0, 4)
    (3, 15, 5, 0),    # FC-1 (b): 3 - 10 = -7 -> 0
    (7, 5, 9, 7),     # FC-1 (c): the subvalue max(0, -4) = 0
])
def test_attack_speed_fc1(spd: int, wt: int, con: int, expected: int) -> None:
    unit = fighter(spd=spd, con=con)
    assert unit.weapon is not None
    unit = fighter(spd=spd, con=con, weapon=unit.weapon.model_copy(update={"weight": wt}))
    assert numbers.attack_speed(unit) == expected


@given(st.integers(0, 40), st.integers(0, 30), st.integers(1, 25))
def test_attack_speed_is_never_negative_and_never_above_speed(spd: int, wt: int, con: int
                                                              ) -> None:
    base = fighter()
    assert base.weapon is not None
    unit = fighter(spd=spd, con=con, weapon=base.weapon.model_copy(update={"weight": wt}))
    assert 0 <= numbers.attack_speed(unit) <= spd


def test_doubling_fc2() -> None:
    """AS 9 vs 5 doubles (9 >= 5 + 4); 8 vs 5 does not; the threshold is an option."""
    assert numbers.doubles(fighter(spd=9), fighter(spd=5), OPTS)
    assert not numbers.doubles(fighter(spd=8), fighter(spd=5), OPTS)
    assert numbers.doubles(fighter(spd=8), fighter(spd=5), ClassicOptions(double_threshold=3))


def test_accuracy_avoid_and_chance_fc3() -> None:
    attacker = fighter("A", "Iron Sword", skl=7, lck=5, spd=8, con=7)
    defender = fighter("D", "Iron Axe", skl=4, lck=3, spd=7, con=10, tile="Forest")
    assert numbers.attack_speed(attacker) == 8 and numbers.attack_speed(defender) == 7
    assert numbers.accuracy(attacker, defender, OPTS) == 121   # 90 + 14 + 2 + 15
    assert numbers.avoid(defender, OPTS) == 37                 # 2x7 + 3 + 20
    assert numbers.hit_chance(attacker, defender, OPTS) == 84
    assert numbers.accuracy(defender, attacker, OPTS) == 69    # 75 + 8 + 1 - 15
    assert numbers.avoid(attacker, OPTS) == 21                 # 2x8 + 5 + 0
    assert numbers.hit_chance(defender, attacker, OPTS) == 48


def test_s_rank_adds_five_hit_and_five_crit() -> None:
    plain, s = fighter(skl=7), fighter(skl=7, s_rank=True)
    other = fighter()
    assert numbers.accuracy(s, other, OPTS) - numbers.accuracy(plain, other, OPTS) == 5
    assert numbers.crit_rate(s, OPTS) - numbers.crit_rate(plain, OPTS) == 5


def test_crit_fc5() -> None:
    berserker = fighter("B", "Killer Axe", skl=9, crit_bonus=15, s_rank=True)
    assert numbers.crit_rate(berserker, OPTS) == 54           # 30 + 4 + 15 + 5
    assert numbers.crit_chance(berserker, fighter(lck=12), OPTS) == 42
    plain = fighter("F", "Killer Axe", skl=9)
    assert numbers.crit_chance(plain, fighter(lck=12), OPTS) == 22
    assert numbers.crit_chance(plain, fighter(lck=40), OPTS) == 0


def test_never_crit_weapon_has_crit_zero() -> None:
    killer = weapon("Killer Axe").model_copy(update={"no_crit": True})
    assert numbers.crit_rate(fighter(weapon=killer, skl=20, crit_bonus=15), OPTS) == 0


def test_physical_damage_triangle_and_crit_fc6() -> None:
    lancer = fighter("L", "Steel Lance", pow=10)
    swordsman = fighter("S", "Iron Sword", def_=7, tile="Fort")
    assert numbers.attack(lancer, swordsman, OPTS) == 21      # 10 + (10 + 1)
    assert numbers.damage(lancer, swordsman, False, OPTS) == 12
    assert numbers.damage(lancer, swordsman, True, OPTS) == 36
    axeman = fighter("X", "Iron Axe", def_=7, tile="Fort")
    assert numbers.attack(lancer, axeman, OPTS) == 19
    assert numbers.damage(lancer, axeman, False, OPTS) == 10


def test_effectiveness_fc7() -> None:
    archer = fighter("A", "Iron Bow", pow=7)
    flier = fighter("F", "Iron Lance", def_=4, unit_type="flier", tags={"flying"})
    assert numbers.attack(archer, flier, OPTS) == 25          # 7 + 6 x 3
    assert numbers.damage(archer, flier, False, OPTS) == 21
    knight = fighter("K", "Horseslayer", pow=9)
    cavalier = fighter("C", "Iron Sword", def_=8, unit_type="horse", tags={"mounted"})
    assert numbers.attack(knight, cavalier, OPTS) == 33       # 9 + (7 + 1) x 3
    assert numbers.damage(knight, cavalier, False, OPTS) == 25


def test_magic_against_the_throne_fc8() -> None:
    mage = fighter("M", "Fire", pow=8)
    monk = fighter("L", "Lightning", res=4, tile="Throne")
    assert numbers.attack(mage, monk, OPTS) == 14             # anima > light: 8 + (5 + 1)
    assert numbers.damage(mage, monk, False, OPTS) == 5       # Res 4 + Throne 5
    both = ClassicOptions(terrain_def_vs_magic=True)
    assert numbers.damage(mage, monk, False, both) == 2    # 4 + 5 + 3


def test_arcane_triangle_pairs() -> None:
    """002 L80-81 "Anima is strong against Light, Light is strong against Darkness, and
    Darkness is strong against Anima."; bows neutral (L79)."""
    pairs = [("Fire", "Lightning", 1), ("Lightning", "Flux", 1), ("Flux", "Fire", 1),
             ("Lightning", "Fire", -1), ("Iron Sword", "Iron Axe", 1),
             ("Iron Axe", "Iron Lance", 1), ("Iron Lance", "Iron Sword", 1),
             ("Iron Bow", "Iron Sword", 0), ("Iron Sword", "Iron Bow", 0)]
    for mine, theirs, side in pairs:
        assert numbers.triangle(fighter(weapon_name=mine), fighter(weapon_name=theirs), OPTS) \
            == (15 * side, side), (mine, theirs)


def test_reaver_reverses_and_doubles_the_triangle() -> None:
    """FE8 ``BattleApplyReaverEffect``: one reaver side negates and doubles both bonuses."""
    reaver = weapon("Iron Sword").model_copy(update={"reverse_triangle": True})
    lance = fighter(weapon_name="Iron Lance")
    assert numbers.triangle(fighter(weapon=reaver), lance, OPTS) == (30, 2)
    assert numbers.triangle(fighter(weapon=reaver), lance,
                            ClassicOptions(reaver_reversal=False)) == (-15, -1)


def test_staff_formulas_fc9() -> None:
    user = fighter("P", "Sleep", pow=10, skl=8)
    assert numbers.staff_accuracy(user) == 88
    assert numbers.staff_avoid(fighter(res=6), 3) == 36
    assert numbers.staff_chance(user, fighter(res=6), 3) == 52
    weak = fighter("P", "Sleep", pow=4, skl=5)
    assert numbers.staff_chance(weak, fighter(res=9), 1) == 8
    strong = fighter("P", "Sleep", pow=20, skl=20)
    assert numbers.staff_chance(strong, fighter(res=0), 1) == 100


def test_fliers_without_terrain_bonus_option() -> None:
    flier = fighter(spd=5, unit_type="flier", tile="Forest")
    assert numbers.avoid(flier, OPTS) == 30
    assert numbers.avoid(flier, ClassicOptions(fliers_get_terrain_bonus=False)) == 10


def test_negative_terrain_avoid_floors_at_zero() -> None:
    assert numbers.avoid(fighter(spd=0, tile="Tunnel (narrow)"), OPTS) == 0
    assert numbers.avoid(fighter(spd=10, tile="Ice"), OPTS) == 5
