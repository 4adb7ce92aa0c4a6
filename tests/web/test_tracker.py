"""The turn tracker, the forecast headline and the dice, in Chromium (issue 29): the
initiative or phase order as a list with whose turn it is and what each unit has
left; every die of an entry with what it decided (``static/forecast.js`` matched to
the entry's own records)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.helpers import Server, start_server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
WAIT_MS = 30_000


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = start_server(str(tmp_path_factory.mktemp("tracker") / "web.sqlite"))
    yield started
    started.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def _seat_page(browser: Any, server: Server, example: str, seat: str) -> Any:
    with httpx.Client(base_url=server.base, timeout=30,
                      headers={"Authorization": f"Bearer {server.gm_token}"}) as gm:
        opened = gm.post("/gm/tables", json={"example": example, "players": 2})
    assert opened.status_code == 200, opened.text
    page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
    page.goto(opened.json()["links"][seat])
    page.locator("#join").click()
    page.wait_for_selector("#live.on", timeout=WAIT_MS)
    return page


def _seq(page: Any) -> int:
    return int(page.locator("#tracker").get_attribute("data-seq"))


@pytest.mark.parametrize(("example", "left"), [("uesrpg/skirmish", "AP"),
                                               ("miridon/skirmish", "str ")])
def test_the_order_is_a_list_with_whose_turn_and_what_is_left(
        browser: Any, served: Server, example: str, left: str) -> None:
    gm = _seat_page(browser, served, example, "gm")
    # before the order is rolled: the GM's menu rolls it (no typed command)
    gm.wait_for_selector("#table-actions button.kind[data-kind='begin']", timeout=WAIT_MS)
    assert "`" not in gm.locator("#tracker").inner_text()  # no command-line words
    before = _seq(gm)
    gm.locator("#table-actions button.kind[data-kind='begin']").click()
    gm.wait_for_function(f"() => Number(document.getElementById('tracker').dataset.seq) > {before}",
                         timeout=WAIT_MS)
    board = httpx.get(f"{gm.url}/state", cookies={c["name"]: c["value"]
                                                   for c in gm.context.cookies()}).json()["board"]
    rows = gm.locator("#turn-order li.turn-unit")
    rows.first.wait_for(timeout=WAIT_MS)
    assert [r.get_attribute("data-turn-unit") for r in rows.all()] == board["order"]
    current = gm.locator("#turn-order li[aria-current='true']")
    assert current.count() == 1 and current.get_attribute("data-turn-unit") == board["turn"]
    assert left in current.inner_text()  # what the unit has left, in its ruleset's terms
    gm.context.close()


def test_a_phase_order_lists_the_sides_and_who_is_still_to_act(
        browser: Any, served: Server) -> None:
    page = _seat_page(browser, served, "tropera/ford", "p1")
    current = page.locator("#turn-order li[aria-current='true']")
    current.wait_for(timeout=WAIT_MS)
    assert "player phase" in current.inner_text() and "4 of 4 still to act" in current.inner_text()
    page.context.close()


TROPERA_ENTRY = {
    "seq": 22, "summary": "Aria attacks Chief", "physical": False,
    "dice": [{"sides": 100, "value": 84, "purpose": "attack roll (True Hit)"},
             {"sides": 100, "value": 26, "purpose": "attack roll (True Hit)"},
             {"sides": 100, "value": 75, "purpose": "attack roll"}],
    "records": [{"type": "attack", "strikes": [
        {"striker": "Aria", "target": "Chief", "hit": 100,
         "rolls": [{"purpose": "attack roll (True Hit)", "dice": [84, 26], "value": 55}],
         "outcome": "hit", "damage": 11},
        {"striker": "Chief", "target": "Aria", "hit": 31,
         "rolls": [{"purpose": "attack roll", "dice": [75], "value": 75}],
         "outcome": "miss", "damage": 0}]}]}
UESRPG_ENTRY = {
    "seq": 3, "summary": "Aela attacks Bandit 1", "physical": False,
    "dice": [{"sides": 100, "value": 19, "purpose": "Aela attacks Bandit 1 with Longsword (vs 62)"},
             {"sides": 100, "value": 13, "purpose": "Bandit 1 defends (parry, vs 45)"}],
    "records": [{"type": "attack", "details": [
        {"unit": "Aela → Bandit 1", "text": "attack: success, 1 DoS; parry: success, 1 DoS; misses",
         "dice": [[19], [13]]}]}]}


def test_every_die_says_what_it_decided(browser: Any, served: Server) -> None:
    page = _seat_page(browser, served, "tropera/ford", "p1")
    decided = page.evaluate(
        "async (entries) => { const m = await import('/static/forecast.js');"
        " return entries.map((e) => m.decidedBy(e)); }", [TROPERA_ENTRY, UESRPG_ENTRY])
    tropera, uesrpg = decided
    # the True Hit's two dice decided Aria's strike (55 vs hit 100: a hit), the third
    # Chief's counter (a miss)
    assert tropera[0] == tropera[1] and "Aria → Chief" in tropera[0] and "HIT" in tropera[0]
    assert "= 55" in tropera[0] and "vs hit 100" in tropera[0]
    assert "Chief → Aria" in tropera[2] and "MISS" in tropera[2]
    # uesrpg: each test's die with its own words, the last with the outcome
    assert uesrpg[0].endswith("attack: success, 1 DoS")
    assert "parry: success, 1 DoS" in uesrpg[1] and "misses" in uesrpg[1]
    page.evaluate("async (e) => { const m = await import('/static/forecast.js');"
                  " m.renderDice(document.getElementById('dice'), e); }", TROPERA_ENTRY)
    rows = page.locator("#dice .die-row")
    assert rows.count() == 3 and "HIT" in rows.first.inner_text()
    page.context.close()
