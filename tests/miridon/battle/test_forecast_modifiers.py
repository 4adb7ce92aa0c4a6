"""Miridon's forecast modifiers (``battle/forecast_modifiers.py``; issue 15's panel
lists "every modifier ... with its source"): the terms sum, side by side and number by
number, to the numbers the attack's dice use, a lasting spell's included."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.state import Condition, MiridonBattle
from tactician.rulesets.miridon.spirit_battle.barriers import PREFIX
from tactician.rulesets.registry import contract
from tests.conformance.kit import check_modifiers
from tests.web.helpers import DATA, ROOT

MIRIDON = contract("miridon")
RULES = MIRIDON.battle_rules([])
STRIKE = {"type": "attack", "unit": "kessa", "target": "sable"}


def _close() -> MiridonBattle:
    """Kessa beside Sable in the dry dock (``tests/web/data/close_quarters``)."""
    state: MiridonBattle = RULES.start_state({
        "map": str(ROOT / "examples" / "miridon" / "skirmish" / "map.yaml"),
        "units": [str(DATA / "close_quarters" / "miridon.yaml")]})
    return state


def test_the_terms_make_up_the_numbers_the_dice_use() -> None:
    report = MIRIDON.battle_forecast(_close(), STRIKE, RULES)
    check_modifiers(report, "kessa strikes sable")
    mine = report["miridon"]
    assert report["attacker"]["to_hit"] == sum(t["value"] for t in mine["to_hit_terms"])
    assert report["defender"]["evasion"] == mine["evasion"]
    assert report["defender"].get("reduction", 0) == mine["reduction"]


def test_a_physical_barrier_is_listed_as_what_it_still_absorbs_l3347() -> None:
    state = _close()
    sable = state.unit("sable")
    shield = Condition(name=PREFIX + "physical", value=30, blocks=3, source="L3326-3350")
    state = state.replace_units(sable.model_copy(
        update={"conditions": (*sable.conditions, shield)}))
    report = MIRIDON.battle_forecast(state, STRIKE, RULES)
    barrier = [t for t in report["modifiers"] if t["stat"] == "barrier"]
    assert barrier == [{"side": "defender", "stat": "barrier", "value": 30,
                        "source": "sable's physical barrier absorbs", "rule": "004 L3347"}]
    assert report["defender"]["barrier"] == 30
    # the barrier is no damage term: the weapon's dice and flat are as without it
    plain = MIRIDON.battle_forecast(_close(), STRIKE, RULES)
    assert report["attacker"]["damage_d6"] == plain["attacker"]["damage_d6"]
    check_modifiers(report, "through a barrier")
