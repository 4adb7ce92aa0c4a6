"""Heal previews at the table (issue 29: fe-tabletop's, Tropera's and UESRPG's heals were
"checked when sent", with nothing shown first): ``/forecast`` with a heal answers what
it will do (each HP before and after with its chance, the outcomes in the rules' words,
the dice, the rule) by the procedure that resolves it, and changes nothing; the action
menu marks the kinds it previews; the page shows the preview, then Commit heals."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import bearer, open_table
from tests.web.shots import CHROMIUM, Walk, walk

WAIT_MS = 30_000


def _hurt(client: TestClient, table: str, gm: str, unit: str, hp: int) -> None:
    seq = client.get(f"/t/{table}/state", headers=bearer(gm)).json()["seq"]
    done = client.post(f"/t/{table}/gm-edit", json={"seq": seq, "edit": "hp", "unit": unit,
                                                    "hp": hp}, headers=bearer(gm))
    assert done.status_code == 200, done.text


def _hp(client: TestClient, table: str, token: str, unit: str) -> int:
    board = client.get(f"/t/{table}/state", headers=bearer(token)).json()["board"]
    found: int = next(u["hp"] for u in board["units"] if u["id"] == unit)
    return found


def _turn_of(client: TestClient, table: str, gm: str, unit: str) -> None:
    """End phases (the GM) until it is ``unit``'s player's turn (001 L42: the players go
    in the order their d100s rolled, on a secret seed)."""
    for _ in range(6):
        ask = client.get(f"/t/{table}/choices/{unit}", headers=bearer(gm)).json()
        wait = next(k for k in ask["kinds"] if k["type"] == "wait")
        if wait["ready"] is not None:
            return
        state = client.get(f"/t/{table}/state", headers=bearer(gm)).json()
        # the d100s first when they are due (the GM's End phase would roll them and end
        # the first player's turn at once)
        kind = "turn_order" if state["board"].get("order_due") else "end_phase"
        ended = client.post(f"/t/{table}/act", json={"seq": state["seq"], "action": {
            "type": kind}}, headers=bearer(gm))
        assert ended.status_code == 200, ended.text
    raise AssertionError(f"never {unit}'s turn")


def test_a_staff_is_previewed_then_heals_as_shown(client: TestClient, gm_token: str) -> None:
    opened = open_table(client, gm_token, example="fe-tabletop/castle", players=2)
    table, tokens = opened["table"], opened["tokens"]
    ana = next(s for s in ("p1", "p2") if "moulder" in client.get(
        f"/t/{table}/state", headers=bearer(tokens[s])).json()["seat"]["units"])
    _hurt(client, table, tokens["gm"], "lute", 8)
    _turn_of(client, table, tokens["gm"], "moulder")
    menu = client.get(f"/t/{table}/choices/moulder", headers=bearer(tokens[ana])).json()
    kinds = {k["type"]: k for k in menu["kinds"]}
    assert kinds["use_staff"]["preview"] and not kinds["attack"]["preview"]
    seq = client.get(f"/t/{table}/state", headers=bearer(tokens[ana])).json()["seq"]
    staff = {"type": "use_staff", "unit": "moulder", "target": "lute"}
    answer = client.post(f"/t/{table}/forecast", json={"action": staff},
                         headers=bearer(tokens[ana]))
    assert answer.status_code == 200, answer.text
    report = answer.json()
    assert report["preview"] == "heal" and report["dice"] == []
    lute = next(u for u in report["units"] if u["id"] == "lute")
    assert lute["hp"] == 8 and list(lute["after"].values()) == [1.0]
    assert "L55" in report["rule"]["help"] and report["rule"]["text"]
    assert client.get(f"/t/{table}/state", headers=bearer(tokens[ana])).json()["seq"] == seq
    acted = client.post(f"/t/{table}/act", json={"seq": seq, "action": staff},
                        headers=bearer(tokens[ana]))
    assert acted.status_code == 200, acted.text
    assert _hp(client, table, tokens[ana], "lute") == int(next(iter(lute["after"])))
    again = client.post(f"/t/{table}/forecast", json={"action": staff},
                        headers=bearer(tokens[ana]))
    refused = client.post(f"/t/{table}/act", json={"seq": seq + 1, "action": staff},
                          headers=bearer(tokens[ana]))
    assert again.status_code == refused.status_code == 400
    assert again.json()["error"] == refused.json()["error"]  # the rules' own words


# from the GM's page: Lute down to 8 HP (a GM edit), then the order rolled and the phases
# ended until it is Lute's player's turn (as ``_turn_of``)
SET_UP = """async ([table, unit]) => {
  const csrf = document.querySelector('meta[name=csrf]').content;
  const send = async (path, body) => (await fetch(`/t/${table}/${path}`, {method: 'POST',
    headers: {'content-type': 'application/json', 'x-csrf-token': csrf},
    body: JSON.stringify(body)})).status;
  const seq = async () => (await (await fetch(`/t/${table}/state`)).json()).seq;
  if (await send('gm-edit', {seq: await seq(), edit: 'hp', unit, hp: 8}) !== 200) return 'edit';
  for (let i = 0; i < 6; i++) {
    const menu = await (await fetch(`/t/${table}/choices/${unit}`)).json();
    if (menu.kinds.find((k) => k.type === 'wait').ready) return 'ready';
    const state = await (await fetch(`/t/${table}/state`)).json();
    const type = state.board.order_due ? 'turn_order' : 'end_phase';
    if (await send('act', {seq: state.seq, action: {type}}) !== 200) return 'end';
  }
  return 'never';
}"""


@pytest.fixture
def walked() -> Iterator[Walk]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    with walk() as w:
        yield w


@pytest.mark.slow
def test_the_page_shows_a_vulnerary_before_it_is_drunk(walked: Walk) -> None:
    """A heal with nothing to pick (a Vulnerary) was sent on the click; now its preview
    comes first, and Commit drinks it."""
    walked.open_console()
    walked.open_table("fe-tabletop/castle")
    gm = walked.open_gm_seat()
    ready = gm.evaluate(SET_UP, [walked.table, "lute"])
    assert ready == "ready", ready
    page: Any = None
    for seat in ("p1", "p2"):
        page = walked.open_player(seat)
        if page.locator("#board [data-unit='lute'].mine").count():
            break
    page.locator("#board [data-unit='lute']").click()
    page.wait_for_selector("#actions button.kind[data-kind='vulnerary']", timeout=WAIT_MS)
    page.locator("#actions button.kind[data-kind='vulnerary']").click()
    page.wait_for_selector("#forecast .heal #commit", timeout=WAIT_MS)
    text = page.locator("#forecast").inner_text()
    assert "HP 8/14 → 14/14" in text and "No dice" in text, text
    assert page.locator("#board [data-unit='lute']").get_attribute("title").endswith("8/14")
    artifacts = Path(__file__).parent / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page.locator("#forecast").screenshot(path=str(artifacts / "heal-preview.png"))
    page.locator("#forecast #commit").click()
    page.wait_for_function("() => document.querySelector(\"#board [data-unit='lute']\")"
                           ".title.endsWith('14/14')", timeout=WAIT_MS)
