"""001 L49 with 5 carried (issue 24 item 12): "Rodrick the Fighter ends up picking up
a Vulnerary as a drop from an enemy unit. Because his inventory is filled, he must
choose: Will he send one of his old weapons/items to the Supply, or put the Vulnerary
in the Supply?" The unit chooses (the action's ``send``); nothing is chosen for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import RulesError
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tests.fe_tabletop.battle_kit import act, battle, variant

FULL = ["Iron Axe", "Steel Axe", "Hand Axe", "Vulnerary", "Elixir"]


def rodrick(tmp_path: Path, gift: str = "Vulnerary") -> TabletopBattle:
    fighter = variant(tmp_path, "garcia", "rodrick", name="Rodrick", inventory=FULL)
    return battle(tmp_path, "...\n", [{"id": "rodrick", "file": fighter, "at": [0, 0]},
                                       {"id": "oneill", "at": [2, 0], "side": "enemy"}],
                  buildings=[{"at": [0, 0], "gift": gift}])


def test_with_five_carried_the_unit_must_choose(tmp_path: Path) -> None:
    state = rodrick(tmp_path)
    with pytest.raises(RulesError, match="he must choose") as refused:
        act(state, {"type": "enter_building", "unit": "rodrick"})
    assert "send=ITEM, one of Iron Axe, Steel Axe, Hand Axe, Vulnerary, Elixir, Vulnerary" \
        in str(refused.value)
    assert not state.buildings[0].visited


def test_the_gift_to_the_supply(tmp_path: Path) -> None:
    state = rodrick(tmp_path)
    kept, out = act(state, {"type": "enter_building", "unit": "rodrick", "send": "Vulnerary"})
    assert list(kept.unit("rodrick").character.inventory) == FULL
    assert kept.supply == ("Vulnerary",) and "to the Supply" in out.summary


def test_an_old_item_to_the_supply(tmp_path: Path) -> None:
    state = rodrick(tmp_path, gift="Torch")
    kept, out = act(state, {"type": "enter_building", "unit": "rodrick", "send": "Steel Axe"})
    carried = kept.unit("rodrick").character.inventory
    assert "Steel Axe" not in carried and "Torch" in carried and len(carried) == 5
    assert kept.supply == ("Steel Axe",) and "Steel Axe goes to the Supply" in out.summary
    assert "Steel Axe" not in kept.unit("rodrick").uses
    with pytest.raises(RulesError, match="not in the inventory"):
        act(state, {"type": "enter_building", "unit": "rodrick", "send": "Silver Axe"})


def test_with_room_nothing_is_sent(tmp_path: Path) -> None:
    state = battle(tmp_path, "...\n", [{"id": "garcia", "at": [0, 0]},
                                        {"id": "oneill", "at": [2, 0], "side": "enemy"}],
                   buildings=[{"at": [0, 0], "gift": "Elixir"}])
    with pytest.raises(RulesError, match="nothing goes to the Supply"):
        act(state, {"type": "enter_building", "unit": "garcia", "send": "Elixir"})
    entered, _ = act(state, {"type": "enter_building", "unit": "garcia"})
    assert "Elixir" in entered.unit("garcia").character.inventory and entered.supply == ()


def test_a_full_thief_chooses_too(tmp_path: Path) -> None:
    thief = variant(tmp_path, "eirika", "colm", name="Colm", class_name="Thief", con=6, mov=6,
                    ranks={"sword": "E"},
                    inventory=["Iron Sword", "Vulnerary", "Elixir", "Torch", "Door Key"])
    state = battle(tmp_path, "...\n", [{"id": "colm", "file": thief, "at": [0, 0]},
                                        {"id": "oneill", "at": [1, 0], "side": "enemy"}])
    steal = {"type": "steal", "unit": "colm", "target": "oneill", "item": "Vulnerary"}
    with pytest.raises(RulesError, match="he must choose"):
        act(state, steal)
    robbed, _ = act(state, {**steal, "send": "Door Key"})
    assert "Door Key" not in robbed.unit("colm").character.inventory
    assert robbed.supply == ("Door Key",)
    assert "Vulnerary" not in robbed.unit("oneill").character.inventory
