"""Every ruleset's example battles open as tables and show their board, reach and
forecasts to the players' seats; every ruleset's example sheets come through the
contract; the table's own dice (``rolls``) are taken as ``--rolls`` takes them."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactician.table import catalogue, tables
from tests.web.helpers import duel

EXAMPLES = [e.key for e in tables.examples()]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("key", EXAMPLES)
def test_each_example_battle_opens_as_a_table(client: TestClient, gm_token: str,
                                              key: str) -> None:
    answer = client.post("/gm/tables", json={"example": key, "players": 2},
                         headers=_bearer(gm_token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    assert {"gm", "p1", "p2", "spectator"} <= set(data["links"])
    tid = data["table"]
    for seat in ("p1", "p2"):
        token = data["links"][seat].split("#", 1)[1]
        state = client.get(f"/t/{tid}/state", headers=_bearer(token)).json()
        assert state["controls"] == data["seats"][seat]["units"] != []
        board = state["board"]
        assert len(board["rows"]) == board["height"] and board["units"]
        assert set(state["terrain"]) >= {name for row in board["rows"] for name in row}
        placed = {u["id"] for u in board["units"] if u.get("position")}
        for unit in state["controls"]:
            if unit not in placed:  # fe-classic's pool, before deployment: no reach
                continue
            reach = client.get(f"/t/{tid}/reach/{unit}", headers=_bearer(token))
            assert reach.status_code == 200 and reach.json()["unit"] == unit
        page = client.get(f"/t/{tid}", headers=_bearer(token))
        assert page.status_code == 200 and "/static/table.js" in page.text


@pytest.mark.parametrize("ruleset", [r["id"] for r in catalogue.rulesets()])
def test_every_rulesets_example_sheets_come_through_the_contract(
        client: TestClient, gm_token: str, ruleset: str) -> None:
    units = tables.example_units(ruleset)
    assert units
    answer = client.get(f"/gm/sheet?ruleset={ruleset}&unit={units[0].name}",
                        headers=_bearer(gm_token))
    assert answer.status_code == 200, answer.text
    assert answer.json()  # the sheet as the contract gives it
    missing = client.get(f"/gm/sheet?ruleset={ruleset}&unit=nobody.yaml",
                         headers=_bearer(gm_token))
    assert missing.status_code == 400 and "nobody.yaml" in missing.json()["error"]


def test_the_tables_own_dice_are_used_and_logged_as_physical(
        client: TestClient, gm_token: str, db_url: str) -> None:
    """A player's dice go to its own unit's rolls, logged as entered by its seat; the
    foe's counter is the battle's stream's (issue 25, dice authority: a player never
    enters a foe's die), and the GM may enter every die."""
    seats = [{"name": "Ana", "units": ["aria"]}]
    data = client.post("/gm/tables", json={"battle_id": duel(db_url), "seats": seats},
                       headers=_bearer(gm_token)).json()
    tid, ana = data["table"], data["links"]["p1"].split("#", 1)[1]
    moved = client.post(f"/t/{tid}/act", headers=_bearer(ana), json={
        "seq": 0, "action": {"type": "move", "unit": "aria", "to": [3, 1]}})
    assert moved.status_code == 200, moved.text
    short = client.post(f"/t/{tid}/act", headers=_bearer(ana), json={
        "seq": 1, "action": {"type": "attack", "unit": "aria", "target": "brigand"},
        "rolls": "7"})
    assert short.status_code == 400 and "roll #2" in short.json()["error"]
    rolls = ",".join(["7"] * 16)
    attacked = client.post(f"/t/{tid}/act", headers=_bearer(ana), json={
        "seq": 1, "action": {"type": "attack", "unit": "aria", "target": "brigand"},
        "rolls": rolls})
    assert attacked.status_code == 200, attacked.text
    entry = attacked.json()["entry"]
    assert entry["physical"] is True and entry["dice"]
    mine = [d for d in entry["dice"] if d["roller"] == "aria"]
    theirs = [d for d in entry["dice"] if d["roller"] == "brigand"]
    assert mine and all(d["value"] == 7 and d["by"] == "p1" for d in mine)
    assert theirs and all(d["by"] == "seed" for d in theirs)
    gm = data["links"]["gm"].split("#", 1)[1]
    undone = client.post(f"/t/{tid}/undo", headers=_bearer(gm), json={"seq": 2})
    assert undone.status_code == 200, undone.text
    again = client.post(f"/t/{tid}/act", headers=_bearer(gm), json={
        "seq": 1, "action": {"type": "attack", "unit": "aria", "target": "brigand"},
        "rolls": rolls})
    assert again.status_code == 200, again.text
    assert all(d["value"] == 7 and d["by"] == "gm" for d in again.json()["entry"]["dice"])


def test_the_danger_zone_is_every_foes_reach(client: TestClient, gm_token: str,
                                             db_url: str) -> None:
    seats = [{"name": "Ana", "units": ["aria"]}]
    data = client.post("/gm/tables", json={"battle_id": duel(db_url), "seats": seats},
                       headers=_bearer(gm_token)).json()
    tid, ana = data["table"], data["links"]["p1"].split("#", 1)[1]
    zone = client.get(f"/t/{tid}/danger", headers=_bearer(ana)).json()
    assert sorted(zone["foes"]) == ["brigand", "soldier"]
    gm = data["links"]["gm"].split("#", 1)[1]
    expected: set[tuple[int, int]] = set()
    for foe in zone["foes"]:
        reach = client.get(f"/t/{tid}/reach/{foe}", headers=_bearer(gm)).json()
        expected |= {tuple(t) for t in reach["move"] + reach["attack"]}
    assert {tuple(t) for t in zone["tiles"]} == expected


def test_undo_is_the_gms_and_refused_when_stale(client: TestClient, gm_token: str,
                                                db_url: str) -> None:
    seats = [{"name": "Ana", "units": ["aria"]}]
    data = client.post("/gm/tables", json={"battle_id": duel(db_url), "seats": seats},
                       headers=_bearer(gm_token)).json()
    tid = data["table"]
    ana, gm = (data["links"][s].split("#", 1)[1] for s in ("p1", "gm"))
    client.post(f"/t/{tid}/act", headers=_bearer(ana), json={
        "seq": 0, "action": {"type": "move", "unit": "aria", "to": [1, 1]}})
    asked = client.post(f"/t/{tid}/ask-undo", headers=_bearer(ana),
                        json={"seq": 1, "note": "misclick"})
    assert asked.status_code == 200
    state = client.get(f"/t/{tid}/state", headers=_bearer(gm)).json()
    assert state["undo_requests"] == [{"who": "Ana", "seq": 1, "note": "misclick"}]
    assert "undo_requests" not in client.get(f"/t/{tid}/state", headers=_bearer(ana)).json()
    stale = client.post(f"/t/{tid}/undo", headers=_bearer(gm), json={"seq": 0})
    assert stale.status_code == 409 and stale.json()["state"]["seq"] == 1
    undone = client.post(f"/t/{tid}/undo", headers=_bearer(gm), json={"seq": 1})
    assert undone.status_code == 200 and undone.json()["undone"] == [1]
    assert undone.json()["state"]["seq"] == 0 and undone.json()["state"]["undo_requests"] == []


def test_an_undo_decided_on_an_older_board_is_refused_and_redo_puts_it_back(
        client: TestClient, gm_token: str, db_url: str) -> None:
    """Issue 27, undo races: the GM's undo names the board it saw (``seq`` and
    ``version``), so an undo and another action since, which bring the battle back to
    the same ``seq``, are refused rather than taking back the other action."""
    from tactician.store.database import open_database
    from tactician.table import campaigns

    battle = duel(db_url)
    data = client.post("/gm/tables", json={"battle_id": battle,
                                           "seats": [{"name": "Ana", "units": ["aria"]}]},
                       headers=_bearer(gm_token)).json()
    tid = data["table"]
    ana, gm = (data["links"][s].split("#", 1)[1] for s in ("p1", "gm"))
    client.post(f"/t/{tid}/act", headers=_bearer(ana), json={
        "seq": 0, "action": {"type": "move", "unit": "aria", "to": [1, 1]}})
    seen = client.get(f"/t/{tid}/state", headers=_bearer(gm)).json()
    db = open_database(db_url)
    try:  # meanwhile: another undo, and another move to the same sequence number
        campaigns.take_back(db, battle, expected_seq=1)
        campaigns.perform(db, battle, {"type": "move", "unit": "aria", "to": [2, 1]})
    finally:
        db.close()
    stale = client.post(f"/t/{tid}/undo", headers=_bearer(gm),
                        json={"seq": seen["seq"], "version": seen["version"]})
    assert stale.status_code == 409 and stale.json()["state"]["version"] != seen["version"]
    now = stale.json()["state"]
    undone = client.post(f"/t/{tid}/undo", headers=_bearer(gm),
                         json={"seq": now["seq"], "version": now["version"]})
    assert undone.status_code == 200 and undone.json()["undone"] == [1]
    after = undone.json()["state"]
    redone = client.post(f"/t/{tid}/redo", headers=_bearer(gm),
                         json={"seq": after["seq"], "version": after["version"]})
    assert redone.status_code == 200 and redone.json()["redone"] == [1]
    assert redone.json()["state"]["log"][-1]["hash"] == now["log"][-1]["hash"]
    again = client.post(f"/t/{tid}/redo", headers=_bearer(gm),
                        json={"seq": 1, "version": redone.json()["state"]["version"]})
    assert again.status_code == 400 and "nothing to redo" in again.json()["error"]
