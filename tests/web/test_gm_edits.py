"""The GM's edits at a table (issue 29: "reveal or hide units, edit HP or conditions,
place or remove a unit (each a logged GM action)"), through the app's requests: each
edit is an entry of the log shown "by the GM", undone like any entry; a player's seat
and a spectator's get the one refusal every GM command gives them and nothing is
logged; a unit the GM hid reaches no byte of a player's state, events or log (fog
or none), and revealed it is back on their board."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import bearer, open_table


def _state(client: TestClient, table: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/t/{table}/state", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _edit(client: TestClient, table: str, token: str, **body: Any) -> Any:
    seq = _state(client, table, token)["seq"]
    return client.post(f"/t/{table}/gm-edit", json={"seq": seq, **body},
                       headers=bearer(token))


def _ids(state: dict[str, Any]) -> set[str]:
    return {str(u["id"]) for u in state["board"]["units"]}


def test_a_hidden_unit_reaches_no_player_until_revealed(client: TestClient,
                                                        gm_token: str) -> None:
    for example in ("fe-classic/pass", "fe-tabletop/castle", "uesrpg/skirmish",
                    "miridon/skirmish"):
        opened = open_table(client, gm_token, example=example, players=2)
        table, tokens = opened["table"], opened["tokens"]
        gm = tokens["gm"]
        everyone = _state(client, table, gm)
        players = set().union(*(set(p["units"]) for p in everyone["players"]))
        foe = next(str(u["id"]) for u in everyone["board"]["units"]
                   if u["id"] not in players and u.get("position"))
        players = [tokens["p1"], tokens["p2"], tokens["spectator"]]
        hidden = _edit(client, table, gm, edit="hide", unit=foe)
        assert hidden.status_code == 200, hidden.text
        assert hidden.json()["entry"]["summary"].endswith("(by the GM)")
        gm_state = _state(client, table, gm)
        assert foe in gm_state["gm_hidden"] and foe in gm_state["hidden_from"]
        for token in players:
            state = _state(client, table, token)
            text = json.dumps(state)
            assert foe not in _ids(state) and foe not in text, example
            assert "gm_hidden" not in text
            assert state["log"][-1]["summary"] == "Something happened out of sight."
            assert state["log"][-1]["seq"] == hidden.json()["entry"]["seq"]
            unit = client.get(f"/t/{table}/unit/{foe}", headers=bearer(token))
            nobody = client.get(f"/t/{table}/unit/nobody-at-all", headers=bearer(token))
            assert (unit.status_code, unit.text) == (nobody.status_code, nobody.text)
        revealed = _edit(client, table, gm, edit="reveal", unit=foe)
        assert revealed.status_code == 200, revealed.text
        state = _state(client, table, tokens["p1"])
        if example != "fe-tabletop/castle":  # no fog: revealed, everyone sees it again
            assert foe in _ids(state)
        assert _state(client, table, gm)["gm_hidden"] == []


def test_hp_conditions_place_remove_are_logged_and_undone(client: TestClient,
                                                          gm_token: str) -> None:
    opened = open_table(client, gm_token, example="fe-classic/pass", players=2)
    table, gm = opened["table"], opened["tokens"]["gm"]
    before = _state(client, table, gm)
    eirika = next(u for u in before["board"]["units"] if u["id"] == "eirika")
    taken = {tuple(u["position"]) for u in before["board"]["units"] if u.get("position")}
    free = next([x, 0] for x in range(before["board"]["width"]) if (x, 0) not in taken)
    for body, shown in (({"edit": "hp", "hp": 5}, lambda u: u["hp"] == 5),
                        ({"edit": "conditions", "conditions": {"sleep": 2}},
                         lambda u: u["statuses"] == {"sleep": 2}),
                        ({"edit": "remove"}, lambda u: not u.get("position")),
                        ({"edit": "place", "to": free}, lambda u: u["position"] == free)):
        answer = _edit(client, table, gm, unit="eirika", **body)
        assert answer.status_code == 200, answer.text
        entry = answer.json()["entry"]
        assert entry["action"]["type"] == "gm_edit" and "(by the GM)" in entry["summary"]
        assert entry["records"][0]["by"] == "gm"
        unit = next(u for u in answer.json()["state"]["board"]["units"] if u["id"] == "eirika")
        assert shown(unit), (body, unit)
    state = _state(client, table, gm)
    for _ in range(4):
        undone = client.post(f"/t/{table}/undo", json={"seq": state["seq"],
                                                        "version": state["version"]},
                             headers=bearer(gm))
        assert undone.status_code == 200, undone.text
        state = undone.json()["state"]
    back = next(u for u in state["board"]["units"] if u["id"] == "eirika")
    assert back == eirika and state["seq"] == before["seq"]


def test_a_player_or_spectator_is_refused_as_for_any_gm_command(client: TestClient,
                                                                gm_token: str) -> None:
    opened = open_table(client, gm_token, example="fe-classic/pass", players=2)
    table, tokens = opened["table"], opened["tokens"]
    seq = _state(client, table, tokens["gm"])["seq"]
    for seat in ("p1", "p2", "spectator"):
        body = {"seq": seq, "edit": "hp", "unit": "eirika", "hp": 1}
        edit = client.post(f"/t/{table}/gm-edit", json=body, headers=bearer(tokens[seat]))
        phase = client.post(f"/t/{table}/enemy-phase", json={"seq": seq},
                            headers=bearer(tokens[seat]))
        assert edit.status_code == phase.status_code == 403
        assert edit.json() == phase.json()  # the uniform refusal of a GM command
        # nor through the actions: no ruleset's schema has the kind
        acted = client.post(f"/t/{table}/act", json={"seq": seq, "action": {
            "type": "gm_edit", "edit": "hp", "unit": "eirika", "hp": 1}},
            headers=bearer(tokens[seat]))
        assert acted.status_code in (400, 403)
    assert _state(client, table, tokens["gm"])["seq"] == seq  # nothing logged


def test_bad_edits_are_refused_in_one_line_and_change_nothing(client: TestClient,
                                                              gm_token: str) -> None:
    opened = open_table(client, gm_token, example="fe-tabletop/castle", players=2)
    table, gm = opened["table"], opened["tokens"]["gm"]
    seq = _state(client, table, gm)["seq"]
    for body in ({"edit": "hp", "unit": "eirika", "hp": 999},
                 {"edit": "place", "unit": "eirika", "to": [99, 99]},
                 {"edit": "place", "unit": "eirika", "to": [1, 3]},
                 {"edit": "reveal", "unit": "eirika"},
                 {"edit": "conditions", "unit": "eirika", "conditions": {"sleep": 1}},
                 {"edit": "teleport", "unit": "eirika"},
                 {"edit": "hp", "unit": "nobody", "hp": 1}):
        answer = _edit(client, table, gm, **body)
        assert answer.status_code == 400, (body, answer.text)
        assert "\n" not in answer.json()["error"]
    stale = client.post(f"/t/{table}/gm-edit", json={"seq": seq + 5, "edit": "hide",
                                                     "unit": "eirika"}, headers=bearer(gm))
    assert stale.status_code == 409
    assert _state(client, table, gm)["seq"] == seq


def test_the_enemy_phase_step_by_step_shows_each_decision_before_it_is_played(
        client: TestClient, gm_token: str) -> None:
    """Issue 29, "the enemy phase step by step with its reasoning": each step is shown
    with its reason and nothing is logged; applied on the board it was shown on, it
    plays exactly the actions shown; a player may not ask for it."""
    opened = open_table(client, gm_token, example="tropera/ford", players=2)
    table, tokens = opened["table"], opened["tokens"]
    gm = tokens["gm"]
    state = _state(client, table, gm)
    ended = client.post(f"/t/{table}/act", json={"seq": state["seq"], "action": {
        "type": "end_phase"}}, headers=bearer(gm))
    assert ended.status_code == 200, ended.text
    refused = client.post(f"/t/{table}/enemy-step", json={"seq": ended.json()["state"]["seq"]},
                          headers=bearer(tokens["p1"]))
    assert refused.status_code == 403
    for _ in range(30):
        seq = _state(client, table, gm)["seq"]
        shown = client.post(f"/t/{table}/enemy-step", json={"seq": seq}, headers=bearer(gm))
        if shown.status_code == 400:  # the players' turn again
            break
        assert shown.status_code == 200, shown.text
        decision = shown.json()["decision"]
        assert decision["reason"] and decision["actions"] and not decision["entries"]
        assert _state(client, table, gm)["seq"] == seq  # shown, not played
        played = client.post(f"/t/{table}/enemy-step", json={"seq": seq, "apply": True},
                             headers=bearer(gm))
        assert played.status_code == 200, played.text
        done = played.json()["decision"]
        assert [e["action"] for e in done["entries"]][-len(decision["actions"]):] == \
            decision["actions"]
        assert done["reason"] == decision["reason"]
        if decision["reason"] == "phase over":
            break
    else:
        raise AssertionError("the enemy phase did not end within 30 steps")


def test_an_edit_that_removes_the_last_foe_ends_the_battle_at_once(
        client: TestClient, gm_token: str) -> None:
    """Scored as after any action: the entry says the victory, the table's battle is
    over, and a player's next action is refused as the battle being over."""
    opened = open_table(client, gm_token, example="uesrpg/skirmish", players=2)
    table, tokens = opened["table"], opened["tokens"]
    gm = tokens["gm"]
    begun = client.post(f"/t/{table}/act", headers=bearer(gm), json={
        "seq": _state(client, table, gm)["seq"], "action": {"type": "begin"}})
    assert begun.status_code == 200, begun.text  # UESRPG scores once the battle began
    everyone = _state(client, table, gm)
    mine = set().union(*(set(p["units"]) for p in everyone["players"]))
    foes = [str(u["id"]) for u in everyone["board"]["units"]
            if u["id"] not in mine and u.get("position")]
    summary = ""
    for foe in foes:
        assert _state(client, table, gm)["board"]["result"] == "ongoing"
        answer = _edit(client, table, gm, edit="remove", unit=foe)
        assert answer.status_code == 200, answer.text
        summary = answer.json()["entry"]["summary"]
    assert "VICTORY" in summary, summary
    state = _state(client, table, tokens["p1"])
    assert state["board"]["result"] == "victory"
    unit = state["seat"]["units"][0]
    refused = client.post(f"/t/{table}/act", headers=bearer(tokens["p1"]), json={
        "seq": state["seq"], "action": {"type": "end_turn", "unit": unit}})
    assert refused.status_code in (400, 403) and "battle is over" in refused.text, refused.text


def test_a_uesrpg_condition_with_its_values_is_given_and_taken_away(client: TestClient,
                                                                    gm_token: str) -> None:
    """003's Bleeding (X) and Crippled Body Part (a part, L74-75) from the GM seat: the
    GM's state offers every condition with the values its text gives it and lists the
    unit's conditions; an entry each, "(by the GM)"; a part not in the text and an X out
    of range are one-line refusals that log nothing; Remove takes one away."""
    opened = open_table(client, gm_token, example="uesrpg/skirmish", players=2)
    table, gm = opened["table"], opened["tokens"]["gm"]
    state = _state(client, table, gm)
    kinds = {k["name"]: k for k in state["gm_conditions"]["kinds"]}
    assert len(kinds) == 22 and "003 L66" in kinds["Bleeding"]["cite"]
    assert [f["key"] for f in kinds["Crippled Body Part"]["fields"]] == ["where", "rounds"]
    unit = next(str(u["id"]) for u in state["board"]["units"] if u.get("position"))
    for body in ({"name": "Bleeding", "x": 0}, {"name": "Crippled Body Part", "where": "tail"},
                 {"name": "Crippled Body Part"}, {"name": "Bleeding", "x": 2, "colour": 1}):
        refused = _edit(client, table, gm, edit="add_condition", unit=unit, condition=body)
        assert refused.status_code == 400 and "\n" not in refused.json()["error"], refused.text
    assert _state(client, table, gm)["seq"] == state["seq"]
    for body in ({"name": "Bleeding", "x": 3, "rounds": 2},
                 {"name": "Crippled Body Part", "where": "left_leg"}):
        answer = _edit(client, table, gm, edit="add_condition", unit=unit, condition=body)
        assert answer.status_code == 200, answer.text
        assert "(by the GM)" in answer.json()["entry"]["summary"]
    held = _state(client, table, gm)["gm_unit_conditions"][unit]
    assert [c["text"] for c in held] == ["Bleeding (3), 2 rounds",
                                         "Crippled Body Part on the left leg"]
    gone = _edit(client, table, gm, edit="remove_condition", unit=unit,
                 condition={"name": "Crippled Body Part", "where": "left_leg"})
    assert gone.status_code == 200, gone.text
    assert [c["name"] for c in gone.json()["state"]["gm_unit_conditions"][unit]] == ["Bleeding"]
    players = _state(client, table, opened["tokens"]["p1"])
    assert "gm_unit_conditions" not in players and "gm_conditions" not in players
