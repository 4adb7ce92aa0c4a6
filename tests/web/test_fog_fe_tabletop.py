"""001's fog of war at the web table (issue 15: "Fog of war, where a ruleset or
scenario has it (001's vision ...): each viewer receives only what its side sees").
The castle has ``fog: true``: at the start the garrison stands beyond 4 squares of
every party unit, so no answer to a player names one of them, while the GM's does;
a reach is drawn as the player's side sees the board."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.fog_play import hidden_of, play_in_fog
from tests.web.helpers import ROOT, Server, open_table, store_battle

CASTLE = ROOT / "examples" / "fe_tabletop" / "castle"
SEATS = [{"name": "Ana", "units": ["eirika", "lute", "moulder"]},
         {"name": "Ben", "units": ["kyle", "vanessa", "garcia"]}]
LOOKS = 14  # a bound on the work, not a check


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_castle_garrison_is_never_named_to_the_players(
        client: TestClient, db_url: str, gm_token: str) -> None:
    battle = store_battle(db_url, "fe-tabletop", CASTLE / "map.yaml",
                          [CASTLE / "party.yaml", CASTLE / "garrison.yaml"], seed=4)
    table = open_table(client, gm_token, battle_id=battle, seats=SEATS)
    tid, tokens = table["table"], table["tokens"]
    gm: dict[str, Any] = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()
    garrison = {u["id"] for u in gm["board"]["units"] if u["side"] == "enemy"}
    hidden = garrison - set(gm["board"]["visibility"]["player"])
    assert hidden, "the garrison starts out of the party's sight"
    seen = set(gm["board"]["visibility"]["player"])
    words = hidden_of(gm["board"], seen)
    assert hidden <= words
    for seat in ("p1", "p2", "spectator"):
        sent = bytearray()
        for path in ("/state", "/log.json", "/danger", "/reach/lute", "/reach/vanessa",
                     *(f"/reach/{u}" for u in sorted(hidden)), ""):
            sent.extend(client.get(f"/t/{tid}{path}", headers=_bearer(tokens[seat])).content)
        for word in words:
            assert word.encode() not in bytes(sent), (seat, word)
    # the GM sees them all
    assert garrison <= {u["id"] for u in gm["board"]["units"]}


def test_a_players_reach_is_drawn_as_that_side_sees_the_board(
        client: TestClient, db_url: str, gm_token: str) -> None:
    battle = store_battle(db_url, "fe-tabletop", CASTLE / "map.yaml",
                          [CASTLE / "party.yaml", CASTLE / "garrison.yaml"], seed=4)
    table = open_table(client, gm_token, battle_id=battle, seats=SEATS)
    tid, tokens = table["table"], table["tokens"]
    from tactician.rulesets.registry import contract
    from tactician.store.database import open_database
    from tactician.table.campaigns import open_battle

    db = open_database(db_url)
    try:
        state = open_battle(db, battle).state
        as_player = contract("fe-tabletop").board_view(state, "vanessa", "player")["reach"]
    finally:
        db.close()
    got = client.get(f"/t/{tid}/reach/vanessa", headers=_bearer(tokens["p2"])).json()
    assert got["move"] == as_player["move"] and got["attack"] == as_player["attack"]


def test_a_fog_battle_played_through_a_real_server_never_names_the_hidden(
        server: Server) -> None:
    """The castle played (``fog_play``): each player's turn in the rolled order, the
    engine's enemy phase, until the garrison's first hidden units have been seen; every
    answer and event a player or spectator gets is checked against what the party could
    not see at that moment."""
    battle = store_battle(server.db, "fe-tabletop", CASTLE / "map.yaml",
                          [CASTLE / "party.yaml", CASTLE / "garrison.yaml"], seed=4)
    played = play_in_fog(server, battle, SEATS, LOOKS)
    assert played.exercised >= 2  # the fog hid them through more than one turn of play
    assert not played.hidden & played.first_hidden, "the garrison came into sight"
    assert played.answers > 100 and played.events > 10  # a bound on what was checked
