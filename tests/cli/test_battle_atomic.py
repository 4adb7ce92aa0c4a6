"""A command that applies several actions writes them all at once or not at all;
``battle log`` says whose dice; ``undo --to/--phase``; a forged file is named."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tactician.cli.main import app
from tactician.engine import play, store_file
from tactician.engine.store_file import STALE_AFTER_S
from tactician.table import battles
from tests.battle_json import battle_data, write_battle_data
from tests.engine.forge import reseal

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"
runner = CliRunner()


def cli(*args: Any) -> tuple[int, str, str]:
    result = runner.invoke(app, ["battle", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def enemy_turn(tmp_path: Path) -> Path:
    """The ford (seed 3) at the start of the enemy phase, after one player move."""
    battle = tmp_path / "b.json"
    assert cli("new", "--map", EXAMPLE / "ford.yaml", "--units", EXAMPLE / "party.yaml",
               "--units", EXAMPLE / "bandits.yaml", "--seed", 3, "--battle", battle)[0] == 0
    assert cli("move", "aria", 6, 4, "--battle", battle)[0] == 0
    assert cli("end-phase", "--battle", battle)[0] == 0
    return battle


def log_of(battle: Path) -> list[dict[str, Any]]:
    code, out, err = cli("log", "--json", "--battle", battle)
    assert code == 0, err
    entries: list[dict[str, Any]] = json.loads(out)["entries"]
    return entries


# --- one phase, one write -----------------------------------------------------------------


def test_a_refused_roll_in_the_enemy_phase_changes_nothing(enemy_turn: Path) -> None:
    before = enemy_turn.read_bytes()
    code, _, err = cli("enemy-phase", "--rolls", "101", "--battle", enemy_turn)
    assert code == 2 and "supplied roll #1 is 101" in err
    assert enemy_turn.read_bytes() == before
    # the same phase on good dice moves units before its first die: those moves were
    # played, and dropped with the refusal
    code, out, _ = cli("enemy-phase", "--rolls", ",".join(["60"] * 80), "--json",
                       "--battle", enemy_turn)
    assert code == 0
    entries = [e for d in json.loads(out)["decisions"] for e in d["entries"]]
    first_die = next(i for i, e in enumerate(entries) if e["dice"])
    assert first_die > 0 and entries[0]["action"]["type"] == "move"


def test_dice_that_run_out_save_nothing_and_a_rerun_plays_the_same(enemy_turn: Path) -> None:
    before = enemy_turn.read_bytes()
    code, _, err = cli("enemy-phase", "--rolls", "50,50", "--battle", enemy_turn)
    assert code == 2 and "roll #3 must be a d100" in err
    assert enemy_turn.read_bytes() == before
    code, out, _ = cli("enemy-phase", "--rolls", ",".join(["50"] * 80), "--json",
                       "--battle", enemy_turn)
    assert code == 0
    data = json.loads(out)
    dice = [d["value"] for dec in data["decisions"] for e in dec["entries"] for d in e["dice"]]
    assert dice and set(dice) == {50} and len(data["unused_rolls"]) == 80 - len(dice)


def test_the_enemy_phase_is_one_write(enemy_turn: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The phase is one write: a whole rewrite for a file in the old form, else one
    appended record holding every entry of the phase."""
    writes: list[tuple[str, int]] = []
    real, real_append = store_file.save_battle, store_file.append_battle

    def counted(battle: Any, path: Path, *args: Any) -> None:
        writes.append(("whole", len(battle.log)))
        real(battle, path, *args)

    def appended(path: Path, end: int, battle: Any, count: int, *args: Any) -> None:
        writes.append(("append", count))
        real_append(path, end, battle, count, *args)

    monkeypatch.setattr(store_file, "save_battle", counted)
    monkeypatch.setattr(store_file, "append_battle", appended)
    decisions = battles.play_side(enemy_turn)
    played = sum(len(d["entries"]) for d in decisions)
    assert played > 2 and writes == [("append", played)]
    assert [e["seq"] for e in battle_data(enemy_turn)["log"]] == list(range(1, 3 + played))


def test_a_killed_enemy_phase_leaves_the_battle_as_it_was(
    enemy_turn: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = enemy_turn.read_bytes()
    real, calls = play.act_steps, []

    def killed_on_the_third(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt  # Ctrl-C (or a kill) mid-phase
        return real(*args, **kwargs)

    monkeypatch.setattr(play, "act_steps", killed_on_the_third)  # the engine's play loop
    with pytest.raises(KeyboardInterrupt):
        battles.play_side(enemy_turn)
    assert enemy_turn.read_bytes() == before
    assert [p.name for p in enemy_turn.parent.iterdir() if p.name.startswith(".")] == []


# --- the log says whose dice --------------------------------------------------------------


def test_log_says_which_dice_were_the_tables(enemy_turn: Path) -> None:
    assert cli("enemy-phase", "--battle", enemy_turn)[0] == 0
    code, out, _ = cli("enemy-phase", "--rolls", ",".join(["50"] * 80), "--any-side",
                       "--battle", enemy_turn)
    assert code == 0
    entries = log_of(enemy_turn)
    sources = {e["dice_source"] for e in entries}
    assert sources == {"none", "seeded", "physical"}
    for entry in entries:
        assert entry["dice_source"] == ("none" if not entry["dice"] else
                                        "physical" if entry["physical"] else "seeded")
        assert isinstance(entry["stream"], int) and len(entry["hash"]) == 64
    code, text, _ = cli("log", "--battle", enemy_turn)
    assert code == 0
    seeded = next(e for e in entries if e["dice_source"] == "seeded")
    assert (f"seeded dice: d100: {seeded['dice'][0]['value']}" in text
            and f"(the battle's seed, stream {seeded['stream']})" in text)
    assert "physical dice: d100: 50" in text and "(the table's: --rolls or asked)" in text
    data = json.loads(cli("log", "--json", "--battle", enemy_turn)[1])
    assert data["format"] == 2 and data["head"] == entries[-1]["hash"]
    assert f"Chain verified; head {data['head']}" in text


# --- undo to an entry, or a phase ---------------------------------------------------------


def test_undo_phase_drops_the_whole_enemy_phase(enemy_turn: Path) -> None:
    before = battle_data(enemy_turn)
    assert cli("enemy-phase", "--battle", enemy_turn)[0] == 0
    assert len(log_of(enemy_turn)) > 3
    code, out, _ = cli("undo", "--phase", "--yes", "--json", "--battle", enemy_turn)
    assert code == 0
    data = json.loads(out)
    assert data["log_length"] == 2 and data["dropped"][-1]["action"]["type"] == "end_phase"
    assert [e["seq"] for e in log_of(enemy_turn)] == [1, 2]
    # the file differs from before only in the streams counter (undone dice stay spent)
    # and in the redo list, which holds the phase
    now, then = battle_data(enemy_turn), before
    assert now["streams"] > then["streams"] and [e["seq"] for e in now["undone"]] == \
        [e["seq"] for e in data["dropped"]]
    assert {**now, "streams": 0, "undone": []} == {**then, "streams": 0}


def test_undo_to_keeps_entries_one_to_n_and_names_a_bad_n(enemy_turn: Path) -> None:
    assert cli("enemy-phase", "--battle", enemy_turn)[0] == 0
    size = len(log_of(enemy_turn))
    before = enemy_turn.read_bytes()
    for to, message in ((size + 3, f"cannot undo to entry {size + 3}: the log has entries "
                                   f"1..{size}, so keep 0..{size - 1}"),
                        (size, f"nothing to undo: entry {size} is already the last entry"),
                        (-1, "cannot undo to entry -1")):
        code, _, err = cli("undo", "--to", to, "--battle", enemy_turn)
        assert code == 2 and message in err
        assert enemy_turn.read_bytes() == before
    code, _, err = cli("undo", "--to", 1, "--phase", "--battle", enemy_turn)
    assert code == 2 and "not both" in err and enemy_turn.read_bytes() == before
    code, out, _ = cli("undo", "--to", 1, "--yes", "--battle", enemy_turn)
    assert code == 0 and "The log now ends at entry 1." in out and f"Undid #{size}" in out
    assert [e["seq"] for e in log_of(enemy_turn)] == [1]
    assert cli("undo", "--to", 0, "--yes", "--battle", enemy_turn)[0] == 0
    assert log_of(enemy_turn) == []
    code, _, err = cli("undo", "--battle", enemy_turn)
    assert code == 2 and "the log is empty" in err


# --- forged files, named ------------------------------------------------------------------


def _forge_seeded_dice_as_physical(data: dict[str, Any]) -> None:
    entry = next(e for e in data["log"] if e["dice"] and not e["physical"])
    entry["dice"][0]["value"] = 101 - entry["dice"][0]["value"]
    entry["physical"] = True


def _forge_start(data: dict[str, Any]) -> None:
    data["start"]["name"] = "Forged Ford"


def _delete_middle(data: dict[str, Any]) -> None:
    del data["log"][2]


def _duplicate_middle(data: dict[str, Any]) -> None:
    data["log"].insert(3, data["log"][2])


def _every_seq_one(data: dict[str, Any]) -> None:
    for entry in data["log"]:
        entry["seq"] = 1


def _seeded_dice_resealed(data: dict[str, Any]) -> None:
    entry = next(e for e in data["log"] if e["dice"] and not e["physical"])
    entry["dice"][0]["value"] = 101 - entry["dice"][0]["value"]
    data.update(reseal(data))


def _seeded_position(data: dict[str, Any]) -> int:
    return next(i for i, e in enumerate(data["log"], 1) if e["dice"] and not e["physical"])


@pytest.mark.parametrize("forge, named", [
    (_forge_seeded_dice_as_physical, lambda d: f"entry {_seeded_position(d)}: hash does not "
                                               f"follow entry {_seeded_position(d) - 1}"),
    (_forge_start, lambda d: "start was edited"),
    (_delete_middle, lambda d: "entry 3: its seq is 4, expected 3"),
    (_duplicate_middle, lambda d: "entry 4: its seq is 3, expected 4"),
    (_every_seq_one, lambda d: "entry 2: its seq is 1, expected 2"),
    (_seeded_dice_resealed, lambda d: f"entry {_seeded_position(d)}: its dice are not the "
                                      "battle's seeded dice for stream"),
])
def test_replay_names_the_first_forged_entry(enemy_turn: Path, forge: Any, named: Any) -> None:
    assert cli("enemy-phase", "--battle", enemy_turn)[0] == 0
    data = battle_data(enemy_turn)
    message = named(data)
    forge(data)
    write_battle_data(enemy_turn, data)
    for command in ("replay", "log", "show"):
        code, _, err = cli(command, "--battle", enemy_turn)
        assert code == 2 and message in err and "does not verify" in err, (command, err)
    code, out, _ = cli("replay", "--json", "--battle", enemy_turn)
    assert code == 2 and message in json.loads(out)["error"]


@pytest.mark.parametrize("value", [99, 1])
def test_unknown_formats_are_refused(enemy_turn: Path, value: int) -> None:
    data = battle_data(enemy_turn)
    data["format"] = value
    write_battle_data(enemy_turn, data)
    before = enemy_turn.read_bytes()
    code, _, err = cli("replay", "--battle", enemy_turn)
    assert code == 2 and err.startswith(f"error: {enemy_turn}: ")
    assert f"format {value}" in err and "format 2" in err
    assert enemy_turn.read_bytes() == before


def test_opening_cleans_up_a_killed_saves_temporary(enemy_turn: Path) -> None:
    leftover = enemy_turn.parent / f".{enemy_turn.name}.a1b2c3d4"
    fresh = enemy_turn.parent / f".{enemy_turn.name}.e5f6g7h8"
    for path in (leftover, fresh):
        path.write_text('{"format": 2')
    stale = time.time() - STALE_AFTER_S - 1
    os.utime(leftover, (stale, stale))
    assert cli("show", "--battle", enemy_turn)[0] == 0
    assert not leftover.exists() and fresh.exists()


def test_a_rerun_with_the_missing_roll_plays_the_same_phase(enemy_turn: Path) -> None:
    code, _, err = cli("enemy-phase", "--rolls", "50,50", "--battle", enemy_turn)
    assert code == 2 and "run `battle enemy-phase` again (nothing of this phase was saved" in err
    code, out, _ = cli("enemy-phase", "--rolls", ",".join(["50"] * 80), "--json",
                       "--battle", enemy_turn)
    with_dice = [e["action"] for d in json.loads(out)["decisions"] for e in d["entries"]]
    assert cli("undo", "--phase", "--yes", "--battle", enemy_turn)[0] == 0
    code, out, _ = cli("enemy-phase", "--rolls", ",".join(["50"] * 80), "--json",
                       "--battle", enemy_turn)
    assert [e["action"] for d in json.loads(out)["decisions"] for e in d["entries"]] == with_dice


def test_a_uesrpg_battle_chains_and_undoes_a_turn(tmp_path: Path) -> None:
    skirmish = Path(__file__).resolve().parents[2] / "examples" / "uesrpg" / "skirmish"
    battle = tmp_path / "u.json"
    assert cli("new", "--ruleset", "uesrpg", "--map", skirmish / "map.yaml", "--units",
               skirmish / "party.yaml", "--units", skirmish / "bandits.yaml", "--seed", 3,
               "--battle", battle)[0] == 0
    for _ in range(3):  # initiative, then Turns played by the engine, players' included
        assert cli("enemy-phase", "--any-side", "--battle", battle)[0] == 0
    entries = log_of(battle)
    assert entries[0]["records"][0]["type"] == "begin" and entries[0]["dice_source"] == "seeded"
    assert cli("replay", "--battle", battle)[0] == 0
    ends = [e["seq"] for e in entries if e["records"][0]["type"] in ("begin", "end_turn")]
    assert entries[-1]["seq"] == ends[-1]  # the engine stops where a Turn ends
    assert cli("undo", "--phase", "--yes", "--battle", battle)[0] == 0
    assert len(log_of(battle)) == ends[-2]  # back to the start of that Turn
    data = battle_data(battle)
    data["log"][0]["physical"] = True  # the initiative roll claimed as the table's
    write_battle_data(battle, data)
    code, _, err = cli("replay", "--battle", battle)
    assert code == 2 and "entry 1: hash does not follow the start" in err
