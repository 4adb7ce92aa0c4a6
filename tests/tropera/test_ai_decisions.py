"""The planner chooses exactly what it chose before issue 16's speed work.

``data/ai_decisions.json`` holds every decision of several fixed enemy phases
(Mob, Army, Elite, mixed tiers, Shade and Provoke), recorded by
``tests/tropera/ai_scenarios.py`` running the planner of commit f1f98bd: each
decision's unit, actions, reason, number of candidates and best three candidates
with their exact odds. The faster planner must reproduce them all, in order.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tropera.ai_scenarios import DATA, SCENARIOS, record

RECORDED = json.loads(DATA.read_text())


def test_every_scenario_is_recorded() -> None:
    assert set(RECORDED) == set(SCENARIOS)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_same_decisions_as_the_recorded_planner(name: str) -> None:
    got = json.loads(json.dumps(record(name)))  # tuples to lists, as recorded
    expected = RECORDED[name]
    for number, (mine, theirs) in enumerate(zip(got, expected, strict=False), start=1):
        assert mine == theirs, f"{name}: decision {number} differs"
    assert len(got) == len(expected)


@pytest.mark.parametrize("name", ["elite-20v10-16-s7", "mixed-24v10-20-s6"])
def test_reach_through_allies_less_their_tiles_is_reach(name: str) -> None:
    """The AI keeps each unit's search with allies' tiles in (``reach_through_allies``)
    and takes those tiles out itself: that must be ``reach``, in every unit's case,
    a Thief's (who passes enemies too) included."""
    from tactician.rulesets.tropera.ai import _without_allies
    from tactician.rulesets.tropera.battle_units import reach, reach_through_allies
    from tests.tropera.ai_scenarios import build

    state = build(**SCENARIOS[name])
    thief = state.units[0].character.model_copy(
        update={"feats": [*state.units[0].character.feats, "Thief"]}
    )
    units = [*state.units, state.units[0].model_copy(update={"character": thief})]
    for unit in units:
        through = reach_through_allies(state, unit)
        assert _without_allies(state, unit, through) == reach(state, unit)


@settings(max_examples=50, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), min_size=1, max_size=6),
)
def test_the_nearest_foe_field_is_the_least_manhattan_distance(
    width: int, height: int, foes: list[tuple[int, int]]
) -> None:
    """``nearest_field`` (one multi-source search per set of foes) gives every tile
    exactly ``min(manhattan(tile, foe))``, what the approach used to compute per tile."""
    from tactician.grid.board import Board
    from tactician.grid.ranges import manhattan
    from tactician.grid.terrain import TerrainType
    from tactician.rulesets.tropera.ai import nearest_field

    board = Board(width, height, [TerrainType(name="plain")] * (width * height))
    sources = sorted({(x % width, y % height) for x, y in foes})
    field = nearest_field(board, sources)
    for tile in board.tiles():
        assert field[board.index(tile)] == min(manhattan(tile, foe) for foe in sources)
