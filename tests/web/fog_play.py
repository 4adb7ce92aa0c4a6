"""Playing a fogged battle at the web table for the fog tests (issue 15: "a test plays a
fog battle and asserts that no byte sent to a player (pages, events, API answers) names
a unit that player's side cannot see"): a real ``tactician serve``, every answer a
player's or a spectator's seat gets checked when it arrives against what the players'
side could not see at that moment (the GM's ``visibility``), every event against the
state at its own sequence number."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx

from tactician.table.tables import acting_players
from tests.web.helpers import Events, Server, answered_as_nothing, named, open_table

WATCHERS = ("p1", "p2", "spectator")
PARTY = "player"  # the players' side in the fog tests' battles


def hidden_words(gm_state: dict[str, Any]) -> set[str]:
    """Ids and names of the units the players' side cannot see, from the GM's view; a
    name that is also a word of a unit it sees (a hidden Fighter and Garcia's class
    Fighter) is no sign of the hidden one and is left out (issue 25, hole 5: the old
    filter rewrote that class)."""
    board = gm_state["board"]
    seen = set(board["visibility"][PARTY])
    return hidden_of(board, seen)


def hidden_of(board: dict[str, Any], seen: set[str]) -> set[str]:
    visible = [u for u in board["units"] if u["id"] in seen]
    known = {str(v) for u in visible for k, v in u.items() if k != "name" and isinstance(v, str)}
    hidden = [u for u in board["units"] if u["id"] not in seen]
    return {str(u["id"]) for u in hidden} | {str(u["name"]) for u in hidden} - known


class Table:
    """The seats' clients and streams. Every answer a watcher gets is checked when it
    arrives against what the players' side cannot see then (the GM's view, read after
    every change); every event against the state at its own sequence number."""

    def __init__(self, server: Server, tid: str, tokens: dict[str, str]) -> None:
        self.tid = tid
        # a new connection per request: uvicorn closes a keep-alive connection idle for
        # 5 s, and a seat that waited that long while the others played would race it
        self.clients = {s: httpx.Client(
            base_url=server.base, headers={"Authorization": f"Bearer {tokens[s]}"}, timeout=30,
            limits=httpx.Limits(max_keepalive_connections=0)) for s in (*WATCHERS, "gm")}
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
        """A request of ``seat``'s; a watcher's that names a hidden unit is answered as
        the same request naming nothing (issue 25), every other answer names none."""
        words = named(self.hidden, path, body) if seat in WATCHERS else []
        if words:
            answer = answered_as_nothing(self.clients[seat], method, f"/t/{self.tid}{path}",
                                         body, words)
        else:
            answer = self.clients[seat].request(method, f"/t/{self.tid}{path}", json=body)
        if answer.status_code == 200 and path in ("/act", "/enemy-phase"):
            self.look()  # the answer shows the battle after the change
        if seat in WATCHERS:
            self.answers += 1
            if not words or answer.status_code == 200:
                self.check_sent(answer.content, self.gm["seq"], (seat, method, path, body))
        return answer

    def hidden_around(self, seq: int) -> set[str]:
        """Words hidden from the players at ``seq`` (held, between two looks, to what
        was hidden at both)."""
        known = sorted(self.hidden_at)
        if seq in self.hidden_at:
            return self.hidden_at[seq]
        before = [self.hidden_at[k] for k in known if k <= seq][-1:]
        after = [self.hidden_at[k] for k in known if k >= seq][:1]
        return set.intersection(*before, *after) if before or after else set()

    def check_sent(self, sent: bytes, seq: int, where: object) -> None:
        """Nothing sent names a unit hidden then: the board and every other part
        against what was hidden at ``seq``; a log entry against what was hidden both
        before it and after it (a unit seen when it acted stays in its entries: the
        side saw it; one it never saw is in none, issue 25)."""
        try:
            data = json.loads(sent)
        except ValueError:  # a page, not JSON
            _no_word(sent, self.hidden_around(seq), where)
            return
        entries: list[Any] = []

        def strip(value: Any) -> Any:
            if isinstance(value, dict):
                if "seq" in value and "summary" in value:
                    entries.append(value)
                    return None
                return {k: strip(v) for k, v in value.items()}
            if isinstance(value, list):
                return [strip(v) for v in value]
            return value

        rest = json.dumps(strip(data)).encode()
        _no_word(rest, self.hidden_around(seq), where)
        for entry in entries:
            number = int(entry["seq"])
            hidden = self.hidden_around(number - 1) & self.hidden_around(number)
            _no_word(json.dumps(entry).encode(), hidden, (where, "entry", number))

    def check_events(self) -> None:
        """Every event each watcher has been sent up to now: none names a unit hidden
        at its sequence number (one the GM's view was not read at, inside an enemy
        phase, is held to what was hidden both before and after it)."""
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
                self.events += 1
                self.check_sent(data, seq, (seat, "event", seq))

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
    attackers = mine or [u["id"] for u in units if u["side"] == PARTY]
    for me in attackers:
        for foe in (u for u in units if u["side"] != PARTY):
            asked = table.call(seat, "POST", "/forecast", {"unit": me, "target": foe["id"]})
            assert asked.status_code in (200, 400), asked.text
            # and the other way round: a hidden foe's forecast on my unit
            table.call(seat, "POST", "/forecast", {"unit": foe["id"], "target": me})


def play_turn(table: Table, seat: str, unit: str) -> None:
    """Try to strike and to step onto every hidden foe, walk ``unit`` as far east as its
    (fogged) reach goes, strike a seen foe if it can, else wait."""
    seen = set(table.gm["board"]["visibility"][PARTY])
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
                 if u["side"] != PARTY and u["hp"] > 0]
    for action in ([{"type": "attack", "unit": unit, "target": f} for f in seen_foes]
                   + [{"type": "wait", "unit": unit}]):
        tried = table.call(seat, "POST", "/act", {"seq": table.gm["seq"], "action": action})
        assert tried.status_code in (200, 400), tried.text
        if tried.status_code == 200:
            return


@dataclass
class Played:
    first_hidden: set[str]  # hidden from the players' side at the start
    hidden: set[str]  # ... when play stopped
    exercised: int  # looks taken while something was hidden
    answers: int  # answers checked
    events: int  # events checked


def play_in_fog(server: Server, battle: int, seats: list[dict[str, Any]], looks: int) -> Played:
    """Open ``battle`` with ``seats`` (p1, p2) and play it: at each look every watcher
    reads everything and the GM is answered about the hidden; then the seat whose units
    have the turn plays them (``play_turn``) and ends its turn once all have acted, the
    GM rolls a turn order when one is due, or the GM plays the enemy phase. Stops when
    the first hidden units have all been seen, the battle ends, or after ``looks``."""
    with server.client() as http:
        opened = open_table(http, server.gm_token, battle_id=battle, seats=seats)
    owners = {u: seat for seat in ("p1", "p2") for u in opened["seats"][seat]["units"]}
    table = Table(server, opened["table"], opened["tokens"])
    first_hidden = set(table.hidden)
    assert first_hidden, "the battle starts with units out of the players' sight"
    exercised, played, phase = 0, set(), None
    try:
        for _ in range(looks):
            gm = table.look()
            for seat in WATCHERS:
                look_around(table, seat)
            table.check_events()
            if table.hidden:
                exercised += 1
                for unit in (u for u in gm["board"]["units"] if u["id"] in table.hidden):
                    assert table.call("gm", "GET", f"/unit/{unit['id']}").status_code == 200
            board = gm["board"]
            if board["result"] != "ongoing" or not table.hidden & first_hidden:
                break
            if (board["round"], board["phase"]) != phase:
                played, phase = set(), (board["round"], board["phase"])
            acting = [u for u in acting_players(board) if u in owners]
            if board["phase"] != PARTY:
                answer = table.call("gm", "POST", "/enemy-phase", {"seq": table.gm["seq"]})
            elif not acting or board.get("order_due"):  # fe-tabletop: the order first
                answer = table.call("gm", "POST", "/act", {"seq": table.gm["seq"],
                                                          "action": {"type": "turn_order"}})
            else:
                todo = [u for u in acting if u not in played]
                seat = owners[todo[0] if todo else acting[0]]
                for unit in (u for u in todo if owners[u] == seat):
                    play_turn(table, seat, unit)
                    played.add(unit)
                left = [u for u in acting_players(table.look()["board"])
                        if u in owners and u not in played]
                if left:
                    continue
                answer = table.call(seat, "POST", "/act", {"seq": table.gm["seq"],
                                                           "action": {"type": "end_phase"}})
            assert answer.status_code == 200, answer.text
        table.check_events()
    finally:
        table.close()
    return Played(first_hidden, set(table.hidden), exercised, table.answers, table.events)
