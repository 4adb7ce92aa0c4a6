"""Ghost HP and its changes (004 L2989-3007, L1976-1984, L958, L149-152): spec test 13."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.miridon.ghost import (
    Ghost,
    dispersal_hit,
    drained,
    gather,
    ghastly_strength,
    invest,
    possessed,
    possession_ritual,
    puzzle_hit,
    staff_storage_spend,
    teleport,
    teleport_reach,
)


def test_l1978_l1984_teleport() -> None:
    """Rank 3 reaches 15 ft; 15 ft costs 15 current ghost and is refused with 14."""
    assert teleport_reach(3) == 15
    moved = teleport(Ghost(20, 15), 15, rank=3)
    assert moved.after == Ghost(20, 0) and not moved.increased
    with pytest.raises(RulesError, match="costs 15"):
        teleport(Ghost(20, 14), 15, rank=3)
    with pytest.raises(RulesError, match="reaches 10 ft"):
        teleport(Ghost(20, 20), 15, rank=2)
    with pytest.raises(RulesError, match="rank 1"):
        teleport(Ghost(20, 20), 5, rank=0)


def test_possession_raises_both_and_triggers() -> None:
    change = possessed(Ghost(10, 4), 7)
    assert change.after == Ghost(17, 11) and change.increased and change.maximum_increased
    assert possession_ritual(Ghost(10, 10), 5).after == Ghost(15, 15)


def test_l3003_puzzle_hit_capped_by_capacity_and_current() -> None:
    assert puzzle_hit(Ghost(30, 20), 12, capacity=8).after == Ghost(22, 12)
    assert puzzle_hit(Ghost(30, 5), 12, capacity=50).after == Ghost(25, 0)


def test_l3007_dispersal_only_to_zero_and_keeps_maximum() -> None:
    assert dispersal_hit(Ghost(30, 5), 9).after == Ghost(30, 0)


def test_gather_mist_refills_and_counts_as_an_increase() -> None:
    change = gather(Ghost(30, 4))
    assert change.after == Ghost(30, 30) and change.increased
    assert not gather(Ghost(30, 30)).increased


def test_l3247_invest() -> None:
    assert invest(Ghost(20, 12), 12).after == Ghost(20, 0)
    with pytest.raises(RulesError, match="greater than 0"):
        invest(Ghost(20, 12), 0)
    with pytest.raises(RulesError, match="with 12 Current"):
        invest(Ghost(20, 12), 13)


def test_draining_and_staff() -> None:
    assert drained(Ghost(20, 12)).after == Ghost(20, 0)
    assert staff_storage_spend(10, 4) == 6
    with pytest.raises(RulesError, match="stores 3"):
        staff_storage_spend(3, 4)


def test_ghastly_strength() -> None:
    """L152: recover rank strength and speed when a melee attack kills."""
    gained = ghastly_strength(2, melee_killed=True)
    assert (gained.strength, gained.speed) == (2, 2)
    assert ghastly_strength(2, melee_killed=False).strength == 0


def test_negative_ghost_refused() -> None:
    with pytest.raises(RulesError, match="0 or more"):
        Ghost(5, -1)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 40), st.integers(0, 40))
def test_losses_never_go_below_zero_nor_raise(
    maximum: int, current: int, hit: int, cap: int
) -> None:
    ghost = Ghost(maximum, current)
    for change in (puzzle_hit(ghost, hit, cap), dispersal_hit(ghost, hit), drained(ghost)):
        assert change.after.current >= 0 and change.after.maximum >= 0
        assert not change.increased
