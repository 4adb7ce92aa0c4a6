"""Live (issue 15): changes reach every seat over SSE with the log's sequence number;
a client that reconnects with Last-Event-ID gets only what it missed; a command
decided on an old sequence number is refused with the fresh state; with PostgreSQL
two serve processes on one database see each other's changes."""

from __future__ import annotations

import os
import queue
from collections.abc import Iterator

import pytest

from tests.web.helpers import Events, Server, duel, open_table, start_server

SEATS = [{"name": "Ana", "units": ["aria"]}, {"name": "Bo", "units": ["gilliam"]}]


def _move(unit: str, to: list[int], seq: int) -> dict[str, object]:
    return {"seq": seq, "action": {"type": "move", "unit": unit, "to": to}}


def test_every_seat_is_sent_each_change_with_its_sequence_number(server: Server) -> None:
    with server.client() as http:
        table = open_table(http, server.gm_token, battle_id=duel(server.db), seats=SEATS)
    tid, tokens = table["table"], table["tokens"]
    streams = [Events(server.base, tid, tokens[s]) for s in ("gm", "p1", "p2", "spectator")]
    try:
        for stream in streams:
            event_id, first = stream.next()
            assert first["seq"] == 0 and event_id == first["version"]
        with server.client(tokens["p1"]) as ana:
            assert ana.post(f"/t/{tid}/act", json=_move("aria", [1, 1], 0)).status_code == 200
        for stream in streams:
            event_id, data = stream.next()
            assert data["seq"] == 1 and event_id.startswith("1.")
            aria = next(u for u in data["board"]["units"] if u["id"] == "aria")
            assert aria["position"] == [1, 1]
    finally:
        for stream in streams:
            stream.close()


def test_a_reconnecting_client_resumes_from_last_event_id(server: Server) -> None:
    with server.client() as http:
        table = open_table(http, server.gm_token, battle_id=duel(server.db), seats=SEATS)
    tid, tokens = table["table"], table["tokens"]
    first = Events(server.base, tid, tokens["p2"])
    seen, _ = first.next()
    first.close()
    # nothing happened: resuming from the id it saw sends nothing until a change
    resumed = Events(server.base, tid, tokens["p2"], last_id=seen)
    with pytest.raises(queue.Empty):
        resumed.next(timeout=1.5)
    with server.client(tokens["p1"]) as ana:
        ana.post(f"/t/{tid}/act", json=_move("aria", [1, 1], 0))
    event_id, data = resumed.next()
    assert data["seq"] == 1 and event_id != seen
    resumed.close()
    # missed a change while away: sent at once on reconnecting
    late = Events(server.base, tid, tokens["p2"], last_id=seen)
    _, data = late.next()
    assert data["seq"] == 1
    late.close()


def test_an_undo_is_a_new_event_even_at_an_old_sequence_number(server: Server) -> None:
    with server.client() as http:
        table = open_table(http, server.gm_token, battle_id=duel(server.db), seats=SEATS)
    tid, tokens = table["table"], table["tokens"]
    with server.client(tokens["p1"]) as ana, server.client(tokens["gm"]) as gm:
        ana.post(f"/t/{tid}/act", json=_move("aria", [1, 1], 0))
        stream = Events(server.base, tid, tokens["p1"])
        before, _ = stream.next()
        assert gm.post(f"/t/{tid}/undo", json={"seq": 1}).status_code == 200
        ana.post(f"/t/{tid}/act", json=_move("aria", [1, 0], 0))
        ids = {stream.next()[0] for _ in range(2)}
    stream.close()
    assert before not in ids and len(ids) == 2  # seq 0 then seq 1 again: new ids


def test_a_stale_command_is_refused_with_the_fresh_state(server: Server) -> None:
    with server.client() as http:
        table = open_table(http, server.gm_token, battle_id=duel(server.db), seats=SEATS)
    tid, tokens = table["table"], table["tokens"]
    with server.client(tokens["p1"]) as ana, server.client(tokens["p2"]) as bo:
        assert ana.post(f"/t/{tid}/act", json=_move("aria", [1, 1], 0)).status_code == 200
        late = bo.post(f"/t/{tid}/act", json=_move("gilliam", [1, 2], 0))
        assert late.status_code == 409
        body = late.json()
        assert body["stale"] is True and "moved on (now at 1)" in body["error"]
        assert body["state"]["seq"] == 1
        again = bo.post(f"/t/{tid}/act", json=_move("gilliam", [1, 2], body["state"]["seq"]))
        assert again.status_code == 200


PG_ENV = "TACTICIAN_TEST_PG_URL"


@pytest.fixture
def pg_url() -> Iterator[str]:
    if not os.environ.get(PG_ENV):
        pytest.skip(f"PostgreSQL: set {PG_ENV} to a server URL to run this (.ci/run does)")
    from tests.store.conftest import _pg_database

    yield from _pg_database()


def test_two_serve_processes_on_postgresql_fan_out_through_listen_notify(
        pg_url: str) -> None:
    # the streams' own periodic look is an hour away: only a NOTIFY wakes them
    one = start_server(pg_url, TACTICIAN_WEB_POLL="3600")
    two = start_server(pg_url, TACTICIAN_WEB_POLL="3600")
    try:
        with one.client() as http:
            table = open_table(http, one.gm_token, battle_id=duel(pg_url), seats=SEATS)
        tid, tokens = table["table"], table["tokens"]
        watcher = Events(two.base, tid, tokens["p2"])  # connected to the other process
        _, first = watcher.next()
        assert first["seq"] == 0
        with one.client(tokens["p1"]) as ana:
            assert ana.post(f"/t/{tid}/act", json=_move("aria", [1, 1], 0)).status_code == 200
        _, data = watcher.next()
        assert data["seq"] == 1
        watcher.close()
    finally:
        one.stop()
        two.stop()
