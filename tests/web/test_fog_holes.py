"""The fog's holes a curious player found (issue 25), each closed: what the players'
side is sent is built from what it knows, so a guessed word is answered as a made-up
one (1), a visible unit's own words are never rewritten (5), an entry it could not
see stays out of sight once the unit comes into view (6), no hash of a hidden entry
reaches it (7), whose Turn it is while a hidden unit has it is not said (11), and a
seen foe's number counts only the foes it sees (12)."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tactician.table.side_log import side_head
from tests.web.helpers import ROOT, ambush, answered_as_nothing, open_table, store_battle
from tests.web.test_fog_fe_classic import SEATS as FIELD_SEATS
from tests.web.test_fog_fe_classic import fogged_field

CASTLE = ROOT / "examples" / "fe_tabletop" / "castle"
CASTLE_SEATS = [{"name": "Ana", "units": ["eirika", "lute", "moulder"]},
                {"name": "Ben", "units": ["kyle", "vanessa", "garcia"]}]
AMBUSH_SEATS = [{"name": "Ana", "units": ["aela"]}, {"name": "Bo", "units": ["brand"]}]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _castle(client: TestClient, db_url: str, gm_token: str) -> tuple[str, dict[str, str]]:
    battle = store_battle(db_url, "fe-tabletop", CASTLE / "map.yaml",
                          [CASTLE / "party.yaml", CASTLE / "garrison.yaml"], seed=4)
    opened = open_table(client, gm_token, battle_id=battle, seats=CASTLE_SEATS)
    return opened["table"], opened["tokens"]


def test_a_guessed_weapon_is_answered_as_a_made_up_one(
        client: TestClient, db_url: str, gm_token: str) -> None:
    """Hole 1: ``equip`` with a hidden unit's id as the weapon was answered "refused by
    the rules (something you cannot see is involved)", a made-up word with the rules'
    own line; now both with the rules' own line."""
    tid, tokens = _castle(client, db_url, gm_token)
    # the GM rolls the Player turn's order first: before it a seat's action is refused
    # whatever it says (001 L42, tests/web/test_turn_order_seats.py)
    rolled = client.post(f"/t/{tid}/act", json={"seq": 0, "action": {"type": "turn_order"}},
                         headers=_bearer(tokens["gm"]))
    assert rolled.status_code == 200, rolled.text
    board = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()["board"]
    seat, unit = ("p1", "eirika") if board["current_player"] == "ana" else ("p2", "kyle")
    client.headers.update(_bearer(tokens[seat]))
    for word in ("oneill", "ONeill", "fighter-1", "brigand-2"):
        answer = answered_as_nothing(client, "POST", f"/t/{tid}/act", {
            "seq": 1, "action": {"type": "equip", "unit": unit, "weapon": word}}, [word])
        assert answer.status_code == 400 and word in answer.json()["error"]
        assert "cannot see" not in answer.text
        forecast = answered_as_nothing(client, "POST", f"/t/{tid}/forecast", {
            "unit": unit, "target": unit, "weapon": word}, [word])
        assert forecast.status_code == 400


def test_a_visible_units_words_are_never_rewritten(
        client: TestClient, db_url: str, gm_token: str) -> None:
    """Hole 5: Garcia's class Fighter read "someone unseen" because a hidden unit is a
    Fighter: the side's board is the ruleset's, built from what it sees, untouched."""
    tid, tokens = _castle(client, db_url, gm_token)
    state = client.get(f"/t/{tid}/state", headers=_bearer(tokens["p2"])).json()
    gm = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()
    hidden = {u["id"] for u in gm["board"]["units"]} - set(gm["board"]["visibility"]["player"])
    assert "fighter-1" in hidden
    garcia = next(u for u in state["board"]["units"] if u["id"] == "garcia")
    assert garcia["class"] == "Fighter"
    assert "unseen" not in json.dumps(state)


def test_an_entry_out_of_sight_stays_out_of_sight_when_its_unit_is_seen(
        client: TestClient, db_url: str, gm_token: str) -> None:
    """Hole 6: past hidden entries were sent in full once the unit came into sight. The
    engine's foes walk in from beyond the party's sight: every entry first sent out of
    sight is sent so ever after, also once its unit is seen."""
    opened = open_table(client, gm_token, battle_id=fogged_field(db_url), seats=FIELD_SEATS)
    tid, tokens = opened["table"], opened["tokens"]
    gm, p1 = _bearer(tokens["gm"]), _bearer(tokens["p1"])
    hidden: set[int] = set()
    for _ in range(10):
        state = client.get(f"/t/{tid}/state", headers=gm).json()
        if state["board"]["result"] != "ongoing":
            break
        if state["board"]["phase"] == "player":
            answer = client.post(f"/t/{tid}/act", headers=gm, json={
                "seq": state["seq"], "action": {"type": "end_phase"}})
        else:
            answer = client.post(f"/t/{tid}/enemy-phase", headers=gm,
                                 json={"seq": state["seq"]})
        assert answer.status_code == 200, answer.text
        for entry in client.get(f"/t/{tid}/log.json", headers=p1).json()["entries"]:
            if entry.get("hidden"):
                hidden.add(entry["seq"])
            else:
                assert entry["seq"] not in hidden, entry  # once hidden, hidden for good
    whole = {e["seq"]: e for e in client.get(f"/t/{tid}/log.json", headers=gm).json()["entries"]}
    seen = {u["id"] for u in client.get(f"/t/{tid}/state", headers=p1).json()["board"]["units"]}
    actors = {whole[s]["action"].get("unit") for s in hidden}
    assert actors & seen, "a foe whose moves were out of sight came into sight"


def test_a_player_gets_no_hash_and_a_chain_of_its_own_log(
        client: TestClient, db_url: str, gm_token: str) -> None:
    """Hole 7: the log's hashes let a player confirm a guess of a hidden entry (hash the
    guess, chain it, compare). A player's log has no hash; its commitment is the head
    of a chain of the entries as its side was sent them, which it can recompute."""
    battle = fogged_field(db_url)
    opened = open_table(client, gm_token, battle_id=battle, seats=FIELD_SEATS)
    tid, tokens = opened["table"], opened["tokens"]
    gm = _bearer(tokens["gm"])
    for _ in range(3):
        state = client.get(f"/t/{tid}/state", headers=gm).json()
        path = "/act" if state["board"]["phase"] == "player" else "/enemy-phase"
        body: dict[str, Any] = {"seq": state["seq"]}
        if path == "/act":
            body["action"] = {"type": "end_phase"}
        assert client.post(f"/t/{tid}{path}", headers=gm, json=body).status_code == 200
    hashes = {e["hash"] for e in client.get(f"/t/{tid}/log.json", headers=gm).json()["entries"]}
    for seat in ("p1", "p2", "spectator"):
        sent = client.get(f"/t/{tid}/log.json", headers=_bearer(tokens[seat])).json()
        state = client.get(f"/t/{tid}/state", headers=_bearer(tokens[seat])).text
        text = json.dumps(sent) + state
        assert not any(h in text for h in hashes) and '"hash"' not in text
        chain = sent["chain"]
        assert chain["of"] == "side" and "seed" not in chain
        assert side_head(chain["seed_commitment"], sent["entries"]) == chain["head"]
    assert opened["seed_commitment"] == chain["seed_commitment"]


def test_whose_turn_it_is_is_not_said_while_a_hidden_unit_has_it(
        client: TestClient, db_url: str, gm_token: str) -> None:
    """Hole 11: UESRPG said "An unseen foe's Turn". While Shadowfang (Hidden) has the
    Turn, the players' board says only that they wait, and what they send is answered
    so; the GM's board names it."""
    opened = open_table(client, gm_token, battle_id=ambush(db_url), seats=AMBUSH_SEATS)
    tid, tokens = opened["table"], opened["tokens"]
    gm = _bearer(tokens["gm"])
    seen_waiting = False
    for _ in range(12):
        state = client.get(f"/t/{tid}/state", headers=gm).json()
        board = state["board"]
        if board["result"] != "ongoing":
            break
        if board.get("turn") == "lurker":
            mine = client.get(f"/t/{tid}/state", headers=_bearer(tokens["p1"])).json()
            assert mine["board"]["phase_label"] == "Waiting for the GM"
            assert mine["board"]["turn"] is None and mine["board"]["acting"] == []
            assert "unseen foe" not in json.dumps(mine).lower()
            refused = client.post(f"/t/{tid}/act", headers=_bearer(tokens["p1"]), json={
                "seq": state["seq"], "action": {"type": "wait", "unit": "aela"}})
            assert refused.status_code == 400 and "waiting for the GM" in refused.text
            seen_waiting = True
        answer = client.post(f"/t/{tid}/act", headers=gm, json={  # the GM ends each Turn
            "seq": state["seq"], "action": {"type": "end_phase"}})
        assert answer.status_code == 200, answer.text
        if seen_waiting:
            break
    assert seen_waiting, "Shadowfang had a Turn while Hidden"


def test_a_seen_foes_number_counts_the_foes_the_side_sees(
        client: TestClient, db_url: str, gm_token: str) -> None:
    """Hole 12: a seen foe's ``number`` (14 of 6 seen) told how many there were: the
    side's numbers run 1.. over the foes it sees."""
    tid, tokens = _castle(client, db_url, gm_token)
    gm = _bearer(tokens["gm"])
    for _ in range(6):  # the garrison walks into the party's sight
        board = client.get(f"/t/{tid}/state", headers=_bearer(tokens["p1"])).json()["board"]
        if any(u["side"] == "enemy" for u in board["units"]):
            break
        state = client.get(f"/t/{tid}/state", headers=gm).json()
        answer = client.post(f"/t/{tid}/enemy-phase", headers=gm, json={"seq": state["seq"]})
        if answer.status_code != 200:
            client.post(f"/t/{tid}/act", headers=gm, json={
                "seq": state["seq"], "action": {"type": "end_phase"}})
    whole = client.get(f"/t/{tid}/state", headers=gm).json()["board"]
    mine = client.get(f"/t/{tid}/state", headers=_bearer(tokens["p1"])).json()["board"]
    foes = [u for u in mine["units"] if u["side"] == "enemy"]
    numbered = {u["id"]: u["number"] for u in whole["units"] if u["side"] == "enemy"}
    assert foes and len(foes) < len(numbered)
    assert sorted(u["number"] for u in foes) == list(range(1, len(foes) + 1))
    assert any(numbered[u["id"]] != u["number"] for u in foes)  # not the battle's own
