"""fe-tabletop's Player turn at a table (001 L42: "Each player rolls 1d100; the
player with the highest result goes first"): a seat's End phase is refused with
the one refusal a seat gets for what it may not send (403) until the order is
rolled, and nothing is logged, so pressing it neither rolls the order nor ends a
turn; once rolled, only the seat of the player whose turn it is ends it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import bearer, open_table


def _state(client: TestClient, table: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/t/{table}/state", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _act(client: TestClient, table: str, token: str, action: dict[str, Any]) -> Any:
    seq = _state(client, table, token)["seq"]
    return client.post(f"/t/{table}/act", json={"seq": seq, "action": action},
                       headers=bearer(token))


def test_a_seat_ends_no_turn_before_the_order_and_only_its_own_after(
        client: TestClient, gm_token: str) -> None:
    opened = open_table(client, gm_token, example="fe-tabletop/castle", players=2)
    table, tokens = opened["table"], opened["tokens"]
    gm = tokens["gm"]
    before = _state(client, table, gm)
    assert before["board"]["phase"] == "player" and before["board"]["current_player"] is None
    players = {u["id"]: u["player"] for u in before["board"]["units"] if u.get("player")}
    seats = {s: set(_state(client, table, tokens[s])["seat"]["units"]) for s in ("p1", "p2")}
    for seat in ("p1", "p2"):
        refused = _act(client, table, tokens[seat], {"type": "end_phase"})
        assert refused.status_code == 403, refused.text
        assert refused.json() == {"error": "the turn order is not rolled yet: the GM rolls "
                                           "it first; then the player it names ends their "
                                           "turn"}
    after = _state(client, table, gm)
    assert after["seq"] == before["seq"] and after["board"]["current_player"] is None
    rolled = _act(client, table, gm, {"type": "turn_order"})
    assert rolled.status_code == 200, rolled.text
    current = _state(client, table, gm)["board"]["current_player"]
    theirs = [s for s in seats if any(players.get(u) == current for u in seats[s])]
    others = [s for s in seats if all(players.get(u) != current for u in seats[s])]
    assert theirs and others, (seats, players)
    seq = _state(client, table, gm)["seq"]
    for seat in others:
        refused = _act(client, table, tokens[seat], {"type": "end_phase"})
        assert refused.status_code == 403, refused.text
        assert "\n" not in refused.json()["error"]
    assert _state(client, table, gm)["seq"] == seq
    other = next(iter(seats[others[0]]))  # ending it in another seat's unit's name
    named = _act(client, table, tokens[theirs[0]], {"type": "end_phase", "unit": other})
    assert named.status_code == 403, named.text
    assert _state(client, table, gm)["seq"] == seq
    ended = _act(client, table, tokens[theirs[0]], {"type": "end_phase"})
    assert ended.status_code == 200, ended.text
    assert _state(client, table, gm)["board"]["current_player"] != current


def test_a_seat_acts_only_once_the_order_is_rolled_and_learns_no_roll_early(
        client: TestClient, gm_token: str) -> None:
    """Before the roll a seat's move would roll the order from the battle's stream; a
    refusal naming whose turn it is would tell the seat a roll the table has not made
    (turnfix's report). Refused uniformly, nothing logged, no order named."""
    opened = open_table(client, gm_token, example="fe-tabletop/castle", players=2)
    table, tokens = opened["table"], opened["tokens"]
    before = _state(client, table, tokens["gm"])
    for seat in ("p1", "p2"):
        unit = sorted(_state(client, table, tokens[seat])["seat"]["units"])[0]
        refused = _act(client, table, tokens[seat], {"type": "wait", "unit": unit})
        assert refused.status_code == 403, refused.text
        said = refused.json()["error"]
        assert said == ("the turn order is not rolled yet: the GM rolls it first; then the "
                        "player it names acts")
    after = _state(client, table, tokens["gm"])
    assert after["seq"] == before["seq"] and after["board"]["current_player"] is None


def test_before_the_roll_every_units_menu_says_so_and_names_no_order(
        client: TestClient, gm_token: str) -> None:
    """The menus tried each kind on a throwaway stream, which rolled an order of its own
    and named it ("it is ben's turn ... the order rolled: ben, ana"), though the table's
    roll was still to come and came out otherwise; now every unit's kind is refused in
    the words an action sent then is refused in, and the roll's own kind is the GM's."""
    opened = open_table(client, gm_token, example="fe-tabletop/castle", players=2)
    table, tokens = opened["table"], opened["tokens"]
    assert _state(client, table, tokens["gm"])["board"].get("order_due")
    for token in (tokens["gm"], tokens["p1"], tokens["p2"]):
        seen = _state(client, table, token)
        units = seen["seat"]["units"] or [u["id"] for u in seen["board"]["units"]
                                          if u["side"] == "player"]
        for unit in units[:3]:
            menu = client.get(f"/t/{table}/choices/{unit}", headers=bearer(token)).json()
            for kind in menu["kinds"]:
                assert kind["ready"] is None, (unit, kind)
                assert kind["refused"] == ("the turn order is not rolled yet: the GM rolls "
                                           "it first; then the player it names acts"), kind
    table_kinds = client.get(f"/t/{table}/choices", headers=bearer(tokens["gm"])).json()
    assert any(k["type"] == "turn_order" and k["ready"] for k in table_kinds["kinds"])
    rolled = _act(client, table, tokens["gm"], {"type": "turn_order"})
    assert rolled.status_code == 200, rolled.text
    current = _state(client, table, tokens["gm"])["board"]["current_player"]
    mine = next(u["id"] for u in _state(client, table, tokens["gm"])["board"]["units"]
                if u.get("player") == current)
    menu = client.get(f"/t/{table}/choices/{mine}", headers=bearer(tokens["gm"])).json()
    assert any(k["ready"] for k in menu["kinds"])
