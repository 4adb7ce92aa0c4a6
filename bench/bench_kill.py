"""Reliability: SIGKILL a process playing a stored battle at random moments.

Issue 14: "Kill the process with SIGKILL at 200 random moments during scripted
battles (enemy phases included): every time the campaign opens, campaign check
passes, at most the action in flight is missing." Each trial starts a fresh
ford battle (examples/tropera/battle, seed 7) in one SQLite campaign; a child
process plays it phase by phase as the engine played it (each phase one
transaction, as `table.campaigns.perform_many` stores an engine's phase) and
prints each sequence number once committed; the parent kills it after a random
delay (0 to 1.2 s after the child opened the database), then opens the
campaign and checks the battle. Corrupt: the database
does not open or `check_battle` finds a fault. Lost: an entry reported
committed is not in the log.

Run: .venv/bin/python bench/bench_kill.py [TRIALS]   (default 200; exit 1 on FAIL)
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BATTLE = ROOT / "examples" / "tropera" / "battle"
MAP, UNITS, SEED = BATTLE / "ford.yaml", [BATTLE / "party.yaml", BATTLE / "bandits.yaml"], 7


def phases() -> list[list[dict[str, Any]]]:
    """The ford played by the engine on both sides, cut at each phase end."""
    from tactician.engine.store_file import load_battle
    from tactician.table.battles import new_battle, play_side

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ford.json"
        new_battle("tropera", MAP, UNITS, path, seed=SEED)
        for _ in range(6):
            try:
                play_side(path)
            except Exception:  # the battle is over
                break
        actions = [dict(e.action) for e in load_battle(path).log]
    cut: list[list[dict[str, Any]]] = [[]]
    for action in actions:
        cut[-1].append(action)
        if action.get("type") == "end_phase":
            cut.append([])
    return [phase for phase in cut if phase]


def child(db_path: str, battle_id: int, script: str) -> None:
    from tactician.store.database import open_database
    from tactician.table.campaigns import perform_many

    db = open_database(db_path)
    print(0, flush=True)  # ready
    for phase in json.loads(Path(script).read_text()):
        entries, _ = perform_many(db, battle_id, phase)
        print(entries[-1].seq, flush=True)


def trial(db_path: str, script: str, number: int, rng: random.Random
          ) -> tuple[bool, int, bool]:
    """(corrupt, entries lost, killed before the battle's end) for one kill."""
    from tactician.store.campaigns import get_campaign
    from tactician.store.database import open_database
    from tactician.table.campaigns import check_battle, start_battle

    db = open_database(db_path)
    battle_id = start_battle(db, get_campaign(db, "kill"), f"ford {number}", MAP, UNITS,
                             seed=SEED).info.id
    db.close()
    process = subprocess.Popen([sys.executable, __file__, "--child", db_path, str(battle_id),
                                script], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    process.stdout.readline()  # the child has opened the database
    time.sleep(rng.uniform(0.0, 1.2))
    process.send_signal(signal.SIGKILL)
    out, _ = process.communicate()
    reported = [int(line) for line in out.split()]
    committed = max(reported, default=0)
    finished = process.returncode == 0
    try:
        db = open_database(db_path)
        from tactician.store.battles import get_battle

        last = get_battle(db, battle_id).last_seq
        corrupt = bool(check_battle(db, battle_id))
        db.close()
    except Exception:
        return True, committed, not finished
    return corrupt, max(0, committed - last), not finished


def main(trials: int) -> int:
    from tactician.store.database import open_database
    from tactician.table.campaigns import new_campaign

    rng = random.Random(14)
    corrupt = lost = midway = 0
    with tempfile.TemporaryDirectory() as folder:
        db_path = str(Path(folder) / "kill.sqlite")
        script = Path(folder) / "phases.json"
        script.write_text(json.dumps(phases()))
        db = open_database(db_path)
        new_campaign(db, "kill", "tropera", [])
        db.close()
        for number in range(trials):
            bad, missing, killed = trial(db_path, str(script), number, rng)
            corrupt += bad
            lost += missing
            midway += killed
    print(f"{trials} SIGKILLs ({midway} before the battle's end): {corrupt} corrupt "
          f"campaigns, {lost} committed actions lost (targets 0 and 0)")
    ok = corrupt == 0 and lost == 0
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
