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


def test_a_hidden_unit_tests_stealth_against_each_new_observer_once() -> None:
    """003 Hidden: "Entering line of sight of a new observer requires a Stealth vs
    Observe test to remain hidden"."""
    rows = ["......", "..#...", "......"]
    sneak = placed("s", (0, 0), conditions=(("Hidden", 0),))
    # the wall at (2, 1) hides (0, 1) from w at (4, 1)
    watcher = placed("w", (4, 1), side="enemy")
    state = begun(battle(rows, sneak, watcher), "s", "w")
    from tactician.rulesets.uesrpg.battle_sight import line_of_sight

    board = state.map.board()
    assert not line_of_sight(board, (0, 1), (4, 1)) and line_of_sight(board, (0, 0), (4, 0))
    assert state.unit("s").observed_by == ()
    # (1, 2) brings w into sight: Stealth 40 rolls 10 (passes), Observe 40 rolls 95
    # (fails): s stays hidden, and w is no longer a new observer
    after, outcome = RULES.apply(state, {"type": "move", "unit": "s", "to": [1, 2]},
                                 PhysicalDice([10, 95]))
    assert any(c.name == "Hidden" for c in after.unit("s").conditions)
    assert after.unit("s").observed_by == ("w",)
    again, _ = RULES.apply(after, {"type": "move", "unit": "s", "to": [0, 2]}, PhysicalDice([]))
    assert again.unit("s").observed_by == ("w",)  # no second test against w
    spotted, outcome = RULES.apply(state, {"type": "move", "unit": "s", "to": [1, 2]},
                                   PhysicalDice([95, 10]))
    assert not any(c.name == "Hidden" for c in spotted.unit("s").conditions)
    assert any("spotted by W" in line for line in outcome.records[0]["lines"])


def test_stealth_ties_go_to_the_observer_by_default() -> None:
    from tactician.rulesets.uesrpg.checks import TestResult
    from tactician.rulesets.uesrpg.hidden import hider_wins
    from tactician.rulesets.uesrpg.options import UesrpgOptions

    same = TestResult(True, 2, False)
    assert not hider_wins(same, same, UesrpgOptions())
    assert hider_wins(same, same, UesrpgOptions(stealth_tie="hider"))
    assert hider_wins(TestResult(True, 1, True), TestResult(True, 5, False), UesrpgOptions())
    assert not hider_wins(TestResult(False, 1, False), TestResult(False, 1, False),
                          UesrpgOptions())


def test_a_lost_eye_penalises_attacks_unless_the_ruling_limits_it_to_seeing() -> None:
    """003 Lost Eye: "-20 to sight tests"; the ``lost_eye_combat`` ruling decides
    whether an attack is one."""
    from tactician.rulesets.uesrpg.options import UesrpgOptions

    whole = plan_attack(unit("A"), unit("D")).attack_test.target
    one_eyed = unit("A", lost=("left_eye",))
    assert plan_attack(one_eyed, unit("D")).attack_test.target == whole - 20
    seeing_only = UesrpgOptions(lost_eye_combat="perception")
    assert plan_attack(one_eyed, unit("D"), options=seeing_only).attack_test.target == whole


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
