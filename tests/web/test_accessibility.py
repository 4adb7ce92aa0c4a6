"""Accessibility (issue 29): axe-core 4.x (vendored from npm, ``npm pack axe-core``:
tests/web/vendor/axe.min.js with its licence) finds no serious or critical violation
on the GM console, the page a non-GM sees there, a table's GM seat and a player's
seat (with the unit sheet open), in Debian's chromium through Playwright."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.shots import CHROMIUM, Walk, walk

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SERIOUS = ("serious", "critical")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def table() -> Iterator[Walk]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk(bypass_csp=True) as w:
        w.open_console()
        w.open_table("fe-tabletop/castle")
        w.open_gm_seat()
        w.open_player("p1")
        yield w


def _violations(page: Any) -> list[dict[str, Any]]:
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [v for v in found if v.get("impact") in SERIOUS]


def _report(found: list[dict[str, Any]]) -> str:
    return json.dumps([{"id": v["id"], "impact": v["impact"], "help": v["help"],
                        "nodes": [n["target"] for n in v["nodes"][:5]]} for v in found],
                      indent=1)


def test_the_gm_console_has_no_serious_violation(table: Walk) -> None:
    table.console.reload()
    table.console.wait_for_selector("#tables", timeout=30_000)
    found = _violations(table.console)
    assert not found, _report(found)


def test_the_page_a_non_gm_sees_at_the_console_has_none(table: Walk) -> None:
    page = table.context().new_page()
    page.goto(f"{table.server.base}/gm")
    assert "GM" in page.inner_text("h1")
    found = _violations(page)
    assert not found, _report(found)


def test_the_gm_seat_has_no_serious_violation(table: Walk) -> None:
    found = _violations(table.gm)
    assert not found, _report(found)


def test_the_gm_edits_panel_has_no_serious_violation(table: Walk) -> None:
    """The GM edits panel filled in (a unit picked, fe-classic's conditions shown)."""
    table.open_table("fe-classic/pass")
    gm = table.open_gm_seat()
    gm.locator("#board [data-unit='oneill']").click()
    gm.wait_for_selector("#gm-conditions", timeout=30_000)
    found = _violations(gm)
    assert not found, _report(found)


def test_a_players_seat_and_sheet_have_no_serious_violation(table: Walk) -> None:
    page = table.player
    page.locator("#board [data-unit='eirika']").click()
    page.wait_for_selector("#selected details, #selected .sheet", timeout=30_000)
    for opener in page.locator("#selected details summary").all():
        opener.click()
    found = _violations(page)
    assert not found, _report(found)


def test_the_checker_finds_a_violation_where_there_is_one(table: Walk) -> None:
    page = table.context().new_page()
    page.set_content('<html><body><img src="x.png"><button></button></body></html>')
    assert {v["id"] for v in _violations(page)} >= {"image-alt", "button-name"}
