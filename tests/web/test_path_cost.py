"""Drag-to-move with the path and its cost (issue 29): ``/t/<id>/path/<unit>`` answers
the rules' own path and what it spends, as the move's record would log it, tried on
the battle the seat's side knows and kept nowhere; the page shows the cost on the
tile and under the map while hovering or dragging."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import open_table
from tests.web.shots import CHROMIUM, Walk, walk

WAIT_MS = 30_000


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_path_and_cost_are_the_moves_own(client: TestClient, gm_token: str) -> None:
    opened = open_table(client, gm_token, example="tropera/ford", players=2)
    table, tokens = opened["table"], opened["tokens"]
    state = client.get(f"/t/{table}/state", headers=_bearer(tokens["p1"])).json()
    unit = state["seat"]["units"][0]
    me = next(u for u in state["board"]["units"] if u["id"] == unit)
    reach = client.get(f"/t/{table}/reach/{unit}", headers=_bearer(tokens["p1"])).json()
    far = max(reach["move"], key=lambda t: abs(t[0] - me["position"][0])
              + abs(t[1] - me["position"][1]))
    answer = client.get(f"/t/{table}/path/{unit}", params={"x": far[0], "y": far[1]},
                        headers=_bearer(tokens["p1"]))
    assert answer.status_code == 200, answer.text
    cost = answer.json()
    assert cost["path"][0] == me["position"] and cost["path"][-1] == far
    assert cost["spent"] >= len(cost["path"]) - 1 and cost["left"] >= 0
    # nothing was kept: the move, made, spends what was shown
    seq = client.get(f"/t/{table}/state", headers=_bearer(tokens["p1"])).json()["seq"]
    moved = client.post(f"/t/{table}/act", json={"seq": seq, "action": {
        "type": "move", "unit": unit, "to": far}}, headers=_bearer(tokens["p1"]))
    assert moved.status_code == 200, moved.text
    record = next(r for r in moved.json()["entry"]["records"] if r["type"] == "move")
    assert (record["path"], record["spent"]) == (cost["path"], cost["spent"])
    assert seq + 1 == moved.json()["state"]["seq"]
    refused = client.get(f"/t/{table}/path/{unit}", params={"x": 0, "y": 0},
                         headers=_bearer(tokens["p1"]))
    assert refused.status_code == 400 and "\n" not in refused.json()["error"]


def test_a_hidden_unit_is_answered_as_no_unit(client: TestClient, gm_token: str) -> None:
    opened = open_table(client, gm_token, example="fe-classic/pass", players=2)
    table, tokens = opened["table"], opened["tokens"]
    seq = client.get(f"/t/{table}/state", headers=_bearer(tokens["gm"])).json()["seq"]
    hid = client.post(f"/t/{table}/gm-edit", json={"seq": seq, "edit": "hide",
                                                   "unit": "oneill"},
                      headers=_bearer(tokens["gm"]))
    assert hid.status_code == 200, hid.text
    asked = client.get(f"/t/{table}/path/oneill", params={"x": 1, "y": 1},
                       headers=_bearer(tokens["p1"]))
    nobody = client.get(f"/t/{table}/path/nobody-at-all", params={"x": 1, "y": 1},
                        headers=_bearer(tokens["p1"]))
    assert (asked.status_code, asked.text) == (nobody.status_code, nobody.text)


@pytest.fixture
def walked() -> Iterator[Walk]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as w:
        yield w


@pytest.mark.slow
def test_hovering_a_tile_shows_the_cost(walked: Walk) -> None:
    walked.open_console()
    walked.open_table("tropera/ford")
    page: Any = walked.open_player("p1")
    page.locator("#board [data-unit='aria']").click()
    page.wait_for_selector("#board .tile.move", timeout=WAIT_MS)
    target = page.locator("#board .tile.move:not(:has(.token))").last
    target.hover()
    page.wait_for_selector("#board .tile .cost", timeout=WAIT_MS)
    assert "cost" in page.locator("#path-cost").inner_text()
    assert page.locator("#board .tile.path").count() >= 2
    artifacts = Path(__file__).parent / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page.locator(".board-wrap").screenshot(path=str(artifacts / "path-cost.png"))
