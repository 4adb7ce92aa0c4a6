"""Illegal builds and purchases: refused with every violation named (file, entry, field,
004 line), and nothing changed."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.advance import buy_flair, buy_talent, equip
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.options import MiridonOptions
from tests.miridon.conftest import make


def problems_of(excinfo: pytest.ExceptionInfo[RulesError]) -> list[str]:
    return excinfo.value.problems


def test_whirlwind_needs_spinning(comp: Compendium) -> None:
    """L778: "Pre-requisite: [Spinning Strike]"."""
    with pytest.raises(RulesError) as err:
        buy_flair(make(comp, "Duelist"), "Whirlwind Strike", comp)
    assert problems_of(err) == [
        "entry \"advance buy_flair 'Whirlwind Strike'\": prerequisites: Whirlwind Strike needs "
        "Spinning Strike (flair) (004 L778)"
    ]


def test_parry_needs_riposte(comp: Compendium) -> None:
    """L474: "Pre-requisite: [Riposte] Special Ability" (Riposte is the Duelist's)."""
    with pytest.raises(RulesError, match=r"Parry needs rank 1 in Riposte \(special\) \(004 L474\)"):
        buy_flair(make(comp, "Techie"), "Parry", comp)
    buy_flair(make(comp, "Duelist"), "Parry", comp)


def test_greater_third_attack_needs_five(comp: Compendium) -> None:
    """L741: five flairs, every missing one named."""
    with pytest.raises(RulesError) as err:
        buy_flair(make(comp, "Duelist"), "Greater Third Attack", comp)
    assert len(problems_of(err)) == 5
    assert all("(004 L741)" in p for p in problems_of(err))


def test_dragon_claw_needs_the_mutation(comp: Compendium) -> None:
    """L1409: "Pre-requisite: [Dragon] Mutation, [Dragon Elemental Affinity]"."""
    with pytest.raises(RulesError) as err:
        buy_flair(make(comp, "Duelist"), "Dragon Claw", comp)
    assert [p.split(": ", 2)[2] for p in problems_of(err)] == [
        "Dragon Claw needs Dragon (mutation) (004 L1409)",
        "Dragon Claw needs Dragon Elemental Affinity (flair) (004 L1409)",
    ]
    ledger = [{"buy_flair": "Dragon Elemental Affinity"}, {"buy_flair": "Dragon Claw"}]
    assert make(comp, "Duelist", ledger, race="Dragon").has_flair("Dragon Claw")
    assert make(comp, "Duelist", ledger, mutations=["Dragon"]).has_flair("Dragon Claw")


def test_redouble_specialist_needs_talent_rank(comp: Compendium) -> None:
    """L490: "Pre-requisite: [Rank] 1 [Redouble]"."""
    with pytest.raises(RulesError, match=r"rank 1 in Redouble \(talent\) \(004 L490\)"):
        buy_flair(make(comp, "Duelist"), "Redouble Specialist", comp)
    make(comp, "Duelist", [{"buy_talent": "Redouble"}, {"buy_flair": "Redouble Specialist"}])


def test_flair_owned_once(comp: Compendium) -> None:
    with pytest.raises(RulesError, match=r"already owned.*\(004 L397\)"):
        make(comp, "Duelist", [{"buy_flair": "True Strike"}, {"buy_flair": "True Strike"}])


def test_every_violation_is_named(comp: Compendium) -> None:
    """One refusal lists every problem: file, entry, field and line each time."""
    ledger = [
        {"buy_flair": "Whirlwind Strike"},  # missing Spinning Strike
        {"buy_talent": "Melee Bost"},  # unknown talent
        {"buy_talent": "Melee Boost"},  # 5
        {"buy_talent": "Melee Boost"},  # 10
        {"buy_talent": "Melee Boost"},  # 15 -> 30 spent; the flair cost 0
        {"buy_flair": "True Strike"},  # costs 10, 0 unspent
        {"take_dual_class": "Techie"},  # 8/12 maxima, 0 points
    ]
    with pytest.raises(RulesError) as err:
        make(comp, "Ghost Hunter", ledger, weapons=["Monument Sword", "Laser"])
    found = problems_of(err)
    assert all(p.startswith("test.yaml: entry ") and "(004 " in p for p in found)
    assert found == [
        "test.yaml: entry \"ledger #1 buy_flair 'Whirlwind Strike'\": prerequisites: "
        "Whirlwind Strike needs Spinning Strike (flair) (004 L778)",
        "test.yaml: entry \"ledger #2 buy_talent 'Melee Bost'\": name: unknown talent "
        "'Melee Bost'; did you mean Melee Boost, Grapple Boost? (004 L280-393)",
        "test.yaml: entry \"ledger #6 buy_flair 'True Strike'\": cost: costs 10 skill points, "
        "0 unspent (004 L399)",
        "test.yaml: entry \"ledger #7 take_dual_class 'Techie'\": max_strength: Dual-Class "
        "needs 20 Maximum Strength Points, has 8 (004 L392)",
        "test.yaml: entry \"ledger #7 take_dual_class 'Techie'\": max_speed: Dual-Class "
        "needs 20 Maximum Speed Points, has 12 (004 L392)",
        "test.yaml: entry \"ledger #7 take_dual_class 'Techie'\": cost: costs 100 skill "
        "points, 0 unspent (004 L391)",
        "test.yaml: entry 'equipment': weapons: unknown weapon 'Laser' (004 L3394-3587)",
    ]


def test_weight_over_maximum(comp: Compendium) -> None:
    """Ruling max_weight_penalty: WP must not exceed MWP (Ghost Hunter 8 -> MWP 4)."""
    with pytest.raises(RulesError, match=r"Weight Penalty 7 exceeds the Maximum Weight Penalty 4"):
        make(comp, "Ghost Hunter", weapons=["Greatsword"])
    loose = MiridonOptions(max_weight_penalty="max_strength")
    make(comp, "Ghost Hunter", weapons=["Greatsword"], options=loose)


def test_unarmed_only_flairs(comp: Compendium) -> None:
    """L1414: with Dragon Claw only the Unarmed weapon."""
    ledger = [{"buy_flair": "Dragon Elemental Affinity"}, {"buy_flair": "Dragon Claw"}]
    dragon = make(comp, "Duelist", ledger, race="Dragon")
    with pytest.raises(RulesError, match=r"only the Unarmed weapon.*\(004 L1414\)"):
        equip(dragon, ("Longsword",), "Unarmored", comp)
    assert dragon.weapons == ()


def test_three_weapons_refused(comp: Compendium) -> None:
    with pytest.raises(RulesError, match=r"wields 3 weapons; at most 2 \(004 L2234\)"):
        make(comp, "Grand Devourer", [{"grant_strength": 30}], weapons=["Longsword"] * 3)


def test_refusal_changes_nothing(comp: Compendium) -> None:
    duelist = make(comp, "Duelist", [{"buy_talent": "Melee Boost"}] * 3)  # 30 spent
    before = (duelist.talents, duelist.ledger, duelist.unspent_points)
    with pytest.raises(RulesError, match="costs 20 skill points, 0 unspent"):
        buy_talent(duelist, "Melee Boost", comp)
    assert (duelist.talents, duelist.ledger, duelist.unspent_points) == before


def test_bad_option_is_one_clear_error() -> None:
    with pytest.raises(RulesError, match=r"option skill_cost: Input should be"):
        MiridonOptions.parse({"skill_cost": "free"})
    with pytest.raises(RulesError, match=r"option nope: Extra inputs are not permitted"):
        MiridonOptions.parse({"nope": 1})


def test_unknown_class_and_bad_event(comp: Compendium) -> None:
    with pytest.raises(RulesError, match=r"unknown class 'Ninja'.*\(004 L3-51\)"):
        make(comp, "Ninja")
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="grant_points needs an amount"):
        make(comp, "Duelist", [{"kind": "grant_points"}])
