"""The choices a seat's forms offer (``/t/<id>/choices``, ``table.choices``): what the
rules take now, tried on the rules' own procedure, on the battle as the side knows it
(issue 29, "every action by pointing")."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _open(client: TestClient, gm_token: str, example: str) -> tuple[str, dict[str, str],
                                                                       dict[str, Any]]:
    opened = client.post("/gm/tables", json={"example": example, "players": 2},
                         headers=_bearer(gm_token))
    assert opened.status_code == 200, opened.text
    data: dict[str, Any] = opened.json()
    tokens = {seat: link.split("#", 1)[1] for seat, link in data["links"].items()}
    return data["table"], tokens, data


def _kinds(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {k["type"]: k for k in answer["kinds"]}


def test_a_units_choices_are_what_the_rules_take_now(client: TestClient,
                                                     gm_token: str) -> None:
    tid, tokens, data = _open(client, gm_token, "tropera/ford")
    unit = data["seats"]["p1"]["units"][0]
    answer = client.get(f"/t/{tid}/choices/{unit}", headers=_bearer(tokens["p1"]))
    assert answer.status_code == 200, answer.text
    kinds = _kinds(answer.json())
    reach = client.get(f"/t/{tid}/reach/{unit}", headers=_bearer(tokens["p1"])).json()
    # the move form's tiles are the engine's reach (each tried on the rules' apply)
    assert sorted(kinds["move"]["legal"]["to"]) == sorted(reach["move"]) != []
    assert kinds["wait"]["ready"] == {"type": "wait", "unit": unit}
    # no foe in reach at the start: the attack is refused in the rules' own words
    assert kinds["attack"]["ready"] is None and kinds["attack"]["refused"]
    assert kinds["attack"]["legal"]["target"] == []
    # the unit's weapons to equip, and a kind the unit cannot do at all, with why
    assert kinds["equip"]["legal"]["weapon"]
    assert "feat" in kinds["steal"]["refused"]
    # the acting unit is never a key of its own form: it is the selected unit
    assert all(k["name"] != "unit" for kind in kinds.values() for k in kind["keys"])
    # a kind a player may not send (none in tropera), nor end_phase, is in a unit's menu
    assert "end_phase" not in kinds


def test_a_seat_asks_only_for_its_own_units_and_the_table_kinds(client: TestClient,
                                                                gm_token: str) -> None:
    tid, tokens, data = _open(client, gm_token, "uesrpg/skirmish")
    theirs = data["seats"]["p2"]["units"][0]
    refused = client.get(f"/t/{tid}/choices/{theirs}", headers=_bearer(tokens["p1"]))
    assert refused.status_code == 403, refused.text
    spectator = client.get(f"/t/{tid}/choices", headers=_bearer(tokens["spectator"]))
    assert spectator.status_code == 403
    # rolling initiative is the GM's (the schema's sender): in the GM's menu only
    gm = _kinds(client.get(f"/t/{tid}/choices", headers=_bearer(tokens["gm"])).json())
    player = _kinds(client.get(f"/t/{tid}/choices", headers=_bearer(tokens["p1"])).json())
    assert gm["begin"]["ready"] == {"type": "begin"}
    assert "begin" not in player


def test_fog_leaks_no_unit_through_the_choices(client: TestClient, gm_token: str) -> None:
    tid, tokens, data = _open(client, gm_token, "fe-tabletop/castle")
    state = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()
    everyone = {u["id"] for u in state["board"]["units"]}
    seen = {u["id"] for u in client.get(f"/t/{tid}/state", headers=_bearer(tokens["p1"]))
            .json()["board"]["units"]}
    assert seen < everyone  # the example's fog hides the garrison's far side
    unit = data["seats"]["p1"]["units"][0]
    answer = client.get(f"/t/{tid}/choices/{unit}", headers=_bearer(tokens["p1"])).json()
    named = {v for kind in answer["kinds"] for key in kind["keys"]
             if key["kind"] in ("unit", "units") for v in key.get("options", [])}
    assert named and named <= seen | {"auto", "no"}
    hidden = next(iter(everyone - seen))
    asked = client.get(f"/t/{tid}/choices/{hidden}", headers=_bearer(tokens["gm"]))
    assert asked.status_code == 200
    unseen = client.get(f"/t/{tid}/choices/{hidden}", headers=_bearer(tokens["p1"]))
    assert unseen.status_code == 400 and "no unit in sight" in unseen.text


def test_the_tables_own_kinds_are_in_one_menu_only(client: TestClient,
                                                   gm_token: str) -> None:
    """The GM's view in set-up showed Start twice once a unit was selected: its "unit"
    is any unit (the start is the table's), so the unit's menu offered it beside the
    table's. In every ruleset, no kind is in both the table's menu and a unit's."""
    for example in ("fe-classic/pass", "fe-tabletop/castle", "uesrpg/skirmish",
                    "miridon/skirmish", "tropera/ford"):
        tid, tokens, _ = _open(client, gm_token, example)
        gm = tokens["gm"]
        table = _kinds(client.get(f"/t/{tid}/choices", headers=_bearer(gm)).json())
        state = client.get(f"/t/{tid}/state", headers=_bearer(gm)).json()
        for unit in [u["id"] for u in state["board"]["units"]][:3]:
            mine = _kinds(client.get(f"/t/{tid}/choices/{unit}", headers=_bearer(gm)).json())
            assert not set(mine) & set(table), (example, unit, set(mine) & set(table))
        if example == "fe-classic/pass":
            assert "start" in table


def test_a_forms_targets_list_the_acting_units_foes_first(client: TestClient,
                                                          gm_token: str) -> None:
    """Wren's rifle reaches her friends too (Miridon lets a gun aim at anyone in range):
    the attack form's first target, the one its forecast opens on, is a foe, not Sable."""
    tid, tokens, data = _open(client, gm_token, "miridon/skirmish")
    gm = data["links"]["gm"].split("#", 1)[1]
    begun = client.post(f"/t/{tid}/act", json={"seq": 0, "action": {"type": "begin"}},
                        headers=_bearer(gm))
    assert begun.status_code == 200, begun.text
    seat = next(s for s, v in data["seats"].items() if "wren" in v["units"])
    answer = client.get(f"/t/{tid}/choices/wren", headers=_bearer(tokens[seat]))
    assert answer.status_code == 200, answer.text
    board = client.get(f"/t/{tid}/state", headers=_bearer(tokens[seat])).json()["board"]
    side = {u["id"]: u["side"] for u in board["units"]}
    attack = _kinds(answer.json())["attack"]
    legal = attack["legal"]["target"]
    assert {side[t] for t in legal} == {"player", "enemy"}  # friends are in range too
    foes = [t for t in legal if side[t] != side["wren"]]
    assert legal[:len(foes)] == foes  # every foe before any friend
    assert side[attack["ready"]["target"]] != side["wren"]
    options = next(k for k in attack["keys"] if k["name"] == "target")["options"]
    assert [side[t] for t in options] == sorted((side[t] for t in options),
                                                key=lambda s: s == side["wren"])
