"""Fog (issue 15): a battle with a Hidden foe played through a real server; no byte
sent to a player or a spectator (pages, events, API answers, forecasts, reach,
errors, the log download) names a unit their side cannot see, while the GM sees it."""

from __future__ import annotations

from typing import Any

import httpx

from tests.web.helpers import Events, Server, ambush, answered_as_nothing, named, open_table

SEATS = [{"name": "Ana", "units": ["aela"]}, {"name": "Bo", "units": ["brand"]}]
STEPS = 14  # a bound on the work, not a check


def _hidden(gm_state: dict[str, Any]) -> set[str]:
    """Ids and names of the units the players' side cannot see, from the GM's view."""
    found: set[str] = set()
    for unit in gm_state["board"]["units"]:
        if unit["side"] != "player" and any(c["name"] == "Hidden" for c in unit["conditions"]):
            found |= {unit["id"], unit["name"]}
    return found


def test_no_byte_sent_to_the_players_side_names_a_hidden_unit(server: Server) -> None:
    battle = ambush(server.db)
    with server.client() as http:
        table = open_table(http, server.gm_token, battle_id=battle, seats=SEATS)
    tid, tokens = table["table"], table["tokens"]
    watchers = ("p1", "p2", "spectator")
    streams = {s: Events(server.base, tid, tokens[s]) for s in watchers}
    clients = {s: server.client(tokens[s]) for s in (*watchers, "gm")}
    received: dict[str, bytearray] = {s: bytearray() for s in watchers}
    sent_mark = {s: 0 for s in watchers}
    exercised = 0
    hidden_now: set[str] = set()

    def call(seat: str, method: str, path: str, body: Any = None) -> httpx.Response:
        """A request of ``seat``'s; a watcher's that names the hidden foe is answered as
        the same request naming a made-up unit (and checked so, not scanned)."""
        words = named(hidden_now, path, body) if seat in received else []
        if words:
            return answered_as_nothing(clients[seat], method, f"/t/{tid}{path}", body, words)
        answer = clients[seat].request(method, f"/t/{tid}{path}", json=body)
        if seat in received:
            received[seat].extend(answer.content)
        return answer

    def look_around(seat: str, state: dict[str, Any]) -> None:
        """Every read a player's page makes, and a few it should not get answers to."""
        call(seat, "GET", "")
        call(seat, "GET", "/danger")
        call(seat, "GET", "/log.json")
        for unit in state["board"]["units"]:
            call(seat, "GET", f"/reach/{unit['id']}")
            call(seat, "GET", f"/unit/{unit['id']}")
        for mine in state["seat"]["units"]:
            for unit in state["board"]["units"]:
                if unit["side"] != "player":
                    call(seat, "POST", "/forecast", {"unit": mine, "target": unit["id"]})

    def check(hidden: set[str]) -> None:
        for seat in watchers:
            streams[seat].until(seq)  # the events of this step have arrived
            chunk = bytes(received[seat]) + bytes(streams[seat].raw[sent_mark[seat]:])
            sent_mark[seat] = len(streams[seat].raw)
            received[seat].clear()
            for word in hidden:
                at = chunk.find(word.encode())
                assert at < 0, (seat, word, chunk[max(0, at - 300):at + 100])

    try:
        for _ in range(STEPS):
            gm = call("gm", "GET", "/state").json()
            seq = gm["seq"]
            hidden = _hidden(gm)
            hidden_now.clear()
            hidden_now.update(hidden)
            for seat in watchers:
                look_around(seat, call(seat, "GET", "/state").json())
            check(hidden)
            if hidden:
                exercised += 1
                assert {"lurker", "Shadowfang"} <= {u for u in hidden}
                assert any(u["id"] == "lurker" for u in gm["board"]["units"])  # the GM sees
            if gm["board"]["result"] != "ongoing":
                break
            acting = gm["board"]["acting"]
            seat = next((s for s in ("p1", "p2") if set(acting) & set(
                table["seats"][s]["units"])), None)
            if seat is None:
                answer = call("gm", "POST", "/enemy-phase", {"seq": seq})
            else:
                unit = acting[0]
                # walk into the hidden foe's tile, attack it: refused without naming it
                # while it is hidden (once it is seen, the attack may go ahead)
                for action in ({"type": "move", "unit": unit, "to": [6, 4]},
                               {"type": "attack", "unit": unit, "target": "lurker"}):
                    tried = call(seat, "POST", "/act", {"seq": seq, "action": action})
                    if tried.status_code == 200:
                        seq = tried.json()["state"]["seq"]
                    else:
                        assert tried.status_code == 400, tried.text
                answer = call(seat, "POST", "/act", {"seq": seq, "action": {"type": "end_phase"}})
            assert answer.status_code == 200, answer.text
    finally:
        for stream in streams.values():
            stream.close()
        for http_client in clients.values():
            http_client.close()
    assert exercised >= 2  # the foe stayed hidden through several steps of play


def test_a_reach_shows_no_gap_where_the_hidden_foe_stands(
        client: Any, db_url: str, gm_token: str) -> None:
    """The board a reach is drawn on is the side's (``uesrpg/side_view.py``): the Bandit
    could walk onto (6, 4) but for Shadowfang hiding there; the players are sent the
    tile as open (a gap would say where it hides), the GM the engine's own reach."""
    table = open_table(client, gm_token, battle_id=ambush(db_url), seats=SEATS)
    tid, tokens = table["table"], table["tokens"]

    def reach(seat: str, unit: str) -> dict[str, Any]:
        answer = client.get(f"/t/{tid}/reach/{unit}",
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    assert [6, 4] in reach("p1", "bandit-1")["move"]
    assert [6, 4] not in reach("gm", "bandit-1")["move"]
    assert reach("p2", "bandit-1") == reach("spectator", "bandit-1") == reach("p1", "bandit-1")
