"""Fog of war in fe-classic: 002 has none (G2-39); ``fog_rules = tabletop`` uses 001
L110 "Players are assumed to have a view of 4 squares ahead of them. A thief/rogue
can see a total of 8 squares ahead of him" in a scenario with ``fog: true``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.fe_classic.battle_state import ClassicBattle
from tactician.rulesets.registry import contract
from tests.fe_classic.test_battle import EIRIKA, FOE, _battle

COLM = {"id": "colm", "file": "colm_thief.yaml", "side": "player", "at": [0, 1]}


def _ids(view: dict[str, Any]) -> set[str]:
    return {u["id"] for u in view["units"]}


def _fogged(tmp_path: Path, foe_at: int, *units: dict[str, Any], rules: str = "tabletop"
            ) -> ClassicBattle:
    state = _battle(tmp_path, "." * 12 + "\n" + "." * 12 + "\n",
                    [dict(EIRIKA), {**FOE, "at": [foe_at, 0]}, *units], fog=True)
    return state.model_copy(update={"options": (f"fog_rules={rules}",)})


def test_a_side_sees_4_squares_and_no_further(tmp_path: Path) -> None:
    fe = contract("fe-classic")
    near = _fogged(tmp_path, 4)
    assert _ids(fe.board_view(near, side="player")) == {"eirika", "foe"}  # 4 away: seen
    far = _fogged(tmp_path, 5)
    view = fe.board_view(far, side="player")
    assert _ids(view) == {"eirika"} and view["fog"] is True
    assert "foe" not in str(view["units"])
    gm = fe.board_view(far)
    assert _ids(gm) == {"eirika", "foe"}
    assert gm["visibility"] == {"player": ["eirika"], "enemy": ["foe"]}
    with pytest.raises(RulesError, match="in sight"):
        fe.board_view(far, reach_unit="foe", side="player")


def test_a_thief_sees_8_squares(tmp_path: Path) -> None:
    fe = contract("fe-classic")
    # Colm at (0, 1): the foe at (8, 0) is 9 away, at (7, 0) 8 away
    assert "foe" not in _ids(fe.board_view(_fogged(tmp_path, 8, dict(COLM)), side="player"))
    assert "foe" in _ids(fe.board_view(_fogged(tmp_path, 7, dict(COLM)), side="player"))


def test_without_fog_rules_the_fog_is_only_announced(tmp_path: Path) -> None:
    fe = contract("fe-classic")
    state = _fogged(tmp_path, 10, rules="none")
    view = fe.board_view(state, side="player")
    assert _ids(view) == {"eirika", "foe"} and view["fog"] is False
    assert "visibility" not in fe.board_view(state)
    assert any("not played" in line for line in view["briefing"])


def test_a_door_a_hidden_unit_opens_stays_shut_to_the_side_until_it_sees_it(
        tmp_path: Path) -> None:
    """Issue 25, hole 8: a hidden unit opening a door once changed the players' map at
    that tile. The side's map (its board and the state it is asked on) keeps the door
    it knew until a unit of its sees the tile; the GM's shows the door open at once."""
    from tests.fe_classic.test_battle import _do

    thief = {"id": "colm", "file": "colm_thief.yaml", "side": "enemy", "at": [10, 0]}
    state = _battle(tmp_path, "." * 11 + "D\n" + "." * 12 + "\n",
                    [dict(EIRIKA), thief], fog=True)
    state = state.model_copy(update={"options": ("fog_rules=tabletop",)})
    fe = contract("fe-classic")
    state = _do(state, {"type": "end_phase"},
                {"type": "open", "unit": "colm", "at": [11, 0]})
    assert fe.board_view(state)["rows"][0][11] == "Floor"
    assert fe.board_view(state, side="player")["rows"][0][11] == "Door"
    assert fe.side_state(state, "player").rows[0][11] == "Door"
    assert fe.board_view(state, side="enemy")["rows"][0][11] == "Floor"  # it saw it
    state = _do(state, {"type": "end_phase"},
                {"type": "move", "unit": "eirika", "to": [5, 0]},  # 6 from the door
                {"type": "wait", "unit": "eirika"})
    assert fe.board_view(state, side="player")["rows"][0][11] == "Door"
    state = _do(state, {"type": "end_phase"}, {"type": "move", "unit": "colm", "to": [11, 1]},
                {"type": "wait", "unit": "colm"}, {"type": "end_phase"},
                {"type": "move", "unit": "eirika", "to": [8, 0]},  # 3 from the door: seen
                {"type": "wait", "unit": "eirika"})
    assert fe.board_view(state, side="player")["rows"][0][11] == "Floor"
    dumped = state.model_dump(mode="json")
    assert dumped["altered"] == {"11,0": "Door"}
    assert "altered" not in _fogged(tmp_path, 5).model_dump(mode="json")  # as before
