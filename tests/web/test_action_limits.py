"""The web table's actions go through the ruleset's action schema (issue 25: "One action
schema per ruleset"), as the command line's do: a key the action does not read is
refused and never reaches the log (fe-classic's ``withdraw`` kept a ``note``); an
action over the limits is refused whole (a 57 KB action grew ``/log.json`` from 2 bytes
to 29.8 MB; a 300-deep value answered 500)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def _pass_table(client: TestClient, gm_token: str) -> tuple[str, dict[str, str]]:
    answer = client.post("/gm/tables", json={"example": "fe-classic/pass", "players": 2},
                         headers={"Authorization": f"Bearer {gm_token}"})
    assert answer.status_code == 200, answer.text
    seat = answer.json()["links"]["gm"].split("token=")[1]  # the GM's seat at this table
    return answer.json()["table"], {"Authorization": f"Bearer {seat}"}


def _act(client: TestClient, table: str, gm: dict[str, str], action: Any) -> Any:
    return client.post(f"/t/{table}/act", headers=gm, json={"seq": 0, "action": action})


def _log(client: TestClient, table: str, gm: dict[str, str]) -> bytes:
    answer = client.get(f"/t/{table}/log.json", headers=gm)
    assert answer.status_code == 200
    return answer.content


def test_a_key_the_action_does_not_read_is_refused_and_not_logged(
        client: TestClient, gm_token: str) -> None:
    table, gm = _pass_table(client, gm_token)
    answer = _act(client, table, gm, {"type": "withdraw", "unit": "lute", "note": "oneill"})
    assert answer.status_code == 400
    assert "withdraw takes no 'note'" in answer.json()["error"]
    assert b"note" not in _log(client, table, gm)
    assert _act(client, table, gm, {"type": "withdraw", "unit": "lute"}).status_code == 200


def test_an_action_over_the_limits_is_refused_whole(client: TestClient,
                                                    gm_token: str) -> None:
    table, gm = _pass_table(client, gm_token)
    before = _log(client, table, gm)
    huge = {"type": "withdraw", "unit": "lute", "note": "x" * 57_000}
    deep: Any = "x"
    for _ in range(300):
        deep = [deep]
    for action in (huge, {"type": "withdraw", "unit": deep},
                   {"type": "deploy", "unit": "artur", "to": [6, 10 ** 40]}):
        answer = _act(client, table, gm, action)
        assert answer.status_code == 400, answer.text
        assert len(answer.content) < 1_000  # the refusal does not echo the action
    assert _log(client, table, gm) == before
