"""fe-classic under fog at the web table (issue 15: "hidden units never appear in any
page, event, forecast, reach or error message sent to that viewer"). The field has
``fog: true`` and the battle ``fog_rules = tabletop`` (001 L110's 4 squares): Hawkeye
(``fogbow``) and Grimbold (``fogaxe``) start beyond every party unit's sight. A real
``tactician serve`` plays it (``fog_play``), the players walking in and the engine
playing the enemy phase (on its own side's sight, ruling ``ai_sight``), until they have
been seen; at every look each player and the spectators read everything a page reads,
ask for forecasts, reach and details of every unit the GM sees, and try to strike or
walk onto the hidden ones, and no byte they receive (answers and events) names a unit
their side cannot see at that moment, while the GM's answers do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.store.campaigns import create_campaign, get_campaign
from tactician.store.database import open_database
from tactician.table.campaigns import start_battle
from tests.web.fog_play import play_in_fog
from tests.web.helpers import DATA, Server, open_table

FIELD = DATA / "fe_classic_fog"
SEATS = [{"name": "Ana", "units": ["eirika"]}, {"name": "Bo", "units": ["seth"]}]
LOOKS = 16  # a bound on the work, not a check


def fogged_field(db_url: str, map_path: Path = FIELD / "map.yaml") -> int:
    """The field stored as a battle of a fe-classic campaign, fog played."""
    db = open_database(db_url)
    try:
        info = get_campaign(db, create_campaign(db, "fog fe-classic", "fe-classic", []).name)
        return start_battle(db, info, "fogged field", map_path,
                            [FIELD / "party.yaml", FIELD / "foes.yaml"], seed=5,
                            options=["fog_rules=tabletop"]).info.id
    finally:
        db.close()


def test_no_byte_sent_to_the_players_side_names_a_unit_hidden_by_fog(server: Server) -> None:
    played = play_in_fog(server, fogged_field(server.db), SEATS, LOOKS)
    assert played.first_hidden == {"fogbow", "Hawkeye", "fogaxe", "Grimbold"}
    assert played.exercised >= 3  # the fog hid them through several rounds of play
    assert not played.hidden & played.first_hidden, "they came into sight as the sides closed"
    assert played.answers > 100 and played.events > 10  # a bound on what was checked


def test_a_hidden_foe_is_refused_in_the_same_words_as_no_unit(
        client: Any, db_url: str, gm_token: str) -> None:
    """Forecast, reach and details of a hidden unit, of a unit that does not exist: one
    refusal, word for word (nothing tells the player that something is there)."""
    opened = open_table(client, gm_token, battle_id=fogged_field(db_url), seats=SEATS)
    tid, p1 = opened["table"], {"Authorization": f"Bearer {opened['tokens']['p1']}"}
    for unit in ("fogbow", "no-such-unit"):
        asks = [client.post(f"/t/{tid}/forecast", headers=p1,
                            json={"unit": "eirika", "target": unit}),
                client.post(f"/t/{tid}/forecast", headers=p1,
                            json={"unit": unit, "target": "eirika"}),
                client.get(f"/t/{tid}/reach/{unit}", headers=p1),
                client.get(f"/t/{tid}/unit/{unit}", headers=p1)]
        assert {(a.status_code, a.text) for a in asks} == {
            (400, '{"error":"no unit in sight with that id"}')}, unit
    gm = {"Authorization": f"Bearer {opened['tokens']['gm']}"}
    assert client.get(f"/t/{tid}/unit/fogbow", headers=gm).json()["name"] == "Hawkeye"
