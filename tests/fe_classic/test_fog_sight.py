"""What a side sees under fe-classic fog (``battle_sight``), beyond the 4 squares of
``test_fog.py``: the fog a scenario's first units file declares holds whatever the
other files say (a foes file without ``fog`` once switched it off, and every foe was
sent to the players), and a foe struck down in sight stays known where it fell."""

from __future__ import annotations

from pathlib import Path

from tactician.rulesets.fe_classic.battle_rules import ClassicBattleRules
from tactician.rulesets.fe_classic.battle_sight import shown_units
from tactician.rulesets.fe_classic.battle_state import ClassicBattle

FIELD = Path(__file__).parents[1] / "web" / "data" / "fe_classic_fog"


def _start(*files: str) -> ClassicBattle:
    rules = ClassicBattleRules(["fog_rules=tabletop"])
    return rules.start_state({"map": str(FIELD / "map.yaml"),
                              "units": [str(FIELD / f) for f in files]})


def test_a_second_units_file_does_not_lift_the_first_files_fog() -> None:
    state = _start("party.yaml", "foes.yaml")
    assert state.fog and state.fogged
    seen = {u.id for u in shown_units(state, "player")}
    assert seen == {"eirika", "seth", "scout"}  # fogbow and fogaxe stand beyond 4 squares


def test_a_fallen_foe_in_sight_stays_known_and_one_out_of_sight_stays_hidden() -> None:
    state = _start("party.yaml", "foes.yaml")
    fallen = [u.with_hp(0) for u in state.units if u.id in ("scout", "fogbow")]
    after = state.replace_units(*fallen)
    seen = {u.id for u in shown_units(after, "player")}
    assert "scout" in seen and "fogbow" not in seen


def test_a_seen_foes_reach_shows_no_gap_where_a_hidden_ally_of_its_stands() -> None:
    """The Scout (seen) could strike (10, 2), 6 squares off (MOV 5, a lance); Hawkeye
    standing there unseen must not cut that tile out of the reach the party is sent."""
    from tactician.rulesets.registry import contract

    state = _start("party.yaml", "foes.yaml")
    hawk = next(u for u in state.units if u.id == "fogbow")
    there = state.replace_units(hawk.model_copy(update={"position": (10, 2)}))
    assert "fogbow" not in {u.id for u in shown_units(there, "player")}
    away = state.replace_units(hawk.model_copy(update={"position": (13, 0)}))
    fe = contract("fe-classic")
    seen = fe.board_view(there, "scout", "player")["reach"]
    assert [10, 2] in seen["attack"]
    assert seen == fe.board_view(away, "scout", "player")["reach"]
    # the GM's reach is the engine's own: there the ally's tile is no target
    assert [10, 2] not in fe.board_view(there, "scout")["reach"]["attack"]
