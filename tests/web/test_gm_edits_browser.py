"""The GM edits panel in Chromium (issue 29): the GM selects a unit on the map and
hides it (gone from the player's page), reveals it (back), sets its HP and
conditions, takes it off the map and places it by clicking a tile, all by pointing;
each shows in both logs as the GM's, and Undo takes the last back. Screenshots of
the panel are kept under tests/web/artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.shots import CHROMIUM, WAIT_MS, Walk, walk

ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = pytest.mark.slow


@pytest.fixture
def walked() -> Iterator[Walk]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as w:  # the shared helper: a real `tactician serve`, Debian's chromium
        yield w


def _seq(page: Any) -> int:
    return int(page.locator("#tracker").get_attribute("data-seq"))


def _next(page: Any, seq: int) -> None:
    page.wait_for_function(
        f"() => Number(document.getElementById('tracker').dataset.seq) === {seq}",
        timeout=WAIT_MS)


def _chosen(page: Any, unit: str) -> None:
    page.wait_for_function(
        f"() => (document.getElementById('gm-unit') || {{}}).value === '{unit}'",
        timeout=WAIT_MS)


def _tile(page: Any, x: int, y: int) -> Any:
    return page.locator(f"#board .tile[data-x='{x}'][data-y='{y}']")


def test_the_gm_edits_a_unit_by_pointing(walked: Walk) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    walked.open_console()
    walked.open_table("fe-classic/pass")
    gm = walked.open_gm_seat()
    player = walked.open_player("p1")
    player.wait_for_selector("#board [data-unit='oneill']", timeout=WAIT_MS)

    gm.locator("#board [data-unit='oneill']").click()
    _chosen(gm, "oneill")
    gm.locator("#gm-edits").screenshot(path=str(ARTIFACTS / "gm-edits-panel.png"))
    seq = _seq(gm)
    gm.locator("#gm-hide").click()
    _next(gm, seq + 1)
    _next(player, seq + 1)
    assert player.locator("#board [data-unit='oneill']").count() == 0  # gone for the player
    assert "oneill" not in player.content() and "O'Neill" not in player.content()
    assert "(by the GM)" in gm.locator("#log").inner_text()
    gm.wait_for_selector("#gm-reveal", timeout=WAIT_MS)
    gm.wait_for_selector("#board [data-unit='oneill'].hidden-from", timeout=WAIT_MS)
    gm.locator("#gm-edits").screenshot(path=str(ARTIFACTS / "gm-edits-hidden.png"))
    gm.locator("#gm-reveal").click()
    _next(player, seq + 2)
    player.wait_for_selector("#board [data-unit='oneill']", timeout=WAIT_MS)

    gm.locator("#board [data-unit='eirika']").click()
    _chosen(gm, "eirika")
    gm.fill("#gm-hp", "7")
    gm.locator("#gm-set-hp").click()
    _next(player, seq + 3)
    gm.select_option("#gm-condition", "sleep")
    gm.wait_for_selector("#gm-cf-turns", timeout=WAIT_MS)
    gm.fill("#gm-cf-turns", "2")
    gm.locator("#gm-add-condition").click()
    _next(gm, seq + 4)
    assert "sleep (2)" in gm.locator("#selected").inner_text()
    assert "sleep (2 turns left)" in gm.locator("#gm-held").inner_text()
    gm.locator("#gm-remove").click()
    _next(player, seq + 5)
    assert player.locator("#board [data-unit='eirika']").count() == 0
    gm.locator("#gm-place").click()
    gm.locator("#gm-edits").screenshot(path=str(ARTIFACTS / "gm-edits-placing.png"))
    _tile(gm, 0, 0).click()
    _next(player, seq + 6)
    player.wait_for_selector("#board .tile[data-x='0'][data-y='0'] [data-unit='eirika']",
                             timeout=WAIT_MS)
    assert "placed on 0,0 (by the GM)" in player.locator("#log").inner_text()
    gm.locator("#undo").click()
    _next(player, seq + 5)
    assert player.locator("#board [data-unit='eirika']").count() == 0
    gm.screenshot(path=str(ARTIFACTS / "gm-edits-table.png"), full_page=True)


def test_the_gm_steps_through_the_enemy_phase(walked: Walk) -> None:
    """Next step shows the engine's decision and its reason with nothing played; Apply
    step plays it."""
    ARTIFACTS.mkdir(exist_ok=True)
    walked.open_console()
    walked.open_table("tropera/ford")
    gm = walked.open_gm_seat()
    seq = _seq(gm)
    gm.locator("#end-phase").click()
    _next(gm, seq + 1)
    gm.locator("#enemy-step").click()
    gm.wait_for_selector("#explain .decision .planned", timeout=WAIT_MS)
    gm.wait_for_selector("#apply-step", timeout=WAIT_MS)
    assert _seq(gm) == seq + 1  # shown, not played
    gm.locator("#explain").screenshot(path=str(ARTIFACTS / "gm-enemy-step.png"))
    gm.locator("#apply-step").click()
    gm.wait_for_function(
        f"() => Number(document.getElementById('tracker').dataset.seq) > {seq + 1}",
        timeout=WAIT_MS)
    gm.wait_for_selector("#apply-step", state="detached", timeout=WAIT_MS)
    gm.wait_for_selector("#explain .decision li", timeout=WAIT_MS)  # its entries


def test_the_gm_gives_and_takes_away_a_uesrpg_condition_with_its_values(walked: Walk
                                                                        ) -> None:
    """003's Burning (X) on a location (L70-71) and rounds, from the form the ruleset's
    conditions built: the choices are the text's (six locations, X 1..99), the unit
    burns on its head, the log says so as the GM's, and Remove takes it away."""
    ARTIFACTS.mkdir(exist_ok=True)
    walked.open_console()
    walked.open_table("uesrpg/skirmish")
    gm = walked.open_gm_seat()
    unit = gm.locator("#board .token").first.get_attribute("data-unit")
    gm.locator(f"#board [data-unit='{unit}']").click()
    _chosen(gm, str(unit))
    gm.select_option("#gm-condition", "Burning")
    gm.wait_for_selector("#gm-cf-where", timeout=WAIT_MS)
    choices = gm.locator("#gm-cf-where option").all_inner_texts()
    assert choices == ["body", "body", "right leg", "left leg", "right arm", "left arm", "head"]
    assert "003 L70" in gm.locator("#gm-condition-cite").inner_text()
    gm.fill("#gm-cf-x", "2")
    gm.select_option("#gm-cf-where", "head")
    gm.fill("#gm-cf-rounds", "3")
    seq = _seq(gm)
    gm.locator("#gm-add-condition").click()
    _next(gm, seq + 1)
    held = gm.locator("#gm-held").inner_text()
    assert "Burning (2) on the head, 3 rounds" in held, held
    assert "gains Burning (2) on the head for 3 rounds (by the GM)" in \
        gm.locator("#log").inner_text()
    gm.locator("#gm-edits").screenshot(path=str(ARTIFACTS / "gm-edits-uesrpg-conditions.png"))
    gm.locator("#gm-held .gm-remove-condition").first.click()
    _next(gm, seq + 2)
    assert "Burning" not in gm.locator("#gm-held").inner_text()
