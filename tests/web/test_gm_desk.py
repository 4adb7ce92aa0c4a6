"""The GM's desk (issue 29): the console for whoever redeemed the GM link, an HTML
page for anyone else, the GM cookie opening every table's GM seat, the tables list,
seat links re-issued and revoked, and seats from the units file's players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactician.store.database import Database
from tactician.table.seats import NO_SEAT
from tests.web.shots import CHROMIUM, WAIT_MS, walk

ARTIFACTS = Path(__file__).parent / "artifacts"


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


def test_the_tables_list_names_each_tables_ruleset(client: TestClient, gm_token: str) -> None:
    """The Miridon and the UESRPG example are both "skirmish": the list tells them apart."""
    miridon = _open(client, gm_token, "miridon/skirmish")
    uesrpg = _open(client, gm_token, "uesrpg/skirmish")
    listed = {t["id"]: t for t in
              client.get("/gm/tables", headers=_bearer(gm_token)).json()["tables"]}
    assert listed[miridon["table"]]["ruleset"] == "miridon"
    assert listed[uesrpg["table"]]["ruleset"] == "uesrpg"
    _redeem(client, gm_token)
    console = client.get("/gm").text
    assert f"(miridon, battle {miridon['battle']})" in console
    assert f"(uesrpg, battle {uesrpg['battle']})" in console


def test_the_stored_battles_list_is_asked_for_again(client: TestClient, gm_token: str
                                                    ) -> None:
    """``/gm/battles``: the console's "stored battle" choices, the example a table just
    opened among them (GM only)."""
    assert client.get("/gm/battles").status_code == 403
    before = client.get("/gm/battles", headers=_bearer(gm_token)).json()["battles"]
    table = _open(client, gm_token, "tropera/ford")
    after = client.get("/gm/battles", headers=_bearer(gm_token)).json()["battles"]
    assert [b["id"] for b in after] == [b["id"] for b in before] + [table["battle"]]
    assert after[-1]["label"].startswith("web tropera / ford 1 (")


def _console_battles(page: Any) -> list[str]:
    return [str(t) for t in page.locator("#battle-id option").all_inner_texts()]


@pytest.mark.slow
def test_the_console_lists_a_table_it_opens_and_draws_a_sheet_not_json() -> None:
    """Playwright: a table opened from the console is in its Tables list at once, with
    working New link buttons (it was listed only after a reload), its battle is in the
    "stored battle" list at once (it was shown only after a reload), a battle played
    in another tab shows its new entries when the console is shown again, and a sheet
    asked for is the sheet's sections as HTML (it was a JSON dump)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as w:
        page = w.open_console()
        assert page.locator("#tables").inner_text().strip() == "No table yet."
        assert _console_battles(page) == []
        w.open_table("uesrpg/skirmish")
        page.wait_for_selector("#tables li[data-table]", timeout=WAIT_MS)
        listed = page.locator("#tables > li").first
        assert "(uesrpg, battle" in listed.inner_text()
        assert listed.locator("a").first.get_attribute("href", timeout=WAIT_MS) \
            .startswith("/t/")
        page.wait_for_selector("#battle-id option", state="attached", timeout=WAIT_MS)
        [stored] = _console_battles(page)
        assert stored.startswith("web uesrpg / skirmish 1 (") and " 0 entries)" in stored
        seat = listed.locator("li[data-seat='p1']")
        seat.locator("button.reissue").click()
        seat.locator(".seat-link a").wait_for(timeout=WAIT_MS)
        reissued = seat.locator(".seat-link a").get_attribute("href") or ""
        assert "/join#" in reissued

        # the GM plays at the table in another tab; back at the console, the list says so
        w.open_table("tropera/ford")
        page.wait_for_function(
            "() => document.querySelectorAll('#battle-id option').length === 2",
            timeout=WAIT_MS)
        chosen = page.locator("#battle-id option").nth(1).get_attribute("value")
        page.select_option("#battle-id", chosen)  # not the first: kept, not defaulted
        gm = w.open_gm_seat()
        seq = int(gm.locator("#tracker").get_attribute("data-seq") or "0")
        gm.locator("#end-phase").click()
        gm.wait_for_function(
            f"() => Number(document.getElementById('tracker').dataset.seq) > {seq}",
            timeout=WAIT_MS)
        page.bring_to_front()
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#battle-id option')]"
            ".some((o) => o.textContent.startsWith('web tropera / ford 1') && "
            "!o.textContent.includes(' 0 entries)'))", timeout=WAIT_MS)
        assert page.locator("#battle-id").input_value() == chosen  # the GM's choice is kept
        # the link New link showed is still there after the lists were drawn again
        assert page.locator("#tables li[data-seat='p1'] .seat-link a").first \
            .get_attribute("href") == reissued

        page.locator("#sheet-form select").select_option("uesrpg")
        page.locator("#sheet-form input[name=unit]").fill("aela.yaml")
        page.locator("#sheet-form button").click()
        page.wait_for_selector("#sheet article.sheet", timeout=WAIT_MS)
        sheet = page.locator("#sheet").inner_text()
        assert "Aela" in sheet and "{" not in sheet
        page.locator("#sheet-form input[name=unit]").fill("nobody.yaml")
        page.locator("#sheet-form button").click()
        page.wait_for_function(
            "() => document.querySelector('#sheet').textContent.includes('nobody')",
            timeout=WAIT_MS)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "gm-console.png"), full_page=True)
