"""Heal previews at the table (issue 29: fe-tabletop's, Tropera's and UESRPG's heals were
"checked when sent", with nothing shown first): ``/forecast`` with a heal answers what
it will do (each HP before and after with its chance, the outcomes in the rules' words,
the dice, the rule) by the procedure that resolves it, and changes nothing; the action
menu marks the kinds it previews; the page shows the preview, then Commit heals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import bearer, open_table
from tests.web.shots import Walk

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


@pytest.mark.slow
def test_the_page_shows_a_vulnerary_before_it_is_drunk(walked: Walk) -> None:
    """A heal with nothing to pick (a Vulnerary) was sent on the click; now its preview
    comes first, and Commit drinks it."""
    walked.open_console()
    walked.open_table("fe-tabletop/castle")
    gm = walked.open_gm_seat()
    ready = gm.evaluate(SET_UP, [walked.table, "lute"])
    assert ready == "ready", ready
    page = walked.open_player_of("lute")
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


# --- care that changes no HP: UESRPG's stabilise and treat_bleeding (003 L51, L67) ------

def _care_case(kind: str, tmp_path: Path) -> tuple[Any, Any, dict[str, Any]]:
    """UESRPG's action case for ``kind`` (Aela, a healer's kit, beside Brand: dying for
    ``stabilise``, Bleeding for ``treat_bleeding``), replayed."""
    from tactician.engine.battle import replay
    from tactician.engine.store_file import load_battle
    from tactician.rulesets.registry import get
    from tests.conformance.kit import case_action, case_battle

    rules_contract = get("uesrpg").contract()
    case = next(c for c in rules_contract.examples().actions if c.kind == kind)
    battle = load_battle(case_battle(rules_contract, case, tmp_path / "battle.json"))
    rules = rules_contract.battle_rules(list(battle.options))
    return replay(battle, rules), rules, case_action(rules_contract, case)


@pytest.mark.parametrize(("kind", "skills", "lost"), [
    ("stabilise", ("survival", "profession (medicine)"),
     "dying: an Endurance test each Turn (003 L50)"),
    ("treat_bleeding", (), "Bleeding 1")])
def test_care_without_hp_is_previewed_with_its_chance_and_what_it_does(
        kind: str, skills: tuple[str, ...], lost: str, tmp_path: Path) -> None:
    """They change no HP, so the heal preview showed nothing: now the chance of success
    is the healer's test's own exact chance (by another road: the test as an event,
    ``make_test``), each outcome says what it removes or leaves, the dice are the
    test's d100, the rule cites 003's lines; and the action resolved on seeded dice ends
    as one of the outcomes, its record's pass with it."""
    from tactician.dice.source import SeededDice
    from tactician.rulesets.registry import get
    from tactician.rulesets.uesrpg.battle_state import combat
    from tactician.rulesets.uesrpg.care_marks import marks
    from tactician.rulesets.uesrpg.modifiers import TestKind, make_test
    from tactician.rulesets.uesrpg.wounds import MEDICINE, care_test

    state, rules, action = _care_case(kind, tmp_path)
    report = get("uesrpg").contract().battle_forecast(state, action, rules)
    assert report["preview"] == "heal" and report["units"] == []  # no HP changes
    healer = combat(state.unit(action["unit"]))
    # the healer's best of the two skills (death.stabilise), or Medicine (treat_bleeding)
    test = care_test(healer, skills, "care") if kind == "stabilise" else \
        TestKind("intelligence", skill=MEDICINE, label="care")
    chance = make_test(healer, test, rules.options).probability_passed()
    assert report["success"] is not None and abs(report["success"] - chance) < 1e-9
    failed = [o for o in report["outcomes"] if o["passed"] is False]
    passed = [o for o in report["outcomes"] if o["passed"]]
    assert failed and passed and all(o["changes"] == [] for o in failed)
    assert all(any(lost in c["lost"] for c in o["changes"]) for o in passed)
    assert report["marks"]["brand"]["words"] and lost in report["marks"]["brand"]["words"]
    assert [d["sides"] for d in report["dice"]] == [100]
    assert ("003 L51" if kind == "stabilise" else "003 L67") in report["rule"]["text"]
    for seed in range(8):
        after, outcome = rules.apply(state, action, SeededDice(seed))
        record = next(r for r in outcome.records if r["type"] == kind)
        was, now = marks(state)["brand"], marks(after)["brand"]
        changes = [{"id": "brand", "name": "Brand", "gained": [w for w in now if w not in was],
                    "lost": [w for w in was if w not in now]}] if was != now else []
        assert any(o["changes"] == changes and o["passed"] == record["passed"]
                   for o in report["outcomes"]), (seed, outcome.summary)


def test_a_heal_with_an_amount_to_type_is_offered_and_previewed(
        client: TestClient, gm_token: str) -> None:
    """UESRPG's magical healing takes the HP the GM's spell or potion restores, typed
    (003 L57): the menu tried that key on words, refused alike ("'amount' must be a whole
    number ... got a text"), and so put heal under "not now" for every unit, never to
    be sent by pointing. A number is now tried on numbers: the kind is open, and its
    preview with an amount typed shows the HP it restores."""
    opened = open_table(client, gm_token, example="uesrpg/skirmish", players=2)
    table, tokens = opened["table"], opened["tokens"]
    gm = bearer(tokens["gm"])
    seq = client.get(f"/t/{table}/state", headers=gm).json()["seq"]
    assert client.post(f"/t/{table}/act", json={"seq": seq, "action": {"type": "begin"}},
                       headers=gm).status_code == 200
    players = {u for s in ("p1", "p2") for u in client.get(
        f"/t/{table}/state", headers=bearer(tokens[s])).json()["seat"]["units"]}
    for _ in range(8):
        state = client.get(f"/t/{table}/state", headers=gm).json()
        acting = [u for u in state["board"].get("acting") or [] if u in players]
        if acting:
            unit = acting[0]
            break
        assert client.post(f"/t/{table}/enemy-phase", json={"seq": state["seq"]},
                           headers=gm).status_code == 200
    else:
        raise AssertionError("no player's unit had its Turn")
    hp = next(u["hp"] for u in state["board"]["units"] if u["id"] == unit)
    _hurt(client, table, tokens["gm"], unit, max(1, hp - 3))
    menu = client.get(f"/t/{table}/choices/{unit}", headers=gm).json()
    heal = next(k for k in menu["kinds"] if k["type"] == "heal")
    assert heal["refused"] is None and heal["open"] == "amount", heal
    report = client.post(f"/t/{table}/forecast", json={"action": {
        "type": "heal", "unit": unit, "target": unit, "amount": 2}}, headers=gm).json()
    healed = next(u for u in report["units"] if u["id"] == unit)
    assert list(healed["after"]) == [str(max(1, hp - 3) + 2)], healed
