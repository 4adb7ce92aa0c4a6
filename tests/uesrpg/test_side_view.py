"""A side's view of a UESRPG battle (``side_view``): 003 Hidden units of other sides are
not in it and do not shape a reach drawn on it; the side's own Hidden units are."""

from __future__ import annotations

import pytest

from tactician.errors import RulesError
from tactician.rulesets.registry import contract
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle
from tests.web.helpers import DATA, ROOT

UESRPG = contract("uesrpg")


def _ambush() -> UesrpgBattle:
    """Aela and Brand; a Bandit at (6, 2) and Shadowfang (``lurker``) Hidden at (6, 4)."""
    state: UesrpgBattle = UESRPG.battle_rules([]).start_state({
        "map": str(ROOT / "examples" / "uesrpg" / "skirmish" / "map.yaml"),
        "units": [str(DATA / "ambush" / "party.yaml"), str(DATA / "ambush" / "foes.yaml")]})
    return state


def test_another_sides_hidden_unit_is_neither_shown_nor_in_the_way() -> None:
    state = _ambush()
    seen = UESRPG.board_view(state, "bandit-1", "player")
    assert {u["id"] for u in seen["units"]} == {"aela", "brand", "bandit-1"}
    assert "lurker" not in seen["order"] and seen["viewer"] == "player"
    lurker = state.unit("lurker")
    away = state.replace_units(lurker.model_copy(update={"position": None}))
    assert seen["reach"] == UESRPG.board_view(away, "bandit-1")["reach"]
    assert [6, 4] not in UESRPG.board_view(state, "bandit-1")["reach"]["move"]  # the GM's
    # its own side sees it
    assert "lurker" in {u["id"] for u in UESRPG.board_view(state, None, "enemy")["units"]}


def test_a_hidden_units_reach_or_an_unknown_side_is_refused() -> None:
    """As for a unit that does not exist, word for word (the side's state has none)."""
    with pytest.raises(RulesError) as hidden:
        UESRPG.board_view(_ambush(), "lurker", "player")
    with pytest.raises(RulesError) as made_up:
        UESRPG.board_view(_ambush(), "zqzqzq", "player")
    assert str(hidden.value).replace("lurker", "zqzqzq") == str(made_up.value)
    assert "lurker" not in str(made_up.value)
    with pytest.raises(RulesError, match="no side 'gm'"):
        UESRPG.board_view(_ambush(), None, "gm")
