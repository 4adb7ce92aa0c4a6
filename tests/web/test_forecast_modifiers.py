"""The forecast panel's modifiers (issue 15: "every modifier listed with its source
(the rule it cites)"): a player's forecast carries them, they sum to the numbers
shown, and the fog filter rewrites a hidden unit's name in them like anywhere else."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tactician.web.fog import UNSEEN, Fog
from tests.conformance.kit import check_modifiers
from tests.web.helpers import duel


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _forecast(client: TestClient, gm_token: str, db_url: str) -> dict[str, Any]:
    seats = [{"name": "Ana", "units": ["aria"]}]
    data = client.post("/gm/tables", json={"battle_id": duel(db_url), "seats": seats},
                       headers=_bearer(gm_token)).json()
    tid, ana = data["table"], data["links"]["p1"].split("token=")[1]
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


def test_the_fog_filter_rewrites_a_hidden_name_in_the_modifiers(
        client: TestClient, gm_token: str, db_url: str) -> None:
    report = _forecast(client, gm_token, db_url)
    shown = Fog(frozenset({"brigand"}), frozenset({"Brigand"})).scrub(report)
    sent = json.dumps(shown)
    assert "Brigand" not in sent
    assert any(t["source"] == f"{UNSEEN}'s Avoid" for t in shown["modifiers"])
    check_modifiers(shown, "duel, scrubbed")  # the values are untouched
