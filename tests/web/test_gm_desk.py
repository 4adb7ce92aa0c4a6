"""The GM's desk (issue 29): the console for whoever redeemed the GM link, an HTML
page for anyone else, the GM cookie opening every table's GM seat, the tables list,
seat links re-issued and revoked, and seats from the units file's players."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tactician.store.database import Database
from tactician.table.seats import NO_SEAT


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _open(client: TestClient, gm_token: str, example: str, **extra: Any) -> dict[str, Any]:
    answer = client.post("/gm/tables", json={"example": example, **extra},
                         headers=_bearer(gm_token))
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _redeem(client: TestClient, token: str) -> None:
    answer = client.post("/gm/join", json={"token": token})
    assert answer.status_code == 200, answer.text
    assert "Path=/;" in answer.headers["set-cookie"] or \
        answer.headers["set-cookie"].rstrip().endswith("Path=/")


def test_a_visitor_without_the_gm_cookie_gets_a_page_saying_so(client: TestClient) -> None:
    answer = client.get("/gm")
    assert answer.status_code == 403
    assert answer.headers["content-type"].startswith("text/html")
    assert "tactician serve" in answer.text and "GM console" in answer.text
    home = client.get("/", follow_redirects=True)
    assert home.status_code == 403 and "text/html" in home.headers["content-type"]


def test_the_gm_cookie_opens_the_console_and_every_tables_gm_seat(
        client: TestClient, gm_token: str) -> None:
    first = _open(client, gm_token, "tropera/ford")
    second = _open(client, gm_token, "uesrpg/skirmish")
    _redeem(client, gm_token)
    console = client.get("/gm")
    assert console.status_code == 200 and "GM console" in console.text
    for table in (first, second):
        assert f'href="/t/{table["table"]}"' in console.text  # the list links each table
        page = client.get(f"/t/{table['table']}")
        assert page.status_code == 200 and 'data-role="gm"' in page.text
        state = client.get(f"/t/{table['table']}/state")
        assert state.status_code == 200 and state.json()["seat"]["role"] == "gm"


def test_a_wrong_gm_cookie_opens_no_table(client: TestClient, gm_token: str) -> None:
    table = _open(client, gm_token, "tropera/ford")
    client.cookies.set("tactician_gm", gm_token[:-2] + "xx")
    answer = client.get(f"/t/{table['table']}/state")
    assert answer.status_code == 403 and answer.json()["error"] == NO_SEAT


def test_the_tables_list_gives_each_table_its_page_and_seats(
        client: TestClient, gm_token: str) -> None:
    table = _open(client, gm_token, "tropera/ford")
    listed = client.get("/gm/tables", headers=_bearer(gm_token)).json()["tables"]
    found = next(t for t in listed if t["id"] == table["table"])
    assert found["url"] == f"/t/{table['table']}"
    assert [s["seat"] for s in found["seats"]] == ["gm", "p1", "p2", "spectator"]
    assert client.get("/gm/tables").status_code == 403


def test_a_seat_link_is_reissued_and_revoked(client: TestClient, gm_token: str) -> None:
    table = _open(client, gm_token, "tropera/ford")
    tid, old = table["table"], table["links"]["p1"].split("#", 1)[1]
    assert client.get(f"/t/{tid}/state", headers=_bearer(old)).status_code == 200
    fresh = client.post(f"/gm/tables/{tid}/seats/p1/link", json={},
                        headers=_bearer(gm_token))
    assert fresh.status_code == 200, fresh.text
    new = fresh.json()["link"].split("#", 1)[1]
    assert fresh.json()["link"].startswith(f"http://testserver/t/{tid}/join#")
    refused = client.get(f"/t/{tid}/state", headers=_bearer(old))
    assert refused.status_code == 403 and refused.json()["error"] == NO_SEAT
    assert client.get(f"/t/{tid}/state", headers=_bearer(new)).status_code == 200
    revoked = client.post(f"/gm/tables/{tid}/seats/p1/revoke", headers=_bearer(gm_token))
    assert revoked.status_code == 200 and revoked.json()["revoked"] is True
    after = client.get(f"/t/{tid}/state", headers=_bearer(new))
    assert after.status_code == 403 and after.json()["error"] == NO_SEAT  # as any wrong one
    listed = client.get("/gm/tables", headers=_bearer(gm_token)).json()["tables"]
    seat = next(s for t in listed if t["id"] == tid for s in t["seats"] if s["seat"] == "p1")
    assert seat["revoked"] is True
    # a player's token cannot re-issue or revoke at the desk
    p2 = table["links"]["p2"].split("#", 1)[1]
    assert client.post(f"/gm/tables/{tid}/seats/p1/link", json={},
                       headers=_bearer(p2)).status_code == 403
    assert client.post(f"/gm/tables/{tid}/seats/nope/link", json={},
                       headers=_bearer(gm_token)).status_code == 400


def test_web_seats_follow_the_units_files_players(client: TestClient, gm_token: str,
                                                   db: Database) -> None:
    table = _open(client, gm_token, "fe-tabletop/castle")
    seats = {s["name"]: s["units"] for s in table["seats"].values()
             if s["name"] not in ("GM", "Spectators")}
    # party.yaml: eirika, lute, moulder are Ana's; kyle, vanessa, garcia Ben's
    assert seats == {"Ana": ["eirika", "lute", "moulder"],
                     "Ben": ["kyle", "vanessa", "garcia"]}
