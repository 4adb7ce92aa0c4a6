"""Piece B test 22 (spec 004 §6): the event log of a battle rebuilds the same state;
undo drops the last action and its rolls. Property: for any cut of the example battle's
log, replaying the kept entries gives exactly the state the battle had then."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.engine.battle import replay
from tactician.engine.undo import undo_to
from tactician.rulesets.registry import contract
from tests.conformance.kit import play

STEPS = 60


@lru_cache(maxsize=1)
def played() -> list[tuple[Any, Any, Any]]:
    miridon = contract("miridon")
    example = miridon.examples().battles[0]
    return list(play(miridon, example, STEPS))


def test_the_log_rebuilds_the_battle() -> None:
    battle, rules, live = played()[-1]
    assert rules.dump_state(replay(battle, rules)) == rules.dump_state(live)
    kinds = {entry.action["type"] for entry in battle.log}
    assert {"begin", "attack", "end_turn"} <= kinds
    purposes = {d.purpose for entry in battle.log for d in entry.dice}
    assert "to hit" in purposes and any(p.startswith("damage") for p in purposes)


@settings(max_examples=15, deadline=None)
@given(keep=st.integers(0, STEPS - 1))
def test_undo_to_any_entry_is_the_state_at_that_entry(keep: int) -> None:
    steps = played()
    battle, rules, _ = steps[-1]
    cut, dropped = undo_to(battle, keep)
    assert len(dropped) == len(battle.log) - keep
    expected = rules.dump_state(steps[keep - 1][2]) if keep else battle.start
    assert rules.dump_state(replay(cut, rules)) == expected
