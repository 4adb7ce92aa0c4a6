"""A battle that reaches its round cap is a draw on the web table too (issue 24): the
board's result and objectives say so, and the GM's enemy phase is refused."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tactician.store.database import Database
from tactician.table.battle_places import StoredPlace
from tactician.table.battles import play_phase
from tactician.table.campaigns import new_campaign, start_battle

SKIRMISH = Path(__file__).resolve().parents[2] / "examples" / "uesrpg" / "skirmish"


def test_a_drawn_battle_shows_its_draw_and_refuses_the_enemy_phase(
        client: TestClient, db: Database, gm_token: str) -> None:
    campaign = new_campaign(db, "short", "uesrpg", ["round_cap=1"])
    opened = start_battle(db, campaign, "brawl", SKIRMISH / "map.yaml",
                          [SKIRMISH / "party.yaml", SKIRMISH / "bandits.yaml"], seed=3)
    place = StoredPlace(db, opened.info.id, "brawl")
    for _ in range(20):  # each call plays a Turn or more; round 1 has five
        _, state, _ = play_phase(place, every_side=True)
        if state.result != "ongoing":
            break
    assert state.result == "draw"
    auth = {"Authorization": f"Bearer {gm_token}"}
    table = client.post("/gm/tables", json={"battle_id": opened.info.id}, headers=auth)
    assert table.status_code == 200, table.text
    tid = table.json()["table"]
    seat = {"Authorization": f"Bearer {table.json()['links']['gm'].split('token=')[1]}"}
    seen = client.get(f"/t/{tid}/state", headers=seat).json()
    assert seen["board"]["result"] == "draw"
    assert seen["board"]["objectives"]["draw"] == ["undecided after round 1"]
    refused = client.post(f"/t/{tid}/enemy-phase", json={"seq": seen["seq"]}, headers=seat)
    assert refused.status_code == 400 and "draw" in refused.json()["error"]
    listed = client.get("/gm", headers=auth)
    assert "(draw," in listed.text
