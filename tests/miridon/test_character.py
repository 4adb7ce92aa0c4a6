"""Building characters: creation, ranks, dual class, crew, derived numbers (spec Piece A)."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon import derived
from tactician.rulesets.miridon.advance import grant_stat, recruit_crew, take_dual_class
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.crew import crew_sheet
from tactician.rulesets.miridon.options import DEFAULT_OPTIONS as OPT
from tactician.rulesets.miridon.ranks import special_rank
from tactician.rulesets.miridon.specials import special_ranks
from tests.miridon.conftest import make


def test_l57_special_rank() -> None:
    """L57: "For every 10 points in the sum ... the [Class Special Ability] gains an
    additional [Rank]." 17 + 14 = 31 -> 3; 9 + 0 -> 0; 10 + 0 -> 1."""
    assert special_rank(17, 14) == 3
    assert special_rank(9, 0) == 0
    assert special_rank(10, 0) == 1


def test_rank_follows_grant_stat(comp: Compendium) -> None:
    """L5: "they automatically gain the special ability to that level"."""
    hunter = make(comp, "Ghost Hunter")  # 8 + 12 = 20
    assert special_ranks(hunter, comp) == {"Inhuman Speed": 2}
    hunter, entry = grant_stat(hunter, "speed", 10, comp)
    assert special_ranks(hunter, comp) == {"Inhuman Speed": 3}
    assert entry.cost == 0 and hunter.max_speed == 22


def test_creation_uses_class_start_stats(comp: Compendium) -> None:
    devourer = make(comp, "Grand Devourer")
    assert (devourer.max_strength, devourer.max_speed, devourer.max_ghost_hp) == (12, 8, 10)
    assert devourer.unspent_points == 30  # ruling start_skill_points
    assert derived.max_hp(devourer, OPT) == 40
    assert make(comp, "Vessel").classes == ("The Vessel",)  # L95 "Class: [Vessel]"


def test_unique_class_cannot_start(comp: Compendium) -> None:
    with pytest.raises(RulesError, match=r"Crew Member is a unique class.*004 L244"):
        make(comp, "Crew Member")


DUAL_READY = [{"grant_strength": 10}, {"grant_speed": 10}, {"grant_points": 70}]


def test_dual_class_prerequisites(comp: Compendium) -> None:
    """L391-392: "Cost: 100 points" / "Pre-requisite: 20 [Maximum Strength Points], 20
    [Maximum Speed Points]": refused at 19/20 or with 99 points, accepted at 20/20 with 100."""
    skiff = make(comp, "Skiffmaster", DUAL_READY)  # 20/20, 100 points
    low = make(
        comp, "Skiffmaster", [{"grant_strength": 9}, {"grant_speed": 10}, {"grant_points": 70}]
    )
    with pytest.raises(
        RulesError,
        match=r"max_strength: Dual-Class needs 20 Maximum Strength Points, has 19 \(004 L392\)",
    ):
        take_dual_class(low, "Techie", comp)
    poor = make(
        comp, "Skiffmaster", [{"grant_strength": 10}, {"grant_speed": 10}, {"grant_points": 69}]
    )
    with pytest.raises(RulesError, match=r"costs 100 skill points, 99 unspent \(004 L391\)"):
        take_dual_class(poor, "Techie", comp)
    dual, entry = take_dual_class(skiff, "Techie", comp)
    assert dual.classes == ("Skiffmaster", "Techie") and entry.cost == 100
    assert special_ranks(dual, comp) == {"Caravan Master": 4, "Mech Training": 4, "Team Mech": 4}


def test_dual_class_refused_twice_unique_or_same(comp: Compendium) -> None:
    skiff = make(comp, "Skiffmaster", [*DUAL_READY, {"grant_points": 100}])
    with pytest.raises(RulesError, match="must differ from Skiffmaster"):
        take_dual_class(skiff, "Skiffmaster", comp)
    with pytest.raises(RulesError, match="unique class and cannot be a second class"):
        take_dual_class(skiff, "Crew Member", comp)
    dual, _ = take_dual_class(skiff, "Duelist", comp)
    with pytest.raises(RulesError, match="taken once"):
        take_dual_class(dual, "Techie", comp)


def test_l121_dual_class_refund(comp: Compendium) -> None:
    """A cross-class skill at rank 4 that becomes a class skill refunds 10 (L121):
    Recruit is a Skiffmaster class skill (ruling default_skills), not a Grand Devourer one."""
    ledger = [{"grant_strength": 8}, {"grant_speed": 12}, {"grant_points": 90}]
    ledger += [{"buy_skill": "Recruit"}] * 4
    devourer = make(comp, "Grand Devourer", ledger)
    assert devourer.skill_rank("Recruit") == 4 and devourer.points_spent == 2 + 4 + 6 + 8
    before = devourer.unspent_points
    dual, entry = take_dual_class(devourer, "Skiffmaster", comp)
    assert (entry.cost, entry.refund) == (100, 10)
    assert dual.unspent_points == before - 100 + 10


def test_crew_members_from_leader(comp: Compendium) -> None:
    """L256, L260, L264, L268: a 22/18 leader with Melee Boost 3 and a skill at rank 1 ->
    crew 19/15, Melee Boost 1, skill 0 (floor, ruling crew_rank_floor)."""
    ledger = [{"grant_strength": 12}, {"grant_speed": 8}, {"grant_points": 1}]
    ledger += [{"buy_talent": "Melee Boost"}] * 3 + [
        {"buy_skill": "Recruit"},
        {"recruit_crew": "Tam"},
    ]
    leader = make(comp, "Skiffmaster", ledger)
    crew = crew_sheet(leader, leader.crew[0], OPT)
    assert (crew.max_strength, crew.max_speed) == (19, 15)
    assert crew.talents == {"Melee Boost": 1} and crew.skills == {"Recruit": 0}
    # strength and speed are fixed "When recruited"; talents follow the leader
    grown, _ = grant_stat(leader, "strength", 5, comp)
    assert crew_sheet(grown, grown.crew[0], OPT).max_strength == 19


def test_l75_crew_limit(comp: Compendium) -> None:
    """L75: a Caravan Master rank 2 leader cannot recruit a third."""
    leader = make(comp, "Skiffmaster", [{"recruit_crew": "A"}, {"recruit_crew": "B"}])
    with pytest.raises(RulesError, match=r"Caravan Master rank 2 allows 2 crew, has 2 \(004 L75\)"):
        recruit_crew(leader, "C", comp)
    with pytest.raises(RulesError, match="only a character with Caravan Master"):
        recruit_crew(make(comp, "Duelist"), "D", comp)


def test_l65_l1600_battle_strength(comp: Compendium) -> None:
    """Grand Devourer 20/10 (rank 3) with WP 6 (Leather 4 + Longsword 2) -> Max Battle
    Strength 20 - 6 + 3 = 17 (L1600, L65)."""
    devourer = make(comp, "Grand Devourer", [{"grant_strength": 8}, {"grant_speed": 2}],
                    weapons=["Longsword"], armor="Leather")  # fmt: skip
    assert derived.character_wp(devourer, comp, OPT) == 6
    assert derived.max_battle_strength(devourer, comp, OPT) == 17


def test_l115_l1604_battle_speed(comp: Compendium) -> None:
    """Ghost Hunter 10/20 (rank 3) in armor with Speed Point Reduction 2 -> 21."""
    hunter = make(
        comp, "Ghost Hunter", [{"grant_strength": 2}, {"grant_speed": 8}], armor="Leather"
    )
    assert derived.max_battle_speed(hunter, comp) == 21


def test_l1610_l1614_l380_evasions(comp: Compendium) -> None:
    """Unarmored, Dodge Boost 2 -> Passive 7, Active 11."""
    duelist = make(comp, "Duelist", [{"buy_talent": "Dodge Boost"}] * 2)
    assert derived.passive_evasion(duelist, comp, OPT) == 7
    assert derived.active_evasion(duelist, comp) == 11


def test_l405_agile_strike(comp: Compendium) -> None:
    """L405: "+1 for every 2 the character's [Maximum Weight Penalty] exceeds the [Weapon
    Weight]" -> MWP 10: Longsword (2) +4, weight 9 +0, weight 10 no bonus (L404 "<")."""
    agile = make(comp, "Skiffmaster", [{"buy_flair": "Agile Strike"}])
    assert derived.agile_strike(agile, comp.weapon("Longsword"), 10) == 4
    assert derived.agile_strike(agile, comp.weapon("Plasma Rifle"), 10) == 0  # weight 9
    assert derived.agile_strike(agile, comp.weapon("Grand Saber"), 10) == 0  # weight 10
    plain = make(comp, "Skiffmaster")
    assert derived.agile_strike(plain, comp.weapon("Longsword"), 10) == 0


def test_evasion_flairs(comp: Compendium) -> None:
    """L415 Agile Evasion, L475 Parry, L483 Advanced Parry, L173 Guardian."""
    # Duelist 9/11 -> 20/20 (Riposte rank 4), MWP 10, single Longsword (WP 2)
    ledger = [{"grant_strength": 11}, {"grant_speed": 9}, {"grant_points": 30}]
    ledger += [
        {"buy_flair": "Agile Evasion"},
        {"buy_flair": "Parry"},
        {"buy_flair": "Advanced Parry"},
    ]
    duelist = make(comp, "Duelist", ledger, weapons=["Longsword"])
    assert derived.character_mwp(duelist, comp, OPT) == 10
    # 7 (unarmored) + (10 - 2) // 2 (Agile Evasion) + 4 (Advanced Parry)
    assert derived.passive_evasion(duelist, comp, OPT) == 7 + 4 + 4
    assert derived.passive_evasion(duelist, comp, OPT, guardian=2) == 17  # a Guardian friend
    assert derived.active_evasion(duelist, comp) == 7 + 4  # Parry
    two = make(comp, "Duelist", ledger, weapons=["Longsword", "Small Shield"])
    assert derived.active_evasion(two, comp) == 7  # not "a single [Sword]"


def test_to_hit_per_weapon(comp: Compendium) -> None:
    """L292 (+1 per Melee Boost rank), L300 (+2 per Gun Boost rank), L1840 (Aimed +3)."""
    ledger = [{"grant_points": 100}, {"grant_strength": 2}]
    ledger += [{"buy_talent": "Melee Boost"}, {"buy_talent": "Gun Boost"}]
    techie = make(comp, "Techie", ledger, weapons=["Longsword", "Palm Pistol"])
    lines = {line.weapon: line for line in derived.weapon_lines(techie, comp, OPT)}
    assert lines["Longsword"].to_hit == 2 and lines["Longsword"].damage_bonus == "+1d6"
    assert lines["Palm Pistol"].to_hit == 2 and lines["Palm Pistol"].aimed_to_hit == 5
    assert lines["Palm Pistol"].damage_bonus == "+2"


def test_sword_dancer(comp: Compendium) -> None:
    """L463: two balanced weapons, one a sword: both use the higher To Hit Bonus."""
    ledger = [{"grant_strength": 10}, {"buy_flair": "Sword Dancer"}]
    fighter = make(comp, "Duelist", ledger, weapons=["Longsword", "Large Shield"])
    assert [x.to_hit for x in derived.weapon_lines(fighter, comp, OPT)] == [4, 4]


def test_weight_penalty_balance(comp: Compendium) -> None:
    """L438: swords are balanced with shields; a sword pair is not (ruling weight_penalty:
    the lighter weapon counts twice), unless Ambidexterity (L431)."""
    strong = [{"grant_strength": 10}]
    pair = make(comp, "Grand Devourer", strong, weapons=["Longsword", "Claymore (sword)"])
    assert derived.character_wp(pair, comp, OPT) == 2 + 4 + 2
    ambi = make(comp, "Grand Devourer", [*strong, {"buy_flair": "Ambidexterity"}],
                weapons=["Longsword", "Claymore (sword)"])  # fmt: skip
    assert derived.character_wp(ambi, comp, OPT) == 6


def test_grapple_numbers(comp: Compendium) -> None:
    """L308: +2 per Grapple Boost rank; L3479 weapon; Table 6.6 + L312 + L3481."""
    grappler = make(comp, "Grand Devourer", [{"buy_talent": "Grapple Boost"}], weapons=["Gauntlet"])
    assert derived.grapple_to_hit(grappler, comp) == 2 + 1
    assert derived.max_grapple_strength(grappler, comp, 14) == 2 + 1 + 1  # table row 10-14
