"""001 L45-53: hit, damage dice, crit, doubling, counters, durability; the text's examples first."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactician.dice.distribution import DiceSum
from tactician.dice.source import PhysicalDice
from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon, find_weapon
from tactician.rulesets.fe_common.compendium import load_fe8
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER
from tactician.rulesets.fe_tabletop import numbers
from tactician.rulesets.fe_tabletop.combatant import Combatant
from tactician.rulesets.fe_tabletop.fight import forecast, plan_fight, resolve
from tactician.rulesets.fe_tabletop.options import TabletopOptions

FE8 = load_fe8()
OPTIONS = TabletopOptions()


def weapon(kind: str = "Iron Axe", **changes: object) -> TabletopWeapon:
    base = find_weapon(FE8, kind)
    if "damage" in changes and isinstance(changes["damage"], str):
        changes["damage"] = DiceSum.parse(changes["damage"], "damage")  # type: ignore[arg-type]
    return replace(base, **changes)  # type: ignore[arg-type]


def unit(name: str = "A", **changes: object) -> Combatant:
    base = Combatant(name=name, hp=20, pow=0, skl=0, spd=0, lck=0, def_=0, res=0, con=10,
                     weapon=weapon("Iron Sword"))
    return replace(base, **changes)  # type: ignore[arg-type]


def test_l45_example_2d6_rolling_2_and_5_with_strength_12_deals_13() -> None:
    me = unit(pow=12, weapon=weapon("Iron Sword", damage="2d6", hit=100))
    plan = plan_fight(me, unit("B", hp=30, weapon=None), 1, OPTIONS)
    result = resolve(plan, PhysicalDice([50, 2, 5]))
    assert result.strikes[0].damage == 13
    assert result.end.hp == (20, 17)
    assert [d.value for d in result.chance.dice.draws] == [50, 2, 5]


def test_l53_example_half_defence_and_def_1_counts_as_0() -> None:
    me = unit(pow=0, weapon=weapon(damage="1d6+4"))
    assert numbers.hit_damage(me, unit(def_=4), 4, False, OPTIONS) == 6
    assert numbers.hit_damage(me, unit(def_=1), 4, False, OPTIONS) == 8


def test_tt2_hit_chance_and_its_variants() -> None:
    axe = weapon("Iron Axe", hit=75, weight=11)
    me = unit(pow=9, skl=5, con=7, weapon=axe)
    them = unit("D", spd=9, lck=7, weapon=weapon("Iron Lance"), tile_enemy_hit=20)
    assert numbers.hit_chance(me, them, OPTIONS) == 69
    assert numbers.hit_chance(replace(me, tile_own_hit=5), them, OPTIONS) == 64
    assert numbers.hit_chance(replace(me, support_hit=5), them, OPTIONS) == 74
    # TT-3: weight equal to CON has no penalty
    assert numbers.hit_chance(replace(me, weapon=replace(axe, weight=7)), them, OPTIONS) == 74
    # half the excess instead: (11 - 7) // 2 = 2
    excess = TabletopOptions(weight_penalty="half_excess")
    assert numbers.hit_chance(me, them, excess) == 72


def test_the_triangle_changes_hit_only() -> None:
    sword, axe = unit(weapon=weapon("Iron Sword")), unit(weapon=weapon("Iron Axe"))
    assert numbers.triangle_hit(sword, axe) == 15 and numbers.triangle_hit(axe, sword) == -15


def test_tt4_damage_and_defence() -> None:
    assert numbers.hit_damage(unit(pow=9, weapon=weapon(damage="1d8")), unit(def_=5), 6,
                              False, OPTIONS) == 8
    tome = weapon("Fire", damage="2d4")
    assert numbers.hit_damage(unit(pow=7, weapon=tome), unit(def_=20, res=3), 7,
                              False, OPTIONS) == 9
    assert numbers.hit_damage(unit(pow=1, weapon=weapon(damage="1d4")), unit(def_=6), 1,
                              False, OPTIONS) == 0


def test_tt5_crit_chance_and_the_three_doublings() -> None:
    me = unit(pow=9, lck=9, weapon=weapon(damage="1d8", crit=10))
    assert numbers.crit_chance(me) == 14
    target = unit(def_=5)
    assert numbers.hit_damage(me, target, 6, True, OPTIONS) == 18
    assert numbers.hit_damage(me, target, 6, True, TabletopOptions(crit_doubles="dice_only")) == 14
    after = TabletopOptions(crit_doubles="after_defense")
    assert numbers.hit_damage(me, target, 6, True, after) == 16


def test_tt6_doubling_with_weight() -> None:
    a = unit(spd=12, con=6, weapon=weapon(weight=9))
    d = unit("D", spd=2, con=5, weapon=weapon(weight=4))
    assert numbers.doubles(a, d, OPTIONS)
    assert plan_fight(a, d, 1, OPTIONS).order == (ATTACKER, DEFENDER, ATTACKER)
    assert not numbers.doubles(a, replace(d, spd=3), OPTIONS)
    a2 = unit(spd=12, con=6, weapon=weapon(weight=5))
    d2 = unit("D", spd=9, con=6, weapon=weapon(weight=10))
    assert numbers.doubles(a2, d2, OPTIONS)
    assert not numbers.doubles(a2, d2, TabletopOptions(doubling_enemy_speed="raw"))


def test_the_defender_doubles_too_unless_ruled_out() -> None:
    a, d = unit(spd=0), unit("D", spd=10)
    assert plan_fight(a, d, 1, OPTIONS).order == (ATTACKER, DEFENDER, DEFENDER)
    assert plan_fight(a, d, 1, TabletopOptions(defender_doubles=False)).order == (
        ATTACKER, DEFENDER)


def test_counterattacks_need_range() -> None:
    archer = unit(weapon=weapon("Iron Bow"))
    assert plan_fight(archer, unit("D"), 2, OPTIONS).order == (ATTACKER,)
    with pytest.raises(RulesError, match="does not reach"):
        plan_fight(archer, unit("D"), 1, OPTIONS)
    mage = unit(weapon=weapon("Fire"))
    assert plan_fight(unit("D"), mage, 1, OPTIONS).order == (ATTACKER, DEFENDER)
    assert plan_fight(mage, archer, 2, OPTIONS).order == (ATTACKER, DEFENDER)


def test_a_weapon_that_breaks_on_the_first_of_two_attacks_cancels_the_second() -> None:
    me = unit(spd=20, weapon=weapon("Iron Sword", hit=100, damage="1d4"), uses=1)
    plan = plan_fight(me, unit("D", hp=30), 1, OPTIONS)
    assert plan.order == (ATTACKER, DEFENDER, ATTACKER)
    result = resolve(plan, PhysicalDice([1, 1, 100]))  # hit (crit band 1), d4=1; D misses
    assert [r.side for r in result.strikes] == [ATTACKER, DEFENDER]
    assert result.end.uses[0] == 0 and result.turn_ends(ATTACKER)
    assert forecast(plan).weapon_lost(ATTACKER) == pytest.approx(1.0)


def test_rank_uses_count_damaging_hits_and_kills_twice() -> None:
    me = unit(pow=20, weapon=weapon(hit=100, damage="1d4"))
    result = resolve(plan_fight(me, unit("D", hp=5, weapon=None), 1, OPTIONS),
                     PhysicalDice([90, 3]))
    assert result.end.hp[1] == 0 and result.rank_uses(ATTACKER) == 2


def test_refusals_name_the_problem() -> None:
    with pytest.raises(RulesError, match="no weapon"):
        plan_fight(unit(weapon=None), unit("D"), 1, OPTIONS)
    with pytest.raises(RulesError, match="broken"):
        plan_fight(unit(uses=0), unit("D"), 1, OPTIONS)
    with pytest.raises(RulesError, match="no weapon"):
        plan_fight(unit(weapon=weapon("Heal")), unit("D"), 1, OPTIONS)


def test_each_artisan_repair_takes_a_point_of_damage() -> None:
    me = unit(pow=0, weapon=weapon(damage="1d6+4", repairs=2))
    assert numbers.hit_damage(me, unit(def_=4), 4, False, OPTIONS) == 4


def test_standing_on_a_forest_and_a_mountain() -> None:
    from tactician.rulesets.fe_tabletop.combatant import on_tile
    from tactician.rulesets.fe_tabletop.terrain import load_terrain, terrain

    table = load_terrain()
    me = on_tile(unit(skl=5, weapon=weapon("Iron Sword")), terrain(table, "Mountains"), "foot",
                 OPTIONS)
    them = on_tile(unit("D", weapon=weapon("Iron Sword")), terrain(table, "Forests"), "foot",
                   OPTIONS)
    assert numbers.hit_chance(me, them, OPTIONS) == 90 + 10 - 20 - 5
    flier = on_tile(unit("D"), terrain(table, "Forests"), "flying", OPTIONS)
    assert numbers.hit_chance(me, flier, OPTIONS) == 90 + 10 - 5
