"""Piece B tests 1, 2, 12, 17, 18 (spec 004 §6): turn order, the point economy, costs,
Obstruct Movement and the Restore actions."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.costs import action_cost
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit


def test_l1594_l1596_order_by_maximum_speed_with_logged_roll_offs() -> None:
    """Descending [Maximum Speed Points]; a tie rolls 3d6 each, higher first, "All ties
    are re-rolled" — here 10 vs 10, then 12 vs 9: b goes first."""
    state = battle(unit("a", max_speed=11), unit("b", max_speed=12, at=(1, 0)),
                   unit("c", max_speed=12, at=(2, 0)), order=())
    state, outcome, draws = act(state, {"type": "begin"},
                                rolls=[3, 3, 4, 4, 3, 3, 6, 4, 2, 3, 3, 3])
    assert state.order == ("b", "c", "a")
    assert [d.purpose for d in draws] == ["turn order roll-off: b"] * 3 + \
        ["turn order roll-off: c"] * 3 + ["turn order roll-off: b"] * 3 + \
        ["turn order roll-off: c"] * 3
    lines = outcome.records[-1]["lines"]
    assert any("b 10, c 10" in line for line in lines)
    assert any("b 12, c 9" in line for line in lines)


def test_l1702_an_action_that_would_go_below_zero_is_refused_unchanged() -> None:
    """"If the action would reduce the character's [Current Speed Points] ... to below 0,
    then the user cannot perform the action." A 0/2 Gun Attack with 1 speed point."""
    state = battle(unit("gunner", weapons=("Palm Pistol",), speed=1),
                   unit("target", "enemy", at=(3, 0)))
    before = state.model_dump()
    with pytest.raises(RulesError, match="2 speed points .has 1."):
        act(state, {"type": "attack", "unit": "gunner", "target": "target"})
    assert state.model_dump() == before


def test_costs_are_paid_and_no_refill_but_restore() -> None:
    state = battle(unit("a"), unit("b", "enemy", at=(1, 0)))
    state, _, _ = act(state, {"type": "attack", "unit": "a", "target": "b", "dodge": "no",
                              "block": "none"})
    a = state.unit("a")
    assert (a.strength, a.speed) == (9, 8)  # Melee Attack 1/2 (the Second Melee cost, L692)
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "end_turn"})  # a new block: nothing refills
    assert (state.unit("a").strength, state.unit("a").speed) == (9, 8)


@pytest.mark.parametrize(("action", "tiers"), [
    ("Second Melee Attack", [(1, 2), (1, 1), (1, 0)]),
    ("Second Aimed Attack", [(0, 3), (0, 2), (0, 1)]),
    ("Third Melee Attack", [(1, 2), (1, 1), (1, 0)]),
    ("Third Aimed Attack", [(0, 3), (0, 2), (0, 1)]),
])
def test_l686_l752_second_and_third_attack_costs(action: str,
                                                 tiers: list[tuple[int, int]]) -> None:
    book = load_compendium()
    stem = action.split()[0]
    flairs: list[str] = []
    for tier, name in zip(tiers, (f"{stem} Attack", f"Advanced {stem} Attack",
                                  f"Greater {stem} Attack"), strict=True):
        flairs.append(name)
        assert action_cost(book, action, unit("u", flairs=flairs)) == tier


def test_l2188_obstructed_move_costs_paid_and_no_second_movement() -> None:
    state = battle(unit("runner", facing="w", at=(3, 2)), unit("guard", "enemy", at=(4, 2)))
    state, outcome, _ = act(state, {"type": "move", "unit": "runner", "to": [1, 2]})
    runner, guard = state.unit("runner"), state.unit("guard")
    assert runner.position == (3, 2) and runner.obstructed
    assert runner.speed == 10 - 2  # Fast Sidestep 0/2 still paid (L2188)
    assert (guard.strength, guard.speed) == (9, 9)  # Obstruct Movement 1/1
    assert "obstructed" in outcome.summary
    with pytest.raises(RulesError, match="obstructed"):
        act(state, {"type": "restore_speed", "unit": "runner"})
    # a move that stays within the guard's reach is not obstructed by the policy
    free = battle(unit("runner", at=(3, 2)), unit("guard", "enemy", at=(4, 2)))
    free, _, _ = act(free, {"type": "move", "unit": "runner", "to": [3, 3]})
    assert free.unit("runner").position == (3, 3)


def test_l344_l352_restore_with_boost_rank_2_capped() -> None:
    """+5 + rank (2) = +7, never above the battle maximum."""
    low = unit("u", talents={"Restore Speed Points Boost": 2}, speed=12)
    low = low.model_copy(update={"speed": 1})
    state, _, _ = act(battle(low), {"type": "restore_speed", "unit": "u"})
    assert state.unit("u").speed == 8
    near = low.model_copy(update={"speed": 9})
    state, _, _ = act(battle(near), {"type": "restore_speed", "unit": "u"})
    assert state.unit("u").speed == 12
    tired = unit("u", talents={"Restore Strength Points Boost": 1}, strength=10)
    tired = tired.model_copy(update={"strength": 0})
    state, _, _ = act(battle(tired), {"type": "restore_strength", "unit": "u"})
    assert state.unit("u").strength == 6


def test_one_offensive_action_per_turn_and_turn_order_enforced() -> None:
    state = battle(unit("a"), unit("b", "enemy", at=(1, 0)))
    state, _, _ = act(state, {"type": "attack", "unit": "a", "target": "b"})
    with pytest.raises(RulesError, match="already taken its offensive"):
        act(state, {"type": "attack", "unit": "a", "target": "b"})
    with pytest.raises(RulesError, match="turn"):
        act(state, {"type": "attack", "unit": "b", "target": "a"})
