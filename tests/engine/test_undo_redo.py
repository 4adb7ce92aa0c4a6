"""Undo and redo in the engine (``engine.undo``): whatever the order of undos and
redos, the log and the redo list together are the battle's entries as played, the
chain (the redo list included) verifies, the state is the replay of the log, and a
forged or out-of-place redo entry is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactician.dice.source import PhysicalDice
from tactician.engine.battle import Battle, act, replay
from tactician.engine.chain import BrokenChain, verify
from tactician.engine.undo import redo, undo, undo_to
from tactician.errors import TacticianError
from tactician.rulesets.tropera.battle_service import battle_rules
from tactician.rulesets.tropera.scenario import start_battle

FORD = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
OPTIONS = ["numerical_order=tier"]
RULES = battle_rules(OPTIONS)
ACTIONS: list[dict[str, Any]] = [
    {"type": "move", "unit": "lethe", "to": [7, 2]}, {"type": "end_phase"},
    {"type": "move", "unit": "brigand-1", "to": [8, 2]},
    {"type": "attack", "unit": "brigand-1", "target": "lethe"},
    {"type": "move", "unit": "archer", "to": [9, 2]},
    {"type": "attack", "unit": "archer", "target": "lethe"},
]


def _played() -> Battle:
    state = start_battle(FORD / "ford.yaml", [FORD / "party.yaml", FORD / "bandits.yaml"])
    battle = Battle(ruleset="tropera", seed=7, options=OPTIONS, start=RULES.dump_state(state))
    for number, action in enumerate(ACTIONS):
        dice = PhysicalDice([50] * 20) if number == len(ACTIONS) - 1 else None
        battle, _, _ = act(battle, RULES, action, dice)
    return battle


PLAYED = _played()
operations = st.lists(st.tuples(st.sampled_from(["undo", "redo"]), st.integers(1, 4)),
                      max_size=10)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=operations)
def test_undos_and_redos_in_any_order_keep_the_played_entries(
    ops: list[tuple[str, int]],
) -> None:
    battle, state = PLAYED, replay(PLAYED, RULES)
    for op, count in ops:
        if op == "undo" and battle.log:
            battle, _ = undo_to(battle, max(0, len(battle.log) - count))
            state = replay(battle, RULES)
        elif op == "redo" and battle.undone:
            battle, steps = redo(battle, RULES, state, min(count, len(battle.undone)))
            state = steps[-1][1]
        assert [*battle.log, *battle.undone] == PLAYED.log
        verify(battle)
        assert RULES.dump_state(state) == RULES.dump_state(replay(battle, RULES))
    if battle.undone:
        battle, _ = redo(battle, RULES, state, len(battle.undone))
    assert battle == PLAYED


def test_a_new_action_drops_the_redo_list_and_redo_says_so() -> None:
    battle, _ = undo(PLAYED)
    assert len(battle.undone) == 1
    battle, _, _ = act(battle, RULES, {"type": "wait", "unit": "archer"})
    assert battle.undone == []
    with pytest.raises(TacticianError, match="nothing to redo"):
        redo(battle, RULES, replay(battle, RULES))
    undone, _ = undo_to(PLAYED, 3)
    with pytest.raises(TacticianError, match="cannot redo 4 entries: 3 can be redone"):
        redo(undone, RULES, replay(undone, RULES), 4)


def test_a_forged_redo_list_is_refused_as_the_log_would_be() -> None:
    undone, _ = undo_to(PLAYED, 2)
    forged = undone.model_copy(update={"undone": [
        undone.undone[0].model_copy(update={"summary": "Brigand wins"}), *undone.undone[1:]]})
    with pytest.raises(BrokenChain, match="the undone entries .redo list.: entry 3: hash"):
        verify(forged)
    with pytest.raises(BrokenChain):
        redo(forged, RULES, replay(undone, RULES))
    skipped = undone.model_copy(update={"undone": undone.undone[1:]})
    with pytest.raises(BrokenChain, match="its seq is 4, expected 3"):
        verify(skipped)
