"""Fog of war in a fe-tabletop battle (001 L110): a side's view holds only what its
units see (4 squares, 8 for a thief, a torch +4), the AI plays on it only under
``ai_sight = own_side`` (the GM sees the table), and the board view for a side
names no unit it cannot see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tactician.errors import RulesError
from tactician.rulesets.fe_tabletop.battle_ai import Planner
from tactician.rulesets.fe_tabletop.battle_rules import TabletopBattleRules
from tactician.rulesets.fe_tabletop.battle_view import board_view
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.rulings import with_overrides
from tests.fe_tabletop.battle_kit import act, battle, variant

OPTIONS = TabletopOptions()
ROW = "." * 12 + "\n"


def _foggy(tmp: Path, eirika: str = "eirika", **more: object):  # type: ignore[no-untyped-def]
    return battle(tmp, ROW * 2, [
        {"id": "eirika", "file": eirika, "at": [0, 0]},
        {"id": "garcia", "at": [4, 0], "side": "enemy"},
        {"id": "oneill", "at": [8, 0], "side": "enemy"},
    ], fog=True, **more)


def _ids(view: dict[str, object]) -> set[str]:
    return {u["id"] for u in view["units"]}  # type: ignore[attr-defined, index]


def test_a_side_sees_four_squares_and_nothing_else_names_what_it_cannot_see(
    tmp_path: Path,
) -> None:
    """L110 "Players are assumed to have a view of 4 squares ahead of them"."""
    state = _foggy(tmp_path)
    player = board_view(state, None, OPTIONS, "player")
    assert _ids(player) == {"eirika", "garcia"}  # O'Neill is 8 squares away
    assert "oneill" not in json.dumps(player)
    assert _ids(board_view(state, None, OPTIONS, "enemy")) == {"eirika", "garcia", "oneill"}
    assert _ids(board_view(state, None, OPTIONS)) == {"eirika", "garcia", "oneill"}  # the GM
    with pytest.raises(RulesError, match="no unit 'oneill' in sight"):
        board_view(state, "oneill", OPTIONS, "player")
    with pytest.raises(RulesError, match="no side 'green'"):
        board_view(state, None, OPTIONS, "green")


def test_without_fog_every_side_sees_everything(tmp_path: Path) -> None:
    state = _foggy(tmp_path).model_copy(update={"fog": False})
    assert _ids(board_view(state, None, OPTIONS, "player")) == {"eirika", "garcia", "oneill"}


def test_a_torch_adds_four_squares_and_a_thief_sees_eight(tmp_path: Path) -> None:
    """L110 "a torch allows the party to see 4 squares ahead"; "A thief/rogue can see a
    total of 8 squares ahead of him"."""
    torch = variant(tmp_path, "eirika", "eirika-torch", inventory=["Iron Sword", "Torch"])
    state = _foggy(tmp_path, torch)
    lit, _ = act(state, {"type": "use_item", "unit": "eirika", "item": "Torch"})
    assert lit.unit("eirika").torch == 4 and lit.unit("eirika").uses["Torch"] == 4
    assert "oneill" in _ids(board_view(lit, None, OPTIONS, "player"))
    thief = variant(tmp_path, "eirika", "colm", name="Colm", class_name="Thief", con=6, mov=6,
                    ranks={"sword": "E"})
    seen = board_view(_foggy(tmp_path, thief), None, OPTIONS, "player")
    assert "oneill" in _ids(seen)


def test_the_gm_sees_the_table_unless_ai_sight_is_own_side(tmp_path: Path) -> None:
    state = battle(tmp_path, ROW, [{"id": "eirika", "at": [0, 0]},
                                   {"id": "oneill", "at": [10, 0], "side": "enemy"}],
                   fog=True)
    enemy, _ = act(state, {"type": "end_phase"})
    gm = Planner(TabletopBattleRules()).next(enemy)
    assert gm is not None and gm["actions"][0]["type"] == "move"
    blind = TabletopBattleRules(with_overrides(TabletopOptions(), ["ai_sight=own_side"]))
    own = Planner(blind).next(enemy)
    assert own is not None and own["reason"] == "holds its ground"


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 11), st.integers(0, 11))
def test_a_shown_foe_stands_within_sight_of_the_side(tmp_path_factory: pytest.TempPathFactory,
                                                       x: int, y: int) -> None:
    tmp = tmp_path_factory.mktemp("fog")
    state = battle(tmp, ROW * 12, [{"id": "eirika", "at": [0, 0]},
                                   {"id": "oneill", "at": [x, y], "side": "enemy"}]
                   if (x, y) != (0, 0) else [{"id": "eirika", "at": [0, 0]},
                                             {"id": "oneill", "at": [1, 1], "side": "enemy"}],
                   fog=True)
    where = state.unit("oneill").position
    assert where is not None
    shown = "oneill" in _ids(board_view(state, None, OPTIONS, "player"))
    assert shown == (where[0] + where[1] <= 4)
