"""The table's chat (issue 29): messages for everyone, whispers seen by their sender
and recipient only, ``/roll`` in the CLI's notation with every die and a seed that
repeats it, kept beside the battle, and bad input refused with nothing kept."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tactician.dice.notation import roll
from tactician.dice.source import SeededDice


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _table(client: TestClient, gm_token: str) -> tuple[str, dict[str, str]]:
    answer = client.post("/gm/tables", json={"example": "tropera/ford"},
                         headers=_bearer(gm_token)).json()
    return answer["table"], {s: link.split("#", 1)[1] for s, link in answer["links"].items()}


def _say(client: TestClient, tid: str, token: str, text: str, to: str | None = None) -> Any:
    return client.post(f"/t/{tid}/chat", json={"text": text, "to": to}, headers=_bearer(token))


def _read(client: TestClient, tid: str, token: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = client.get(
        f"/t/{tid}/chat", headers=_bearer(token)).json()["messages"]
    return messages


def test_whispers_reach_their_sender_and_recipient_only(
        client: TestClient, gm_token: str) -> None:
    tid, tokens = _table(client, gm_token)
    assert _say(client, tid, tokens["p1"], "hello all").status_code == 200
    assert _say(client, tid, tokens["p1"], "psst, GM: I flank", "gm").status_code == 200
    assert _say(client, tid, tokens["gm"], "a secret for Player 2", "p2").status_code == 200
    texts = {seat: [m["text"] for m in _read(client, tid, tokens[seat])]
             for seat in ("gm", "p1", "p2", "spectator")}
    assert texts["gm"] == ["hello all", "psst, GM: I flank", "a secret for Player 2"]
    assert texts["p1"] == ["hello all", "psst, GM: I flank"]
    assert texts["p2"] == ["hello all", "a secret for Player 2"]
    assert texts["spectator"] == ["hello all"]
    # what is never sent: the words of another's whisper, in any answer
    other = client.get(f"/t/{tid}/chat", headers=_bearer(tokens["p2"])).text
    assert "flank" not in other
    assert client.get(f"/t/{tid}/chat").status_code == 403


def test_roll_uses_the_clis_notation_and_shows_every_die_and_its_seed(
        client: TestClient, gm_token: str) -> None:
    tid, tokens = _table(client, gm_token)
    sent = _say(client, tid, tokens["p2"], "/roll 2d6+1")
    assert sent.status_code == 200, sent.text
    rolled = sent.json()["message"]["roll"]
    assert rolled["expression"] == "2d6+1" and len(rolled["dice"]) == 2
    assert rolled["total"] == sum(d["value"] for d in rolled["dice"]) + 1
    again = roll("2d6+1", SeededDice(int(rolled["seed"])))  # `tactician roll --seed`
    assert again.total == rolled["total"]
    assert [d.value for d in again.dice] == [d["value"] for d in rolled["dice"]]
    kept = _read(client, tid, tokens["p1"])
    assert kept[-1]["roll"]["total"] == rolled["total"]  # logged beside the battle


def test_bad_chat_is_refused_and_nothing_kept(client: TestClient, gm_token: str) -> None:
    tid, tokens = _table(client, gm_token)
    for text, to, words in (("/roll 2d", None, ""), ("/roll", None, "needs dice"),
                            ("   ", None, "say something"), ("hi", "p9", "p9"),
                            ("hi", "p1", "another seat")):
        answer = _say(client, tid, tokens["p1"], text, to)
        assert answer.status_code == 400, (text, answer.text)
        assert words in answer.json()["error"]
    assert _say(client, tid, tokens["p1"], "x" * 501).status_code == 400
    assert _read(client, tid, tokens["gm"]) == []


def test_messages_after_a_number_and_per_table(client: TestClient, gm_token: str) -> None:
    tid, tokens = _table(client, gm_token)
    other, other_tokens = _table(client, gm_token)
    for n in range(3):
        _say(client, tid, tokens["p1"], f"m{n}")
    _say(client, other, other_tokens["p1"], "elsewhere")
    after = client.get(f"/t/{tid}/chat?after=2", headers=_bearer(tokens["gm"])).json()
    assert [m["text"] for m in after["messages"]] == ["m2"]
    assert [m["text"] for m in _read(client, other, other_tokens["gm"])] == ["elsewhere"]
