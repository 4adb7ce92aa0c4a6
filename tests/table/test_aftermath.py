"""The contract's ``aftermath`` (what an ended battle's characters carry back to the
roster) and ``muster`` (what they bring to the next), for each ruleset that has them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactician.errors import RulesError
from tactician.rulesets.registry import contract

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"
SKIRMISH = ROOT / "examples" / "uesrpg" / "skirmish"


def _start(ruleset: str, folder: Path, *units: str) -> Any:
    rules = contract(ruleset).battle_rules([])
    names = {"tropera": "ford.yaml", "uesrpg": "map.yaml"}
    return rules.start_state({"map": str(folder / names[ruleset]),
                              "units": [str(folder / u) for u in units]})


def test_tropera_a_crippled_character_sits_out_the_next_battle() -> None:
    """000: "if their player has any alternate characters, cannot participate in the
    next battle while they take time to recover"; enemies have no roster."""
    state = _start("tropera", FORD, "party.yaml", "bandits.yaml")
    aria = state.unit("aria").model_copy(update={"crippled": True, "hp": 0})
    carried = contract("tropera").aftermath(state.replace_units(aria))
    assert set(carried) == {"Aria", "Lute", "Lethe", "Gilliam"}
    assert carried["Aria"]["sits_out_next_battle"] is True and "Crippled" in carried["Aria"]["why"]
    assert carried["Lute"] == {"sits_out_next_battle": False, "why": ""}
    assert contract("tropera").muster(state, carried) is state  # nothing carried onto units


def test_uesrpg_carries_hp_and_wounds_and_musters_them_back() -> None:
    state = _start("uesrpg", SKIRMISH, "party.yaml", "bandits.yaml")
    brand = next(u for u in state.units if u.id == "brand")
    hurt = brand.model_copy(update={"hp": brand.hp - 4, "lost": ("left_leg",)})
    carried = contract("uesrpg").aftermath(state.replace_units(hurt))
    assert carried["Brand"]["hp"] == brand.hp - 4 and carried["Brand"]["lost"] == ["left_leg"]
    assert carried["Brand"]["dead"] is False
    fresh = _start("uesrpg", SKIRMISH, "party.yaml", "bandits.yaml")
    mustered = contract("uesrpg").muster(fresh, {"Brand": carried["Brand"]})
    again = next(u for u in mustered.units if u.id == "brand")
    assert (again.hp, again.lost) == (brand.hp - 4, ("left_leg",))
    with pytest.raises(RulesError, match="Brand died in an earlier battle"):
        contract("uesrpg").muster(fresh, {"Brand": {**carried["Brand"], "dead": True}})


def test_miridon_carries_hp_and_refuses_the_dead() -> None:
    """004 restores only the points at a battle's start (L1684-1692): HP carries over; the
    dead "can no longer be healed by any means" (L1742)."""
    folder = ROOT / "examples" / "miridon" / "skirmish"
    rules = contract("miridon").battle_rules([])
    scenario = {"map": str(folder / "map.yaml"),
                "units": [str(folder / "crew.yaml"), str(folder / "raiders.yaml")]}
    state = rules.start_state(scenario)
    sable = state.unit("sable").model_copy(update={"hp": 7})
    carried = contract("miridon").aftermath(state.replace_units(sable))
    assert set(carried) == {"Sable Marr", "Wren Ashdown", "Brann Holloway"}
    assert carried["Sable Marr"] == {"hp": 7, "dead": False}
    again = contract("miridon").muster(rules.start_state(scenario), carried)
    wren = again.unit("wren")
    assert again.unit("sable").hp == 7 and wren.hp == wren.profile.max_hp
    with pytest.raises(RulesError, match="Sable Marr died"):
        contract("miridon").muster(state, {"Sable Marr": {"hp": 0, "dead": True}})
