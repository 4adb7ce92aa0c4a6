"""The forecast panel's modifiers (issue 15: "every modifier listed with its source
(the rule it cites)"): a player's forecast carries them in all five rulesets, they
sum to the numbers shown, and the fog filter rewrites a hidden unit's name in them
like anywhere else."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conformance.kit import check_modifiers
from tests.web.helpers import DATA, ROOT, duel, store_battle


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _forecast(client: TestClient, gm_token: str, db_url: str) -> dict[str, Any]:
    seats = [{"name": "Ana", "units": ["aria"]}]
    data = client.post("/gm/tables", json={"battle_id": duel(db_url), "seats": seats},
                       headers=_bearer(gm_token)).json()
    tid, ana = data["table"], data["links"]["p1"].split("#", 1)[1]
    moved = client.post(f"/t/{tid}/act", headers=_bearer(ana), json={
        "seq": 0, "action": {"type": "move", "unit": "aria", "to": [3, 1]}})
    assert moved.status_code == 200, moved.text
    answer = client.post(f"/t/{tid}/forecast", headers=_bearer(ana),
                         json={"unit": "aria", "target": "brigand"})
    assert answer.status_code == 200, answer.text
    report: dict[str, Any] = answer.json()
    return report


def test_a_players_forecast_lists_every_modifier_with_its_rule(
        client: TestClient, gm_token: str, db_url: str) -> None:
    report = _forecast(client, gm_token, db_url)
    terms = report["modifiers"]
    assert {t["side"] for t in terms} == {"attacker", "defender"}
    assert all(t["rule"].startswith(("000 L", "Tactician")) for t in terms), terms
    assert any(t["source"] == "Brigand's Avoid" and t["value"] < 0 for t in terms)
    check_modifiers(report, "duel")


QUARTERS = DATA / "close_quarters"
# ruleset: (map, the striking player unit, its foe beside it, how its rules are cited)
CLOSE = {
    "uesrpg": (ROOT / "examples" / "uesrpg" / "skirmish" / "map.yaml", "aela", "bandit-1",
               ("003 L", "reference facts (UESRPG 3e core)")),
    "miridon": (ROOT / "examples" / "miridon" / "skirmish" / "map.yaml", "kessa", "sable",
                ("004 L",)),
    "fe-classic": (DATA / "fe_classic_fog" / "map.yaml", "eirika", "foe", ("002 L", "FE8")),
    "fe-tabletop": (ROOT / "examples" / "fe_tabletop" / "castle" / "map.yaml", "eirika", "foe",
                    ("001 L", "Tactician")),
}


def _close_forecast(client: TestClient, gm_token: str, db_url: str, ruleset: str
                    ) -> dict[str, Any]:
    map_path, unit, foe, _ = CLOSE[ruleset]
    battle = store_battle(db_url, ruleset, map_path,
                          [QUARTERS / f"{ruleset.replace('-', '_')}.yaml"])
    data = client.post("/gm/tables", json={"battle_id": battle, "seats": [
        {"name": "Ana", "units": [unit]}]}, headers=_bearer(gm_token)).json()
    ana = data["links"]["p1"].split("#", 1)[1]
    answer = client.post(f"/t/{data['table']}/forecast", headers=_bearer(ana),
                         json={"unit": unit, "target": foe})
    assert answer.status_code == 200, answer.text
    report: dict[str, Any] = answer.json()
    return report


@pytest.mark.parametrize("ruleset", sorted(CLOSE))
def test_every_rulesets_forecast_lists_its_modifiers_with_their_rules(
        client: TestClient, gm_token: str, db_url: str, ruleset: str) -> None:
    report = _close_forecast(client, gm_token, db_url, ruleset)
    terms = report["modifiers"]
    assert {t["side"] for t in terms} == {"attacker", "defender"}, terms
    cited = CLOSE[ruleset][3]
    assert all(t["rule"].startswith(cited) for t in terms), terms
    check_modifiers(report, ruleset)  # per side and number, the terms make it up


def test_uesrpgs_targets_list_the_skill_and_each_penalty_with_its_003_line(
        client: TestClient, gm_token: str, db_url: str) -> None:
    report = _close_forecast(client, gm_token, db_url, "uesrpg")
    defence = [t for t in report["modifiers"] if t["side"] == "defender"]
    # the Bandit lies Prone: its parry or evade is a combat test at -20 (003 L117)
    assert {"stat": "target", "value": -20, "source": "Prone", "side": "defender",
            "rule": '003 L117 "-20 to all combat tests"'} in defence
    assert defence[0]["source"].startswith("Bandit's ") and defence[0]["value"] > 0
    assert report["defender"]["target"] == sum(t["value"] for t in defence)


def test_miridons_terms_are_the_attacks_own_numbers(
        client: TestClient, gm_token: str, db_url: str) -> None:
    report = _close_forecast(client, gm_token, db_url, "miridon")
    terms = report["modifiers"]
    mine = report["miridon"]
    # to hit: the plan's terms, with their 004 lines
    assert [(t["source"], t["value"]) for t in terms if t["stat"] == "to_hit"] == [
        (t["label"], t["value"]) for t in mine["to_hit_terms"] if t["value"]]
    # the Evasion the roll must reach: Sable's policy dodges, so Active Evasion (L1614)
    assert report["defender"]["evasion"] == mine["evasion"]
    assert any(t["stat"] == "evasion" and "L1614" in t["rule"] for t in terms)
    # Kessa's Melee Boost rank 2 adds 2d6 (L294) to the Greatsword's 3d6 (L1644)
    dice = {t["source"]: t["value"] for t in terms if t["stat"] == "damage_d6"}
    assert dice == {"Greatsword 3d6 (d6)": 3, "Melee Boost": 2}
    assert report["attacker"]["damage_d6"] == 5
    assert not any("extra dice" in t["source"] for t in terms)  # no term made up the sum


def test_uesrpgs_one_off_fights_list_the_same_terms() -> None:
    """``tactician forecast --ruleset uesrpg`` shares the battle's report: its example
    fights list each test's terms too, summing to the targets shown."""
    from tactician.rulesets.contract import Combatant, FightRequest
    from tactician.rulesets.registry import contract as contract_of

    uesrpg = contract_of("uesrpg")
    fights = uesrpg.examples().fights
    assert fights
    for fight in fights:
        request = FightRequest("uesrpg", Combatant(fight.attacker), (Combatant(fight.defender),),
                               fight.distance, fight.options)
        forecast = uesrpg.forecast(uesrpg.plan_fight(request))
        assert any(t["side"] == "attacker" for t in forecast["modifiers"]), fight
        check_modifiers(forecast, str(fight.attacker))
