"""Writer processes for the concurrency tests (and bench/bench_writers.py)."""

from __future__ import annotations

from typing import Any

from tactician.engine.battle import act
from tactician.store.battles import StaleBattle, append_entry, load_battle
from tactician.store.database import open_database
from tests.store.counter import RULES


def write(url: str, battle_id: int, writer: int, rounds: int,
          barrier: Any = None) -> tuple[list[str], int]:
    """Try ``rounds`` actions, each decided on the battle as just read; return the
    tags that were accepted and how many were refused as stale. With a ``barrier``
    every writer reads, then all append at once: one wins each round."""
    db = open_database(url)
    accepted, stale = [], 0
    try:
        for number in range(rounds):
            battle = load_battle(db, battle_id)
            tag = f"w{writer}-{number}"
            _, entry, _ = act(battle, RULES, {"type": "add", "tag": tag})
            if barrier is not None:
                barrier.wait()
            try:
                append_entry(db, battle_id, len(battle.log), entry)
            except StaleBattle:
                stale += 1
            else:
                accepted.append(tag)
            if barrier is not None:
                barrier.wait()  # the round is over for everyone before the next read
    finally:
        db.close()
    return accepted, stale


def _report(queue: Any, work: Any, url: str, battle_id: int, writer: int, rounds: int,
            barrier: Any) -> None:
    try:
        queue.put((writer, work(url, battle_id, writer, rounds, barrier)))
    except BaseException as exc:  # say why at once instead of leaving the parent waiting
        queue.put((writer, f"writer {writer} failed: {type(exc).__name__}: {exc}"))
        raise


def run_writers(url: str, battle_id: int, writers: int, rounds: int,
                lockstep: bool, work: Any = write) -> list[Any]:
    """Run ``writers`` processes of ``work`` at once; each one's result, in writer
    order."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(writers, timeout=120) if lockstep else None
    queue = ctx.Queue()
    processes = [ctx.Process(target=_report,
                             args=(queue, work, url, battle_id, w, rounds, barrier))
                 for w in range(writers)]
    for process in processes:
        process.start()
    results = dict(queue.get(timeout=300) for _ in processes)
    failed = [r for r in results.values() if isinstance(r, str)]
    if failed:
        raise RuntimeError("; ".join(failed))
    for process in processes:
        process.join()
        if process.exitcode != 0:
            raise RuntimeError(f"writer process failed with exit code {process.exitcode}")
    return [results[w] for w in range(writers)]


def play(url: str, battle_id: int, writer: int, rounds: int,
         barrier: Any = None) -> tuple[list[tuple[int, str]], int]:
    """Like ``write``, through the campaign service on a Tropera battle: each round a
    phase end decided on the sequence number just read; returns (seq, entry JSON)
    of each accepted action and how many were refused as stale."""
    from tactician.store.battles import get_battle
    from tactician.table.campaigns import perform

    db = open_database(url)
    told: list[tuple[int, str]] = []
    stale = 0
    try:
        for _ in range(rounds):
            seen = get_battle(db, battle_id).last_seq
            if barrier is not None:
                barrier.wait()
            try:
                entry, _ = perform(db, battle_id, {"type": "end_phase"}, expected_seq=seen)
            except StaleBattle:
                stale += 1
            else:
                told.append((entry.seq, entry.model_dump_json()))
            if barrier is not None:
                barrier.wait()
    finally:
        db.close()
    return told, stale
