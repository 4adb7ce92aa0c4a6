"""Tropera's combat numbers (000 formula list, feats, ranks, triangles)."""

from __future__ import annotations

import pytest

from tactician.rulesets.fe_common.triangle import triangle_accuracy
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.models import Item, Weapon
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.proficiency import rank_bonus, s_plus
from tactician.rulesets.tropera.sequence import strike_numbers
from tests.tropera.units import (
    BRAVE_SWORD,
    FIRE,
    HEAL,
    IRON_AXE,
    IRON_BOW,
    IRON_LANCE,
    IRON_SWORD,
    unit,
)

OPTIONS = TroperaOptions()


# --- 000 "Hit: (2x Skill) + (Luck) + (Weapon Accuracy) + (Proficiency Bonus) ..." ---


def test_hit_is_twice_skill_plus_luck_plus_accuracy() -> None:
    assert numbers.hit(unit(skl=7, lck=3), IRON_SWORD) == 2 * 7 + 3 + 90


def test_sure_strike_counts_skill_three_times() -> None:
    assert numbers.hit(unit(skl=7, lck=3, feats=("Sure Strike",)), IRON_SWORD) == 3 * 7 + 3 + 90


def test_avoid_is_twice_speed_plus_luck_plus_terrain() -> None:
    assert numbers.avoid(unit(spd=8, lck=4, terrain_avoid=20)) == 2 * 8 + 4 + 20


def test_defend_adds_skill_to_avoid() -> None:
    assert numbers.avoid(unit(spd=8, lck=4, skl=6, defending=True)) == 16 + 4 + 6


def test_miracle_doubles_luck_on_avoid() -> None:
    assert numbers.avoid(unit(spd=8, lck=4, feats=("Miracle",))) == 16 + 8


def test_guerilla_adds_ten_avoid_and_one_defense_on_bonus_terrain() -> None:
    guerilla = unit(spd=5, lck=5, def_=5, terrain_avoid=20, terrain_defense=1, feats=("Guerilla",))
    assert numbers.avoid(guerilla) == 15 + 20 + 10
    assert numbers.defense(guerilla, False, OPTIONS) == 5 + 1 + 1
    plain = unit(feats=("Guerilla",))
    assert numbers.avoid(plain) == 15


def test_fliers_ignore_terrain_unless_touch_and_go() -> None:
    flier = unit(terrain_avoid=20, terrain_defense=1, feats=("Flying Mount",))
    assert numbers.avoid(flier) == 15
    assert numbers.defense(flier, False, OPTIONS) == 5
    toucher = unit(terrain_avoid=20, feats=("Flying Mount", "Touch and Go"))
    assert numbers.avoid(toucher) == 35
    bird = unit(kind="laguz-bird", transformed=True, terrain_avoid=20)
    assert numbers.avoid(bird) == 15


def test_carrying_a_passenger_halves_avoid() -> None:
    assert numbers.avoid(unit(spd=8, lck=5, carrying=True)) == (16 + 5) // 2


def test_grappled_halves_avoid_but_not_terrain() -> None:
    grappled = unit(spd=8, lck=5, terrain_avoid=20, statuses=frozenset({"grappled"}))
    assert numbers.avoid(grappled) == (16 + 5) // 2 + 20


def test_crippled_is_minus_ten_to_hit_avoid_crit_and_crit_avoid() -> None:
    healthy, crippled = unit(skl=8, lck=6), unit(skl=8, lck=6, statuses=frozenset({"crippled"}))
    assert numbers.hit(crippled, IRON_SWORD) == numbers.hit(healthy, IRON_SWORD) - 10
    assert numbers.avoid(crippled) == numbers.avoid(healthy) - 10
    assert (
        numbers.crit(crippled, IRON_SWORD, OPTIONS)
        == numbers.crit(healthy, IRON_SWORD, OPTIONS) - 10
    )
    assert numbers.crit_avoid(crippled) == numbers.crit_avoid(healthy) - 10


# --- "Critical Hit: (Skill /2) + (Bonuses)", "Critical Avoidance: (Luck) + (Bonuses)" ---


def test_crit_is_half_skill_rounded_down_plus_weapon_crit() -> None:
    killer = Weapon(name="Killing Edge", type="sword", might=9, accuracy=75, critical=30)
    assert numbers.crit(unit(skl=7), killer, OPTIONS) == 3 + 30
    ceil = OPTIONS._replace(halves="ceil")
    assert numbers.crit(unit(skl=7), killer, ceil) == 4 + 30


def test_gamble_adds_luck_to_crit_chance_and_drops_true_hit() -> None:
    gambler = unit(skl=10, lck=9, feats=("Gamble",))
    target = unit(spd=0, lck=2)
    numbers_ = strike_numbers(gambler, target, OPTIONS)
    assert numbers_.crit == (5 + 0) - 2 + 9
    assert numbers_.hit == 100
    assert numbers_.roll.averaged is False


def test_crit_chance_is_crit_minus_crit_avoid_never_below_zero() -> None:
    assert strike_numbers(unit(skl=4), unit(lck=20), OPTIONS).crit == 0


# --- Damage ---


def test_damage_is_strength_plus_might_minus_defense() -> None:
    attacker, target = unit(str_=9), unit(def_=4)
    assert numbers.damage(attacker, IRON_AXE, target, OPTIONS) == (9 + 8 - 4, 3 * (9 + 8 - 4))


def test_magic_uses_magic_against_resistance() -> None:
    mage, target = unit(mag=8, str_=1, weapon=FIRE), unit(def_=10, res=2)
    assert numbers.damage(mage, FIRE, target, OPTIONS)[0] == 8 + 5 - 2


def test_damage_never_below_zero_and_terrain_defense_counts() -> None:
    attacker, target = unit(str_=1), unit(def_=5, terrain_defense=2)
    assert numbers.damage(attacker, IRON_SWORD, target, OPTIONS) == (0, 0)


def test_effective_weapon_triples_might() -> None:
    flier = unit(def_=4, feats=("Flying Mount",))
    archer = unit(str_=5)
    assert numbers.damage(archer, IRON_BOW, flier, OPTIONS)[0] == 5 + 3 * 6 - 4


def test_heavy_armor_halves_physical_and_resistant_halves_magic() -> None:
    knight = unit(def_=2, res=0, feats=("Heavy Armor",))
    assert numbers.damage(unit(str_=9), IRON_SWORD, knight, OPTIONS) == (6, 18)
    assert numbers.damage(unit(mag=9), FIRE, knight, OPTIONS) == (14, 42)
    warded = unit(res=2, feats=("Resistant",))
    assert numbers.damage(unit(mag=9), FIRE, warded, OPTIONS) == (6, 18)


def test_crit_before_halving_is_a_ruling() -> None:
    knight = unit(def_=2, feats=("Heavy Armor",))
    options = OPTIONS._replace(crit_after_halving=False)
    # raw 13: normal 13//2 = 6; crit (3*13)//2 = 19 instead of 18
    assert numbers.damage(unit(str_=10), IRON_SWORD, knight, options) == (6, 19)


def test_dragon_laguz_scales_halve_physical_only_in_beast_form() -> None:
    bite = Weapon(name="Bite", type="bite", might=5, accuracy=80)
    dragon = unit(def_=2, kind="laguz-dragon", transformed=True, weapon=bite)
    human = unit(def_=2, kind="laguz-dragon", transformed=False, weapon=bite)
    assert numbers.damage(unit(str_=9), IRON_SWORD, dragon, OPTIONS)[0] == 6
    assert numbers.damage(unit(str_=9), IRON_SWORD, human, OPTIONS)[0] == 12
    anthro = unit(def_=2, kind="laguz-dragon", feats=("Anthropomorph",), weapon=bite)
    assert numbers.damage(unit(str_=9), IRON_SWORD, anthro, OPTIONS)[0] == 6


def test_pierce_never_deals_less_than_might() -> None:
    piercer, wall = unit(str_=1, feats=("Pierce",)), unit(def_=20)
    assert numbers.damage(piercer, IRON_AXE, wall, OPTIONS) == (8, 8)
    # tomes are not "Weapons and Magic Weapons"
    assert numbers.damage(unit(mag=1, feats=("Pierce",)), FIRE, unit(res=20), OPTIONS) == (0, 0)


def test_war_mage_adds_half_the_other_stat() -> None:
    war_mage = unit(str_=6, mag=8, feats=("War Mage",))
    assert numbers.damage_stat(war_mage, IRON_SWORD, OPTIONS) == 6 + 4
    assert numbers.damage_stat(war_mage, FIRE, OPTIONS) == 8 + 3
    levin = Weapon(name="Levin Sword", type="sword", might=10, accuracy=70, magic_weapon=True)
    assert numbers.damage_stat(war_mage, levin, OPTIONS) == 8 + 6


def test_mage_armor_adds_half_base_of_the_other_defense() -> None:
    armored = unit(def_=6, res=9, feats=("Mage Armor", "War Mage"))
    assert numbers.defense(armored, False, OPTIONS) == 6 + 4
    assert numbers.defense(armored, True, OPTIONS) == 9 + 3


def test_dragons_breath_uses_level_against_resistance() -> None:
    breath = Weapon(name="Dragon's Breath (Fire)", type="breath", might=11, accuracy=65)
    manakete = unit(level=7, str_=2, weapon=breath, kind="manakete")
    target = unit(def_=20, res=3)
    assert numbers.damage(manakete, breath, target, OPTIONS)[0] == 7 + 11 - 3


def test_overload_doubles_magic() -> None:
    mage = unit(mag=6, statuses=frozenset({"overload"}))
    assert numbers.damage_stat(mage, FIRE, OPTIONS) == 12


def test_clip_enhances_natural_weapons_only() -> None:
    clip = Item(name="Iron Clip", kind="clip", might=2, accuracy=10, critical=5)
    claws = Weapon(name="Claws", type="claws", might=4, accuracy=85)
    beast = unit(kind="laguz-beast", transformed=True, weapon=claws, clip=clip, skl=4, lck=4)
    assert numbers.hit(beast, claws) == 8 + 4 + 85 + 10
    assert numbers.might(beast, claws, None) == 4 + 2
    assert numbers.might(beast, IRON_SWORD, None) == 5


def test_staff_deals_no_damage() -> None:
    assert numbers.damage(unit(mag=10), HEAL, unit(), OPTIONS) == (0, 0)


# --- Proficiency table ---


def test_text_example_a_rank_swords_total_plus_three_might() -> None:
    # 000: "the +1 Might bonus for Swords at ranks C, B, and A add up to a total +3 Might"
    assert rank_bonus("sword", "A").might == 3
    assert rank_bonus("sword", "D").might == 0


def test_rank_table_rows() -> None:
    assert rank_bonus("lance", "B") == rank_bonus("claws", "B")
    assert (rank_bonus("lance", "A").might, rank_bonus("lance", "A").accuracy) == (2, 5)
    assert rank_bonus("axe", "A").accuracy == 15 and rank_bonus("axe", "A").might == 0
    assert rank_bonus("bow", "S").critical == 5
    assert (rank_bonus("staff", "A").might, rank_bonus("staff", "A").accuracy) == (3, 15)
    assert rank_bonus("staff", "S").avoid == 5
    assert rank_bonus("sword", "S+4").critical == 5 + 15
    assert s_plus("S+3") == 3 and s_plus("S") == 0 and s_plus("S+") == 1


def test_focus_adds_two_crit_per_rank_in_its_proficiency() -> None:
    focused = unit(skl=4, feats=("Focus",), focus="sword", ranks={"sword": "B"})
    plain = unit(skl=4, ranks={"sword": "B"})
    assert (
        numbers.crit(focused, IRON_SWORD, OPTIONS) - numbers.crit(plain, IRON_SWORD, OPTIONS) == 6
    )


# --- Triangles ---


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        ("sword", "axe", 15),
        ("axe", "lance", 15),
        ("lance", "sword", 15),
        ("sword", "lance", -15),
        ("axe", "sword", -15),
        ("lance", "axe", -15),
        ("talons", "bite", 15),
        ("claws", "talons", 15),
        ("bite", "claws", 15),
        ("anima", "light", 15),
        ("dark", "anima", 15),
        ("light", "dark", 15),
        ("light", "anima", -15),
        ("sword", "sword", 0),
        ("bow", "sword", 0),
        ("sword", "bow", 0),
        ("staff", "axe", 0),
        ("martial", "lance", 0),
        ("breath", "sword", 0),
        ("sword", "anima", 0),
    ],
)
def test_triangle(mine: str, theirs: str, expected: int) -> None:
    assert triangle_accuracy(mine, theirs) == expected


def test_s_plus_triangle_effects() -> None:
    assert triangle_accuracy("sword", "lance", attacker_s_plus=1) == 0
    assert triangle_accuracy("sword", "sword", attacker_s_plus=2) == 15
    assert triangle_accuracy("sword", "sword", defender_s_plus=2) == -15
    assert triangle_accuracy("sword", "sword", attacker_s_plus=2, defender_s_plus=2) == 0
    assert triangle_accuracy("sword", "axe", attacker_ignores=True) == 0


def test_triangle_enters_hit_chance() -> None:
    sword, lance = unit(skl=0, lck=0), unit(spd=0, lck=0, weapon=IRON_LANCE)
    assert strike_numbers(sword, lance, OPTIONS).hit == 90 - 15
    axe_user = unit(spd=0, lck=0, weapon=IRON_AXE)
    assert strike_numbers(sword, axe_user, OPTIONS).hit == 100


def test_guard_break_lowers_avoid_by_half_strength() -> None:
    assert numbers.avoid(unit(spd=10, lck=5), guard_break=4) == 21
    assert BRAVE_SWORD.brave


def test_staff_s_plus_ranks_stop_spending_charges() -> None:
    from tactician.rulesets.tropera.proficiency import spends_charge

    # "S+: You no longer expend charges when using D-Rank staves" ... "S+4: A-Rank"
    assert spends_charge("S", "staff", "D")
    assert not spends_charge("S+1", "staff", "D") and spends_charge("S+1", "staff", "C")
    assert not spends_charge("S+3", "staff", "B") and spends_charge("S+3", "staff", "A")
    assert not spends_charge("S+4", "staff", "A")
    assert spends_charge("S+4", "staff", "S")
    assert spends_charge("S+4", "bow", "D")  # only staves
