"""The table's doors (issue 25, holes 9, 10, 13, 14 and 15): bounded bodies and entries,
the GM's set-up, byte-safe tokens and ids, one refusal whatever was wrong, join links
redeemed by a POST, seat links re-issued, revoked and expiring, and a cap on a seat's
streams."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tactician.table.seats import NO_SEAT
from tactician.web.views import MAX_ENTRY_JSON, clipped
from tests.web.helpers import Events, Server, duel, open_table

SEATS = [{"name": "Ana", "units": ["aria"]}, {"name": "Bo", "units": ["gilliam"]}]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def table(client: TestClient, db_url: str, gm_token: str) -> dict[str, Any]:
    return open_table(client, gm_token, battle_id=duel(db_url), seats=SEATS)


def test_an_oversized_or_deep_action_is_refused_and_an_entry_sent_is_bounded(
        client: TestClient, table: dict[str, Any]) -> None:
    """Hole 9: one 57 KB action went to every client with every event. An action is a
    few hundred bytes at most; a JSON body nesting 300 deep is refused before it is
    parsed (hole 13); what one entry carries in a state or event is bounded."""
    tid, gm = table["table"], _bearer(table["tokens"]["gm"])
    big = {"seq": 0, "action": {"type": "wait", "unit": "aria", "note": "x" * 57_000}}
    answer = client.post(f"/t/{tid}/act", headers=gm, json=big)
    assert answer.status_code == 400 and "at most" in answer.json()["error"]
    deep: Any = 1
    for _ in range(300):
        deep = [deep]
    answer = client.post(f"/t/{tid}/act", headers=gm,
                         json={"seq": 0, "action": {"type": "wait", "unit": "aria", "x": deep}})
    assert answer.status_code == 400 and "nests" in answer.json()["error"]
    huge = {"seq": 3, "summary": "y" * 20_000, "action": {"type": "move"}, "dice": [],
            "records": [{"text": "z" * 20_000}], "physical": False}
    shown = clipped(huge)
    assert len(json.dumps(shown)) < MAX_ENTRY_JSON and shown["clipped"] and shown["seq"] == 3
    small = {"seq": 1, "summary": "Aria waits", "action": {"type": "wait"}}
    assert clipped(small) is small


def test_bodies_over_the_limit_are_413_however_sent(
        client: TestClient, table: dict[str, Any]) -> None:
    """Hole 15: a chunked body over 64 KiB got 400, not the documented 413."""
    tid, gm = table["table"], table["tokens"]["gm"]

    def chunks() -> Iterator[bytes]:
        yield b'{"seq": 0, "action": {"type": "wait", "unit": "aria", "x": "'
        for _ in range(70):
            yield b"x" * 1024
        yield b'"}}'

    answer = client.post(f"/t/{tid}/act", content=chunks(), headers={
        **_bearer(gm), "content-type": "application/json"})
    assert answer.status_code == 413
    declared = client.post(f"/t/{tid}/act", content=b"x" * (65 * 1024), headers={
        **_bearer(gm), "content-type": "application/json"})
    assert declared.status_code == 413


def test_the_set_up_is_the_gms(client: TestClient, gm_token: str) -> None:
    """Hole 10: a player sent fe-classic's ``start`` and ended the GM's set-up; set-up
    actions (start, deploy, withdraw) are the GM's (``table.action_roles``)."""
    opened = open_table(client, gm_token, example="fe-classic/pass", players=1)
    tid, p1, gm = opened["table"], opened["tokens"]["p1"], opened["tokens"]["gm"]
    lord = opened["seats"]["p1"]["units"][0]
    for kind in ("start", "deploy", "withdraw"):
        answer = client.post(f"/t/{tid}/act", headers=_bearer(p1), json={
            "seq": 0, "action": {"type": kind, "unit": lord}})
        assert answer.status_code == 403 and "only the GM" in answer.json()["error"], kind
    answer = client.post(f"/t/{tid}/act", headers=_bearer(gm), json={
        "seq": 0, "action": {"type": "start", "unit": lord}})
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("where", ["path", "bearer", "cookie", "join"])
def test_any_byte_in_a_token_or_an_id_is_refused_never_500(
        client: TestClient, table: dict[str, Any], where: str) -> None:
    """Hole 13: a non-ASCII table id, bearer token, cookie or join token raised
    ``hmac.compare_digest``'s TypeError (500, no valid token needed)."""
    tid = table["table"]
    odd = [f"{tid}.sécret", "ü.ü", f"{tid}.\u2603", "é" * 40, f"{tid}.a.b", f"{tid}.x.99"]
    for token in odd:
        if where == "path":
            answer = client.get(f"/t/{token}/state", headers=_bearer(table["tokens"]["p1"]))
        elif where == "bearer":  # the bytes as sent: UTF-8, not ASCII
            answer = client.get(f"/t/{tid}/state", headers=[
                (b"authorization", b"Bearer " + token.encode())])
        elif where == "cookie":
            answer = client.get(f"/t/{tid}/state", headers=[
                (b"cookie", f"tactician_{tid}=".encode() + token.encode())])
        else:
            answer = client.post(f"/t/{tid}/join", json={"token": token})
        assert answer.status_code in (403, 404), (where, token, answer.text)


def test_integers_are_bounded(client: TestClient, table: dict[str, Any]) -> None:
    """Hole 13: ``ask-undo`` with seq 10^40 raised OverflowError (500)."""
    tid = table["table"]
    for path, body in (("/ask-undo", {"seq": 10**40}), ("/act", {"seq": 10**40,
                                                                 "action": {"type": "wait"}}),
                       ("/undo", {"seq": -(10**40)})):
        seat = "p1" if path == "/ask-undo" else "gm"
        answer = client.post(f"/t/{tid}{path}", headers=_bearer(table["tokens"][seat]),
                             json=body)
        assert answer.status_code == 400, (path, answer.text)


def test_an_outsider_cannot_tell_which_tables_exist(
        client: TestClient, table: dict[str, Any]) -> None:
    """Hole 14: "no such table, or the link is wrong" against "a valid seat token is
    needed" told an outsider which ids exist: one answer, byte for byte."""
    tid = table["table"]
    answers = [client.get(f"/t/{t}/state", headers=_bearer(token)) for t, token in (
        (tid, f"{tid}.wrong"), ("000000000000", "000000000000.wrong"), (tid, ""),
        ("000000000000", ""), (tid, "another.table"), ("000000000000", f"{tid}.wrong"))]
    assert {(a.status_code, a.content) for a in answers} == {
        (403, json.dumps({"error": NO_SEAT}, separators=(",", ":")).encode())}


def test_no_get_from_another_site_seats_anyone(
        client: TestClient, table: dict[str, Any]) -> None:
    """Hole 15: ``<img src=/t/ID?token=...>`` on another origin seated the victim.
    A GET sets no cookie; joining is a JSON POST, which no other site's page can send
    (and one that says it comes from another origin is refused)."""
    tid, token = table["table"], table["tokens"]["p1"]
    for path in (f"/t/{tid}?token={token}", f"/t/{tid}/join?token={token}",
                 f"/t/{tid}/join"):
        answer = client.get(path, follow_redirects=False)
        assert "set-cookie" not in answer.headers, path
    form = client.post(f"/t/{tid}/join", content=f"token={token}",
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert form.status_code in (400, 403) and "set-cookie" not in form.headers
    cross = client.post(f"/t/{tid}/join", json={"token": token},
                        headers={"origin": "https://evil.example"})
    assert cross.status_code == 403 and "set-cookie" not in cross.headers
    joined = client.post(f"/t/{tid}/join", json={"token": token})
    assert joined.status_code == 200 and "set-cookie" in joined.headers


def test_the_gm_reissues_revokes_and_limits_a_seats_link(
        client: TestClient, table: dict[str, Any]) -> None:
    """Hole 15: tokens never expired and could not be revoked or re-issued."""
    tid, gm, old = table["table"], _bearer(table["tokens"]["gm"]), table["tokens"]["p1"]
    assert client.get(f"/t/{tid}/state", headers=_bearer(old)).status_code == 200
    refused = client.post(f"/t/{tid}/seats/p1/link", headers=_bearer(old), json={})
    assert refused.status_code == 403  # the GM's to do
    fresh = client.post(f"/t/{tid}/seats/p1/link", headers=gm, json={"expires_in": 3600})
    assert fresh.status_code == 200, fresh.text
    link = fresh.json()["link"]
    new = link.split("#", 1)[1]
    assert client.get(f"/t/{tid}/state", headers=_bearer(old)).status_code == 403
    assert client.get(f"/t/{tid}/state", headers=_bearer(new)).json()["seat"]["seat"] == "p1"
    moved = new.rsplit(".", 1)[0] + f".{int(time.time()) + 10**6}"  # a later expiry: forged
    assert client.get(f"/t/{tid}/state", headers=_bearer(moved)).status_code == 403
    client.post(f"/t/{tid}/seats/p1/revoke", headers=gm)
    assert client.get(f"/t/{tid}/state", headers=_bearer(new)).status_code == 403


def test_an_expired_link_opens_nothing(db_url: str, table: dict[str, Any],
                                       client: TestClient) -> None:
    from tactician.store.database import open_database
    from tactician.table.seats import reissue, seat_for

    db = open_database(db_url)
    try:
        token = reissue(db, table["table"], "p2", int(time.time()) + 60)
        assert seat_for(db, table["table"], token)[1].seat == "p2"
        with pytest.raises(Exception, match="valid seat token"):
            seat_for(db, table["table"], token, now=time.time() + 61)
    finally:
        db.close()


def test_a_seat_holds_a_bounded_number_of_streams(db_url: str) -> None:
    """Hole 15: no cap on SSE streams per seat."""
    from tests.web.helpers import start_server

    server: Server = start_server(db_url, TACTICIAN_WEB_STREAMS_PER_SEAT="2")
    streams: list[Events] = []
    try:
        with server.client() as http:
            opened = open_table(http, server.gm_token, battle_id=duel(db_url), seats=SEATS)
        tid, token = opened["table"], opened["tokens"]["p1"]
        streams = [Events(server.base, tid, token) for _ in range(2)]
        for stream in streams:
            stream.next()  # open: the first state arrived
        third = httpx.get(f"{server.base}/t/{tid}/events", headers=_bearer(token), timeout=10)
        assert third.status_code == 429
        other = Events(server.base, tid, opened["tokens"]["p2"])  # another seat: its own
        streams.append(other)
        other.next()
    finally:
        for stream in streams:
            stream.close()
        server.stop()
