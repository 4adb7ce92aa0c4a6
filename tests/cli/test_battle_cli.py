"""``tactician battle ...``: a battle played from the command line, file by file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.battle import dice_text, parse_params, parse_value
from tactician.cli.board_view import labels
from tactician.cli.main import app
from tests.battle_json import battle_data, write_battle_data
from tests.engine.forge import reseal

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "tropera"
FORD = EXAMPLES / "battle" / "ford.yaml"
PARTY = EXAMPLES / "battle" / "party.yaml"
BANDITS = EXAMPLES / "battle" / "bandits.yaml"
runner = CliRunner()


class Run:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def json(self) -> Any:
        return json.loads(self.out)


def cli(*args: Any, input: str | None = None) -> Run:
    result = runner.invoke(app, ["battle", *map(str, args)], input=input)
    return Run(result.exit_code, result.stdout, result.stderr)


def skirmish(tmp_path: Path) -> Path:
    """A small fight on the ford map: Aria can reach the brigand in round 1."""
    units = tmp_path / "skirmish.yaml"
    units.write_text(
        "units:\n"
        f"  - {{id: aria, file: {EXAMPLES / 'aria_sword_fighter.yaml'}, side: player, "
        "at: [5, 4]}\n"
        f"  - {{id: lute, file: {EXAMPLES / 'lute_mage.yaml'}, side: player, at: [4, 3]}}\n"
        f"  - {{id: gilliam, file: {EXAMPLES / 'gilliam_armored_lancer.yaml'}, side: player, "
        "at: [3, 4]}\n"
        f"  - {{id: brigand-1, file: {EXAMPLES / 'enemies' / 'brigand.yaml'}, side: enemy, "
        "at: [7, 4], tier: mob}\n"
        f"  - {{id: chief, file: {EXAMPLES / 'enemies' / 'chief.yaml'}, side: enemy, "
        "at: [12, 4], tier: elite}\n",
        encoding="utf-8",
    )
    return units


def new_skirmish(tmp_path: Path, seed: int = 7, name: str = "battle.json") -> Path:
    battle = tmp_path / name
    run = cli("new", "--map", FORD, "--units", skirmish(tmp_path), "--seed", seed,
              "--out", battle)
    assert run.code == 0, run.err
    return battle


def new_ford(tmp_path: Path, seed: int) -> Path:
    battle = tmp_path / "ford.json"
    run = cli("new", "--ruleset", "tropera", "--map", FORD, "--units", PARTY, "--units", BANDITS,
              "--seed", seed, "--out", battle, "--json")
    assert run.code == 0, run.err
    return battle


def board(battle: Path, reach: str | None = None) -> dict[str, Any]:
    args = ["show", "--battle", battle, "--json"]
    if reach:
        args += ["--reach", reach]
    run = cli(*args)
    assert run.code == 0, run.out + run.err
    data: dict[str, Any] = run.json()
    return data


def unit(view: dict[str, Any], unit_id: str) -> dict[str, Any]:
    return next(u for u in view["units"] if u["id"] == unit_id)


# --- the whole loop ----------------------------------------------------------------------


def test_new_show_move_attack_end_phase_enemy_phase_log_undo_replay(tmp_path: Path) -> None:
    battle = tmp_path / "battle.json"
    run = cli("new", "--ruleset", "tropera", "--map", FORD, "--units", skirmish(tmp_path),
              "--seed", 7, "--out", battle)
    assert run.code == 0, run.err
    assert "seed 7" in run.out and "round 1, player phase" in run.out
    with pytest.raises(AssertionError):  # no overwrite without --force
        new_skirmish(tmp_path)
    assert cli("new", "--map", FORD, "--units", skirmish(tmp_path), "--out", battle,
               "--force").code == 0
    battle = new_skirmish(tmp_path, name="b.json")

    shown = cli("show", "--battle", battle)
    assert shown.code == 0
    assert "x = column, y = row, both from 0" in shown.out
    assert "Victory: rout the enemy" in shown.out
    lines = shown.out.splitlines()
    header = next(line for line in lines if line.startswith("y\\x"))
    assert header.split()[1:] == [str(x) for x in range(16)]
    row4 = next(line for line in lines if line.startswith("  4 "))
    # A: aria (5, 4), B: lute, C: gilliam (3, 4); a: brigand-1 (7, 4); terrain 'f' skipped
    assert row4.split()[1:] == ["=", "=", "=", "C", "=", "A", "=", "a", "=", "=", "f", "=",
                                "b", ".", ".", ".", "4"]
    assert "brigand-1" in shown.out and "22/22" in shown.out

    reach = cli("show", "--battle", battle, "--reach", "aria")
    assert reach.code == 0
    assert "[A]" in reach.out and "<a>" in reach.out
    assert "can move there" in reach.out and "can attack there only" in reach.out

    moved = cli("move", "aria", 6, 4, "--battle", battle)
    assert moved.code == 0, moved.err
    assert "Aria moves to (6, 4)" in moved.out and "path: (5, 4) → (6, 4)" in moved.out
    assert "left" in moved.out

    attacked = cli("attack", "aria", "brigand-1", "--yes", "--battle", battle)
    assert attacked.code == 0, attacked.err
    assert "Forecast at distance 1" in attacked.out
    assert "Commit this attack?" not in attacked.out
    assert "1. Aria → Brigand" in attacked.out and "attack roll" in attacked.out
    assert "Result: Aria" in attacked.out

    ended = cli("end-phase", "--battle", battle)
    assert ended.code == 0 and "round 1, enemy phase" in ended.out

    enemy = cli("enemy-phase", "--explain", "--battle", battle)
    assert enemy.code == 0, enemy.err
    assert "candidates scored" in enemy.out
    assert "chief (elite)" in enemy.out or "brigand-1 (mob)" in enemy.out
    assert "score" in enemy.out and "round 2, player phase" in enemy.out

    log = cli("log", "--battle", battle)
    assert log.code == 0
    assert "#1 Aria moves to (6, 4)" in log.out and "#2 Aria attacks Brigand" in log.out
    assert "seeded dice: d100:" in log.out
    entries = cli("log", "--battle", battle, "--json").json()["entries"]
    last = entries[-1]

    undone = cli("undo", "--battle", battle)
    assert undone.code == 0 and f"Undid #{last['seq']}: {last['summary']}" in undone.out
    assert len(cli("log", "--battle", battle, "--json").json()["entries"]) == len(entries) - 1

    replayed = cli("replay", "--battle", battle)
    assert replayed.code == 0, replayed.err
    assert "Replay matches" in replayed.out and "#2 Aria attacks Brigand" in replayed.out
    assert "x = column" in replayed.out


def test_same_seed_same_attack(tmp_path: Path) -> None:
    first, second = (new_skirmish(tmp_path, seed=11, name=n) for n in ("one.json", "two.json"))
    results = []
    for battle in (first, second):
        assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
        run = cli("attack", "aria", "brigand-1", "--yes", "--json", "--battle", battle)
        assert run.code == 0, run.out
        results.append(run.json()["entry"])
    assert results[0] == results[1]
    assert results[0]["dice"] and not results[0]["physical"]


# --- refusals change nothing -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("move", "aria", 99, 4), "off the 16x8 map"),
        (("move", "aria", 15, 0), "cannot reach (15, 0)"),
        (("move", "chief", 11, 4), "it is the player phase"),
        (("move", "nobody", 1, 1), "no unit 'nobody'"),
        (("attack", "aria", "chief", "--yes"), "not distance"),
        (("attack", "aria", "lute", "--yes"), "ally"),
        (("act", "aria", "fly"), "unknown action 'fly'"),
        (("act", "aria", "equip", "weapon=Silver Sword"), "Silver Sword"),
        (("act", "lute", "item", "item=Vulnerary", "target=aria"), "not adjacent"),
        (("act", "aria", "wait", "oops"), "KEY=VALUE"),
        (("enemy-phase",), "commanded by players"),
        (("undo",), "nothing to undo"),
    ],
)
def test_refusals_exit_2_and_leave_the_file_alone(
    tmp_path: Path, args: tuple[Any, ...], message: str
) -> None:
    battle = new_skirmish(tmp_path)
    before = battle.read_bytes()
    run = cli(*args, "--battle", battle)
    assert run.code == 2
    assert run.err.startswith("error: ") and message in run.err
    assert run.err.count("\n") == 1
    assert battle.read_bytes() == before


def test_moving_in_the_enemy_phase_is_refused(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("end-phase", "--battle", battle).code == 0
    before = battle.read_bytes()
    run = cli("move", "aria", 6, 4, "--battle", battle)
    assert run.code == 2 and "it is the enemy phase" in run.err
    assert battle.read_bytes() == before


def test_missing_battle_file_is_refused(tmp_path: Path) -> None:
    run = cli("show", "--battle", tmp_path / "nope.json")
    assert run.code == 2 and "no such battle file" in run.err


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person at a terminal answers the question (CliRunner's input is no tty)."""
    monkeypatch.setattr("tactician.cli.battle.can_ask", lambda: True)


@pytest.mark.usefixtures("terminal")
def test_declining_the_attack_commits_nothing(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
    before = battle.read_bytes()
    run = cli("attack", "aria", "brigand-1", "--battle", battle, input="n\n")
    assert run.code == 0
    assert "Forecast at distance 1" in run.out and "Commit this attack? [y/N]" in run.out
    assert "Not committed" in run.out
    assert battle.read_bytes() == before
    run = cli("attack", "aria", "brigand-1", "--battle", battle, input="\n")  # default: no
    assert battle.read_bytes() == before
    run = cli("attack", "aria", "brigand-1", "--battle", battle, input="y\n")
    assert run.code == 0 and "Result:" in run.out
    assert battle.read_bytes() != before


def test_an_attack_the_rules_refuse_is_refused_before_the_question(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
    assert cli("act", "aria", "defend", "--battle", battle).code == 0
    before = battle.read_bytes()
    run = cli("attack", "aria", "brigand-1", "--battle", battle, input="y\n")
    assert run.code == 2 and "already took a main action" in run.err
    assert "Commit this attack?" not in run.out
    assert battle.read_bytes() == before


def test_json_attack_needs_yes(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
    before = battle.read_bytes()
    run = cli("attack", "aria", "brigand-1", "--json", "--battle", battle)
    assert run.code == 2 and "--yes" in run.json()["error"]
    assert battle.read_bytes() == before


# --- physical dice -----------------------------------------------------------------------


def test_physical_rolls_are_consumed_in_order_and_logged(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
    supplied = [50, 40, 30, 20, 10, 60, 70, 80, 90, 5, 15, 25, 35, 45, 55, 65]
    run = cli("attack", "aria", "brigand-1", "--yes", "--json", "--battle", battle,
              "--rolls", ",".join(map(str, supplied)))
    assert run.code == 0, run.out
    data = run.json()
    entry = data["entry"]
    used = [d["value"] for d in entry["dice"]]
    assert entry["physical"] and used == supplied[: len(used)]
    assert data["unused_rolls"] == supplied[len(used):]
    assert all(d["sides"] == 100 for d in entry["dice"])
    assert "forecast" in data and data["forecast"]["distance"] == 1
    log = cli("log", "--battle", battle)
    assert "physical dice: d100: 50, 40" in log.out
    assert cli("replay", "--battle", battle).code == 0


@pytest.mark.parametrize(
    ("rolls", "message"),
    [("101", "a d100 cannot show"), ("0,50", "a d100 cannot show"), ("5x", "not a whole number"),
     ("50", "out of supplied rolls")],
)
def test_bad_physical_rolls_are_refused(tmp_path: Path, rolls: str, message: str) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
    before = battle.read_bytes()
    for extra in (["--yes"], []):  # --yes: refused by the action; without: before the question
        run = cli("attack", "aria", "brigand-1", "--rolls", rolls, "--battle", battle, *extra,
                  input="y\n")
        assert run.code == 2 and message in run.err
        assert "Commit this attack?" not in run.out
        assert battle.read_bytes() == before


# --- generic actions ---------------------------------------------------------------------


def test_parse_values() -> None:
    assert parse_value("3") == 3
    assert parse_value("3,4") == [3, 4]
    assert parse_value("brigand-1,chief") == ["brigand-1", "chief"]
    assert parse_value("Steel Sword") == "Steel Sword"
    assert parse_value('"12"') == "12"
    assert parse_params(["item=Vulnerary", "target=aria", "to=2,3"]) == {
        "item": "Vulnerary", "target": "aria", "to": [2, 3]}


def test_act_equip_defend_item_wait(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    run = cli("act", "aria", "equip", "weapon=Steel Sword", "--battle", battle)
    assert run.code == 0 and "Aria equips Steel Sword" in run.out
    assert unit(board(battle), "aria")["equipped"] == "Steel Sword"
    run = cli("act", "aria", "defend", "--battle", battle, "--json")
    assert run.code == 0 and run.json()["entry"]["action"] == {"type": "defend", "unit": "aria"}
    assert "defend" in unit(board(battle), "aria")["effects"]
    run = cli("act", "lute", "item", "item=Vulnerary", "--battle", battle)
    assert run.code == 0 and "Lute uses Vulnerary on Lute" in run.out
    run = cli("act", "gilliam", "move", "to=3,5", "--battle", battle)
    assert run.code == 0 and "Gilliam moves to (3, 5)" in run.out
    assert cli("act", "gilliam", "wait", "--battle", battle).code == 0
    view = board(battle)
    assert all(unit(view, u)["acted"] for u in ("aria", "lute", "gilliam"))
    log = cli("log", "--battle", battle, "--json").json()["entries"]
    assert [e["action"]["type"] for e in log] == ["equip", "defend", "item", "move", "wait"]


# --- machine output ----------------------------------------------------------------------


def test_every_command_speaks_json(tmp_path: Path) -> None:
    battle = tmp_path / "battle.json"
    made = cli("new", "--map", FORD, "--units", skirmish(tmp_path), "--seed", 3,
               "--out", battle, "--json").json()
    assert made["seed"] == 3 and made["view"]["phase"] == "player"
    shown = board(battle, reach="aria")
    assert shown["labels"]["aria"] == "A" and shown["labels"]["brigand-1"] == "a"
    assert [6, 4] in shown["reach"]["move"]
    forecast = cli("forecast", "aria", "brigand-1", "--battle", battle, "--json")
    assert forecast.code == 2 and "not distance" in forecast.json()["error"]
    moved = cli("move", "aria", 6, 4, "--battle", battle, "--json").json()
    assert moved["entry"]["records"][0]["path"] == [[5, 4], [6, 4]]
    forecast = cli("forecast", "aria", "brigand-1", "--battle", battle, "--json").json()
    assert 0 <= forecast["outcome"]["defender_defeated"] <= 1
    attack = cli("attack", "aria", "brigand-1", "--yes", "--json", "--battle", battle).json()
    assert attack["entry"]["records"][0]["type"] == "attack"
    ended = cli("end-phase", "--json", "--battle", battle).json()
    assert ended["phase"] == "enemy"
    enemy = cli("enemy-phase", "--json", "--battle", battle).json()
    assert enemy["side"] == "enemy" and enemy["decisions"]
    acting = [d for d in enemy["decisions"] if d["unit"]]
    assert all({"reason", "candidates_scored", "best", "entries"} <= set(d) for d in acting)
    assert enemy["decisions"][-1]["actions"] == [{"type": "end_phase"}] or \
        enemy["result"] != "ongoing"
    log = cli("log", "--json", "--battle", battle).json()
    assert log["seed"] == 3 and log["entries"][0]["seq"] == 1
    undone = cli("undo", "--json", "--battle", battle).json()
    assert undone["undone"]["seq"] == len(log["entries"])
    replayed = cli("replay", "--json", "--battle", battle).json()
    assert replayed["matches"] and len(replayed["entries"]) == len(log["entries"]) - 1


def test_enemy_phase_any_side_lets_the_engine_play_the_players(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    run = cli("enemy-phase", "--any-side", "--json", "--battle", battle)
    assert run.code == 0, run.out
    assert run.json()["side"] == "player" and run.json()["phase"] == "enemy"


def test_replay_refuses_a_log_that_no_longer_applies(tmp_path: Path) -> None:
    battle = new_skirmish(tmp_path)
    assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
    assert cli("attack", "aria", "brigand-1", "--yes", "--battle", battle).code == 0
    data = battle_data(battle)
    data["log"][1]["dice"] = []  # the attack's dice are gone (and the chain resealed,
    write_battle_data(battle, reseal(data))  # as if the rules had changed since)
    run = cli("replay", "--battle", battle)
    assert run.code == 2 and "log entry 2" in run.err


def test_a_log_worded_by_an_older_version_still_opens_and_replay_lists_it(
        tmp_path: Path) -> None:
    """Replay compared every entry's summary and records word for word, so a battle
    logged before a version that words a line better (issue 24's plurals, names told
    apart, fuller attack lines) no longer opened at all ("log entry N replays
    differently"). The words are not the battle: an entry that applies on its
    recorded dice opens; `battle replay` lists it, the logged words beside today's."""
    battle = new_skirmish(tmp_path)
    assert cli("move", "aria", 6, 4, "--battle", battle).code == 0
    assert cli("attack", "aria", "brigand-1", "--yes", "--battle", battle).code == 0
    data = battle_data(battle)
    today = data["log"][1]["summary"]
    data["log"][1]["summary"] = "Aria attacks Brigand (brigand-1): 1 strikes, 1 land"
    data["log"][1]["dice"][0]["purpose"] = "an older wording of the die"
    write_battle_data(battle, reseal(data))
    shown = cli("show", "--battle", battle)
    assert shown.code == 0, shown.err
    run = cli("replay", "--battle", battle)
    assert run.code == 0, run.err
    assert "1 entry now read otherwise" in run.out and "1 strikes, 1 land" in run.out
    assert today in " ".join(run.out.split()) or today.split(":")[0] in run.out
    answer = cli("replay", "--json", "--battle", battle).json()
    assert answer["matches"] is False
    assert [r["seq"] for r in answer["reads_otherwise"]] == [2]
    assert answer["reads_otherwise"][0]["now"] == today
    # the dice themselves still bind: another value is another battle
    data["log"][1]["dice"][0]["value"] = 101 - data["log"][1]["dice"][0]["value"]
    write_battle_data(battle, reseal(data))
    assert cli("replay", "--battle", battle).code == 2


# --- rendering ---------------------------------------------------------------------------


def test_labels_skip_terrain_letters_and_follow_side_order() -> None:
    view = {
        "symbols": {"plain": ".", "forest": "F", "fort": "f", "village": "v"},
        "sides": ["player", "enemy", "other"],
        "units": [{"id": f"p{i}", "side": "player"} for i in range(7)]
        + [{"id": f"e{i}", "side": "enemy"} for i in range(7)]
        + [{"id": "x", "side": "other"}],
    }
    marks = labels(view)
    assert [marks[f"p{i}"] for i in range(7)] == ["A", "B", "C", "D", "E", "G", "H"]
    assert [marks[f"e{i}"] for i in range(7)] == ["a", "b", "c", "d", "e", "g", "h"]
    assert marks["x"] == "1"


def test_dice_text_groups_by_die() -> None:
    class Die:
        def __init__(self, sides: int, value: int) -> None:
            self.sides, self.value = sides, value

    assert dice_text([Die(100, 42), Die(20, 7), Die(100, 20)]) == "d100: 42, 20; d20: 7"


def test_cli_startup_does_not_load_the_battle_engine() -> None:
    code = ("import sys, tactician.cli.main; "
            "print(any(m.startswith(('tactician.table', 'tactician.engine', 'rich')) "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- the example battle, to its end ------------------------------------------------------


def _distance(a: list[int], b: list[int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _player_turn(battle: Path, unit_id: str) -> None:
    """A plain player: attack the weakest reachable foe from an adjacent tile, else
    march on the nearest one."""
    view = board(battle)
    me = unit(view, unit_id)
    foes = [u for u in view["units"]
            if u["side"] == "enemy" and u["hp"] > 0 and u["position"] is not None]
    if me["hp"] == 0 or me["acted"] or not foes or view["result"] != "ongoing":
        return
    view = board(battle, reach=unit_id)
    moves = view["reach"]["move"]
    options = [(foe["hp"], tile, foe["id"]) for foe in foes for tile in moves
               if _distance(tile, foe["position"]) == 1]
    if options:
        _, tile, target = min(options)
        if tile != me["position"]:
            assert cli("move", unit_id, *tile, "--battle", battle, "--json").code == 0
        run = cli("attack", unit_id, target, "--yes", "--json", "--battle", battle)
        assert run.code == 0, run.out
        return
    tile = min(moves, key=lambda t: (min(_distance(t, f["position"]) for f in foes), t))
    if tile != me["position"]:
        assert cli("move", unit_id, *tile, "--battle", battle, "--json").code == 0


@pytest.mark.parametrize("seed", [1, 2, 20])
def test_the_example_battle_plays_to_its_end(tmp_path: Path, seed: int) -> None:
    battle = new_ford(tmp_path, seed)
    players = [u["id"] for u in board(battle)["units"] if u["side"] == "player"]
    for _ in range(30):
        for unit_id in players:
            _player_turn(battle, unit_id)
        if board(battle)["result"] != "ongoing":
            break
        assert cli("end-phase", "--battle", battle, "--json").code == 0
        enemy = cli("enemy-phase", "--battle", battle, "--json")
        assert enemy.code == 0, enemy.out
        if enemy.json()["result"] != "ongoing":
            break
    final = board(battle)
    assert final["result"] in ("victory", "defeat"), final["round"]
    assert cli("replay", "--battle", battle).code == 0
    assert "the battle is over" in cli("end-phase", "--battle", battle).err
    refused = cli("enemy-phase", "--battle", battle)
    assert refused.code == 2 and "the battle is over" in refused.err


def test_action_values_in_brackets_are_lists_of_numbers() -> None:
    """`battle act u move to=[6,13]` and `to=(6, 13)`, the way the board writes a
    tile, give [6, 13] like `to=6,13` (fe10 found `[6,13]` arriving as strings)."""
    from tactician.cli.battle import parse_params

    assert parse_params(["to=[6,13]"]) == {"to": [6, 13]}
    assert parse_params(["to=(6, 13)"]) == {"to": [6, 13]}
    assert parse_params(["to=6,13"]) == {"to": [6, 13]}
    assert parse_params(["tiles=[4,1;5,2]"]) == {"tiles": [[4, 1], [5, 2]]}
    assert parse_params(["names=[aria]"]) == {"names": ["aria"]}
    assert parse_params(["name='[x]'"]) == {"name": "[x]"}
