"""Previews for actions other than attacks (issue 29): ``/t/<id>/forecast`` with an
``action`` answers the ruleset's own forecast of it (Miridon's spells: the procedure the
cast resolves with), first tried on the battle as the seat's side knows it, so an action
the rules refuse is answered in their words; a kind with no forecast is refused in one
line, and the page says it is checked when sent."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import ROOT, store_battle

SPIRITS = ROOT / "examples" / "miridon" / "spirits"
SKIRMISH = ROOT / "examples" / "miridon" / "skirmish"


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _seq(client: TestClient, table: str, token: str) -> int:
    seq: int = client.get(f"/t/{table}/state", headers=_bearer(token)).json()["seq"]
    return seq


def test_a_spell_is_previewed_by_its_forecast(client: TestClient, gm_token: str,
                                              db_url: str) -> None:
    battle = store_battle(db_url, "miridon", SKIRMISH / "map.yaml",
                          [SPIRITS / "casters.yaml", SPIRITS / "haunted.yaml"], seed=2)
    opened = client.post("/gm/tables", json={"battle_id": battle, "seats": [
        {"name": "Ana", "units": ["gogo"]}]}, headers=_bearer(gm_token)).json()
    table = opened["table"]
    gm, ana = (opened["links"][s].split("#", 1)[1] for s in ("gm", "p1"))
    begun = client.post(f"/t/{table}/act", json={"seq": 0, "action": {
        "type": "begin", "unit": "husk"}}, headers=_bearer(gm))
    assert begun.status_code == 200, begun.text
    played = client.post(f"/t/{table}/enemy-phase", json={"seq": _seq(client, table, gm)},
                         headers=_bearer(gm))
    assert played.status_code == 200, played.text
    cast: dict[str, Any] = {"type": "cast_spell", "unit": "gogo", "target": "husk",
                            "spell": "Elemental Spell", "ghost": 10, "element": "fire"}
    seq = _seq(client, table, ana)
    answer = client.post(f"/t/{table}/forecast", json={"action": cast}, headers=_bearer(ana))
    assert answer.status_code == 200, answer.text
    report = answer.json()
    assert report["miridon"]["cost"] == {"strength": 4, "speed": 1}  # the Short Staff
    assert report["miridon"]["targets"][0]["id"] == "husk"
    assert _seq(client, table, ana) == seq  # a preview changes nothing
    refused = client.post(f"/t/{table}/forecast", json={"action": {**cast, "ghost": 99}},
                          headers=_bearer(ana))
    acted = client.post(f"/t/{table}/act", json={"seq": seq, "action": {**cast, "ghost": 99}},
                        headers=_bearer(ana))
    assert refused.status_code == acted.status_code == 400
    assert refused.json()["error"] == acted.json()["error"]  # the rules' own words
    other = client.post(f"/t/{table}/forecast", json={"action": {
        "type": "guidance", "unit": "gogo", "target": "gogo"}}, headers=_bearer(ana))
    assert other.status_code == 400 and "\n" not in other.json()["error"]
    mine = client.post(f"/t/{table}/forecast", json={"action": {
        "type": "cast_spell", "unit": "husk", "target": "gogo"}}, headers=_bearer(ana))
    assert mine.status_code in (400, 403)
