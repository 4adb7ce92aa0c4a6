"""Screenshots of the web table for docs/web.md (``python -m tests.web.shots``): a real
``tactician serve`` on a scratch database, Debian's chromium through Playwright, the
GM's walkthrough step by step (console, a table opened, its GM seat, a player's view
under fog, the GM seeing as a side, the chat with a roll). The pages it opens are
the ones ``test_accessibility`` checks (``Walk``)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.web.helpers import ROOT, Server, start_server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IMAGES = ROOT / "docs" / "img"
WAIT_MS = 30_000
VIEWPORT = {"width": 1400, "height": 900}


@dataclass
class Walk:
    """A GM and a player at a table on ``example``: their pages, signed in."""

    server: Server
    browser: Any
    console: Any = None
    gm: Any = None
    player: Any = None
    links: dict[str, str] = field(default_factory=dict)
    table: str = ""
    bypass_csp: bool = False  # to inject a checker (axe-core) past the page's CSP

    def context(self) -> Any:
        return self.browser.new_context(viewport=VIEWPORT, bypass_csp=self.bypass_csp)

    def open_console(self) -> Any:
        page = self.context().new_page()
        page.goto(f"{self.server.base}/gm/join#{self.server.gm_token}")
        page.locator("#join").click()
        page.wait_for_selector("#open-example", timeout=WAIT_MS)
        self.console = page
        return page

    def open_table(self, example: str, players: int = 2) -> None:
        page = self.console
        page.select_option("#example", example)
        page.fill("#open-example input[name=players]", str(players))
        page.evaluate("() => document.getElementById('links').replaceChildren()")
        page.locator("#open-example button").click()
        page.wait_for_selector("#links a[data-seat='p1']", timeout=WAIT_MS)
        self.links = {a.get_attribute("data-seat"): a.get_attribute("href")
                      for a in page.locator("#links a").all()}
        self.table = self.links["p1"].split("/t/", 1)[1].split("/", 1)[0]

    def open_gm_seat(self) -> Any:
        # the GM's cookie opens the GM seat of any table: the console's own context
        page = self.console.context.new_page()
        page.goto(f"{self.server.base}/t/{self.table}")
        page.wait_for_selector("#live.on", timeout=WAIT_MS)
        self.gm = page
        return page

    def open_player(self, seat: str = "p1") -> Any:
        page = self.context().new_page()
        page.goto(self.links[seat])
        page.locator("#join").click()
        page.wait_for_selector("#live.on", timeout=WAIT_MS)
        self.player = page
        return page

    def open_player_of(self, unit: str) -> Any:
        """The page of the player seat whose units include ``unit`` (p1, else p2)."""
        page: Any = None
        for seat in ("p1", "p2"):
            page = self.open_player(seat)
            if page.locator(f"#board [data-unit='{unit}'].mine").count():
                return page
        raise AssertionError(f"no player seat commands {unit}")

    def begin_and_select_the_first(self) -> tuple[Any, str]:
        """The GM begins the table from its menu (a Miridon or UESRPG order rolled); the
        player whose unit has the first turn selects it: their page and the unit."""
        gm = self.open_gm_seat()
        gm.wait_for_selector("#table-actions button.kind[data-kind='begin']", timeout=WAIT_MS)
        gm.locator("#table-actions button.kind[data-kind='begin']").click()
        if gm.locator("#action-form #do-action").count():
            gm.locator("#action-form #do-action").click()
        gm.wait_for_function("() => !document.getElementById('tracker').textContent"
                             ".includes('before the battle')", timeout=WAIT_MS)
        mover: str = gm.evaluate(f"async () => (await (await fetch('/t/{self.table}/state'))"
                                 ".json()).board.turn")
        page = self.open_player_of(mover)
        page.locator(f"#board [data-unit='{mover}']").click()
        page.wait_for_selector("#board .tile.move", timeout=WAIT_MS)
        return page, mover


@contextmanager
def walk(bypass_csp: bool = False) -> Iterator[Walk]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        server = start_server(str(Path(scratch) / "shots.sqlite"))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                try:
                    yield Walk(server, browser, bypass_csp=bypass_csp)
                finally:
                    browser.close()
        finally:
            server.stop()


def shoot(page: Any, name: str, out: Path) -> Path:
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def gm_edits(gm: Any, out: Path) -> Path:
    """The GM edits panel with O'Neill selected and hidden from the players."""
    gm.locator("#board [data-unit='oneill']").click()
    gm.wait_for_function("() => (document.getElementById('gm-unit') || {}).value === 'oneill'",
                         timeout=WAIT_MS)
    gm.locator("#gm-hide").click()
    gm.wait_for_selector("#gm-reveal", timeout=WAIT_MS)
    gm.wait_for_selector("#board [data-unit='oneill'].hidden-from", timeout=WAIT_MS)
    path = out / "gm-edits.png"
    gm.locator("main.table").screenshot(path=str(path))
    return path


def gm_conditions(gm: Any, out: Path) -> Path:
    """The GM edits panel of a UESRPG unit given 003's Burning (2) on its head for 3
    rounds, with the form offering Bleeding next."""
    unit = gm.locator("#board .token").first.get_attribute("data-unit")
    gm.locator(f"#board [data-unit='{unit}']").click()
    gm.wait_for_function("(u) => (document.getElementById('gm-unit') || {}).value === u",
                         arg=unit, timeout=WAIT_MS)
    gm.select_option("#gm-condition", "Burning")
    gm.wait_for_selector("#gm-cf-where", timeout=WAIT_MS)
    gm.fill("#gm-cf-x", "2")
    gm.select_option("#gm-cf-where", "head")
    gm.fill("#gm-cf-rounds", "3")
    gm.locator("#gm-add-condition").click()
    gm.wait_for_selector("#gm-held .gm-remove-condition", timeout=WAIT_MS)
    gm.select_option("#gm-condition", "Bleeding")
    gm.wait_for_selector("#gm-cf-x", timeout=WAIT_MS)
    path = out / "gm-conditions.png"
    gm.locator("#gm-edits").screenshot(path=str(path))
    return path


def miridon_attack_reach(w: Walk, out: Path) -> Path:
    """A Miridon table begun from the GM's menu; the player whose unit has the first turn
    selects it: its moves, the squares its attack reaches and the foes it can hit."""
    page, _ = w.begin_and_select_the_first()
    path = out / "miridon-attack-reach.png"
    page.locator(".board-wrap").screenshot(path=str(path))
    return path


def main(out: Path = IMAGES) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    with walk() as w:
        console = w.open_console()
        taken.append(shoot(console, "gm-console", out))
        w.open_table("fe-tabletop/castle")
        taken.append(shoot(console, "gm-links", out))
        gm = w.open_gm_seat()
        taken.append(shoot(gm, "gm-table", out))
        gm.select_option("#see-as", "player")
        gm.wait_for_selector("#board .tile.fogged", timeout=WAIT_MS)
        taken.append(shoot(gm, "gm-see-as-player", out))
        player = w.open_player("p2")  # Ben: Vanessa flies over the Sea
        player.wait_for_selector("#board .tile.fogged", timeout=WAIT_MS)
        player.fill("#chat-text", "/roll 2d6+1")
        player.locator("#chat-form button").click()
        player.wait_for_selector("#chat-log li .roll-total", timeout=WAIT_MS)
        player.select_option("#chat-to", "gm")
        player.fill("#chat-text", "Can Vanessa see the gate from the sea?")
        player.locator("#chat-form button").click()
        player.wait_for_selector("#chat-log li.whisper", timeout=WAIT_MS)
        player.locator("#board [data-unit='vanessa']").click()  # over the Sea: reach shows
        player.wait_for_selector("#board .tile.move", timeout=WAIT_MS)
        taken.append(shoot(player, "player-fog-chat", out))
        for example, name in (("fe-classic/pass", "gm-deployment"),
                              ("miridon/skirmish", "gm-facing")):
            w.open_table(example)
            taken.append(shoot(w.open_gm_seat(), name, out))
            if example == "fe-classic/pass":
                taken.append(gm_edits(w.gm, out))
        w.open_table("miridon/skirmish")
        taken.append(miridon_attack_reach(w, out))
        w.open_table("uesrpg/skirmish")
        taken.append(gm_conditions(w.open_gm_seat(), out))
        console.reload()
        taken.append(shoot(console, "gm-tables", out))
    return taken


if __name__ == "__main__":
    for path in main(Path(sys.argv[1]) if len(sys.argv) > 1 else IMAGES):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
