"""Table 7.1 lookups and Increase Roll chains (004 L3043-3146)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium, load_compendium
from tactician.rulesets.miridon.insanity import follow, row_for


def test_edges(comp: Compendium) -> None:
    assert row_for(comp, -5).effect == "None"  # "10 or less"
    assert row_for(comp, 18).effect == "Stun" and row_for(comp, 18).severity == "1"
    assert row_for(comp, 48).severity is None  # printed without one (C50)
    assert row_for(comp, 250).effect == "Dematerialize"  # "100 or more"


def test_l3146_chain(comp: Compendium) -> None:
    """A roll of 15 (Increase Roll 1d6) with a 4 ends at 19, Mutant Transformation."""
    path = follow(comp, 15, [4])
    assert [r.name for r in path] == ["15", "19"]
    assert path[-1].effect == "Mutant Transformation"


def test_chain_needs_its_dice(comp: Compendium) -> None:
    with pytest.raises(RulesError, match="needs its 2d6"):
        follow(comp, 20, [])


@given(st.integers(-20, 120), st.lists(st.integers(1, 18), min_size=100, max_size=100))
def test_every_chain_ends_on_an_effect(roll: int, steps: list[int]) -> None:
    path = follow(load_compendium(), roll, steps)
    assert path[-1].effect != "Increase Roll" and len(path) <= 101
