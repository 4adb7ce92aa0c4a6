"""Every ruleset's example battles play to their end through the web table's own
endpoints: each player seat acts only with the units it controls (``/act`` with that
seat's token, the sequence number it saw), the GM plays the enemy (``/enemy-phase``).
The players' moves are the engine planner's (``every_side``), so the test needs no
per-ruleset script; what it checks is that the table, not the CLI, carries a whole
battle of every ruleset: seats, the sequence numbers, the phases and the ending."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tactician.rulesets.registry import contract
from tactician.store.database import Database
from tactician.table import tables
from tactician.table.campaigns import open_battle
from tactician.table.seats import get_table

EXAMPLES = [e.key for e in tables.examples()]
MAX_STEPS = 400  # a bound on requests per battle, not a check


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _next_player_actions(db: Database, battle_id: int) -> list[dict[str, Any]]:
    opened = open_battle(db, battle_id, whole_log=True)
    ruleset = contract(opened.info.ruleset)
    decision = ruleset.planner(opened.rules, True).next(opened.state)
    return [] if decision is None else list(decision["actions"])


@pytest.mark.slow
@pytest.mark.parametrize("key", EXAMPLES)
def test_each_example_plays_to_its_end_through_the_table(
        client: TestClient, db: Database, gm_token: str, key: str) -> None:
    opened = client.post("/gm/tables", json={"example": key, "players": 2},
                         headers=_bearer(gm_token))
    assert opened.status_code == 200, opened.text
    data: dict[str, Any] = opened.json()
    tid = data["table"]
    tokens = {seat: data["links"][seat].split("token=")[1] for seat in ("gm", "p1", "p2")}
    owner = {unit: seat for seat in ("p1", "p2") for unit in data["seats"][seat]["units"]}
    battle_id = get_table(db, tid).battle_id
    acted_by: set[str] = set()
    for _ in range(MAX_STEPS):
        state = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()
        if state["board"]["result"] != "ongoing":
            break
        seq = state["seq"]
        if not tables.acting_players(state["board"]):
            answer = client.post(f"/t/{tid}/enemy-phase", json={"seq": seq},
                                 headers=_bearer(tokens["gm"]))
            assert answer.status_code == 200, answer.text
            continue
        # nothing left worth doing: the players end their phase, as the page's button does
        actions = _next_player_actions(db, battle_id) or [{"type": "end_phase"}]
        for action in actions:
            unit = action.get("unit")
            # a unit's action by its player's seat; the table's own (fe-classic's
            # ``start`` after deployment) by the GM, as the page's "Other action" sends it
            seat = owner[unit] if unit in owner else "gm" if action["type"] != "end_phase" \
                else next(owner[u] for u in tables.acting_players(state["board"]))
            answer = client.post(f"/t/{tid}/act", json={"seq": seq, "action": action},
                                 headers=_bearer(tokens[seat]))
            assert answer.status_code == 200, (key, action, answer.text)
            seq = answer.json()["state"]["seq"]
            acted_by.add(seat)
    else:
        pytest.fail(f"{key}: not over after {MAX_STEPS} requests")
    assert state["board"]["result"] in {"victory", "defeat", "draw"}, state["board"]["result"]
    assert {"p1", "p2"} <= acted_by
