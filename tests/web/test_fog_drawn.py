"""Fog you can see (issue 29): a player's state carries its side's ``sight``, exactly
the engine's (``seen_tiles``), and nothing of its board lies outside it; no other
side's sight is sent; the GM is told which unit is hidden from whom and may look
through each side's eyes ("See as"), and no one else may."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tactician.rulesets.registry import contract
from tactician.store.database import open_database
from tactician.table.campaigns import open_battle
from tests.web.helpers import ROOT, open_table, store_battle

CASTLE = ROOT / "examples" / "fe_tabletop" / "castle"
SEATS = [{"name": "Ana", "units": ["eirika", "lute", "moulder"]},
         {"name": "Ben", "units": ["kyle", "vanessa", "garcia"]}]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _castle(client: TestClient, db_url: str, gm_token: str) -> tuple[int, dict[str, Any]]:
    battle = store_battle(db_url, "fe-tabletop", CASTLE / "map.yaml",
                          [CASTLE / "party.yaml", CASTLE / "garrison.yaml"], seed=4)
    return battle, open_table(client, gm_token, battle_id=battle, seats=SEATS)


def test_a_players_sight_is_the_engines_and_bounds_its_board(
        client: TestClient, db_url: str, gm_token: str) -> None:
    battle, table = _castle(client, db_url, gm_token)
    tid, tokens = table["table"], table["tokens"]
    db = open_database(db_url)
    try:
        state = open_battle(db, battle).state
    finally:
        db.close()
    engine = contract("fe-tabletop").seen_tiles(state, "player")
    assert engine is not None and len(engine) < 12 * 8  # fog: some tiles unseen
    for seat in ("p1", "p2", "spectator"):
        sent: dict[str, Any] = client.get(f"/t/{tid}/state",
                                          headers=_bearer(tokens[seat])).json()
        assert sent["sight"]["side"] == "player"
        tiles = {tuple(t) for t in sent["sight"]["tiles"]}
        assert tiles == set(engine)
        for unit in sent["board"]["units"]:
            if unit.get("position") is not None:
                assert tuple(unit["position"]) in tiles, (seat, unit["id"])
        assert "hidden_from" not in sent and "fog_sides" not in sent
        # another side's sight is the GM's alone
        assert client.get(f"/t/{tid}/see-as/enemy",
                          headers=_bearer(tokens[seat])).status_code == 403


def test_the_gm_sees_who_is_hidden_from_whom_and_sees_as_a_side(
        client: TestClient, db_url: str, gm_token: str) -> None:
    _, table = _castle(client, db_url, gm_token)
    tid, tokens = table["table"], table["tokens"]
    gm: dict[str, Any] = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()
    assert "sight" not in gm  # the GM sees every tile
    seen = set(gm["board"]["visibility"]["player"])
    garrison = {u["id"] for u in gm["board"]["units"] if u["side"] == "enemy"}
    hidden = {u for u, sides in gm["hidden_from"].items() if "player" in sides}
    assert hidden == garrison - seen and hidden
    assert set(gm["fog_sides"]) == {"player", "enemy"}
    player = client.get(f"/t/{tid}/state", headers=_bearer(tokens["p1"])).json()
    looked = client.get(f"/t/{tid}/see-as/player", headers=_bearer(tokens["gm"])).json()
    assert looked["tiles"] == player["sight"]["tiles"]
    assert set(looked["units"]) == {u["id"] for u in player["board"]["units"]}
    wrong = client.get(f"/t/{tid}/see-as/nobody", headers=_bearer(tokens["gm"]))
    assert wrong.status_code == 400 and "player" in wrong.json()["error"]


def test_a_battle_without_fog_sends_no_sight(client: TestClient, gm_token: str) -> None:
    answer = client.post("/gm/tables", json={"example": "tropera/ford"},
                         headers=_bearer(gm_token)).json()
    token = answer["links"]["p1"].split("#", 1)[1]
    sent = client.get(f"/t/{answer['table']}/state", headers=_bearer(token)).json()
    assert "sight" not in sent
