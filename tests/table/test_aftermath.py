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


@pytest.mark.parametrize("ruleset", ["fe-tabletop", "miridon"])
def test_a_ruleset_without_battles_is_refused_by_name(ruleset: str) -> None:
    from tactician.rulesets.contract import Unsupported

    with pytest.raises(Unsupported, match="has no battles"):
        contract(ruleset).aftermath(None)
