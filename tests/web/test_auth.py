"""Authorisation (issue 15): every endpoint tried with no token, a token of another
table, another player's token and a spectator's, and refused where that seat may not
go; CSRF on cookie-authenticated commands; size limits and clear one-line errors."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactician.store.database import Database
from tactician.table import tables
from tests.web.helpers import duel

SEATS = [{"name": "Ana", "units": ["aria"]}, {"name": "Bo", "units": ["gilliam"]}]


def _table(client: TestClient, db_url: str, gm: str) -> dict[str, Any]:
    answer = client.post("/gm/tables", json={"battle_id": duel(db_url), "seats": SEATS},
                         headers={"Authorization": f"Bearer {gm}"})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    data["tokens"] = {s: u.split("#", 1)[1] for s, u in data["links"].items()}
    return data


@pytest.fixture
def table(client: TestClient, db_url: str, gm_token: str) -> dict[str, Any]:
    return _table(client, db_url, gm_token)


@pytest.fixture
def other(client: TestClient, db_url: str, gm_token: str) -> dict[str, Any]:
    return _table(client, db_url, gm_token)


def _bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _endpoints(tid: str) -> list[tuple[str, str, dict[str, Any] | None]]:
    move = {"seq": 0, "action": {"type": "move", "unit": "aria", "to": [1, 1]}}
    return [
        ("GET", f"/t/{tid}", None),
        ("GET", f"/t/{tid}/state", None),
        ("GET", f"/t/{tid}/events", None),
        ("GET", f"/t/{tid}/reach/aria", None),
        ("GET", f"/t/{tid}/danger", None),
        ("GET", f"/t/{tid}/log.json", None),
        ("GET", f"/t/{tid}/unit/aria", None),
        ("POST", f"/t/{tid}/forecast", {"unit": "aria", "target": "brigand"}),
        ("POST", f"/t/{tid}/act", move),
        ("POST", f"/t/{tid}/enemy-phase", {"seq": 0}),
        ("POST", f"/t/{tid}/undo", {"seq": 0}),
        ("POST", f"/t/{tid}/ask-undo", {"seq": 0}),
    ]


GM_ENDPOINTS = [("GET", "/gm", None), ("POST", "/gm/tables", {"example": "tropera/ford"}),
                ("GET", "/gm/sheet?ruleset=uesrpg&unit=aela.yaml", None)]


def _call(client: TestClient, method: str, path: str, body: Any, token: str | None) -> Any:
    return client.request(method, path, json=body, headers=_bearer(token))


@pytest.mark.parametrize("who", ["none", "garbage", "other table"])
def test_every_table_endpoint_refuses_a_missing_or_foreign_token(
        client: TestClient, table: dict[str, Any], other: dict[str, Any], who: str) -> None:
    token = {"none": None, "garbage": "x.y",
             "other table": other["tokens"]["gm"]}[who]
    for method, path, body in _endpoints(table["table"]):
        answer = _call(client, method, path, body, token)
        assert answer.status_code == 403, (method, path, answer.text)
        assert "error" in answer.json() and "\n" not in answer.json()["error"]


def test_gm_endpoints_refuse_table_seats_and_no_token(
        client: TestClient, table: dict[str, Any]) -> None:
    for token in (None, table["tokens"]["gm"], table["tokens"]["p1"],
                  table["tokens"]["spectator"]):
        for method, path, body in GM_ENDPOINTS:
            answer = _call(client, method, path, body, token)
            assert answer.status_code == 403, (method, path, token, answer.text)


def test_another_players_token_cannot_act_for_my_unit(
        client: TestClient, table: dict[str, Any], db: Database) -> None:
    tid, bo = table["table"], table["tokens"]["p2"]
    move = {"seq": 0, "action": {"type": "move", "unit": "aria", "to": [1, 1]}}
    answer = _call(client, "POST", f"/t/{tid}/act", move, bo)
    assert answer.status_code == 403
    assert "aria" in answer.json()["error"]
    for path in ("enemy-phase", "undo"):  # the GM's alone
        assert _call(client, "POST", f"/t/{tid}/{path}", {"seq": 0}, bo).status_code == 403
    enemy = {"seq": 0, "action": {"type": "move", "unit": "brigand", "to": [3, 1]}}
    assert _call(client, "POST", f"/t/{tid}/act", enemy, bo).status_code == 403
    assert tables.info(db, table["battle"]).last_seq == 0  # nothing applied


def test_spectators_watch_but_never_act(client: TestClient, table: dict[str, Any],
                                        db: Database) -> None:
    tid, spectator = table["table"], table["tokens"]["spectator"]
    assert _call(client, "GET", f"/t/{tid}/state", None, spectator).status_code == 200
    for method, path, body in _endpoints(tid):
        if method == "POST" and not path.endswith("/forecast"):
            answer = _call(client, method, path, body, spectator)
            assert answer.status_code == 403, (path, answer.text)
    assert tables.info(db, table["battle"]).last_seq == 0


def test_my_own_token_acts_for_my_unit(client: TestClient, table: dict[str, Any],
                                       db: Database) -> None:
    tid, ana = table["table"], table["tokens"]["p1"]
    move = {"seq": 0, "action": {"type": "move", "unit": "aria", "to": [1, 1]}}
    answer = _call(client, "POST", f"/t/{tid}/act", move, ana)
    assert answer.status_code == 200, answer.text
    assert answer.json()["entry"]["seq"] == 1
    assert tables.info(db, table["battle"]).last_seq == 1


def test_join_link_sets_a_cookie_and_commands_then_need_the_csrf_token(
        client: TestClient, table: dict[str, Any]) -> None:
    """A join link is ``/t/<id>/join#<token>``: its page holds no secret, the POST of
    the token sets the cookie, and commands on the cookie need the CSRF token."""
    tid = table["table"]
    path, token = table["links"]["p1"].replace("http://testserver", "").split("#", 1)
    assert path == f"/t/{tid}/join"
    page = client.get(path)
    assert page.status_code == 200 and token not in page.text and "set-cookie" not in page.headers
    joined = client.post(path, json={"token": token})
    assert joined.status_code == 200 and joined.json()["seat"] == "p1"
    assert "httponly" in joined.headers["set-cookie"].lower()
    page = client.get(f"/t/{tid}")
    assert page.status_code == 200
    csrf = page.text.split('name="csrf" content="')[1].split('"')[0]
    move = {"seq": 0, "action": {"type": "move", "unit": "aria", "to": [1, 1]}}
    refused = client.post(f"/t/{tid}/act", json=move)
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    wrong = client.post(f"/t/{tid}/act", json=move, headers={"X-CSRF-Token": "0" * 64})
    assert wrong.status_code == 403
    ok = client.post(f"/t/{tid}/act", json=move, headers={"X-CSRF-Token": csrf})
    assert ok.status_code == 200, ok.text


def test_a_wrong_join_token_is_refused(client: TestClient, table: dict[str, Any]) -> None:
    tid = table["table"]
    answer = client.post(f"/t/{tid}/join", json={"token": f"{tid}.not-the-secret"})
    assert answer.status_code == 403 and "set-cookie" not in answer.headers


def test_bad_input_gets_one_clear_line_and_changes_nothing(
        client: TestClient, table: dict[str, Any], db: Database) -> None:
    tid, ana = table["table"], table["tokens"]["p1"]
    cases = [
        ({"seq": "x", "action": {"type": "move"}}, "seq"),
        ({"seq": 0, "action": {"type": "move", "unit": "aria", "to": [9, 9]}}, "off the"),
        ({"seq": 0, "action": {"unit": "aria"}}, "action.type"),
        ({"seq": 0, "action": {"type": "attack", "unit": "aria", "target": "brigand"},
          "rolls": "1,2,x"}, "roll"),
        ({"seq": 0, "action": {"type": "move", "unit": "aria", "to": [1, 1]}, "evil": 1},
         "evil"),
    ]
    for body, named in cases:
        answer = _call(client, "POST", f"/t/{tid}/act", body, ana)
        assert answer.status_code == 400, (body, answer.text)
        message = answer.json()["error"]
        assert named.lower() in message.lower() and "\n" not in message
        assert "Traceback" not in answer.text
    assert tables.info(db, table["battle"]).last_seq == 0


def test_request_bodies_over_the_limit_are_refused(client: TestClient,
                                                   table: dict[str, Any]) -> None:
    from tactician.web.errors import MAX_BODY

    big = {"seq": 0, "action": {"type": "wait", "unit": "aria", "pad": "x" * (MAX_BODY + 1)}}
    answer = _call(client, "POST", f"/t/{table['table']}/act", big, table["tokens"]["p1"])
    assert answer.status_code == 413 and "bytes" in answer.json()["error"]


def test_an_unexpected_error_shows_no_trace(client: TestClient, table: dict[str, Any],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from tactician.web import views

    def boom(*_: Any, **__: Any) -> Any:
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr(views.Views, "current", boom)
    test = TestClient(client.app, raise_server_exceptions=False)
    answer = test.get(f"/t/{table['table']}/state", headers=_bearer(table["tokens"]["p1"]))
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal error: nothing was changed"}


def test_names_are_text_in_pages_never_markup(client: TestClient, db_url: str,
                                              gm_token: str) -> None:
    answer = client.post("/gm/tables", headers=_bearer(gm_token), json={
        "battle_id": duel(db_url), "seats": SEATS, "name": "<script>alert(1)</script>"})
    tid = answer.json()["table"]
    token = answer.json()["links"]["p1"].split("#", 1)[1]
    page = client.get(f"/t/{tid}", headers=_bearer(token))
    assert "<script>alert(1)</script>" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
