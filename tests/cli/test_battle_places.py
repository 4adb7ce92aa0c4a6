"""A battle file gets the campaign's guarantee (issue 14: "The file mode gets the same
guarantee: an exclusive lock and the same stale-sequence check, so no update is
lost there either"): several processes acting on one file lose no update."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

import pytest

from tactician.engine.store_file import load_battle
from tactician.store.battles import StaleBattle
from tactician.table.battle_places import FilePlace, file_lock
from tactician.table.battles import load, new_battle, perform, take_back
from tests.battle_json import battle_data

ROOT = Path(__file__).resolve().parents[2]
FORD = ROOT / "examples" / "tropera" / "battle"


def ford_file(tmp_path: Path) -> Path:
    out = tmp_path / "ford.json"
    new_battle("tropera", FORD / "ford.yaml", [FORD / "party.yaml", FORD / "bandits.yaml"],
               out, seed=7)
    return out


def _writer(path: str, rounds: int, barrier: Any, queue: Any) -> None:
    """Each round: read the file, decide a phase end on it, write it (or be refused)."""
    told: list[tuple[int, str]] = []
    stale = 0
    try:
        place = FilePlace(Path(path))
        for _ in range(rounds):
            loaded = load(place)
            if barrier is not None:
                barrier.wait()
            try:
                entry, _ = perform(place, {"type": "end_phase"}, loaded=loaded)
            except StaleBattle:
                stale += 1
            else:
                told.append((entry.seq, entry.model_dump_json()))
            if barrier is not None:
                barrier.wait()
        queue.put((told, stale))
    except BaseException as exc:
        queue.put(f"{type(exc).__name__}: {exc}")
        raise


def run(path: Path, writers: int, rounds: int, lockstep: bool) -> list[Any]:
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(writers, timeout=120) if lockstep else None
    queue = ctx.Queue()
    processes = [ctx.Process(target=_writer, args=(str(path), rounds, barrier, queue))
                 for _ in range(writers)]
    for process in processes:
        process.start()
    results = [queue.get(timeout=300) for _ in processes]
    for process in processes:
        process.join()
    failed = [r for r in results if isinstance(r, str)]
    assert not failed, failed
    return results


@pytest.mark.parametrize("lockstep", [True, False])
def test_several_processes_on_one_file_lose_no_update(tmp_path: Path, lockstep: bool) -> None:
    path = ford_file(tmp_path)
    writers, rounds = 3, 4
    results = run(path, writers, rounds, lockstep)
    told = [item for accepted, _ in results for item in accepted]
    stale = sum(refused for _, refused in results)
    log = load_battle(path).log
    # every write a writer was told succeeded is in the file, exactly as it was told,
    # and nothing else is: no update lost, none applied twice
    assert sorted(seq for seq, _ in told) == list(range(1, len(log) + 1))
    for seq, text in told:
        assert log[seq - 1].model_dump_json() == text
    assert len(told) + stale == writers * rounds
    if lockstep:  # all decide on the same entry each round: exactly one wins
        assert len(told) == rounds and stale == (writers - 1) * rounds
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_write_decided_before_an_undo_and_a_new_action_is_refused(tmp_path: Path) -> None:
    """After an undo and another action the log is as long again: the head hash, not
    the length alone, tells the two battles apart."""
    path = ford_file(tmp_path)
    place = FilePlace(path)
    perform(place, {"type": "move", "unit": "aria", "to": [6, 4]})
    early = load(place)  # decided on entry 1 (Aria's move)
    take_back(place)
    perform(place, {"type": "move", "unit": "lute", "to": [5, 4]})
    before = path.read_bytes()
    with pytest.raises(StaleBattle, match=r"the battle moved on \(now at 1\), reload"):
        perform(place, {"type": "move", "unit": "lethe", "to": [4, 2]}, loaded=early)
    assert path.read_bytes() == before


def test_an_explicit_sequence_number_that_is_not_the_files_is_refused(tmp_path: Path) -> None:
    path = ford_file(tmp_path)
    before = path.read_bytes()
    with pytest.raises(StaleBattle, match=r"now at 0"):
        perform(path, {"type": "move", "unit": "aria", "to": [6, 4]}, expected_seq=3)
    with pytest.raises(StaleBattle, match=r"now at 0"):
        take_back(path, expected_seq=2)
    assert path.read_bytes() == before


def test_the_lock_excludes_another_holder_and_leaves_no_file(tmp_path: Path) -> None:
    import fcntl
    import os

    path = ford_file(tmp_path)
    lock = tmp_path / ".ford.json.lock"
    with file_lock(path):
        descriptor = os.open(lock, os.O_RDWR)
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(descriptor)
    assert not lock.exists()
    assert battle_data(path)["log"] == []
