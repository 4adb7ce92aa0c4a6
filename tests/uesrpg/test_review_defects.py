"""UESRPG defects a rules review found (issue 8), each with 003's words."""

from __future__ import annotations

from tactician.rulesets.uesrpg.attack import plan_attack
from tactician.rulesets.uesrpg.conditions import add_condition
from tests.uesrpg.units import unit


def test_silenced_gives_minus_20_to_a_spell_attack_only() -> None:
    """003 Silenced: "-20 penalty to spellcasting for being unable to speak"."""
    mage = unit("M", weapons=("Fire Bolt", "Longsword"))
    silenced, _ = add_condition(mage, "Silenced")
    spoken = plan_attack(mage, unit("D"), "Fire Bolt").attack_test.target
    mute = plan_attack(silenced, unit("D"), "Fire Bolt").attack_test.target
    assert mute == spoken - 20
    sword = plan_attack(mage, unit("D"), "Longsword").attack_test.target
    assert plan_attack(silenced, unit("D"), "Longsword").attack_test.target == sword
