"""The AI (docs/miridon-ai.md): deterministic, scored from the exact forecast and the
point economy, and never proposing what the rules refuse."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.ai import Planner, area_candidates, decide
from tactician.rulesets.miridon.battle.rules import MiridonBattleRules
from tests.miridon.battle.helpers import act, battle, unit

RULES = MiridonBattleRules([])
# the defenders take no reactions, so an attack's worth is its plain odds
PLAIN = MiridonBattleRules(["auto_reactions=off"])


def test_the_same_state_gives_the_same_decision() -> None:
    state = battle(unit("a", controller="ai"), unit("b", "enemy", at=(1, 0)))
    first = decide(PLAIN, state, state.unit("a"))
    assert first == decide(PLAIN, state, state.unit("a"))
    assert first["actions"][0]["type"] == "attack" and first["best"]


def test_an_attack_that_starves_the_next_block_is_flagged_and_restore_chosen_when_empty() -> None:
    tired = unit("a", controller="ai").model_copy(update={"speed": 2})
    state = battle(tired, unit("b", "enemy", at=(1, 0), hp=100))
    decision = decide(PLAIN, state, state.unit("a"))
    attack = next(c for c in decision["best"] if c["action"]["type"] == "attack")
    assert attack["economy"]["no_points_next_block"] is True
    assert "leaves no points next block" in attack["why"]
    empty = unit("a", controller="ai").model_copy(update={"speed": 0})
    state = battle(empty, unit("b", "enemy", at=(1, 0)))
    assert decide(RULES, state, state.unit("a"))["actions"][0]["type"] == "restore_speed"


def test_a_spinning_strike_that_would_hurt_friends_is_not_chosen() -> None:
    spinner = unit("s", controller="ai", flairs=("Spinning Strike",), to_hit={"Longsword": 9},
                   at=(2, 2))
    state = battle(spinner, unit("f1", at=(1, 2)), unit("f2", at=(3, 2)),
                   unit("e", "enemy", at=(2, 3)))
    decision = decide(PLAIN, state, state.unit("s"))
    assert decision["actions"][0]["type"] == "attack"
    assert decision["actions"][0].get("modifiers") != ["spinning_strike"]
    spins = area_candidates(PLAIN.book, PLAIN.options, state, state.unit("s"))
    assert len(spins) == 1 and spins[0].score < 0  # two friends struck, one foe
    alone = battle(spinner, unit("e1", "enemy", at=(1, 2)), unit("e2", "enemy", at=(3, 2)))
    decision = decide(PLAIN, alone, alone.unit("s"))
    assert decision["actions"][0].get("modifiers") == ["spinning_strike"]


def test_the_planner_stops_at_a_players_unit_and_begins_the_battle() -> None:
    state = battle(unit("p"), unit("e", "enemy", at=(1, 0), controller="ai"), order=())
    planner = Planner(RULES)
    assert planner.next(state) == {"unit": None, "actions": [{"type": "begin"}],
                                   "reason": "roll the turn order (L1594-1596)"}
    state, _, _ = act(state, {"type": "begin"}, rolls=[6, 6, 6, 1, 1, 1])
    assert state.current is not None and state.current.id == "p"
    assert planner.next(state) is None
    assert Planner(RULES, every_side=True).next(state) is not None
