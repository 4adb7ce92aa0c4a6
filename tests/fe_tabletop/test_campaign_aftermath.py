"""What a fe-tabletop party carries between battles (001 L5, L18-26, L118, L123):
sheets with their EXP, ranks and remainders, item uses, support fights; a fallen
unit is refused at the next muster."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactician.errors import RulesError
from tactician.rulesets.registry import contract
from tests.fe_tabletop.battle_kit import battle


def _castle(tmp: Path):  # type: ignore[no-untyped-def]
    return battle(tmp, "....\n", [{"id": "eirika", "at": [0, 0]}, {"id": "lute", "at": [1, 0]},
                                  {"id": "oneill", "at": [3, 0], "side": "enemy"}],
                  supports=[{"units": ["eirika", "lute"], "fights": 5, "rank": "C"}])


def test_the_party_carries_its_growth_and_musters_it_into_the_next_battle(
    tmp_path: Path,
) -> None:
    state = _castle(tmp_path)
    eirika = state.unit("eirika")
    grown = eirika.character.model_copy(update={"exp": 40, "rank_uses": {"sword": 12},
                                                "ranks": {"sword": "D"}, "hp": 3})
    state = state.replace_units(eirika.with_character(grown).model_copy(
        update={"uses": {**eirika.uses, "Iron Sword": 30}}))
    carried = contract("fe-tabletop").aftermath(state)
    assert set(carried) == {"Eirika", "Lute"}  # enemies have no roster
    assert carried["Eirika"]["unit"]["exp"] == 40 and carried["Eirika"]["uses"]["Iron Sword"] == 30
    assert carried["Eirika"]["supports"] == {"Lute": {"fights": 5, "rank": "C"}}
    fresh = battle(tmp_path, "....\n", [{"id": "eirika", "at": [0, 0]},
                                        {"id": "lute", "at": [1, 0]},
                                        {"id": "oneill", "at": [3, 0], "side": "enemy"}])
    mustered = contract("fe-tabletop").muster(fresh, carried)
    again = mustered.unit("eirika")
    assert again.character.exp == 40 and again.character.ranks["sword"] == "D"
    assert again.hp == again.max_hp  # full HP again (ruling: 001 is silent)
    assert again.uses["Iron Sword"] == 30
    assert mustered.support_book().rank("eirika", "lute") == "C"
    fallen = {**carried, "Lute": {**carried["Lute"], "fallen": True}}
    with pytest.raises(RulesError, match="Lute fell in an earlier battle"):
        contract("fe-tabletop").muster(fresh, fallen)
