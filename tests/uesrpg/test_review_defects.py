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


# --- in battle ----------------------------------------------------------------------------

from tactician.dice.source import PhysicalDice, SeededDice  # noqa: E402
from tests.uesrpg.test_battle import RULES, battle, begun  # noqa: E402
from tests.uesrpg.test_battle import unit as placed  # noqa: E402

ROWS = ["......", "......", "......"]


def test_frenzied_ends_with_the_encounter_and_costs_2_sp() -> None:
    """003 Frenzied: "Ends when the encounter ends (lose 2 SP)"."""
    berserker = placed("b", (0, 1), conditions=(("Frenzied", 0),), strength=90)
    state = begun(battle(ROWS, berserker, placed("n", (1, 1), side="enemy", hp=1)), "b", "n")
    action = {"type": "attack", "unit": "b", "target": "n", "defence": "none"}
    after, outcome = RULES.apply(state, action, SeededDice(1))
    assert after.result == "victory"
    assert not any(c.name == "Frenzied" for c in after.unit("b").conditions)
    assert after.unit("b").sp == state.unit("b").sp - 2
    assert "B: Frenzied ends" in outcome.records[0]["lines"]


def test_calm_writes_each_line_once_and_a_burning_unit_must_pass_willpower_first() -> None:
    berserker = placed("b", (0, 1), conditions=(("Frenzied", 0),), willpower=70)
    state = begun(battle(ROWS, berserker, placed("n", (1, 1), side="enemy")), "b", "n")
    _, outcome = RULES.apply(state, {"type": "calm", "unit": "b"}, PhysicalDice([15]))
    lines = outcome.records[0]["lines"]
    assert len(lines) == len(set(lines)) and any("Frenzied ends" in x for x in lines)
    burning = placed("b", (0, 1), conditions=(("Frenzied", 0), ("Burning", 1)), willpower=70)
    state = begun(battle(ROWS, burning, placed("n", (1, 1), side="enemy")), "b", "n")
    # Willpower 70 -20 (burning test) -20 (Frenzied): 30; a 95 fails before any calming
    after, outcome = RULES.apply(state, {"type": "calm", "unit": "b"}, PhysicalDice([95]))
    assert "cannot calm itself (Burning)" in outcome.summary
    assert any(c.name == "Frenzied" for c in after.unit("b").conditions)


def test_a_burning_defender_must_pass_willpower_to_parry() -> None:
    """003 Burning: "Must pass Willpower -20 to take any action other than
    extinguishing": a parry is one."""
    attacker = placed("a", (0, 1))
    defender = placed("d", (1, 1), side="enemy", conditions=(("Burning", 1),))
    state = begun(battle(ROWS, attacker, defender), "a", "d")
    action = {"type": "attack", "unit": "a", "target": "d", "defence": "parry"}
    # Willpower 40 -20: a 95 fails the burning test; the attack's 90 then misses
    after, outcome = RULES.apply(state, action, PhysicalDice([95, 90]))
    record = outcome.records[0]
    assert "Willpower (burning)" in record["details"][0]["line"]
    assert record["defence"] == "none"
    assert any("cannot parry through the flames" in x for x in record["lines"])
    assert after.unit("d").ap == state.unit("d").ap - 1  # the attempt's AP are spent
    passed, outcome = RULES.apply(state, action, PhysicalDice([5, 90]))
    assert outcome.records[0]["defence"] == "parry"
    assert passed.unit("d").ap == state.unit("d").ap  # no defence against a miss
