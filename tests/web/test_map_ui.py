"""The map in a browser (issue 29): a unit dragged onto a tile of its reach moves
there; zoom changes the tile size; fe-classic's set-up rings its deployment area;
Miridon's tokens show their facing; the reach is ringed (seen on water too) and a
player's shaded tiles are exactly the engine's sight sent to it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.shots import CHROMIUM, WAIT_MS, Walk, walk

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def w() -> Iterator[Walk]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as found:
        found.open_console()
        yield found


def _at(page: Any, unit: str) -> tuple[int, int]:
    tile = page.locator(f"#board [data-unit='{unit}']").locator("xpath=..")
    return int(tile.get_attribute("data-x")), int(tile.get_attribute("data-y"))


def test_a_unit_dragged_onto_its_reach_moves_there(w: Walk) -> None:
    w.open_table("tropera/ford")
    page = w.open_player("p1")
    unit = str(page.locator("#board .token.mine").first.get_attribute("data-unit"))
    page.locator(f"#board [data-unit='{unit}']").click()
    page.wait_for_selector("#board .tile.move", timeout=WAIT_MS)
    target = page.locator("#board .tile.move:not(:has(.token))").first
    to = int(target.get_attribute("data-x")), int(target.get_attribute("data-y"))
    page.locator(f"#board [data-unit='{unit}']").drag_to(target)
    page.wait_for_selector(f"#board .tile[data-x='{to[0]}'][data-y='{to[1]}'] "
                           f"[data-unit='{unit}']", timeout=WAIT_MS)
    assert _at(page, unit) == to


WIDTH = "() => document.querySelector('#board .tile').getBoundingClientRect().width"


def test_zoom_changes_the_tile_size(w: Walk) -> None:
    page = w.player
    # the board may be redrawing after the drag's move reached this page (a tile
    # read then is detached): read the width of the board as it stands now
    page.wait_for_selector("#board .tile", timeout=WAIT_MS)
    before = page.evaluate(WIDTH)
    page.locator(".zoom button[aria-label='zoom in']").click()
    page.wait_for_function(f"w => ({WIDTH})() > w", arg=before, timeout=WAIT_MS)
    assert page.evaluate(WIDTH) > before


def test_the_deployment_area_is_drawn_in_the_set_up(w: Walk) -> None:
    w.open_table("fe-classic/pass")
    page = w.open_gm_seat()
    state = page.evaluate("async () => (await (await fetch(location.pathname + '/state'))"
                          ".json()).board.deployment.area")
    drawn = {(int(t.get_attribute("data-x")), int(t.get_attribute("data-y")))
             for t in page.locator("#board .tile.deploy").all()}
    assert drawn == {tuple(t) for t in state} and drawn


def test_miridon_tokens_show_their_facing(w: Walk) -> None:
    w.open_table("miridon/skirmish")
    page = w.open_gm_seat()
    assert page.locator("#board .token .facing").count() >= 2


def test_a_players_shaded_tiles_are_its_sight(w: Walk) -> None:
    w.open_table("fe-tabletop/castle")
    page = w.open_player("p2")
    page.wait_for_selector("#board .tile.fogged", timeout=WAIT_MS)
    sight = page.evaluate("async () => (await (await fetch(location.pathname + '/state'))"
                          ".json()).sight.tiles")
    seen = {tuple(t) for t in sight}
    shaded = {(int(t.get_attribute("data-x")), int(t.get_attribute("data-y")))
              for t in page.locator("#board .tile.fogged").all()}
    everything = {(int(t.get_attribute("data-x")), int(t.get_attribute("data-y")))
                  for t in page.locator("#board .tile").all()}
    assert shaded == everything - seen and shaded and seen
