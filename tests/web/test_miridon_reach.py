"""Miridon's move reach at the table (issue 29: the map drew no squares to move to, so no
dragged path): ``/reach`` names the squares the ``move`` action takes, ``/path`` the
rules' straight line, its movement action, cost and facing after; every square shown
is one the action takes, every other square of the map is refused; and the page draws
it, hovering and dragging as in the other rulesets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import bearer, open_table
from tests.web.shots import Walk

WAIT_MS = 30_000


def _begun(client: TestClient, gm_token: str) -> tuple[str, dict[str, str], dict[str, Any]]:
    opened = open_table(client, gm_token, example="miridon/skirmish", players=2)
    table, tokens = opened["table"], opened["tokens"]
    answer = client.post(f"/t/{table}/act", json={"seq": 0, "action": {"type": "begin"}},
                         headers=bearer(tokens["gm"]))
    assert answer.status_code == 200, answer.text
    return table, tokens, answer.json()["state"]


def _seat_of(client: TestClient, table: str, tokens: dict[str, str], unit: str) -> str:
    for seat in ("p1", "p2"):
        state = client.get(f"/t/{table}/state", headers=bearer(tokens[seat])).json()
        if unit in state["seat"]["units"]:
            return seat
    raise AssertionError(f"no seat commands {unit}")


def test_every_square_shown_is_a_move_the_action_takes_and_no_other(
        client: TestClient, gm_token: str) -> None:
    table, tokens, state = _begun(client, gm_token)
    mover = state["board"]["turn"]
    seat = bearer(tokens[_seat_of(client, table, tokens, mover)])
    reach = client.get(f"/t/{table}/reach/{mover}", headers=seat).json()
    shown = {tuple(t) for t in reach["move"]}
    assert shown and reach["diagonal"] is True
    board = state["board"]
    for y in range(board["height"]):
        for x in range(board["width"]):
            path = client.get(f"/t/{table}/path/{mover}", params={"x": x, "y": y},
                              headers=seat)
            if (x, y) in shown:
                assert path.status_code == 200, (x, y, path.text)
                found = path.json()
                cost = reach["costs"][f"{x},{y}"]
                assert found["path"][-1] == [x, y]
                assert (found["spent"], found["how"], found["facing"]) == (
                    cost["spent"], cost["how"], cost["facing"])
            else:
                assert path.status_code == 400, (x, y, path.text)
    seq = state["seq"]
    outside = next([x, y] for y in range(board["height"]) for x in range(board["width"])
                   if (x, y) not in shown)
    refused = client.post(f"/t/{table}/act", json={"seq": seq, "action": {
        "type": "move", "unit": mover, "to": outside}}, headers=seat)
    assert refused.status_code == 400
    assert client.get(f"/t/{table}/state", headers=seat).json()["seq"] == seq
    far = max(reach["move"], key=lambda t: reach["costs"][f"{t[0]},{t[1]}"]["spent"])
    moved = client.post(f"/t/{table}/act", json={"seq": seq, "action": {
        "type": "move", "unit": mover, "to": far}}, headers=seat)
    assert moved.status_code == 200, moved.text
    record = next(r for r in moved.json()["entry"]["records"] if r["type"] == "move")
    assert record["spent"] == reach["costs"][f"{far[0]},{far[1]}"]["spent"]
    # its one movement action taken (004 L1590): nothing left to show
    after = client.get(f"/t/{table}/reach/{mover}", headers=seat).json()
    assert after["move"] == [] and "L1590" in after["refused"]


def test_a_unit_whose_turn_it_is_not_shows_no_squares_and_says_why(
        client: TestClient, gm_token: str) -> None:
    table, tokens, state = _begun(client, gm_token)
    waiting = next(u["id"] for u in state["board"]["units"]
                   if u["id"] != state["board"]["turn"])
    reach = client.get(f"/t/{table}/reach/{waiting}", headers=bearer(tokens["gm"])).json()
    assert reach["move"] == [] and f"{state['board']['turn']}'s turn" in reach["refused"]


def test_the_danger_zone_answers_on_a_miridon_table(client: TestClient, gm_token: str) -> None:
    """It read each foe's ``reach["move"]`` and ``["attack"]``, which Miridon's reach did
    not have: the page's danger zone was a server error."""
    table, tokens, _ = _begun(client, gm_token)
    answer = client.get(f"/t/{table}/danger", headers=bearer(tokens["p1"]))
    assert answer.status_code == 200, answer.text
    assert answer.json()["foes"]


@pytest.mark.slow
def test_the_page_draws_the_reach_the_path_and_drags_a_move(walked: Walk) -> None:
    walked.open_console()
    walked.open_table("miridon/skirmish")
    page, mover = walked.begin_and_select_the_first()
    reach = page.evaluate(f"async () => (await (await fetch('/t/{walked.table}/reach/"
                          f"{mover}')).json())")

    def drawn(cls: str) -> set[tuple[int, int]]:
        return {(int(t.get_attribute("data-x")), int(t.get_attribute("data-y")))
                for t in page.locator(f"#board .tile.{cls}").all()}

    assert drawn("move") == {tuple(t) for t in reach["move"]}
    # the squares its attack takes, and the foes it can hit ringed: solid from where it
    # stands, dashed after a move (the title says which)
    attack = {tuple(t) for t in reach["attack"]} - {tuple(t) for t in reach["move"]}
    assert attack and drawn("attack") == attack  # a square it moves to shows the move
    here = next(u["position"] for u in page.evaluate(
        f"async () => (await (await fetch('/t/{walked.table}/state')).json()).board.units")
        if u["id"] == mover)
    for foe, shown in reach["targets"].items():
        token = page.locator(f"#board [data-unit='{foe}']")
        ring = "target" if here in shown["from"] else "target-after-move"
        assert ring in (token.get_attribute("class") or "").split(), (foe, shown)
        assert "can attack it" in (token.get_attribute("title") or "")
    artifacts = Path(__file__).parent / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page.locator(".board-wrap").screenshot(path=str(artifacts / "miridon-attack-reach.png"))
    far = max(reach["move"], key=lambda t: reach["costs"][f"{t[0]},{t[1]}"]["spent"])
    target = page.locator(f"#board .tile[data-x='{far[0]}'][data-y='{far[1]}']")
    target.hover()
    page.wait_for_selector("#board .tile .cost", timeout=WAIT_MS)
    line = page.locator("#path-cost").inner_text()
    cost = reach["costs"][f"{far[0]},{far[1]}"]
    assert cost["spent"] in line and cost["how"].replace("_", " ") in line, line
    assert f"facing {cost['facing']}" in line
    assert page.locator("#board .tile.path").count() >= 2
    page.locator(".board-wrap").screenshot(path=str(artifacts / "miridon-reach.png"))
    page.locator(f"#board [data-unit='{mover}']").drag_to(target)
    page.wait_for_selector(f"#board .tile[data-x='{far[0]}'][data-y='{far[1]}'] "
                           f"[data-unit='{mover}']", timeout=WAIT_MS)


# --- the squares it can attack (issue 29: the reach drew no attack squares) ----------

def _battle(db: Any, table: str) -> tuple[Any, Any]:
    from tactician.table.campaigns import open_battle
    from tactician.table.seats import get_table

    opened = open_battle(db, get_table(db, table).battle_id)
    return opened.state, opened.rules


def _accepts(rules: Any, standing: Any, unit: str, weapon: str, square: tuple[int, int]
             ) -> bool:
    """Whether the ``attack`` action takes ``unit``'s ``weapon`` onto ``square`` in
    ``standing``: on the unit there, or on a foe set there (any foe the rules take)."""
    from tactician.dice.source import SeededDice
    from tactician.errors import TacticianError

    me = standing.unit(unit)
    there = standing.at(square)
    if there is not None and there.id == unit:
        return False
    if there is not None:
        probes = [standing]
        target = [there.id]
    else:
        foes = [u for u in standing.units if u.side != me.side and u.position is not None]
        probes = [standing.replace_units(f.model_copy(update={"position": square}))
                  for f in foes]
        target = [f.id for f in foes]
    for probe, aim in zip(probes, target, strict=True):
        try:
            rules.apply(probe, {"type": "attack", "unit": unit, "target": aim,
                                "weapon": weapon}, SeededDice(0))
        except TacticianError:
            continue
        return True
    return False


def _standpoints(rules: Any, state: Any, unit: str, reach: dict[str, Any]) -> list[Any]:
    from tactician.dice.source import SeededDice

    found = [state]
    for end in reach["move"]:
        after, _ = rules.apply(state, {"type": "move", "unit": unit, "to": end}, SeededDice(0))
        found.append(after)
    return found


def _truth(rules: Any, state: Any, unit: str, reach: dict[str, Any]
           ) -> tuple[set[tuple[int, int]], dict[str, set[tuple[int, int]]]]:
    """Every square of the map the attack action takes the unit's weapons onto, from
    where it stands or after each move it shows; and each foe's squares it is hit from."""
    squares: set[tuple[int, int]] = set()
    hit_from: dict[str, set[tuple[int, int]]] = {}
    board = state.board()
    weapons = [w.name for w in state.unit(unit).profile.weapons]
    for standing in _standpoints(rules, state, unit, reach):
        spot = standing.unit(unit).position
        for y in range(board.height):
            for x in range(board.width):
                if any(_accepts(rules, standing, unit, w, (x, y)) for w in weapons):
                    squares.add((x, y))
                    there = standing.at((x, y))
                    if there is not None and there.side != standing.unit(unit).side:
                        hit_from.setdefault(there.id, set()).add(spot)
    return squares, hit_from


def test_the_attack_squares_are_what_the_attack_action_takes(
        client: TestClient, gm_token: str) -> None:
    """Each unit of the Dry Dock on its first turn (a rifle, a greatsword, twin pistols,
    a gauntlet ...): the squares shown are exactly the squares the ``attack`` action
    takes one of its weapons onto, tried on every square of the map from where it stands
    and after every move it shows (004 L1690: its movement and offensive action in any
    order; L1700: within the weapon's [Range]); each foe shown is hit from exactly the
    squares named. After its attack (its one Offensive Action, L1590) it shows none and
    says why."""
    table, tokens, _ = _begun(client, gm_token)
    seen: set[str] = set()
    attacked = False
    for _ in range(6):
        state, rules = _battle(client.app.state.db, table)
        unit = state.current.id
        if unit in seen:
            break
        seen.add(unit)
        reach = client.get(f"/t/{table}/reach/{unit}", headers=bearer(tokens["gm"])).json()
        squares, hit_from = _truth(rules, state, unit, reach)
        assert {tuple(t) for t in reach["attack"]} == squares, unit
        assert {foe: {tuple(t) for t in shown["from"]}
                for foe, shown in reach["targets"].items()} == hit_from, unit
        if reach["targets"] and not attacked:
            foe, shown = next(iter(reach["targets"].items()))
            here = list(state.unit(unit).position)
            if here in shown["from"]:  # attack from where it stands: then nothing left
                seq = client.get(f"/t/{table}/state", headers=bearer(tokens["gm"])).json()["seq"]
                done = client.post(f"/t/{table}/act", json={"seq": seq, "action": {
                    "type": "attack", "unit": unit, "target": foe,
                    "weapon": shown["weapons"][0]}}, headers=bearer(tokens["gm"]))
                assert done.status_code == 200, done.text
                after = client.get(f"/t/{table}/reach/{unit}",
                                   headers=bearer(tokens["gm"])).json()
                if state.unit(unit).status != "dead":
                    assert after["attack"] == [] and after["targets"] == {}
                    assert "L1590" in after["attack_refused"], after["attack_refused"]
                    attacked = True
        seq = client.get(f"/t/{table}/state", headers=bearer(tokens["gm"])).json()["seq"]
        ended = client.post(f"/t/{table}/act", json={"seq": seq, "action": {
            "type": "end_turn", "unit": unit}}, headers=bearer(tokens["gm"]))
        assert ended.status_code == 200, ended.text
    assert len(seen) >= 4 and attacked
