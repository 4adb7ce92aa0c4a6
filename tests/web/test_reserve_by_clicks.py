"""fe-classic's set-up by clicks only (issue 29, "every action by pointing"; 002 L14-17:
each player "must pick a number of units from his/her pool ... arranged in a designated
area"): the GM withdraws a unit from its menu, sees it in the reserve beside the board,
selects it there, and puts it back on a highlighted tile of the deployment area with a
click; another pool unit is deployed through its menu's Deploy form. The board shows
each where it was put and the log has the deploy entries; once the set-up ends, the
reserve is gone. A player, who may not send
``deploy`` (the schema's sender is the GM), sees no reserve though pool units of theirs
wait off the map."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import start_server
from tests.web.test_play_by_clicks import (
    ARTIFACTS,
    EXAMPLES,
    WAIT_MS,
    Table,
    _menu,
    _perform,
    _ready,
    _tile,
    _wait_after,
    browser,
)

__all__ = ["browser"]  # the fixture, imported for the tests below

RULESET = "fe-classic"


def _at(board: dict[str, Any], unit: str) -> list[int] | None:
    found: list[int] | None = next(u for u in board["units"] if u["id"] == unit)["position"]
    return found


def _picked(page: Any) -> set[tuple[int, int]]:
    return {(int(t.get_attribute("data-x")), int(t.get_attribute("data-y")))
            for t in page.locator("#board .tile.pick").all()}


def _reserve_unit(page: Any, unit: str) -> Any:
    return page.locator(f"#reserve-section:not([hidden]) #reserve [data-unit='{unit}']")


def _choose_from_reserve(table: Table, unit: str) -> set[tuple[int, int]]:
    """Click ``unit`` in the GM's reserve: its menu, and the tiles the rules take for its
    deploy highlighted on the map (those tiles)."""
    gm = table.pages["gm"]
    _reserve_unit(gm, unit).click()
    gm.wait_for_selector(f"#reserve [data-unit='{unit}'].selected", timeout=WAIT_MS)
    _menu(gm, unit)
    gm.wait_for_selector("#actions button.kind[data-kind='deploy']", timeout=WAIT_MS)
    gm.wait_for_selector("#board .tile.pick", timeout=WAIT_MS)
    return _picked(gm)


def test_the_gm_deploys_from_the_reserve_by_clicks(browser: Any, db_url: str) -> None:
    server = start_server(db_url)
    table = None
    try:
        table = Table(browser, server, EXAMPLES[RULESET], ARTIFACTS)
        gm = table.pages["gm"]
        board = table.state()["board"]
        area = {tuple(t) for t in board["deployment"]["area"]}
        pool = [u["id"] for u in board["units"] if u["position"] is None]
        assert pool  # Ross and Artur wait in the pool
        for unit in pool:  # the pool is listed beside the board, by name
            _reserve_unit(gm, unit).wait_for(timeout=WAIT_MS)
        _perform(table, "gm", {"type": "withdraw", "unit": "lute"}, RULESET, set())
        assert _at(table.state()["board"], "lute") is None
        _reserve_unit(gm, "lute").wait_for(timeout=WAIT_MS)  # back in the reserve
        assert "Lute" in _reserve_unit(gm, "lute").inner_text()

        # selected in the reserve: its deploy's tiles are highlighted, each a free tile
        # of the area (the rules' own answer for its menu)
        tiles = _choose_from_reserve(table, "lute")
        taken = {tuple(u["position"]) for u in table.state()["board"]["units"] if u["position"]}
        assert tiles and tiles <= area and not tiles & taken
        legal = gm.evaluate("async (u) => (await (await fetch(location.pathname + "
                            "'/choices/' + u)).json()).kinds.find(k => k.type === 'deploy')"
                            ".legal.to", "lute")
        assert tiles == {tuple(t) for t in legal}
        to = sorted(tiles)[-1]
        before = _ready(table, "gm")
        _tile(gm, list(to)).click()  # one click on a highlighted tile deploys it
        _wait_after(gm, before, "deploy lute from the reserve")
        assert _at(table.state()["board"], "lute") == list(to)
        gm.wait_for_selector(f"#board .tile[data-x='{to[0]}'][data-y='{to[1]}'] "
                             "[data-unit='lute']", timeout=WAIT_MS)
        assert _reserve_unit(gm, "lute").count() == 0
        log = gm.locator("#log").inner_text()
        assert f"Lute is deployed at ({to[0]}, {to[1]})" in log, log

        # another pool unit through its menu's Deploy form: the tile clicked, then Do
        tiles = _choose_from_reserve(table, "artur")
        gm.locator("#actions button.kind[data-kind='deploy']").click()
        gm.wait_for_selector("#action-form form[data-kind='deploy']", timeout=WAIT_MS)
        to = sorted(tiles)[0]
        _tile(gm, list(to)).click()
        before = _ready(table, "gm")
        gm.locator("#do-action").click()
        _wait_after(gm, before, "deploy artur from its menu")
        assert _at(table.state()["board"], "artur") == list(to)
        assert f"Artur is deployed at ({to[0]}, {to[1]})" in gm.locator("#log").inner_text()
        table.shot("fe-classic-reserve")

        # the players: their pool units wait off the map on their boards, yet the rules
        # let them deploy none: no reserve, nothing to click
        for seat in ("p1", "p2"):
            page = table.pages[seat]
            seq = _ready(table, seat)
            page.wait_for_selector(f"#reserve-section[data-for$='@{seq}']", state="attached",
                                   timeout=WAIT_MS)
            off = [u["id"] for u in table.state(seat)["board"]["units"]
                   if u["position"] is None and u["id"] in table.owner
                   and table.owner[u["id"]] == seat]
            assert off or seat == "p2"  # Ross is Player 1's
            assert page.locator("#reserve-section").is_hidden()
            assert page.locator("#reserve [data-unit]").count() == 0
            assert not page.errors, page.errors

        # one too many deployed for the scenario's limit: Artur withdrawn from his menu,
        # back into the reserve; then the set-up ends, and with it the reserve (the pool
        # units left out are offered nothing: 002 L14-16)
        _perform(table, "gm", {"type": "withdraw", "unit": "artur"}, RULESET, set())
        _reserve_unit(gm, "artur").wait_for(timeout=WAIT_MS)
        _perform(table, "gm", {"type": "start"}, RULESET, set())
        seq = _ready(table, "gm")
        gm.wait_for_selector(f"#reserve-section[data-for$='@{seq}']", state="attached",
                             timeout=WAIT_MS)
        assert [u["id"] for u in table.state()["board"]["units"] if u["position"] is None]
        assert gm.locator("#reserve-section").is_hidden()
        assert not gm.errors, gm.errors
    except BaseException:
        if table is not None:
            table.shot("fe-classic-reserve-failure")
        raise
    finally:
        if table is not None:
            table.close()
        server.stop()
