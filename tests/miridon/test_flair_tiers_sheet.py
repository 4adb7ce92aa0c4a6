"""Flair tiers the sheet derives (issue 26's coverage map): Advanced Agile Evasion and the
Ambidexterity tiers change the numbers a battle profile is built from."""

from __future__ import annotations

from tactician.rulesets.miridon import derived
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.options import DEFAULT_OPTIONS as OPT
from tactician.rulesets.miridon.weight import balanced
from tests.miridon.conftest import make


def test_l421_l426_advanced_agile_evasion_measures_the_armor_weight(comp: Compendium) -> None:
    """Agile Evasion counts the [Weight Penalty] (Leather 4 + Longsword 2 = 6, MWP 10:
    +2); Advanced Agile Evasion counts the [Armor Weight] alone (4: +3) (L421-426)."""
    ledger = [{"grant_strength": 11}, {"grant_speed": 9}, {"grant_points": 30},
              {"buy_flair": "Agile Evasion"}]
    kit = {"weapons": ["Longsword"], "armor": "Leather"}
    agile = make(comp, "Duelist", ledger, **kit)
    advanced = make(comp, "Duelist", [*ledger, {"buy_flair": "Advanced Agile Evasion"}], **kit)
    plain = make(comp, "Duelist", ledger[:3], **kit)
    base = derived.passive_evasion(plain, comp, OPT)
    assert derived.passive_evasion(agile, comp, OPT) == base + 2
    assert derived.passive_evasion(advanced, comp, OPT) == base + 3


def test_l442_l458_ambidexterity_tiers_balance_more_pairs(comp: Compendium) -> None:
    """Ambidexterity: pistol, tesla, sword, shield, grappling balanced (L430-438);
    Advanced: a drill, hammer, sniper rifle or shotgun with one of those, not with each
    other (L442-450); Greater: every pair (L454-458)."""
    drill, sword, maul = comp.weapon("Hand Drill"), comp.weapon("Longsword"), comp.weapon("Maul")
    basic = frozenset({"ambidexterity"})
    advanced = basic | {"advanced ambidexterity"}
    assert not balanced(drill, sword, basic)
    assert balanced(drill, sword, advanced) and balanced(sword, drill, advanced)
    assert not balanced(drill, maul, advanced)
    assert balanced(drill, maul, advanced | {"greater ambidexterity"})
