"""The table in a browser (issue 15), with Playwright on Debian's chromium: the GM
opens a table from the console, two players join in their own browser contexts and
play a scripted battle to its end through the page (select, reach, move, forecast,
commit, end phase; the GM runs the enemy phase and answers an undo request). Each
sees the others' moves by the events pushed to it (``PUSHED``), a page whose server
went away resumes without a reload, a stale command gets the conflict message, and
screenshots of the boards are kept under tests/web/artifacts/ (gitignored)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import Server, duel, start_server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).parent / "artifacts"
WAIT_MS = 30_000  # a bound on waiting (server work on a loaded machine), never a measure
# issue 15: "each sees the others' moves within a second". How fast is the benchmark's
# to measure (bench/bench_web_load.py: p99 action-to-broadcast); what this test holds
# is that the move comes to every other page by its pushed event, and that the event
# alone draws it: each page counts the state events its EventSource was sent (after
# the page's own handler drew them), and a move is seen when an event came after the
# move was made and the token stands on its tile then; no page polls or reloads.
PUSHED = """
(() => {
  const Native = window.EventSource;
  window.__pushed = 0;
  window.EventSource = function (url, options) {
    const source = new Native(url, options);
    source.addEventListener('state', () => setTimeout(() => { window.__pushed += 1; }, 0));
    return source;
  };
  window.EventSource.prototype = Native.prototype;
})();
"""
ROUNDS = 12  # a bound on the scripted battle

pytestmark = pytest.mark.slow


@pytest.fixture
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed "
                    "(apt-get install -y chromium; .ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def _token_at(page: Any, unit: str) -> tuple[int, int] | None:
    found = page.locator(f"[data-unit='{unit}']")
    if found.count() == 0:
        return None
    tile = found.locator("xpath=..")
    return int(tile.get_attribute("data-x")), int(tile.get_attribute("data-y"))


def _standing(page: Any, unit: str) -> bool:
    return page.locator(f"#board [data-unit='{unit}']:not(.down)").count() == 1


def _tile(page: Any, x: int, y: int) -> Any:
    return page.locator(f"#board .tile[data-x='{x}'][data-y='{y}']")


def _pushed(page: Any) -> int:
    """How many state events the page's stream has been sent and has drawn."""
    return int(page.evaluate("window.__pushed"))


def _seen_at(page: Any, unit: str, at: tuple[int, int], after: int) -> None:
    """``unit`` drawn on ``at`` by a state event pushed since the page had ``after``."""
    page.wait_for_function(
        f"() => window.__pushed > {after} && document.querySelector("
        f"\"#board .tile[data-x='{at[0]}'][data-y='{at[1]}'] [data-unit='{unit}']\") !== null",
        timeout=WAIT_MS)


def _select(page: Any, unit: str, reach: bool = True) -> None:
    """Select ``unit`` (and wait for its movement reach, unless it has none left)."""
    if page.locator(f"[data-unit='{unit}'].selected").count() == 0:
        page.locator(f"[data-unit='{unit}']").click()
    page.wait_for_selector(f"#board [data-unit='{unit}'].selected", timeout=WAIT_MS)
    if reach:
        page.wait_for_selector("#board .tile.move", timeout=WAIT_MS)


def _seq(page: Any) -> int:
    return int(page.locator("#tracker").get_attribute("data-seq"))


def _wait_seq(page: Any, seq: int, timeout: int = WAIT_MS) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('tracker').dataset.seq) >= {seq}",
                           timeout=timeout)


def _attack(page: Any, unit: str, others: list[Any]) -> bool:
    """Move next to the first foe standing if needed, forecast, commit; False if it
    cannot."""
    foes = page.locator(".token.side-enemy:not(.down)")
    if foes.count() == 0:
        return False
    target = foes.first.get_attribute("data-unit")
    foe = _token_at(page, target)
    me = _token_at(page, unit)
    if foe is None or me is None or not _standing(page, unit):
        return False
    _select(page, unit)
    if abs(foe[0] - me[0]) + abs(foe[1] - me[1]) != 1:
        spots = [(foe[0] + dx, foe[1] + dy) for dx, dy in ((-1, 0), (0, -1), (0, 1), (1, 0))]
        free = [s for s in spots if _tile(page, *s).count()
                and "move" in (_tile(page, *s).get_attribute("class") or "")
                and _tile(page, *s).locator(".token").count() == 0]
        if not free:
            return False
        before = _seq(page)
        marks = [_pushed(other) for other in others]
        _tile(page, *free[0]).hover()
        _tile(page, *free[0]).click()
        _wait_seq(page, before + 1)
        for other, mark in zip(others, marks, strict=True):  # everyone sees the move
            _seen_at(other, unit, free[0], mark)
        _select(page, unit, reach=False)
    page.locator(f"[data-unit='{target}']").click()
    page.wait_for_selector("#commit", timeout=WAIT_MS)
    forecast = page.locator("#forecast").text_content() or ""  # the rules are folded away
    assert "falls" in forecast and "HP after" in forecast  # kill chances, HP bars
    assert "Modifiers" in forecast and "000 L67" in forecast  # every term with its rule
    before = _seq(page)
    page.locator("#commit").click()
    _wait_seq(page, before + 1)
    page.wait_for_selector("#dice .die", timeout=WAIT_MS)  # every die shown
    return True


def test_a_gm_and_two_players_play_a_battle_to_its_end(browser: Any, db_url: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    battle = duel(db_url)
    server: Server = start_server(db_url)
    contexts: list[Any] = []
    try:
        gm_ctx = browser.new_context(viewport={"width": 1400, "height": 900})
        contexts.append(gm_ctx)
        console = gm_ctx.new_page()
        console.goto(f"{server.base}/gm/join#{server.gm_token}")
        console.locator("#join").click()  # a join link asks first (issue 25, hole 15)
        console.wait_for_selector("#open-battle select", timeout=WAIT_MS)
        console.select_option("#open-battle select", str(battle))
        console.locator("#open-battle button").click()
        console.wait_for_selector("#links a[data-seat='p2']", timeout=WAIT_MS)
        links = {a.get_attribute("data-seat"): a.get_attribute("href")
                 for a in console.locator("#links a").all()}
        pages: dict[str, Any] = {}
        for seat in ("gm", "p1", "p2"):
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            context.add_init_script(PUSHED)
            contexts.append(context)
            page = context.new_page()
            page.goto(links[seat])
            page.locator("#join").click()
            page.wait_for_selector("#live.on", timeout=WAIT_MS)
            pages[seat] = page
        gm, p1, p2 = pages["gm"], pages["p1"], pages["p2"]
        assert "#" not in p1.url and "token" not in p1.url  # the secret left the address bar

        # Ana moves Aria; everyone sees it; she asks the GM to undo, the GM does
        _select(p1, "aria")
        _tile(p1, 1, 0).hover()
        assert p1.locator("#board .tile.path").count() >= 2  # the path is shown
        marks = {seat: _pushed(page) for seat, page in pages.items()}
        _tile(p1, 1, 0).click()
        for seat in ("gm", "p2"):
            _seen_at(pages[seat], "aria", (1, 0), marks[seat])
        p1.locator("#ask-undo").click()
        gm.wait_for_function(
            "() => document.getElementById('asks').textContent.includes('undo #1')",
            timeout=WAIT_MS)
        marks = {seat: _pushed(page) for seat, page in pages.items()}
        gm.locator("#undo").click()
        for seat, page in pages.items():
            _seen_at(page, "aria", (0, 1), marks[seat])
        p1.screenshot(path=str(ARTIFACTS / "board-player1-start.png"))

        # a player's page whose server went away resumes without a reload
        p2.evaluate("window.__notReloaded = true")
        port = int(server.base.rsplit(":", 1)[1])
        server.stop()
        p2.wait_for_selector("#live.off", timeout=WAIT_MS)
        server = start_server(db_url, port=port)
        p2.wait_for_selector("#live.on", timeout=WAIT_MS)
        p1.wait_for_selector("#live.on", timeout=WAIT_MS)

        assert p2.evaluate("window.__notReloaded") is True

        # a stale command: Ana's page stops listening, Bo moves, and Ana's End phase
        # was decided on the board before his move
        p1.evaluate("window.tacticianSource.close()")
        _select(p2, "gilliam")
        before = _seq(p2)
        mark = _pushed(gm)
        _tile(p2, 1, 2).click()
        _wait_seq(p2, before + 1)
        _seen_at(gm, "gilliam", (1, 2), mark)
        p1.locator("#end-phase").click()
        p1.wait_for_selector("#banner.conflict", timeout=WAIT_MS)
        assert "Conflict" in p1.locator("#banner").inner_text()
        p1.wait_for_selector("#board .tile[data-x='1'][data-y='2'] [data-unit='gilliam']",
                             timeout=WAIT_MS)  # the refusal (not an event) brought the board
        p1.screenshot(path=str(ARTIFACTS / "board-player1-conflict.png"))
        p1.reload()
        p1.wait_for_selector("#live.on", timeout=WAIT_MS)

        over, enemy_phases = False, 0
        for _ in range(ROUNDS):
            _attack(p1, "aria", [gm, p2])
            if "Battle over" in p1.locator("#tracker").inner_text():
                over = True
                break
            _attack(p2, "gilliam", [gm, p1])
            if "Battle over" in p2.locator("#tracker").inner_text():
                over = True
                break
            # a player whose unit stands ends the phase (the GM if none does)
            ender = p1 if _standing(p1, "aria") else p2 if _standing(p2, "gilliam") else gm
            before = _seq(ender)
            ender.locator("#end-phase").click()
            _wait_seq(ender, before + 1)
            # the GM's page shows the end of the phase before Enemy phase is pressed:
            # read off a page one event behind, the wait below passes on that event
            _wait_seq(gm, _seq(ender))
            before = _seq(gm)
            gm.locator("#enemy-phase").click()
            _wait_seq(gm, before + 1)
            gm.wait_for_selector("#explain .decision", timeout=WAIT_MS)  # the AI's reasons
            enemy_phases += 1
            for page in (p1, p2):
                _wait_seq(page, _seq(gm))
            if "Battle over" in gm.locator("#tracker").inner_text():
                over = True
                break
        assert over, "the scripted battle did not end within the bound"
        assert enemy_phases >= 1  # the engine played the enemy at least once
        for seat, page in pages.items():
            page.wait_for_function(
                "() => document.getElementById('tracker').textContent.includes('Battle over')",
                timeout=WAIT_MS)
            page.screenshot(path=str(ARTIFACTS / f"board-{seat}-end.png"))
    except Exception:
        for number, context in enumerate(contexts):  # what each page showed, for the report
            for page in context.pages:
                page.screenshot(path=str(ARTIFACTS / f"failure-{number}.png"))
        raise
    finally:
        for context in contexts:
            context.close()
        server.stop()
