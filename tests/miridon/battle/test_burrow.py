"""Death Worm Burrow and Tremor Sense in battle (004 L1516-1538)."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.grid.board import Board
from tactician.rulesets.miridon.battle.ai import attack_candidates
from tactician.rulesets.miridon.battle.burrow import underground
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MapState, terrain_set
from tactician.rulesets.miridon.compendium import load_compendium
from tests.miridon.battle.helpers import act, battle, unit

WORM = ("Death Worm Body", "Death Worm Burrow")
QUIET = {"dodge": "no", "block": "none", "riposte": "no"}


def _dunes(flairs: tuple[str, ...] = WORM) -> object:
    """Sand on the row y=0 from x=0 to x=5, open ground elsewhere; the worm at (1, 0), a
    foe next to it and an ally further on."""
    terrains = terrain_set()
    cells = [terrains["sand"] if y == 0 and x <= 5 else terrains["open"]
             for y in range(5) for x in range(12)]
    state = battle(unit("worm", weapons=("Unarmed",), flairs=flairs, at=(1, 0)),
                   unit("ogre", "enemy", at=(2, 1), facing="nw", hp=60),
                   unit("ally", at=(0, 1)))
    return state.model_copy(update={"map": MapState.of(Board(12, 5, cells))})


def _under(flairs: tuple[str, ...] = WORM) -> object:
    state, _, _ = act(_dunes(flairs), {"type": "burrow", "unit": "worm"})
    return state


def test_a_worm_burrows_above_sand_with_a_movement_action() -> None:
    """L1518 "When a character is above sand, the character can use any [Movement Action]
    to burrow underground.\""""
    state = _under()
    worm = state.unit("worm")  # type: ignore[attr-defined]
    assert underground(worm) and worm.slots == ("movement",)
    assert worm.speed == 10 - 1  # the cheapest movement action, Sidestep
    on_open = _dunes().replace_units(  # type: ignore[attr-defined]
        _dunes().unit("worm").model_copy(update={"position": (1, 2)}))  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="needs sand underfoot"):
        act(on_open, {"type": "burrow", "unit": "worm"})
    with pytest.raises(RulesError, match="needs the flair Death Worm Burrow"):
        act(_dunes(("Death Worm Body",)), {"type": "burrow", "unit": "worm"})


def test_underground_it_cannot_be_targeted_nor_target_anyone() -> None:
    """L1518 "While underground, they cannot be targeted with any ability. While
    underground, they also cannot target anyone with any ability.\""""
    state = _under()
    state, _, _ = act(state, {"type": "end_turn"})  # the ogre's turn
    with pytest.raises(RulesError, match="worm is underground .* cannot be targeted"):
        act(state, {"type": "attack", "unit": "ogre", "target": "worm", **QUIET})
    with pytest.raises(RulesError, match="cannot be targeted"):
        act(state, {"type": "grapple", "unit": "ogre", "target": "worm"})
    found = attack_candidates(load_compendium(), BattleOptions(), state,
                              state.unit("ogre"))  # type: ignore[attr-defined]
    assert not [c for c in found if c.target == "worm"]
    # next block, the worm's turn: it cannot attack from below
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "end_turn"})
    with pytest.raises(RulesError, match="worm is underground .* cannot target anyone"):
        act(state, {"type": "attack", "unit": "worm", "target": "ogre", **QUIET})


def test_underground_it_moves_through_sand_under_the_units_above() -> None:
    """L1518 "They can use another [Movement Action] to move around underground"."""
    state = _under()
    for _ in range(3):  # to its next turn
        state, _, _ = act(state, {"type": "end_turn"})
    blocker = state.unit("ogre").model_copy(update={"position": (2, 0)})  # type: ignore[attr-defined]
    state = state.replace_units(blocker)  # type: ignore[attr-defined]
    moved, _, _ = act(state, {"type": "move", "unit": "worm", "to": [3, 0],
                              "how": "fast_sidestep"})
    assert moved.unit("worm").position == (3, 0) and underground(moved.unit("worm"))
    with pytest.raises(RulesError, match="through sand only; \\(1, 1\\) is open"):
        act(state, {"type": "move", "unit": "worm", "to": [1, 1], "how": "sidestep"})


def _surfaced(flairs: tuple[str, ...] = WORM) -> object:
    state = _under(flairs)
    for _ in range(3):
        state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "surface", "unit": "worm"})
    return state


def test_after_surfacing_no_offensive_verbal_or_defensive_action_that_block() -> None:
    """L1520 "When the character returns to the surface with a [Movement Action], they
    cannot perform any [Offensive Action], [Defensive Action], or [Verbal Action] in the
    same [Action Block].\""""
    state = _surfaced()
    assert not underground(state.unit("worm"))  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="returned to the surface this block: no offensive"):
        act(state, {"type": "attack", "unit": "worm", "target": "ogre", **QUIET})
    state, _, _ = act(state, {"type": "end_turn"})
    with pytest.raises(RulesError, match="cannot dodge"):
        act(state, {"type": "attack", "unit": "ogre", "target": "worm", "dodge": "yes",
                    "block": "none"})
    with pytest.raises(RulesError, match="no defensive action"):
        act(state, {"type": "attack", "unit": "ogre", "target": "worm", "dodge": "no",
                    "block": "block"})
    # the next block it may act again
    state, _, _ = act(state, {"type": "end_turn"})
    state, _, _ = act(state, {"type": "end_turn"})
    act(state, {"type": "attack", "unit": "worm", "target": "ogre", **QUIET})


def test_tremor_sense_lets_it_act_and_advanced_tremor_sense_stops_the_dodge() -> None:
    """L1528: with Tremor Sense it "can perform any [Offensive Action], [Defensive Action],
    or [Verbal Action] in the same [Action Block]"; L1536: with Advanced, "targets cannot
    perform a [Dodge] action against the character's attacks in the same [Action Block]"."""
    sense = (*WORM, "Death Worm Tremor Sense")
    state = _surfaced(sense)
    act(state, {"type": "attack", "unit": "worm", "target": "ogre", **QUIET})
    act(state, {"type": "attack", "unit": "worm", "target": "ogre", "dodge": "yes",
                "block": "none"})
    advanced = _surfaced((*sense, "Advanced Death Worm Tremor Sense"))
    with pytest.raises(RulesError, match="cannot Dodge worm's attacks"):
        act(advanced, {"type": "attack", "unit": "worm", "target": "ogre", "dodge": "yes",
                       "block": "none"})
