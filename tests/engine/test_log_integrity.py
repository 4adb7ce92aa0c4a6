"""The tamper-evident log: hash chain, streams, seeded dice re-derived, format,
undo to an entry or a phase, and the durable save."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest

from tactician.dice.source import SEEDED, EnteredDice, PhysicalDice
from tactician.engine.battle import FORMAT, Battle, UnknownFormat, act, replay
from tactician.engine.chain import BrokenChain, head, seeded_faces, verify
from tactician.engine.log import Draw, Entry
from tactician.engine.store_file import STALE_AFTER_S, cleanup, load_battle, save_battle
from tactician.engine.undo import phase_start, undo, undo_phase, undo_to
from tactician.errors import ContentError, TacticianError
from tactician.rulesets.tropera.battle_service import battle_rules
from tactician.rulesets.tropera.scenario import start_battle
from tests.engine.forge import reseal

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tropera" / "battle"


OPTIONS = ["numerical_order=tier"]


@pytest.fixture(scope="module")
def rules() -> Any:
    # the Army archer acts before the Mob brigand-2: each tier keeps its own order
    return battle_rules(OPTIONS)


@pytest.fixture(scope="module")
def fresh(rules: Any) -> Battle:
    state = start_battle(EXAMPLE / "ford.yaml", [EXAMPLE / "party.yaml", EXAMPLE / "bandits.yaml"])
    return Battle(ruleset="tropera", seed=7, options=OPTIONS, start=rules.dump_state(state))


@pytest.fixture(scope="module")
def played(fresh: Battle, rules: Any) -> Battle:
    """Five entries: a move, the end of the player phase, a move, a seeded attack
    (entry 4, stream 4 after an undone move took stream 3), and a physical attack."""
    battle = fresh
    for action in ({"type": "move", "unit": "lethe", "to": [7, 2]}, {"type": "end_phase"},
                   {"type": "move", "unit": "brigand-1", "to": [8, 3]}):
        battle, _, _ = act(battle, rules, action)
    battle, _ = undo(battle)  # stream 2 is spent: the redone move draws from stream 3
    battle, _, _ = act(battle, rules, {"type": "move", "unit": "brigand-1", "to": [8, 2]})
    battle, _, _ = act(battle, rules, {"type": "attack", "unit": "brigand-1", "target": "lethe"})
    battle, _, _ = act(battle, rules, {"type": "move", "unit": "archer", "to": [9, 2]})
    battle, _, _ = act(battle, rules, {"type": "attack", "unit": "archer", "target": "lethe"},
                       PhysicalDice([50] * 20))
    return battle


def _with_entry(battle: Battle, position: int, **changes: Any) -> Battle:
    log = list(battle.log)
    log[position - 1] = log[position - 1].model_copy(update=changes)
    return battle.model_copy(update={"log": log})


def _resealed(battle: Battle) -> Battle:
    return Battle.model_validate(reseal(battle.model_dump(mode="json")))


def test_a_played_battle_verifies_and_streams_skip_after_undo(played: Battle,
                                                              rules: Any) -> None:
    verify(played)
    assert [e.seq for e in played.log] == [1, 2, 3, 4, 5, 6]
    assert [e.stream for e in played.log] == [0, 1, 3, 4, 5, 6] and played.streams == 7
    assert played.log[0].hash != played.log[1].hash and head(played) == played.log[-1].hash
    attack = played.log[3]
    assert attack.dice and not attack.physical
    assert seeded_faces(played.seed, 4, attack.dice) == [d.value for d in attack.dice]
    assert played.log[5].physical and all(d.value == 50 for d in played.log[5].dice)
    replay(played, rules)


def test_the_chain_survives_the_file(tmp_path: Path, played: Battle) -> None:
    path = tmp_path / "b.json"
    save_battle(played, path)
    loaded = load_battle(path)
    verify(loaded)
    assert loaded.log[-1].hash == played.log[-1].hash


def test_edited_seeded_dice_are_caught_even_with_the_hashes_recomputed(played: Battle) -> None:
    attack = played.log[3]
    flipped = [d.model_copy(update={"value": 101 - d.value}) for d in attack.dice]
    edited = _with_entry(played, 4, dice=flipped)
    with pytest.raises(BrokenChain, match="^entry 4: its dice are not the battle's seeded dice "
                                          "for stream 4$"):
        verify(_resealed(edited))


def test_seeded_dice_marked_physical_break_the_hash(played: Battle) -> None:
    attack = played.log[3]
    flipped = [d.model_copy(update={"value": 101 - d.value}) for d in attack.dice]
    edited = _with_entry(played, 4, dice=flipped, physical=True)
    with pytest.raises(BrokenChain, match="^entry 4: hash does not follow entry 3"):
        verify(edited)


def test_a_physical_entry_is_protected_by_its_hash(played: Battle) -> None:
    table = played.log[5]
    with pytest.raises(BrokenChain, match="^entry 4: hash does not follow entry 3"):
        verify(_with_entry(played, 4, physical=True))  # the seeded dice claimed as the table's
    other = [table.dice[0].model_copy(update={"value": 99}), *table.dice[1:]]
    with pytest.raises(BrokenChain, match="^entry 6: hash does not follow entry 5"):
        verify(_with_entry(played, 6, dice=other))
    # flipped to seeded, its dice are also not the stream's
    with pytest.raises(BrokenChain, match="^entry 6: its dice are not the battle's seeded"):
        verify(_with_entry(played, 6, physical=False))


@pytest.mark.parametrize("change", [
    {"start": "name"}, {"seed": 6}, {"options": ["true_hit_crit=separate"]},
    {"ruleset": "uesrpg"},
])
def test_an_edited_start_is_named(played: Battle, change: dict[str, Any]) -> None:
    update = dict(change)
    if "start" in update:
        update["start"] = {**played.start, "name": "Ford at Dusk"}
    with pytest.raises(BrokenChain, match="^start was edited"):
        verify(played.model_copy(update=update))
    with pytest.raises(BrokenChain, match="^start was edited"):
        verify(fresh_copy(played, update))


def fresh_copy(played: Battle, update: dict[str, Any]) -> Battle:
    """An empty log: the start hash still guards the start."""
    return played.model_copy(update={**update, "log": [], "streams": 0})


def test_deleting_duplicating_or_renumbering_entries_is_named(played: Battle) -> None:
    log = played.log
    with pytest.raises(BrokenChain, match="^entry 3: its seq is 4, expected 3"):
        verify(played.model_copy(update={"log": [*log[:2], *log[3:]]}))
    with pytest.raises(BrokenChain, match="^entry 4: its seq is 3, expected 4"):
        verify(played.model_copy(update={"log": [*log[:3], log[2], *log[3:]]}))
    with pytest.raises(BrokenChain, match="^entry 2: its seq is 1, expected 2"):
        verify(played.model_copy(update={"log": [e.model_copy(update={"seq": 1}) for e in log]}))
    renumbered = [e.model_copy(update={"seq": i}) for i, e in
                  enumerate([*log[:2], *log[3:]], start=1)]
    with pytest.raises(BrokenChain, match="^entry 3: hash does not follow entry 2"):
        verify(played.model_copy(update={"log": renumbered}))
    swapped = [*log[:2], log[3].model_copy(update={"seq": 3}),
               log[2].model_copy(update={"seq": 4}), *log[4:]]
    with pytest.raises(BrokenChain, match="^entry 3: hash does not follow entry 2"):
        verify(played.model_copy(update={"log": swapped}))
    # moved and resealed: the streams still give the order away
    with pytest.raises(BrokenChain, match="^entry 4: its stream 3 does not come after entry "
                                          "3's stream 4"):
        verify(_resealed(played.model_copy(update={"log": swapped})))


def test_streams_must_grow_and_stay_below_the_counter(played: Battle) -> None:
    with pytest.raises(BrokenChain, match="^entry 6: its stream 6 is not below the battle's "
                                          r"stream counter \(6\)"):
        verify(played.model_copy(update={"streams": 6}))
    with pytest.raises(BrokenChain, match="^entry 3: hash does not follow entry 2"):
        verify(_with_entry(played, 3, stream=2))


def test_the_hash_itself_is_checked(played: Battle) -> None:
    with pytest.raises(BrokenChain, match="^entry 1: hash does not follow the start"):
        verify(_with_entry(played, 1, hash="0" * 64))


def test_a_new_action_chains_to_the_head(played: Battle, rules: Any) -> None:
    state = replay(played, rules)
    after, entry, _ = act(played, rules, {"type": "wait", "unit": "soldier"}, state=state)
    assert entry.seq == 7 and entry.stream == 7 and after.streams == 8
    verify(after)


# --- the format -------------------------------------------------------------------------


def test_format_two_is_written_and_others_are_refused(tmp_path: Path, played: Battle) -> None:
    assert FORMAT == 2
    data = played.model_dump(mode="json")
    assert data["format"] == 2 and len(data["start_hash"]) == 64
    with pytest.raises(UnknownFormat, match=r"^unknown battle format 99 \(this version reads "
                                            r"format 2\)$"):
        Battle.model_validate({**data, "format": 99})
    with pytest.raises(UnknownFormat, match="unknown battle format '2'"):
        Battle.model_validate({**data, "format": "2"})
    version_one = {key: value for key, value in data.items() if key != "start_hash"}
    version_one["format"] = 1
    version_one["log"] = [{k: v for k, v in e.items() if k not in ("stream", "hash")}
                          for e in data["log"]]
    with pytest.raises(UnknownFormat, match="battle format 1 .* is not read: its dice and "
                                            "start cannot be verified"):
        Battle.model_validate(version_one)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(version_one))
    with pytest.raises(ContentError, match="format 1"):
        load_battle(path)


def test_entries_need_a_stream_and_a_hash(played: Battle) -> None:
    data = played.model_dump(mode="json")
    del data["log"][0]["hash"]
    with pytest.raises(ValueError, match="hash"):
        Battle.model_validate(data)


# --- undo to an entry or a phase ---------------------------------------------------------


def test_undo_to_keeps_entries_one_to_n(played: Battle) -> None:
    kept, dropped = undo_to(played, 2)
    assert [e.seq for e in kept.log] == [1, 2] and [e.seq for e in dropped] == [3, 4, 5, 6]
    assert kept.streams == played.streams  # undone streams are never drawn again
    verify(kept)
    empty, everything = undo_to(played, 0)
    assert empty.log == [] and len(everything) == 6
    for keep, message in ((6, "nothing to undo: entry 6 is already the last entry"),
                          (7, r"cannot undo to entry 7: the log has entries 1\.\.6, so keep "
                              r"0\.\.5"),
                          (-1, "cannot undo to entry -1")):
        with pytest.raises(TacticianError, match=message):
            undo_to(played, keep)
    with pytest.raises(TacticianError, match="the log is empty"):
        undo_to(empty, 0)


def _entry(seq: int, kind: str) -> Entry:
    return Entry(seq=seq, stream=seq, action={"type": kind}, records=[{"type": kind}],
                 hash="0" * 64)


def test_phase_start_is_after_the_last_phase_end() -> None:
    log = [_entry(1, "move"), _entry(2, "end_phase"), _entry(3, "move"), _entry(4, "attack")]
    assert phase_start(log) == 2  # the current phase began after entry 2
    assert phase_start([*log, _entry(5, "end_phase")]) == 2  # the last phase, ended
    assert phase_start(log[:2]) == 0 and phase_start(log[:1]) == 0 and phase_start([]) == 0
    # UESRPG: initiative, then each Turn ends with end_turn
    turns = [_entry(1, "begin"), _entry(2, "move"), _entry(3, "end_turn"), _entry(4, "attack")]
    assert phase_start(turns) == 3 and phase_start(turns[:3]) == 1


def test_undo_phase_drops_the_phase(played: Battle) -> None:
    back, dropped = undo_phase(played)
    assert [e.seq for e in back.log] == [1, 2] and len(dropped) == 4
    again, dropped = undo_phase(back)  # the log ends with an end_phase: drop that phase
    assert again.log == [] and [e.seq for e in dropped] == [1, 2]
    with pytest.raises(TacticianError, match="nothing to undo"):
        undo_phase(again)


# --- saving ------------------------------------------------------------------------------


def test_save_fsyncs_the_file_before_replacing_and_the_folder_after(
    tmp_path: Path, played: Battle, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(descriptor: int) -> None:
        is_folder = stat.S_ISDIR(os.fstat(descriptor).st_mode)
        events.append("fsync folder" if is_folder else "fsync file")
        real_fsync(descriptor)

    def replace(source: Any, target: Any) -> None:
        events.append("replace")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    save_battle(played, tmp_path / "b.json")
    assert events == ["fsync file", "replace", "fsync folder"]
    assert load_battle(tmp_path / "b.json") == played


def test_a_failed_write_leaves_the_battle_and_no_temporary(
    tmp_path: Path, played: Battle, fresh: Battle, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "b.json"
    save_battle(fresh, path)
    before = path.read_bytes()

    def fail(descriptor: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError, match="disk full"):
        save_battle(played, path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["b.json"]


def test_cleanup_removes_only_stale_temporaries_of_this_battle(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text("{}")
    now = time.time()
    old = now - STALE_AFTER_S - 5
    names = {
        ".b.json.k2m_9x0a": old,      # a killed save: removed
        ".b.json.zzzz1111": now,      # a save that may still be running: kept
        ".b.json.bak": old,           # not tempfile's name: kept
        ".b.json.k2m_9x0a.x": old,    # kept
        ".c.json.k2m_9x0a": old,      # another battle's: kept
        "b.json.k2m_9x0a": old,       # not hidden: kept
    }
    for name, stamp in names.items():
        (tmp_path / name).write_text("{")
        os.utime(tmp_path / name, (stamp, stamp))
    removed = cleanup(path, now=now)
    assert [p.name for p in removed] == [".b.json.k2m_9x0a"]
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {"b.json", *names} - {".b.json.k2m_9x0a"}


def test_cleanup_of_a_missing_folder_is_quiet(tmp_path: Path) -> None:
    assert cleanup(tmp_path / "nowhere" / "b.json") == []



def test_any_text_a_json_file_holds_hashes(tmp_path: Path, played: Battle) -> None:
    data = played.model_dump(mode="json")
    data["log"][0]["summary"] = "Aria \ud800 moves"  # a lone surrogate, as "\\ud800" in JSON
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data), encoding="ascii")
    with pytest.raises(BrokenChain, match="^entry 1: hash does not follow the start"):
        verify(load_battle(path))
    verify(Battle.model_validate(reseal(data)))


def test_a_new_battle_file_follows_the_umask_and_a_rewrite_keeps_its_mode(
    tmp_path: Path, played: Battle, fresh: Battle
) -> None:
    path = tmp_path / "b.json"
    old = os.umask(0o022)
    try:
        save_battle(fresh, path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        path.chmod(0o640)
        save_battle(played, path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
    finally:
        os.umask(old)
    assert load_battle(path) == played


@pytest.mark.parametrize("die, message", [
    ({"sides": 0, "value": 1}, "greater than or equal to 1"),
    ({"sides": 6, "value": 0}, "greater than or equal to 1"),
    ({"sides": 6, "value": 7}, "a d6 cannot show 7"),
])
def test_an_impossible_die_in_a_file_is_refused(
    tmp_path: Path, played: Battle, die: dict[str, int], message: str
) -> None:
    data = played.model_dump(mode="json")
    data["log"][3]["dice"][0].update(die)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TacticianError, match=f"log.3.dice.0.*{message}"):
        load_battle(path)


def test_saving_through_a_symbolic_link_replaces_the_file_it_names(
    tmp_path: Path, played: Battle, fresh: Battle
) -> None:
    (tmp_path / "campaign").mkdir()
    real = tmp_path / "campaign" / "ford.json"
    save_battle(fresh, real)
    link = tmp_path / "battle.json"
    link.symlink_to(real)
    save_battle(played, link)
    assert link.is_symlink() and load_battle(real) == played


def test_a_seats_dice_and_the_streams_share_an_entry_and_both_are_checked(
        played: Battle, rules: Any) -> None:
    """Issue 25, dice authority: a seat that may enter only the brigand's dice gets the
    stream's for Lethe's counter (``by`` seed), each die naming whose roll it is; an
    edited stream die is caught even with the hashes recomputed, an edited seat's die
    by its hash."""
    battle, _ = undo_to(played, 3)
    seat = EnteredDice([50] * 20, "p1", lambda unit: unit == "brigand-1")
    battle, entry, _ = act(battle, rules, {"type": "attack", "unit": "brigand-1",
                                           "target": "lethe"}, seat)
    verify(battle)
    assert entry.physical and {d.roller for d in entry.dice} == {"brigand-1", "lethe"}
    assert all(d.by == ("p1" if d.roller == "brigand-1" else SEEDED) for d in entry.dice)
    assert all(d.value == 50 for d in entry.dice if d.by == "p1")
    last = len(battle.log)
    stream_die = next(i for i, d in enumerate(entry.dice) if d.by == SEEDED)
    dice = list(entry.dice)
    dice[stream_die] = dice[stream_die].model_copy(update={"value": 101 - dice[stream_die].value})
    with pytest.raises(BrokenChain, match=f"^entry {last}: its dice are not the battle's"):
        verify(_resealed(_with_entry(battle, last, dice=dice)))
    mine = [d.model_copy(update={"value": 49}) if d.by == "p1" else d for d in entry.dice]
    with pytest.raises(BrokenChain, match=f"^entry {last}: hash does not follow"):
        verify(_with_entry(battle, last, dice=mine))


def test_a_die_without_roller_or_enterer_keeps_the_json_it_had() -> None:
    """Entries logged before ``roller`` and ``by`` existed hash as they did: a die that
    knows neither is dumped with its three old keys only."""
    old = Draw(sides=100, value=7, purpose="attack roll")
    assert old.model_dump(mode="json") == {"sides": 100, "value": 7, "purpose": "attack roll"}
    new = Draw(sides=100, value=7, purpose="attack roll", roller="aria", by="gm")
    assert new.model_dump(mode="json")["roller"] == "aria"
