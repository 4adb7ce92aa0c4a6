"""The engine playing the party pursues its objective (002's Seize, fe_common
``seize``): once the boss falls, an ally standing on the Throne makes way and the
Lord seizes (issue 24: the Lord waited beside a Throne an ally held)."""

from __future__ import annotations

from pathlib import Path

from tactician.engine.battle import Battle
from tactician.engine.play import Logged, play_battle
from tactician.rulesets.fe_classic.battle_ai import planner
from tests.fe_classic.test_battle import EIRIKA, FOE, RULES, _battle, _unit


def test_an_ally_on_the_throne_makes_way_for_the_lord(tmp_path: Path) -> None:
    units = [{**EIRIKA, "at": [3, 1]},
             {"id": "seth", "file": "seth_paladin.yaml", "side": "player", "at": [4, 1]},
             {**FOE, "at": [0, 0], "boss": True}]
    state = _battle(tmp_path, ".....\n....T\n.....\n", units)
    state = state.replace_units(_unit(state, "foe").with_hp(0))
    table = Logged(Battle(ruleset="fe-classic", seed=1, start=RULES.dump_state(state)),
                   RULES, state)
    for _ in play_battle(table, planner(every_side=True), 40):
        pass
    assert table.state.result == "victory", (table.state.round, table.state.result_reason)
    assert table.state.round <= 2
