"""The engine playing the party pursues its objective (001 L111 Seize the Throne):
once the boss falls the Lord takes the Throne or the Gate and seizes, and her
allies make way (issue 24: allies on both seizable tiles left her waiting
beside them, round after round)."""

from __future__ import annotations

from pathlib import Path

from tactician.engine.battle import Battle
from tactician.engine.play import Logged, play_battle
from tactician.rulesets.fe_tabletop.battle_ai import Planner, decide
from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tests.fe_tabletop.battle_kit import battle

GRID = "......\n.....G\n.....T\n......\n"


def _fallen(state: TabletopBattle) -> TabletopBattle:
    return state.replace_units(state.unit("oneill").with_hp(0))


def _played(state: TabletopBattle, actions: int = 60) -> TabletopBattle:
    rules = TabletopBattleRules()
    table = Logged(Battle(ruleset="fe-tabletop", seed=1, start=rules.dump_state(state)),
                   rules, state)
    for _ in play_battle(table, Planner(rules, every_side=True), actions):
        pass
    final: TabletopBattle = table.state
    return final


def test_allies_on_the_gate_and_the_throne_make_way_for_the_lord(tmp_path: Path) -> None:
    state = _fallen(battle(tmp_path, GRID, [
        {"id": "eirika", "at": [4, 1]}, {"id": "moulder", "at": [5, 1]},
        {"id": "lute", "at": [5, 2]},
        {"id": "oneill", "at": [0, 3], "side": "enemy", "boss": True}],
        objectives={"victory": []}))
    final = _played(state)
    assert final.result == "victory", (final.round, final.result_reason)
    # she acts first (unit order) and waits; they step aside; next round she seizes
    assert "seized" in final.result_reason and final.round == 2


def test_the_lord_moves_onto_the_throne_and_seizes_in_one_turn(tmp_path: Path) -> None:
    """001 L44: one Move and one Standard action (the seize) in a turn, so she does
    not wait a round on the Throne before seizing it."""
    state = _fallen(battle(tmp_path, GRID, [
        {"id": "eirika", "at": [2, 2]},
        {"id": "oneill", "at": [0, 0], "side": "enemy", "boss": True}],
        objectives={"victory": []}))
    decision = Planner(TabletopBattleRules(), every_side=True).next(state)
    assert decision is not None
    assert [a["type"] for a in decision["actions"]] == ["move", "seize"]
    assert _played(state, 2).result == "victory"


def test_a_careful_lord_who_steps_back_is_not_said_to_advance() -> None:
    """The castle's first decision: Eirika (a Lord, the boss alive, allies standing)
    keeps to tiles no foe can strike and steps from (2, 4) to (0, 4), away from the
    brigand at (7, 4); the reason must say so, not "advances toward (7, 4)" (issue 24,
    noticed while playing the evening)."""
    castle = Path(__file__).resolve().parents[2] / "examples" / "fe_tabletop" / "castle"
    rules = TabletopBattleRules()
    state = rules.start_state({"map": str(castle / "map.yaml"),
                               "units": [str(castle / "party.yaml"),
                                         str(castle / "garrison.yaml")]})
    decision = decide(state, state.unit("eirika"), rules.options).describe()
    move = next(a for a in decision["actions"] if a["type"] == "move")
    assert move["to"] == [0, 4]
    assert "advances" not in decision["reason"]
    assert "out of the foes' reach" in decision["reason"]
