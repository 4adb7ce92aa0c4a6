"""The choices of a unit off the map (issue 29, "every action by pointing"): fe-classic's
pool unit in the set-up (002 L14-17: "each player must pick a number of units from
his/her pool ... arranged in a designated area") is the GM's to deploy on a free tile
of the deployment area, and its menu offers exactly those tiles the rules take; a
player, who may not send ``deploy`` (the schema's sender is the GM), is offered none."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tactician.dice.source import SeededDice
from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.table import tables
from tactician.table.seats import get_table
from tactician.table.stored_battle import rules_for
from tests.web.test_forms_choices import _bearer, _kinds, _open


def _state(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/t/{tid}/state", headers=_bearer(token))
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def _taken_by_the_rules(db: Database, tid: str, unit: str) -> list[list[int]]:
    """The area's tiles the rules take ``unit``'s deploy to, each tried on their own
    ``apply`` (nothing kept): the answer the menu must give, found without it."""
    opened = tables.board_state(db, get_table(db, tid).battle_id)
    info, state, view = opened
    rules = rules_for(info.ruleset, list(info.options))
    taken = []
    for tile in view["deployment"]["area"]:
        try:
            rules.apply(state, {"type": "deploy", "unit": unit, "to": list(tile)},
                        SeededDice(0))
        except TacticianError:
            continue
        taken.append(list(tile))
    return taken


def test_a_pool_unit_is_offered_the_tiles_of_the_deployment_area_it_may_take(
        client: TestClient, gm_token: str, db: Database) -> None:
    tid, tokens, _ = _open(client, gm_token, "fe-classic/pass")
    board = _state(client, tid, tokens["gm"])["board"]
    pool = [u["id"] for u in board["units"] if u["position"] is None]
    assert pool, "the pass keeps Ross and Artur in the pool"
    for unit in pool:
        answer = client.get(f"/t/{tid}/choices/{unit}", headers=_bearer(tokens["gm"]))
        assert answer.status_code == 200, answer.text
        kinds = _kinds(answer.json())
        offered = kinds["deploy"]["legal"]["to"]
        expected = _taken_by_the_rules(db, tid, unit)
        # a free tile of the area the unit can stand on (002 L16-17), and no other
        assert expected and sorted(offered) == sorted(expected)
        assert kinds["deploy"]["ready"]["to"] in expected
        assert all(tuple(t) not in {tuple(u["position"]) for u in board["units"]
                                    if u["position"]} for t in offered)
        # a pool unit is not deployed: its withdraw is refused in the rules' words
        assert kinds["withdraw"]["ready"] is None
        assert "not deployed" in kinds["withdraw"]["refused"]


def test_a_player_is_offered_nothing_for_a_pool_unit_of_theirs(
        client: TestClient, gm_token: str) -> None:
    tid, tokens, data = _open(client, gm_token, "fe-classic/pass")
    board = _state(client, tid, tokens["p1"])["board"]
    theirs = [u for u in data["seats"]["p1"]["units"]
              if next(x for x in board["units"] if x["id"] == u)["position"] is None]
    assert theirs, "Ross, in the pool, is Player 1's"
    answer = client.get(f"/t/{tid}/choices/{theirs[0]}", headers=_bearer(tokens["p1"]))
    assert answer.status_code == 200, answer.text
    # deploy, withdraw and start are the GM's (the schema's sender); the battle's kinds
    # wait for the start: nothing at all in a player's menu for it
    assert answer.json()["kinds"] == []


def _act(client: TestClient, tid: str, token: str, action: dict[str, Any]) -> None:
    seq = _state(client, tid, token)["seq"]
    answer = client.post(f"/t/{tid}/act", headers=_bearer(token),
                         json={"seq": seq, "action": action})
    assert answer.status_code == 200, answer.text


def test_a_pool_unit_left_out_of_the_battle_is_refused_everything_in_the_rules_words(
        client: TestClient, gm_token: str) -> None:
    # the battle begun, the pool units left out leave it (002 L14-16): their menu is
    # answered (it was a 400 for the whole menu, and trying their kinds reached rules
    # that assume a unit on a tile), each kind refused in the rules' words for its reach
    tid, tokens, _ = _open(client, gm_token, "fe-classic/pass")
    _act(client, tid, tokens["gm"], {"type": "withdraw", "unit": "lute"})
    _act(client, tid, tokens["gm"], {"type": "start"})
    board = _state(client, tid, tokens["gm"])["board"]
    assert board["stage"] == "battle"
    pool = [u["id"] for u in board["units"] if u["position"] is None]
    assert "lute" in pool
    for unit in pool:
        answer = client.get(f"/t/{tid}/choices/{unit}", headers=_bearer(tokens["gm"]))
        assert answer.status_code == 200, answer.text
        kinds = answer.json()["kinds"]
        assert kinds and all(k["ready"] is None for k in kinds)
        reach = client.get(f"/t/{tid}/reach/{unit}", headers=_bearer(tokens["gm"]))
        assert reach.status_code == 400  # the reach's own refusal is the menu's reason
        assert {k["refused"] for k in kinds} == {reach.json()["error"]}


def test_a_unit_the_gm_took_off_the_map_is_refused_everything(
        client: TestClient, gm_token: str) -> None:
    # a ruleset without a set-up (tropera): a unit the GM took off the map is placed
    # back by the GM's edit only; its menu says why nothing else is taken
    tid, tokens, data = _open(client, gm_token, "tropera/ford")
    unit = data["seats"]["p1"]["units"][0]
    seq = _state(client, tid, tokens["gm"])["seq"]
    removed = client.post(f"/t/{tid}/gm-edit", headers=_bearer(tokens["gm"]),
                          json={"seq": seq, "edit": "remove", "unit": unit})
    assert removed.status_code == 200, removed.text
    for seat in ("gm", "p1"):
        answer = client.get(f"/t/{tid}/choices/{unit}", headers=_bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        kinds = answer.json()["kinds"]
        assert kinds and all(k["ready"] is None and "not standing on the map" in k["refused"]
                             for k in kinds)
