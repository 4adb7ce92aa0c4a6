"""``battle undo`` and ``battle redo`` at the table (issue 24): what ``--to`` and
``--phase`` drop is listed and asked for (``--yes`` for scripts, refused without a
terminal); undone entries are redone on their own dice until the next action; a
Miridon ``undo --phase`` drops one unit's turn; an fe-tabletop turn keeps its d100
order when its first action is undone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli import battle as battle_cli
from tactician.cli.main import app
from tactician.engine.store_file import load_battle

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"
runner = CliRunner()


def cli(*args: Any, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["battle", *map(str, args)], input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def ford(tmp_path: Path) -> Path:
    """The ford (seed 7) after four player actions."""
    battle = tmp_path / "ford.json"
    assert cli("new", "--map", FORD / "ford.yaml", "--units", FORD / "party.yaml",
               "--units", FORD / "bandits.yaml", "--seed", 7, "--battle", battle)[0] == 0
    for action in (("move", "aria", 6, 4), ("move", "lute", 5, 4), ("act", "aria", "defend"),
                   ("act", "lute", "wait")):
        assert cli(*action, "--battle", battle)[0] == 0
    return battle


def test_undo_to_and_phase_list_what_they_drop_and_ask(
    ford: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = ford.read_bytes()
    code, _, err = cli("undo", "--to", 1, "--battle", ford)
    assert code == 2 and "no terminal to confirm: pass --yes" in err
    code, out, _ = cli("undo", "--phase", "--json", "--battle", ford)
    assert code == 2 and "--json never prompts: add --yes" in json.loads(out)["error"]
    assert ford.read_bytes() == before
    monkeypatch.setattr(battle_cli, "can_ask", lambda: True)
    code, out, _ = cli("undo", "--to", 1, "--battle", ford, stdin="n\n")
    assert code == 0 and "This removes 3 entries:" in out and "#2 Lute moves to (5, 4)" in out
    assert "Remove these 3 entries? [y/N]" in out and "Not undone: nothing changed." in out
    assert ford.read_bytes() == before
    code, out, _ = cli("undo", "--to", 1, "--battle", ford, stdin="y\n")
    assert code == 0 and "Undid #4: Lute waits" in out
    assert [e.seq for e in load_battle(ford).log] == [1]
    assert [e.seq for e in load_battle(ford).undone] == [2, 3, 4]


def test_a_single_undo_asks_nothing_and_is_redone_on_its_dice(ford: Path) -> None:
    assert cli("attack", "lute", "brigand-1", "--yes", "--battle", ford)[0] in (0, 2)
    whole = load_battle(ford)
    code, out, _ = cli("undo", "--battle", ford)
    assert code == 0 and f"Undid #{len(whole.log)}" in out
    code, out, _ = cli("log", "--battle", ford)
    assert "1 undone entry can be redone" in out
    code, out, _ = cli("redo", "--json", "--battle", ford)
    assert code == 0 and json.loads(out)["redone"][0]["hash"] == whole.log[-1].hash
    assert load_battle(ford) == whole  # the same entry, hash and dice: the same file
    code, _, err = cli("redo", "--battle", ford)
    assert code == 2 and "nothing to redo" in err


def test_redo_all_to_and_a_new_action_drops_the_redo_list(ford: Path) -> None:
    whole = load_battle(ford)
    assert cli("undo", "--to", 0, "--yes", "--battle", ford)[0] == 0
    code, _, err = cli("redo", "--at", 3, "--battle", ford)
    assert code == 2 and "the battle moved on (now at 0), reload" in err
    code, out, _ = cli("redo", "--to", 2, "--battle", ford)
    assert code == 0 and "Redid #2" in out and "2 more can be redone" in out
    code, out, _ = cli("redo", "--all", "--at", 2, "--battle", ford)
    assert code == 0 and "The log now ends at entry 4." in out
    assert load_battle(ford) == whole
    assert cli("undo", "--to", 2, "--yes", "--battle", ford)[0] == 0
    assert cli("act", "gilliam", "wait", "--battle", ford)[0] == 0
    assert load_battle(ford).undone == []
    code, _, err = cli("redo", "--battle", ford)
    assert code == 2 and "nothing to redo: no entry was undone since the last action" in err
    code, out, _ = cli("replay", "--battle", ford)
    assert code == 0 and "Replay matches: 3 entries" in out


def test_a_miridon_undo_phase_drops_one_turn_not_the_log(tmp_path: Path) -> None:
    """Issue 24 item 5: at round 2 one ``undo --phase`` emptied the whole log (both
    sides' round-1 turns). The engine plays every turn of round 1 and the first action
    of round 2; ``undo --phase`` drops that action only."""
    from tactician.engine.store_file import save_battle
    from tactician.rulesets.registry import contract
    from tests.conformance.kit import play

    miridon = contract("miridon")
    example = miridon.examples().battles[0]
    for battle, _, state in play(miridon, example):
        if state.block == 2 and battle.log[-1].action["type"] != "end_turn":
            break
    path = tmp_path / "m.json"
    save_battle(battle, path)
    turns = [e.seq for e in battle.log if e.action["type"] in ("begin", "end_turn")]
    code, out, _ = cli("undo", "--phase", "--yes", "--json", "--battle", path)
    assert code == 0 and json.loads(out)["log_length"] == turns[-1] > 6
    assert [e["seq"] for e in json.loads(out)["dropped"]] == [len(battle.log)]


def test_an_fe_tabletop_turn_keeps_its_order_roll_when_its_first_action_is_undone(
    tmp_path: Path,
) -> None:
    """Issue 24 item 6: the order roll went with the first action, and the next action
    rolled it again ("it is ana's turn; Kyle is ben's")."""
    castle = ROOT / "examples" / "fe_tabletop" / "castle"
    battle = tmp_path / "c.json"
    assert cli("new", "-r", "fe-tabletop", "--map", castle / "map.yaml", "--units",
               castle / "party.yaml", "--units", castle / "garrison.yaml", "--seed", 4,
               "--battle", battle)[0] == 0
    code, out, _ = cli("move", "lute", 3, 3, "--json", "--battle", battle)
    data = json.loads(out)
    assert code == 0 and data["before"][0]["records"][0]["type"] == "turn_order"
    order = data["before"][0]["records"][0]["order"]
    assert cli("undo", "--battle", battle)[0] == 0
    kept = load_battle(battle).log
    assert [e.action["type"] for e in kept] == ["turn_order"]
    code, out, _ = cli("show", "--json", "--battle", battle)
    assert json.loads(out)["player_order"] == order
    code, out, err = cli("move", "lute", 3, 3, "--json", "--battle", battle)
    assert code == 0 and "before" not in json.loads(out)  # not rolled again
    assert load_battle(battle).log[0] == kept[0]
