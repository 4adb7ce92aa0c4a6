"""A battle file in lines (issue 28): an action reads the newest snapshot and the lines
after it and appends one line; a torn last line is no committed action; a file in
the old form still opens and is rewritten in lines by its next write, no entry lost;
an undo rewrites; a malformed line is named by its line, nothing changed; an edit
is still named by the commands that read the whole file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tactician.content import battle_lines
from tactician.content.battle_lines import SNAPSHOT_EVERY, is_lines
from tactician.engine.chain import head
from tactician.engine.store_file import load_battle, read_battle_file
from tactician.errors import ContentError, TacticianError
from tactician.table.battles import load, new_battle, perform, rebuild, redo, take_back
from tests.battle_json import battle_data, write_battle_data

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"
END = {"type": "end_phase"}


def ford(tmp_path: Path, phases: int = 0) -> Path:
    path = tmp_path / "ford.json"
    new_battle("tropera", FORD / "ford.yaml", [FORD / "party.yaml", FORD / "bandits.yaml"],
               path, seed=7, options=["round_cap=none"])
    for _ in range(phases):
        perform(path, END)
    return path


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().split(b"\n") if line]


def test_an_action_appends_one_line_and_the_file_before_is_kept_byte_for_byte(
        tmp_path: Path) -> None:
    path = ford(tmp_path, 4)
    before = path.read_bytes()
    perform(path, {"type": "move", "unit": "aria", "to": [6, 4]})
    after = path.read_bytes()
    assert is_lines(after) and after.startswith(before)
    added = after[len(before):]
    assert added.count(b"\n") == 1 and added.endswith(b"\n")
    assert [e["seq"] for e in json.loads(added)["entries"]] == [5]


def test_a_snapshot_every_n_entries_and_the_tail_opens_to_the_replayed_state(
        tmp_path: Path) -> None:
    path = ford(tmp_path, 2 * SNAPSHOT_EVERY + 3)
    snapshots = [r["snapshot"]["seq"] for r in lines_of(path)[1:] if "snapshot" in r]
    assert snapshots == [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]
    tail = load(path, whole_log=False)
    assert tail.tail is not None and tail.tail.anchor is not None
    assert tail.tail.anchor.seq == 2 * SNAPSHOT_EVERY and len(tail.tail.log) == 3
    whole = rebuild(path)  # from the start, each snapshot compared on the way
    rules = whole.rules
    assert rules.dump_state(tail.state) == rules.dump_state(whole.state)
    assert (tail.seq, tail.head) == (whole.seq, whole.head)


def test_an_action_reads_only_the_lines_from_the_newest_snapshot_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What fails before: the whole file was parsed and replayed by every action."""
    path = ford(tmp_path, 4 * SNAPSHOT_EVERY + 2)
    read: list[int] = []
    real = battle_lines.parse_line

    def counted(raw: bytes, where: str) -> dict[str, Any]:
        read.append(len(raw))
        return real(raw, where)

    monkeypatch.setattr(battle_lines, "parse_line", counted)
    perform(path, END)
    # the header, the snapshot's line and the two after it, then the last line read
    # again under the lock: the same at any length
    assert len(read) == 5, read
    assert load_battle(path).log[-1].seq == 4 * SNAPSHOT_EVERY + 3


def test_a_torn_last_line_is_no_action_and_the_next_append_cuts_it_off(
        tmp_path: Path) -> None:
    path = ford(tmp_path, 4)
    committed = path.read_bytes()
    perform(path, END)
    whole = path.read_bytes()
    path.write_bytes(whole[:len(committed) + (len(whole) - len(committed)) // 2])  # a kill
    assert load(path, whole_log=False).seq == 4
    assert load(path).seq == 4 and len(load_battle(path).log) == 4
    perform(path, {"type": "move", "unit": "aria", "to": [6, 4]})
    battle = load_battle(path)
    assert [e.seq for e in battle.log] == [1, 2, 3, 4, 5]
    assert battle.log[4].action["type"] == "move"
    assert path.read_bytes().startswith(committed) and path.read_bytes().endswith(b"\n")
    rebuild(path)


def test_a_write_that_fails_part_way_is_cut_back(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = ford(tmp_path, 3)
    before = path.read_bytes()
    real = os.pwrite

    def half_then_full(descriptor: int, data: bytes, offset: int) -> int:
        real(descriptor, data[:len(data) // 2], offset)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "pwrite", half_then_full)
    with pytest.raises(OSError):
        perform(path, END)
    monkeypatch.undo()
    assert path.read_bytes() == before


def test_a_file_in_the_old_form_opens_plays_and_is_rewritten_in_lines_no_entry_lost(
        tmp_path: Path) -> None:
    path = ford(tmp_path, 12)
    old = load_battle(path)
    write_battle_data(path, old.model_dump(mode="json"), indent=1)  # as before issue 28
    assert not is_lines(path.read_bytes())
    assert load(path, whole_log=False).seq == 12
    perform(path, END)
    assert is_lines(path.read_bytes())
    now = load_battle(path)
    assert now.log[:12] == old.log and now.log[12].seq == 13
    assert now.streams == old.streams + 1
    assert len(read_battle_file(path).snapshots) == 1  # the state after entry 13 kept
    rebuild(path)


def test_every_example_battle_in_the_old_form_plays_on(tmp_path: Path) -> None:
    """Each example's battle as `battle new` wrote it before (one JSON document)."""
    from tactician.table.battles import play_side

    examples = [
        ("tropera", FORD / "ford.yaml", [FORD / "party.yaml", FORD / "bandits.yaml"]),
        ("uesrpg", ROOT / "examples/uesrpg/skirmish/map.yaml",
         [ROOT / "examples/uesrpg/skirmish/party.yaml",
          ROOT / "examples/uesrpg/skirmish/bandits.yaml"]),
        ("fe-tabletop", ROOT / "examples/fe_tabletop/castle/map.yaml",
         [ROOT / "examples/fe_tabletop/castle/party.yaml",
          ROOT / "examples/fe_tabletop/castle/garrison.yaml"]),
    ]
    for number, (ruleset, map_path, units) in enumerate(examples):
        path = tmp_path / f"b{number}.json"
        new_battle(ruleset, map_path, units, path, seed=3)
        play_side(path, every_side=True)
        old = load_battle(path)
        write_battle_data(path, old.model_dump(mode="json"), indent=1)
        play_side(path, every_side=True)
        now = load_battle(path)
        assert is_lines(path.read_bytes()) and now.log[:len(old.log)] == old.log, ruleset
        assert len(now.log) > len(old.log)
        rebuild(path)


def test_undo_rewrites_and_redo_appends(tmp_path: Path) -> None:
    path = ford(tmp_path, SNAPSHOT_EVERY + 4)
    dropped = take_back(path, to=SNAPSHOT_EVERY + 1)
    assert [e.seq for e in dropped] == [SNAPSHOT_EVERY + 2, SNAPSHOT_EVERY + 3,
                                        SNAPSHOT_EVERY + 4]
    found = read_battle_file(path)
    assert sorted(found.snapshots) == [SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1]
    assert [e.seq for e in found.battle.undone] == [e.seq for e in dropped]
    before = path.read_bytes()
    assert [e.seq for e in redo(path, count=2)] == [SNAPSHOT_EVERY + 2, SNAPSHOT_EVERY + 3]
    assert path.read_bytes().startswith(before)  # appended
    battle = load_battle(path)
    assert [e.hash for e in battle.log[-2:]] == [e.hash for e in dropped[:2]]
    assert [e.seq for e in battle.undone] == [SNAPSHOT_EVERY + 4]
    perform(path, END)  # a new action empties the redo list
    assert load_battle(path).undone == []
    rebuild(path)


def test_a_malformed_line_is_named_and_nothing_changes(tmp_path: Path) -> None:
    path = ford(tmp_path, 3)
    text = path.read_bytes().split(b"\n")
    text[2] = text[2][:40] + b"}" + text[2][41:]
    path.write_bytes(b"\n".join(text))
    before = path.read_bytes()
    for attempt in (lambda: perform(path, END), lambda: load(path),
                    lambda: load(path, whole_log=False), lambda: take_back(path)):
        with pytest.raises(ContentError, match=rf"{path}: line 3"):
            attempt()
        assert path.read_bytes() == before


def test_an_edited_snapshot_is_named_by_an_action(tmp_path: Path) -> None:
    path = ford(tmp_path, SNAPSHOT_EVERY + 1)
    records = lines_of(path)
    line = next(n for n, r in enumerate(records) if "snapshot" in r)
    records[line]["snapshot"]["state_z"] = battle_lines.snapshot_of(
        "0" * 64, SNAPSHOT_EVERY, {"units": []})["state_z"]
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    before = path.read_bytes()
    for attempt in (lambda: perform(path, END), lambda: load(path)):
        with pytest.raises(ContentError, match=rf"snapshot after entry {SNAPSHOT_EVERY} "
                                               rf"\(line {line + 1} of ford.json\) was edited"):
            attempt()
    assert path.read_bytes() == before


def test_a_resealed_snapshot_of_another_state_is_named_by_replay(tmp_path: Path) -> None:
    """A forger who reseals a snapshot of another state passes an action's check (the
    seal holds no secret, as the chain does not); `battle replay` replays the whole log
    and compares each snapshot, as `campaign check` compares a campaign's."""
    path = ford(tmp_path, SNAPSHOT_EVERY + 1)
    opened = load(path)
    records = lines_of(path)
    line = next(n for n, r in enumerate(records) if "snapshot" in r)
    anchor = records[line]["entries"][-1]["hash"]
    forged = opened.rules.dump_state(opened.rules.load_state(battle_data(path)["start"]))
    records[line]["snapshot"] = battle_lines.snapshot_of(anchor, SNAPSHOT_EVERY, forged)
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    with pytest.raises(ContentError, match=f"snapshot after entry {SNAPSHOT_EVERY} is not "
                                           "the state the log replays to"):
        rebuild(path)


@pytest.mark.parametrize("whole_read", ["log", "replay", "undo"])
def test_an_entry_edited_before_the_newest_snapshot_is_named_by_a_whole_read(
        tmp_path: Path, whole_read: str) -> None:
    path = ford(tmp_path, SNAPSHOT_EVERY + 2)
    records = lines_of(path)
    records[2]["entries"][0]["summary"] = "edited"  # entry 2, before the snapshot
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    before = path.read_bytes()
    read: dict[str, Any] = {
        "log": lambda: load(path), "replay": lambda: rebuild(path),
        "undo": lambda: take_back(path),
    }
    with pytest.raises(ContentError, match="entry 2: hash does not follow entry 1"):
        read[whole_read]()
    assert path.read_bytes() == before


def test_an_entry_after_the_snapshot_edited_is_named_by_an_action(tmp_path: Path) -> None:
    path = ford(tmp_path, SNAPSHOT_EVERY + 2)
    records = lines_of(path)
    records[-1]["entries"][0]["summary"] = "edited"
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    with pytest.raises(ContentError, match=f"entry {SNAPSHOT_EVERY + 2}: hash does not "
                                           f"follow entry {SNAPSHOT_EVERY + 1}"):
        perform(path, END)


def test_a_writer_decided_before_an_action_and_its_undo_is_refused(tmp_path: Path) -> None:
    """The same entry count and head come back after an action and its undo, but the
    stream counter moved on: a decision made before must not spend that stream."""
    from tactician.errors import StaleBattle

    path = ford(tmp_path, 2)
    decided = load(path, whole_log=False)
    perform(path, END)
    take_back(path)
    with pytest.raises(StaleBattle):
        perform(path, END, loaded=decided)
    assert head(load_battle(path)) == decided.head


def test_the_board_of_an_edit_that_keeps_the_size_is_not_served(tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    from tactician.table import board_cache

    monkeypatch.setenv("TACTICIAN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("TACTICIAN_CACHE", raising=False)
    path = ford(tmp_path, 3)
    assert board_cache.cached(battle_lines.cache_material(path), None) is not None
    data = bytearray(path.read_bytes())
    at = data.index(b'"summary":"') + len(b'"summary":"')
    data[at] = ord("X") if data[at] != ord("X") else ord("Y")  # the same size
    time.sleep(0.01)
    path.write_bytes(bytes(data))
    assert board_cache.cached(battle_lines.cache_material(path), None) is None


CHILD = """
import sys
from pathlib import Path
from tactician.table.battles import perform
path = Path(sys.argv[1])
print("ready", flush=True)
while True:
    entry, _ = perform(path, {"type": "end_phase"})
    print(entry.seq, flush=True)
"""


def test_a_kill_mid_append_loses_no_committed_action(tmp_path: Path) -> None:
    """SIGKILL a process appending to a battle file at random moments: the file opens,
    verifies and replays every time, and every action reported committed is in it."""
    import random

    rng = random.Random(28)
    path = ford(tmp_path, 1)
    for _ in range(4):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)],
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.3, 1.5))
        child.send_signal(signal.SIGKILL)
        child.wait()
        told = [int(line) for line in child.stdout.read().split()]
        battle = load_battle(path)  # a torn line, if any, left out
        assert not told or battle.log[-1].seq >= told[-1]
        rebuild(path)
    with pytest.raises(TacticianError):  # still refuses what it should
        perform(path, {"type": "move", "unit": "nobody", "to": [0, 0]})
