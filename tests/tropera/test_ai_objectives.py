"""The engine pursues its side's objective (issue 24): a unit that can reach the tile
its side must seize (or the tile its foes must hold) goes there, ending the battle."""

from __future__ import annotations

from tactician.dice.source import SeededDice
from tactician.engine.objectives import Objective, Objectives
from tactician.rulesets.tropera.ai import Scorer, next_decision
from tactician.rulesets.tropera.battle_rules import TroperaBattleRules
from tactician.rulesets.tropera.battle_state import TroperaBattle
from tactician.rulesets.tropera.options import TroperaOptions
from tests.tropera.battles import battle, unit

FIELD = ["." * 9] * 5


def _decided(state: TroperaBattle) -> TroperaBattle:
    decision = next_decision(state, Scorer(TroperaOptions()))
    assert decision is not None
    rules = TroperaBattleRules()
    for action in decision.actions:
        state, _ = rules.apply(state, action, SeededDice(1))
    return state


def test_a_unit_that_reaches_the_tile_to_seize_takes_it() -> None:
    goals = Objectives(victory=[Objective(kind="seize", tile=(3, 2))])
    state = battle(FIELD, unit("p", (0, 2)), unit("m", (8, 0), side="enemy"), objectives=goals)
    after = _decided(state)
    assert after.unit("p").position == (3, 2)
    assert after.result == "victory"


def test_the_enemy_takes_the_tile_the_players_must_hold() -> None:
    goals = Objectives(defeat=[Objective(kind="defend", tile=(6, 4))])
    state = battle(FIELD, unit("p", (0, 0)), unit("m", (8, 4), side="enemy"), objectives=goals)
    after = _decided(state.model_copy(update={"phase": 1}))
    assert after.unit("m").position == (6, 4)
    assert after.result == "defeat"
