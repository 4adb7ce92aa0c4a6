"""The GM desk's stored simulations (``web/routes_simulations.py``): the list and a
run's report as JSON, the page that draws them; only the GM's token opens them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tactician.simulate.backends import InProcess
from tactician.simulate.driver import simulate
from tactician.simulate.setup import prepared
from tactician.simulate.summary import summarize
from tactician.store.campaigns import create_campaign
from tactician.store.database import Database
from tactician.store.simulations import add_simulation
from tests.simulate.kit import walled


def _stored(db: Database) -> int:
    setup = walled("round_cap=1")
    run = simulate(setup, InProcess(), runs=3, base_seed=4)
    report = {"name": setup.name, "ruleset": setup.ruleset, "seed": 4, "variants": [],
              "summary": summarize(run.ordered(), prepared(setup).units)}
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
