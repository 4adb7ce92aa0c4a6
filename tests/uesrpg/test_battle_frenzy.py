"""003 Frenzied in battle: "Must All Out Attack the nearest target each Turn"; "If
no target in range, must move toward the nearest one"; it "Ends when ... the
character passes Willpower -20 as an action"."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.battle_ai import Planner
from tests.uesrpg.test_battle import RULES, apply, battle, begun, unit

ROWS = ["......", "......", "......"]


def frenzied_battle():  # type: ignore[no-untyped-def]
    berserker = unit("b", (0, 1), conditions=(("Frenzied", 0),), willpower=70)
    near = unit("n", (1, 1), side="enemy")
    far = unit("f", (5, 1), side="enemy")
    return begun(battle(ROWS, berserker, near, far), "b", "n", "f")


def test_a_frenzied_unit_must_attack_the_nearest_target() -> None:
    state = frenzied_battle()
    with pytest.raises(RulesError, match="nearest target"):
        RULES.apply(state, {"type": "attack", "unit": "b", "target": "f"}, None)  # type: ignore[arg-type]


def test_a_frenzied_unit_moves_only_toward_the_nearest_foe_and_cannot_give_aid() -> None:
    berserker = unit("b", (2, 0), conditions=(("Frenzied", 0),))
    state = begun(battle(ROWS, berserker, unit("f", (5, 2), side="enemy")), "b", "f")
    with pytest.raises(RulesError, match="move toward"):
        apply(state, {"type": "move", "unit": "b", "to": [0, 0]})
    moved = apply(state, {"type": "move", "unit": "b", "to": [4, 0]})
    assert moved.unit("b").position == (4, 0)
    with pytest.raises(RulesError, match="Frenzied"):
        apply(state, {"type": "stabilise", "unit": "b", "target": "f"})


def test_calming_down_takes_willpower_minus_20_as_an_action() -> None:
    state = frenzied_battle()
    # Willpower 70, -20 for the test and -20 while Frenzied ("-20 to all tests not
    # based on Str, Ag, or End"): 30, so a 15 passes and a 95 fails
    calm = apply(state, {"type": "calm", "unit": "b"}, 15)
    assert calm.unit("b").ap == state.unit("b").ap - 1
    assert not any(c.name == "Frenzied" for c in calm.unit("b").conditions)
    still = apply(state, {"type": "calm", "unit": "b"}, 95)
    assert any(c.name == "Frenzied" for c in still.unit("b").conditions)


def test_an_ai_berserker_picks_the_nearest_target() -> None:
    berserker = unit("b", (0, 1), side="enemy", ai=True, conditions=(("Frenzied", 0),))
    weak_far = unit("f", (2, 1), side="player", hp=1)
    near = unit("n", (0, 0), side="player")
    state = begun(battle(ROWS, berserker, weak_far, near), "b", "f", "n")
    decision = Planner(RULES).next(state)
    assert decision is not None
    attacks = [a for a in decision["actions"] if a["type"] == "attack"]
    assert attacks and attacks[0]["target"] == "n"
