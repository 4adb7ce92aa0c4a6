"""fe-classic under fog at the web table (issue 15: "hidden units never appear in any
page, event, forecast, reach or error message sent to that viewer"). The field has
``fog: true`` and the battle ``fog_rules = tabletop`` (001 L110's 4 squares): Hawkeye
(``fogbow``) and Grimbold (``fogaxe``) start beyond every party unit's sight. A real
``tactician serve`` plays it, the players walking in and the engine playing the enemy
phase (on its own side's sight, ruling ``ai_sight``), until they have been seen; at
every step each player and the spectators read everything a page reads, ask for
forecasts, reach and details of every unit the GM sees, and try to strike or walk
onto the hidden ones, and no byte they receive (answers and events) names a unit
their side cannot see at that moment, while the GM's answers do."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from tactician.store.campaigns import create_campaign, get_campaign
from tactician.store.database import open_database
from tactician.table.campaigns import start_battle
from tests.web.helpers import DATA, Events, Server, open_table

FIELD = DATA / "fe_classic_fog"
SEATS = [{"name": "Ana", "units": ["eirika"]}, {"name": "Bo", "units": ["seth"]}]
WATCHERS = ("p1", "p2", "spectator")
STEPS = 12  # rounds of play: a bound on the work, not a check


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


def hidden_words(gm_state: dict[str, Any]) -> set[str]:
    """Ids and names of the units the players' side cannot see, from the GM's view."""
    board = gm_state["board"]
    seen = set(board["visibility"]["player"])
    return {str(u[k]) for u in board["units"] if u["id"] not in seen for k in ("id", "name")}


class Table:
    """The seats' clients and streams. Every answer a watcher gets is checked when it
    arrives against what the players' side cannot see then (the GM's view, read after
    every change); every event against the state at its own sequence number."""

    def __init__(self, server: Server, tid: str, tokens: dict[str, str]) -> None:
        self.tid = tid
        self.clients = {s: server.client(tokens[s]) for s in (*WATCHERS, "gm")}
        self.streams = {s: Events(server.base, tid, tokens[s]) for s in WATCHERS}
        self.read = dict.fromkeys(WATCHERS, 0)
        self.waited = dict.fromkeys(WATCHERS, -1)  # the last seq each stream was read to
        self.hidden_at: dict[int, set[str]] = {}
        self.answers = self.events = 0
        self.gm: dict[str, Any] = {}
        self.look()

    def look(self) -> dict[str, Any]:
        """The GM's view now, and the words hidden from the players' side at its seq."""
        self.gm = self.clients["gm"].get(f"/t/{self.tid}/state").json()
        self.hidden_at[self.gm["seq"]] = hidden_words(self.gm)
        return self.gm

    @property
    def hidden(self) -> set[str]:
        return self.hidden_at[self.gm["seq"]]

    def call(self, seat: str, method: str, path: str, body: Any = None) -> httpx.Response:
        answer = self.clients[seat].request(method, f"/t/{self.tid}{path}", json=body)
        if answer.status_code == 200 and path in ("/act", "/enemy-phase"):
            self.look()  # the answer shows the battle after the change
        if seat in WATCHERS:
            self.answers += 1
            _no_word(answer.content, self.hidden, (seat, method, path, body))
        return answer

    def check_events(self) -> None:
        """Every event each watcher has been sent up to now: none names a unit hidden
        at its sequence number (one the GM's view was not read at, inside an enemy
        phase, is held to what was hidden both before and after it)."""
        known = sorted(self.hidden_at)
        for seat in WATCHERS:
            if self.waited[seat] < self.gm["seq"]:
                self.waited[seat] = self.streams[seat].until(self.gm["seq"])["seq"]
            raw = bytes(self.streams[seat].raw)
            blocks = raw[self.read[seat]:].split(b"\n\n")
            tail = blocks.pop()  # an event still arriving waits for the next look
            self.read[seat] = len(raw) - len(tail)
            for block in blocks:
                data = b"".join(line[5:].strip() for line in block.split(b"\n")
                                if line.startswith(b"data:"))
                if not data:
                    continue
                seq = json.loads(data)["seq"]
                before = [self.hidden_at[k] for k in known if k <= seq][-1:]
                after = [self.hidden_at[k] for k in known if k >= seq][:1]
                hidden = self.hidden_at.get(seq) or set.intersection(*before, *after)
                self.events += 1
                _no_word(block, hidden, (seat, "event", seq))

    def close(self) -> None:
        for stream in self.streams.values():
            stream.close()
        for client in self.clients.values():
            client.close()


def _no_word(sent: bytes, hidden: set[str], where: object) -> None:
    for word in hidden:
        at = sent.find(word.encode())
        assert at < 0, (where, word, sent[max(0, at - 200):at + 100])


def look_around(table: Table, seat: str) -> None:
    """Every read a player's page makes, and every question about every unit the GM
    sees (the hidden ones must be answered as no unit at all)."""
    mine = table.call(seat, "GET", "/state").json()["seat"]["units"]
    for path in ("", "/danger", "/log.json"):
        table.call(seat, "GET", path)
    units = table.gm["board"]["units"]
    for unit in units:
        table.call(seat, "GET", f"/reach/{unit['id']}")
        table.call(seat, "GET", f"/unit/{unit['id']}")
    attackers = mine or [u["id"] for u in units if u["side"] == "player"]
    for me in attackers:
        for foe in (u for u in units if u["side"] != "player"):
            asked = table.call(seat, "POST", "/forecast", {"unit": me, "target": foe["id"]})
            assert asked.status_code in (200, 400), asked.text
            # and the other way round: a hidden foe's forecast on my unit
            table.call(seat, "POST", "/forecast", {"unit": foe["id"], "target": me})


def play_turn(table: Table, seat: str, unit: str) -> None:
    """Try to strike and to step onto every hidden foe, walk ``unit`` as far east as its
    (fogged) reach goes, strike a seen foe if it can, else wait."""
    seen = set(table.gm["board"]["visibility"]["player"])
    hidden = [u for u in table.gm["board"]["units"] if u["id"] not in seen and u["position"]]
    tries: list[dict[str, Any]] = []
    for foe in hidden:
        tries.append({"type": "attack", "unit": unit, "target": foe["id"]})
        tries.append({"type": "move", "unit": unit, "to": foe["position"]})
    reach = table.call(seat, "GET", f"/reach/{unit}").json()
    if reach.get("move"):
        far = max(reach["move"], key=lambda t: (t[0], -abs(t[1] - 2)))
        tries.append({"type": "move", "unit": unit, "to": far})
    for action in tries:
        table.call(seat, "POST", "/act", {"seq": table.gm["seq"], "action": action})
    seen_foes = [u["id"] for u in table.call(seat, "GET", "/state").json()["board"]["units"]
                 if u["side"] != "player" and u["hp"] > 0]
    for action in ([{"type": "attack", "unit": unit, "target": f} for f in seen_foes]
                   + [{"type": "wait", "unit": unit}]):
        tried = table.call(seat, "POST", "/act", {"seq": table.gm["seq"], "action": action})
        assert tried.status_code in (200, 400), tried.text
        if tried.status_code == 200:
            return


def test_no_byte_sent_to_the_players_side_names_a_unit_hidden_by_fog(server: Server) -> None:
    battle = fogged_field(server.db)
    with server.client() as http:
        opened = open_table(http, server.gm_token, battle_id=battle, seats=SEATS)
    table = Table(server, opened["table"], opened["tokens"])
    first_hidden = set(table.hidden)
    assert first_hidden == {"fogbow", "Hawkeye", "fogaxe", "Grimbold"}
    exercised = 0
    try:
        for _ in range(STEPS):
            gm = table.look()
            for seat in WATCHERS:
                look_around(table, seat)
            table.check_events()
            if table.hidden:
                exercised += 1
                # the GM is answered about the hidden units
                for unit in (u for u in gm["board"]["units"] if u["id"] in table.hidden):
                    assert table.call("gm", "GET", f"/unit/{unit['id']}").status_code == 200
            if gm["board"]["result"] != "ongoing" or not table.hidden & first_hidden:
                break
            if gm["board"]["phase"] == "player":
                for seat, unit in (("p1", "eirika"), ("p2", "seth")):
                    play_turn(table, seat, unit)
                answer = table.call("p1", "POST", "/act",
                                    {"seq": table.gm["seq"], "action": {"type": "end_phase"}})
            else:
                answer = table.call("gm", "POST", "/enemy-phase", {"seq": table.gm["seq"]})
            assert answer.status_code == 200, answer.text
        table.check_events()
    finally:
        table.close()
    assert exercised >= 3  # the fog hid them through several rounds of play
    assert not table.hidden & first_hidden, "the hidden foes came into sight as the sides closed"
    assert table.answers > 100 and table.events > 10  # a bound on what was checked


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
