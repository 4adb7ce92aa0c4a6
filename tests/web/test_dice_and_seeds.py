"""Dice a player cannot choose and a seed a player cannot find (issue 25, holes 3 and 4).

Dice authority: by default a player enters only its own units' dice, never a foe's
(the GM any die); ``gm`` lets only the GM enter dice; every entered die names who
entered it. Secret seeds: an example table's seed is a fresh secret, not the file's;
nothing sent to a player holds the seed, the start's hash or an entry's hash before
the battle ends; the commitment given at the start then verifies the seed, and the
published battle verifies every die."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.dice.source import secret_seed
from tactician.rulesets.registry import contract
from tactician.store.database import Database
from tactician.table import tables
from tactician.table.campaigns import open_battle, rules_for
from tests.web.helpers import DATA, ambush, duel, open_table, store_battle

AMBUSH_SEATS = [{"name": "Ana", "units": ["aela"]}, {"name": "Bo", "units": ["brand"]}]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _to_aelas_turn(client: TestClient, tid: str, gm: str) -> int:
    for _ in range(8):
        state = client.get(f"/t/{tid}/state", headers=_bearer(gm)).json()
        if state["board"].get("turn") == "aela":
            return int(state["seq"])
        client.post(f"/t/{tid}/act", headers=_bearer(gm), json={
            "seq": state["seq"], "action": {"type": "end_phase"}})
    raise AssertionError("Aela never had the Turn")


def test_a_player_never_enters_a_foes_die(client: TestClient, db_url: str,
                                          gm_token: str) -> None:
    """Hole 3: "Table dice" gave the player every die, the bandit's parry and its tests
    too. Ana's rolls go to Aela's attack and damage; the bandit's defence and tests are
    the battle's stream's (``by`` seed); the GM may enter them."""
    opened = open_table(client, gm_token, battle_id=ambush(db_url), seats=AMBUSH_SEATS)
    tid, tokens = opened["table"], opened["tokens"]
    seq = _to_aelas_turn(client, tid, tokens["gm"])
    gm_board = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()["board"]
    aela = next(u for u in gm_board["units"] if u["id"] == "aela")
    foe = min((u for u in gm_board["units"] if u["id"] == "bandit-1"),
              key=lambda u: abs(u["position"][0] - aela["position"][0]))
    close = [foe["position"][0] - 1, foe["position"][1]]
    moved = client.post(f"/t/{tid}/act", headers=_bearer(tokens["gm"]), json={
        "seq": seq, "action": {"type": "move", "unit": "aela", "to": close}})
    assert moved.status_code == 200, moved.text
    attack = {"type": "attack", "unit": "aela", "target": "bandit-1"}
    rolls = ",".join(["5"] * 30)
    answer = client.post(f"/t/{tid}/act", headers=_bearer(tokens["p1"]), json={
        "seq": seq + 1, "action": attack, "rolls": rolls})
    assert answer.status_code == 200, answer.text
    dice = answer.json()["entry"]["dice"]
    assert any(d["roller"] == "aela" for d in dice)
    for die in dice:
        assert die["by"] == ("p1" if die["roller"] == "aela" else "seed"), die
        if die["by"] == "p1":
            assert die["value"] == 5
    assert any(d["roller"] == "bandit-1" for d in dice), "the bandit defended"
    # another player's seat enters nothing for Aela, and the GM every die
    undone = client.post(f"/t/{tid}/undo", headers=_bearer(tokens["gm"]), json={"seq": seq + 2})
    assert undone.status_code == 200
    gm = client.post(f"/t/{tid}/act", headers=_bearer(tokens["gm"]), json={
        "seq": seq + 1, "action": attack, "rolls": rolls})
    assert gm.status_code == 200, gm.text
    assert all(d["by"] == "gm" and d["value"] == 5 for d in gm.json()["entry"]["dice"])


def test_a_table_may_keep_every_die_for_the_gm(client: TestClient, db_url: str,
                                               gm_token: str) -> None:
    opened = open_table(client, gm_token, battle_id=duel(db_url),
                        seats=[{"name": "Ana", "units": ["aria"]}], dice="gm")
    tid, tokens = opened["table"], opened["tokens"]
    answer = client.post(f"/t/{tid}/act", headers=_bearer(tokens["p1"]), json={
        "seq": 0, "action": {"type": "move", "unit": "aria", "to": [3, 1]}, "rolls": "4"})
    assert answer.status_code == 403 and "only the GM enters dice" in answer.text
    set_it = client.post(f"/t/{tid}/dice", headers=_bearer(tokens["p1"]),
                         json={"authority": "any"})
    assert set_it.status_code == 403  # the GM's setting
    client.post(f"/t/{tid}/dice", headers=_bearer(tokens["gm"]), json={"authority": "own"})
    state = client.get(f"/t/{tid}/state", headers=_bearer(tokens["gm"])).json()
    assert state["dice_authority"] == "own"


def test_an_example_table_gets_a_fresh_secret_seed(client: TestClient, db: Database,
                                                  gm_token: str) -> None:
    """Hole 4: the example tables' dice followed from the example's published seed (and
    a random 31-bit seed can be found by trying seeds). A table's example battle gets
    a fresh 63-bit secret; the commitment given at the start is its hash."""
    opened = open_table(client, gm_token, example="tropera/ford", players=1)
    seed = open_battle(db, opened["battle"]).info.seed
    assert seed != tables.example("tropera/ford").seed and seed >= 2**32
    assert opened["seed_commitment"] == \
        hashlib.sha256(f"tactician seed {seed}".encode()).hexdigest()


def test_no_player_is_sent_the_seed_before_the_end_and_it_verifies_after(
        client: TestClient, db: Database, db_url: str, gm_token: str, tmp_path: Path) -> None:
    """Before the end nothing a player or spectator is sent holds the seed, the start's
    hash or any entry's hash (what the dice and the chain derive from it); once the
    battle ends the seed is shown, matches the commitment, and the published battle
    verifies (``tactician battle log``)."""
    d = DATA / "duel"
    battle = store_battle(db_url, "tropera", d / "map.yaml", [d / "party.yaml", d / "foes.yaml"],
                          seed=secret_seed())
    opened = open_table(client, gm_token, battle_id=battle,
                        seats=[{"name": "Ana", "units": ["aria"]}])
    tid, tokens = opened["table"], opened["tokens"]
    rules = rules_for("tropera", [])
    planner = contract("tropera").planner(rules, True)
    sent = bytearray()
    for _ in range(200):
        opened_now = open_battle(db, battle)
        if opened_now.state.result != "ongoing":
            break
        for seat in ("p1", "spectator"):
            for path in ("/state", "/log.json", "/battle.json", "", "/danger"):
                sent.extend(client.get(f"/t/{tid}{path}", headers=_bearer(tokens[seat])).content)
        decision = planner.next(opened_now.state)
        for action in decision["actions"] if decision else [{"type": "end_phase"}]:
            seq = open_battle(db, battle).info.last_seq
            answer = client.post(f"/t/{tid}/act", headers=_bearer(tokens["gm"]),
                                 json={"seq": seq, "action": action})
            assert answer.status_code == 200, answer.text
    whole = tables.battle_file(db, battle)
    assert whole["log"] and open_battle(db, battle).state.result != "ongoing"
    for secret in {str(whole["seed"]), whole["start_hash"], *(e["hash"] for e in whole["log"])}:
        assert secret.encode() not in bytes(sent), secret
    ended = client.get(f"/t/{tid}/state", headers=_bearer(tokens["p1"])).json()
    assert ended["chain"]["seed"] == whole["seed"]
    assert hashlib.sha256(f"tactician seed {whole['seed']}".encode()).hexdigest() == \
        opened["seed_commitment"] == ended["chain"]["seed_commitment"]
    published = client.get(f"/t/{tid}/battle.json", headers=_bearer(tokens["p1"]))
    assert published.status_code == 200
    path = tmp_path / "battle.json"
    path.write_bytes(published.content)
    verified = CliRunner().invoke(app, ["battle", "log", "--battle", str(path), "--json"])
    assert verified.exit_code == 0, verified.output
    assert json.loads(verified.output)["seed"] == whole["seed"]
    # and the head of the chain a player was shown is the one the whole log gives it
    side = CliRunner().invoke(app, ["battle", "log", "--battle", str(path), "--side",
                                    "player", "--json"])
    assert side.exit_code == 0, side.output
    assert json.loads(side.output)["head"] == ended["chain"]["head"]


def test_the_whole_battle_is_shown_to_players_only_once_it_ends(
        client: TestClient, db_url: str, gm_token: str) -> None:
    opened = open_table(client, gm_token, battle_id=duel(db_url),
                        seats=[{"name": "Ana", "units": ["aria"]}])
    tid, tokens = opened["table"], opened["tokens"]
    refused = client.get(f"/t/{tid}/battle.json", headers=_bearer(tokens["p1"]))
    assert refused.status_code == 403 and "when it ends" in refused.text
    state = client.get(f"/t/{tid}/state", headers=_bearer(tokens["p1"])).json()
    assert "seed" not in state["chain"] and state["chain"]["seed_commitment"]
    assert client.get(f"/t/{tid}/battle.json", headers=_bearer(tokens["gm"])).status_code == 200

