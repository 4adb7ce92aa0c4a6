"""What saying and bounding every PostgreSQL lock wait costs a statement that waits for
none (issue 27, ``store.pg_lock_wait``): each statement is noted as it starts and struck
off as it ends, and each connection sets its ``lock_timeout`` once.

The same work, a battle's head read (``store.battles.head``: one read transaction) and
its status written (``set_status``: a write transaction locking the battle's row), on
one database, through an engine with the watch (``open_database``) and one without it
(the same URL, a bare ``create_engine``), in alternating blocks; the client's CPU time
(what the watch adds; the server's time is the same SQL) and the wall time, as the
median ratio of the pairs.

With ``--instructions`` (valgrind): the user-space instructions of the same rounds in a
process of their own, watched and bare, less a bare process that runs none (start-up,
imports, the battle stored): the watch's share of the rounds' own work, load-free.

Run: .venv/bin/python bench/bench_pg_lock_watch.py postgresql+psycopg://USER@HOST/DB
[--instructions]   (an empty database; battles are stored in it and left)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine

ROOT = Path(__file__).resolve().parents[1]
BATTLE = ROOT / "examples" / "tropera" / "battle"
ROUNDS, PAIRS = 150, 7
TARGET = 1.05  # the watched engine's client CPU over the bare one's


def _setup(url: str) -> tuple[Any, Any, int]:
    from tactician.store.campaigns import create_campaign
    from tactician.store.database import Database, open_database
    from tactician.table.campaigns import start_battle

    watched = open_database(url)
    campaign = create_campaign(watched, f"bench {time.monotonic_ns()}", "tropera", [])
    battle_id = start_battle(watched, campaign, "ford", BATTLE / "ford.yaml",
                             [BATTLE / "party.yaml", BATTLE / "bandits.yaml"], 7).info.id
    bare = Database(watched.url, create_engine(watched.url, pool_pre_ping=True))
    return watched, bare, battle_id


def _rounds(db: Any, battle_id: int, rounds: int) -> None:
    from tactician.store.battles import head, set_status

    for _ in range(rounds):
        head(db, battle_id)
        set_status(db, battle_id, "ongoing")


def instructions(url: str) -> int:
    import os

    from callgrind import available  # bench/callgrind.py: this script's folder is first
    from callgrind import instructions as counted

    if not available():
        print("valgrind not found: no instruction counts")
        return 1
    env = dict(os.environ)
    me = [sys.executable, str(Path(__file__).resolve()), url, "--block"]
    rounds = 60
    none = counted([*me, "bare", "0"], env, ROOT)
    bare = counted([*me, "bare", str(rounds)], env, ROOT) - none
    watched = counted([*me, "watched", str(rounds)], env, ROOT) - none
    ratio = watched / bare
    print(f"instructions of {rounds} rounds ({rounds * 2} transactions), start-up taken "
          f"off: bare {bare / 1e6:.1f} M, watched {watched / 1e6:.1f} M: {ratio:.3f}x "
          f"({(watched - bare) / (rounds * 2) / 1e3:.1f} k a transaction)")
    met = ratio <= TARGET
    print(f"target: <= {TARGET}x: {'met' if met else 'NOT met'}")
    return 0 if met else 1


def main(url: str) -> int:
    watched, bare, battle_id = _setup(url)

    def block(db: Any) -> tuple[float, float]:
        cpu, wall = time.process_time(), time.perf_counter()
        _rounds(db, battle_id, ROUNDS)
        return time.process_time() - cpu, time.perf_counter() - wall

    block(watched), block(bare)  # warm both pools
    cpu_ratios, wall_ratios = [], []
    for index in range(PAIRS):
        order = (watched, bare) if index % 2 == 0 else (bare, watched)
        timed = {id(db): block(db) for db in order}
        (w_cpu, w_wall), (b_cpu, b_wall) = timed[id(watched)], timed[id(bare)]
        cpu_ratios.append(w_cpu / b_cpu)
        wall_ratios.append(w_wall / b_wall)
    cpu, wall = statistics.median(cpu_ratios), statistics.median(wall_ratios)
    per = ROUNDS * 2
    print(f"{PAIRS} pairs of {ROUNDS} rounds (a read and a write transaction each, "
          f"{per} transactions a block)")
    print(f"client CPU, watched / bare: median {cpu:.3f}x "
          f"(range {min(cpu_ratios):.3f}-{max(cpu_ratios):.3f})")
    print(f"wall, watched / bare: median {wall:.3f}x "
          f"(range {min(wall_ratios):.3f}-{max(wall_ratios):.3f})")
    met = cpu <= TARGET
    print(f"target: client CPU <= {TARGET}x: {'met' if met else 'NOT met'}")
    bare.close()
    watched.close()
    return 0 if met else 1


if __name__ == "__main__":
    if len(sys.argv) < 2 or "postgresql" not in sys.argv[1]:
        sys.exit("usage: bench_pg_lock_watch.py postgresql+psycopg://USER@HOST/DB "
                 "[--instructions]")
    if sys.argv[2:3] == ["--block"]:  # one process of --instructions
        dbs = _setup(sys.argv[1])
        _rounds(dbs[0] if sys.argv[3] == "watched" else dbs[1], dbs[2], int(sys.argv[4]))
        sys.exit(0)
    sys.exit(instructions(sys.argv[1]) if "--instructions" in sys.argv else main(sys.argv[1]))
