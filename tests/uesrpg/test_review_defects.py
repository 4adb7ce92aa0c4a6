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
    # the attack's 10 passes; Willpower 40 -20: a 95 fails, so no parry; 3 damage
    after, outcome = RULES.apply(state, action, PhysicalDice([10, 95, 3]))
    record = outcome.records[0]
    assert "cannot parry through the flames; hits [rolled 10, 95]" in record["lines"][0]
    assert record["hit"] and after.unit("d").ap == state.unit("d").ap - 1
    # a 5 passes the Willpower test; the parry's 90 fails; 3 damage
    passed, outcome = RULES.apply(state, action, PhysicalDice([10, 5, 90, 3]))
    assert any("parry: failure" in x for x in outcome.records[0]["lines"]), outcome.records
    # the forecast is the same procedure: the flames make the parry less likely
    from tactician.rulesets.uesrpg.attack import forecast
    from tactician.rulesets.uesrpg.battle_state import combat

    cold = placed("d", (1, 1), side="enemy")
    burning = plan_attack(combat(attacker), combat(defender), "Longsword", "parry")
    calm = plan_attack(combat(attacker), combat(cold), "Longsword", "parry")
    assert forecast(burning).hit > forecast(calm).hit


# --- care in battle -------------------------------------------------------------------------


def _care_battle(patient_changes=None):  # type: ignore[no-untyped-def]
    from dataclasses import replace as dc_replace

    from tactician.rulesets.uesrpg.battle_state import combat, with_combat
    from tactician.rulesets.uesrpg.state import Wound

    healer = placed("h", (0, 1)).model_copy(update={"kit": True})
    patient = placed("p", (1, 1), hp=5, conditions=(("Bleeding", 3),))
    state = combat(patient)
    patient = with_combat(patient, dc_replace(state, wounds=(Wound(1, 12, "body"),)))
    foe = placed("f", (5, 1), side="enemy")
    return begun(battle(ROWS, healer, patient, foe), "h", "p", "f")


def test_heal_treat_wound_and_treat_bleeding_are_battle_actions() -> None:
    state = _care_battle()
    healed, outcome = RULES.apply(
        state, {"type": "heal", "unit": "h", "target": "p", "amount": 4}, PhysicalDice([])
    )
    assert healed.unit("p").hp == 9 and healed.unit("h").ap == state.unit("h").ap - 1
    # 003 Bleeding: "Regaining HP reduces X by the total healed": 3 - 4 -> gone
    assert not any(c.name == "Bleeding" for c in healed.unit("p").conditions)
    # Medicine: Int 40 + 10 = 50; a 15 passes
    treated, outcome = RULES.apply(
        state, {"type": "treat_wound", "unit": "h", "target": "p"}, PhysicalDice([15])
    )
    assert treated.unit("p").wounds[0].treated and treated.unit("h").ap == 0
    # a 25 passes with 2 DoS: Bleeding 3 -> 1
    tended, outcome = RULES.apply(
        state, {"type": "treat_bleeding", "unit": "h", "target": "p"}, PhysicalDice([25])
    )
    bleeding = next(c for c in tended.unit("p").conditions if c.name == "Bleeding")
    assert bleeding.x == 1, outcome.summary


def test_care_refusals_name_what_is_wrong() -> None:
    import pytest

    from tactician.errors import RulesError

    state = _care_battle()
    with pytest.raises(RulesError, match="heal needs 'amount'"):
        RULES.apply(state, {"type": "heal", "unit": "h", "target": "p"}, PhysicalDice([]))
    with pytest.raises(RulesError, match="f is not next to|F is not next to"):
        RULES.apply(state, {"type": "treat_wound", "unit": "h", "target": "f"}, PhysicalDice([]))
    with pytest.raises(RulesError, match="treat_bleeding takes no 'amount'"):
        RULES.apply(state, {"type": "treat_bleeding", "unit": "h", "target": "p", "amount": 1},
                    PhysicalDice([]))
    from tactician.rulesets.uesrpg.battle_rules import UesrpgBattleRules

    strict = UesrpgBattleRules(["treat_wound_in_battle=refuse"])
    with pytest.raises(RulesError, match="takes ~1 hour"):
        strict.apply(state, {"type": "treat_wound", "unit": "h", "target": "p"},
                     PhysicalDice([]))


def test_an_unknown_key_is_refused_naming_the_keys() -> None:
    import pytest

    from tactician.errors import RulesError

    state = _care_battle()
    with pytest.raises(RulesError, match="end_turn takes no 'bogus'; its keys are: none"):
        RULES.apply(state, {"type": "wait", "unit": "h", "bogus": 1}, PhysicalDice([]))
    with pytest.raises(RulesError, match="attack takes no 'tagret'; its keys are: defence, "
                                         "target, weapon"):
        RULES.apply(state, {"type": "attack", "unit": "h", "tagret": "f"}, PhysicalDice([]))
