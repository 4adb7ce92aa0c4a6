"""The GM desk's stored simulations (``web/routes_simulations.py``): the list and a
run's report as JSON, the page that draws them; only the GM's token opens them."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tactician.simulate.backends import InProcess
from tactician.simulate.driver import simulate
from tactician.simulate.setup import prepared
from tactician.simulate.summary import summarize
from tactician.store.campaigns import create_campaign
from tactician.store.database import Database, open_database
from tactician.store.simulations import add_simulation
from tests.simulate.kit import walled
from tests.web.helpers import start_server


def _stored(db: Database, variant: bool = False) -> int:
    setup = walled("round_cap=1")
    run = simulate(setup, InProcess(), runs=3, base_seed=4)
    summary = summarize(run.ordered(), prepared(setup).units)
    report = {"name": setup.name, "ruleset": setup.ruleset, "seed": 4, "variants": [],
              "summary": summary}
    if variant:  # a what-if beside the base, drawn as one more win bar (an option: a drop
        # of the walled duel's only foe is refused, nothing left to rout)
        from tactician.simulate import variants

        changed = variants.apply(setup, variants.parse("option:round_cap=2"))
        theirs = summarize(simulate(changed, InProcess(), runs=3, base_seed=4).ordered(),
                           prepared(changed).units)
        report["variants"] = [{"vary": "option:round_cap=2", "summary": theirs,
                               "difference": variants.compare(summary, theirs)}]
    return add_simulation(db, create_campaign(db, "sims", "tropera", []), report)


def test_the_gm_desk_lists_and_shows_stored_simulations(
    client: TestClient, db: Database, gm_token: str
) -> None:
    stored = _stored(db)
    bearer = {"Authorization": f"Bearer {gm_token}"}
    listed = client.get("/gm/simulations.json", headers=bearer)
    assert listed.status_code == 200, listed.text
    [row] = listed.json()["simulations"]
    assert (row["id"], row["campaign"], row["name"], row["runs"]) == (stored, "sims",
                                                                       "walled", 3)
    assert row["win"]["count"] == 0
    one = client.get(f"/gm/simulations/{stored}.json", headers=bearer).json()
    assert one["report"]["summary"]["draw"]["count"] == 3
    assert [u["id"] for u in one["report"]["summary"]["units"]] == ["aria", "brigand"]
    page = client.get("/gm/simulations", headers=bearer)
    assert page.status_code == 200 and "/static/simulations.js" in page.text
    assert 'href="/gm/simulations"' in client.get("/gm", headers=bearer).text
    missing = client.get("/gm/simulations/999.json", headers=bearer)
    assert missing.status_code >= 400 and "no stored simulation 999" in missing.text


def test_stored_simulations_are_the_gms_only(client: TestClient, db: Database) -> None:
    stored = _stored(db)
    for path in ("/gm/simulations.json", f"/gm/simulations/{stored}.json", "/gm/simulations"):
        assert client.get(path).status_code in (401, 403), path


@pytest.mark.slow
def test_the_gm_desk_page_draws_a_stored_run_in_a_browser(db_url: str) -> None:
    """Playwright on Debian's chromium (as ``test_browser``): the GM joins, opens the desk's
    simulations page, and sees the stored run listed and drawn - the win / loss / draw
    bars with their intervals, the rounds histogram, each unit's chance to fall."""
    from tests.web.test_browser import ARGS, ARTIFACTS, CHROMIUM, WAIT_MS

    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    database = open_database(db_url)
    try:
        stored = _stored(database, variant=True)
    finally:
        database.close()
    server = start_server(db_url)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            try:
                page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
                page.goto(f"{server.base}/gm/join#{server.gm_token}")
                page.locator("#join").click()  # a join link asks first
                page.wait_for_selector("#open-battle", timeout=WAIT_MS)
                page.goto(f"{server.base}/gm/simulations")
                page.wait_for_selector("#falls svg", timeout=WAIT_MS)
                assert page.locator("#simulations a").all_text_contents() == [
                    "sims / walled: win 0.0% over 3 copies"]
                assert page.locator("#simulations a").get_attribute("href") == f"#{stored}"
                assert page.locator("#title").text_content() == \
                    "walled (tropera): 3 copies, seed 4"
                odds = page.locator("#odds svg")
                # win, loss, draw and the variant's win: a bar and an interval each
                assert odds.locator("rect").count() == 4
                assert odds.locator("line.interval").count() == 4
                labels = odds.locator("text").all_text_contents()
                assert labels[0::2] == ["win", "loss", "draw", "win, option:round_cap=2"]
                assert labels[5] == "100.0% [43.9% - 100.0%]"  # all three drawn (Wilson)
                # the rounds histogram: one bar, its round and its count (the three copies
                # all end at the cap, the summary's round 2)
                rounds = page.locator("#rounds svg")
                assert rounds.locator("rect").count() == 1
                assert rounds.locator("text").all_text_contents() == ["2", "3"]
                falls = page.locator("#falls svg text").all_text_contents()
                assert falls[0::2] == ["Aria (player)", "Brigand (enemy)"]
                # every label and interval is drawn whole, not cut at the chart's edge
                clipped = page.evaluate(
                    "() => [...document.querySelectorAll('#odds svg text, #falls svg text')]"
                    ".filter(t => t.getBBox().x + t.getBBox().width"
                    " > t.ownerSVGElement.width.baseVal.value).map(t => t.textContent)")
                assert clipped == []
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "gm-simulations.png"), full_page=True)
            finally:
                browser.close()
    finally:
        server.stop()
