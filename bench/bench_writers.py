"""Reliability: two to eight writer processes acting at once on one stored battle.

Issue 14: "Two to eight concurrent writers on one battle, 200 rounds: print lost
updates (target 0) and the conflict errors seen." For 2, 4 and 8 writers, each
process opens the ford (examples/tropera/battle, seed 7) as it stands, decides
an action on the sequence number it saw (a phase end, the cheapest action) and
sends it with that number (``table.campaigns.perform``); 200 attempts in all per
writer count, split between the writers. Lost update: an entry a writer was told
was committed that is not in the log as it was told, or a log entry nobody was
told about; applied twice: two writers told the same sequence number.

Run: .venv/bin/python bench/bench_writers.py [DB_URL]   (default: a temporary
SQLite file; a postgresql+psycopg:// URL of an empty database works too;
exit 1 on FAIL)
"""

from __future__ import annotations

import multiprocessing
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BATTLE = ROOT / "examples" / "tropera" / "battle"
MAP, UNITS, SEED = BATTLE / "ford.yaml", [BATTLE / "party.yaml", BATTLE / "bandits.yaml"], 7
ATTEMPTS = 200


def writer(url: str, battle_id: int, rounds: int) -> tuple[list[tuple[int, str]], int]:
    from tactician.store.battles import StaleBattle, get_battle
    from tactician.store.database import open_database
    from tactician.table.campaigns import perform

    db = open_database(url)
    told: list[tuple[int, str]] = []
    conflicts = 0
    for _ in range(rounds):
        seen = get_battle(db, battle_id).last_seq
        try:
            entry, _ = perform(db, battle_id, {"type": "end_phase"}, expected_seq=seen)
        except StaleBattle:
            conflicts += 1
        else:
            told.append((entry.seq, entry.model_dump_json()))
    db.close()
    return told, conflicts


def run(url: str, campaign: Any, writers: int) -> tuple[int, int, int, int]:
    """(committed, conflicts, lost, applied twice) for one writer count."""
    from tactician.store.battles import load_battle
    from tactician.store.database import open_database
    from tactician.table.campaigns import start_battle

    db = open_database(url)
    battle_id = start_battle(db, campaign, f"ford x{writers}", MAP, UNITS, seed=SEED).info.id
    db.close()
    with multiprocessing.get_context("fork").Pool(writers) as pool:
        results = pool.starmap(writer, [(url, battle_id, ATTEMPTS // writers)] * writers)
    db = open_database(url)
    log = {e.seq: e.model_dump_json() for e in load_battle(db, battle_id).log}
    db.close()
    told = [item for items, _ in results for item in items]
    conflicts = sum(count for _, count in results)
    twice = len(told) - len({seq for seq, _ in told})
    lost = sum(1 for seq, text in told if log.get(seq) != text)
    lost += len(set(log) - {seq for seq, _ in told})
    return len(told), conflicts, lost, twice


def main(url: str | None) -> int:
    from tactician.store.database import open_database
    from tactician.table.campaigns import new_campaign

    with tempfile.TemporaryDirectory() as folder:
        url = url or str(Path(folder) / "writers.sqlite")
        db = open_database(url)
        campaign = new_campaign(db, "writers", "tropera", [])
        db.close()
        bad = 0
        for writers in (2, 4, 8):
            committed, conflicts, lost, twice = run(url, campaign, writers)
            bad += lost + twice
            print(f"{writers} writers, {ATTEMPTS // writers * writers} attempts: {committed} "
                  f"committed, {conflicts} conflicts reported, {lost} lost updates, "
                  f"{twice} applied twice")
    print("PASS" if bad == 0 else "FAIL")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
