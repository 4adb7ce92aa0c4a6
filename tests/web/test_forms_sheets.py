"""Sheets as HTML sections (issue 29): a unit's sheet in battle from the board its
seat's side is sent, and an example unit file's sheet through the contract, both in
``templates/sheet.html``: titled sections of labelled values, no raw keys or nulls."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactician.table import tables


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("example", ["tropera/ford", "fe-tabletop/castle", "fe-classic/pass",
                                     "uesrpg/skirmish", "miridon/skirmish"])
def test_a_units_sheet_in_battle_reads_in_sections(client: TestClient, gm_token: str,
                                                   example: str) -> None:
    opened = client.post("/gm/tables", json={"example": example, "players": 2},
                         headers=_bearer(gm_token))
    data: dict[str, Any] = opened.json()
    tokens = {seat: link.split("#", 1)[1] for seat, link in data["links"].items()}
    unit = data["seats"]["p1"]["units"][0]
    page = client.get(f"/t/{data['table']}/sheet/{unit}", headers=_bearer(tokens["p1"]))
    assert page.status_code == 200, page.text
    html = page.text
    assert "<h4>Standing</h4>" in html and "<dt>HP</dt>" in html
    assert re.search(r"<dd>\d+/\d+</dd>", html)  # HP as now/most
    for raw in ("null", "None", "max_hp", "carried_by", "{", "countdown"):
        assert raw not in html, raw
    # what the side cannot see has no sheet (as no unit at all)
    everyone = {u["id"] for u in client.get(f"/t/{data['table']}/state",
                                            headers=_bearer(tokens["gm"])).json()["board"]["units"]}
    seen = {u["id"] for u in client.get(f"/t/{data['table']}/state",
                                        headers=_bearer(tokens["p1"])).json()["board"]["units"]}
    for hidden in everyone - seen:
        refused = client.get(f"/t/{data['table']}/sheet/{hidden}", headers=_bearer(tokens["p1"]))
        assert refused.status_code == 400 and "no unit in sight" in refused.text


def test_an_example_units_file_sheet_is_html_for_the_gm(client: TestClient,
                                                        gm_token: str) -> None:
    unit = tables.example_units("tropera")[0]
    page = client.get("/gm/sheet.html", params={"ruleset": "tropera", "unit": unit.name},
                      headers=_bearer(gm_token))
    assert page.status_code == 200, page.text
    assert '<section class="sheet-section">' in page.text and "<dt>" in page.text
    nobody = client.get("/gm/sheet.html", params={"ruleset": "tropera", "unit": unit.name})
    assert nobody.status_code in (401, 403)
