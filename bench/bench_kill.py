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

import itertools
import json
import os
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


def child(db_path: str, script: str) -> None:
    """Play ford battles one after another until killed; print "BATTLE SEQ" after
    each commit."""
    from tactician.store.campaigns import get_campaign
    from tactician.store.database import open_database
    from tactician.table.campaigns import perform_many, start_battle

    db = open_database(db_path)
    campaign = get_campaign(db, "kill")
    played = json.loads(Path(script).read_text())
    print("ready", flush=True)
    for number in itertools.count():
        name = f"ford {os.getpid()}-{number}"
        battle_id = start_battle(db, campaign, name, MAP, UNITS, seed=SEED).info.id
        print(battle_id, 0, flush=True)
        for phase in played:
            entries, _ = perform_many(db, battle_id, phase)
            print(battle_id, entries[-1].seq, flush=True)


def trial(db_path: str, script: str, rng: random.Random) -> tuple[int, int, int]:
    """(corrupt battles, entries lost, battles checked) for one kill."""
    from tactician.store.battles import get_battle, list_battles
    from tactician.store.campaigns import get_campaign
    from tactician.store.database import open_database
    from tactician.table.campaigns import check_battle

    db = open_database(db_path)
    before = {b.id for b in list_battles(db, get_campaign(db, "kill"))}
    db.close()
    process = subprocess.Popen([sys.executable, __file__, "--child", db_path, script],
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    process.stdout.readline()  # the child has opened the database
    time.sleep(rng.uniform(0.0, 1.5))
    process.send_signal(signal.SIGKILL)
    out, _ = process.communicate()
    told: dict[int, int] = {}
    for line in out.splitlines():
        battle, seq = map(int, line.split())
        told[battle] = max(seq, told.get(battle, 0))
    try:
        db = open_database(db_path)
        battles = [b for b in list_battles(db, get_campaign(db, "kill")) if b.id not in before]
        corrupt = sum(1 for b in battles if check_battle(db, b.id))
        lost = sum(max(0, seq - get_battle(db, battle).last_seq) for battle, seq in told.items())
        lost += sum(1 for battle in told if battle not in {b.id for b in battles})
        db.close()
    except Exception as exc:  # the database does not open: every battle counts
        print(f"database does not open after a kill: {exc}")
        return len(told) or 1, 0, len(told)
    return corrupt, lost, len(battles)


def main(trials: int) -> int:
    from tactician.store.database import open_database
    from tactician.table.campaigns import new_campaign

    rng = random.Random(14)
    corrupt = lost = checked = 0
    with tempfile.TemporaryDirectory() as folder:
        db_path = str(Path(folder) / "kill.sqlite")
        script = Path(folder) / "phases.json"
        script.write_text(json.dumps(phases()))
        db = open_database(db_path)
        new_campaign(db, "kill", "tropera", [])
        db.close()
        for _ in range(trials):
            bad, missing, battles = trial(db_path, str(script), rng)
            corrupt += bad
            lost += missing
            checked += battles
    print(f"{trials} SIGKILLs, {checked} battles checked: {corrupt} corrupt, {lost} committed "
          "actions lost (targets 0 and 0)")
    ok = corrupt == 0 and lost == 0
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
    else:
        sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
