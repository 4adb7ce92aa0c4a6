"""Benchmark: ``tactician simulate``'s whole battles (issue 30).

1. Battles a second a core, per ruleset example: ``--copies`` copies played in this
   process (``simulate.backends.InProcess``: ``run_one``, what every worker plays),
   CPU time of this process (``time.process_time``; the shared 2-core host's wall
   time mostly measures the other tenants), and from it the projected time of 1,000
   copies on 2 cores (target: under 10 minutes).
2. Scaling from 1 to 2 workers of the local process pool on the cheapest example,
   in wall time (target: at least 1.8x; on a host whose other tenants use the
   cores, the figure says so more than it says anything about the pool).
3. A Dask LocalCluster of 2 worker processes against the 2-worker pool, the same
   copies (target: under 10% more wall time), with the same summary (checked).

With ``--profiler-too`` a fourth backend is timed beside them: the same Dask
workers with their statistical profiler left running (what the Dask backend pauses
while it plays), the cost it paused, measured in the same run.

For 2 and 3 the three backends are started and warmed first (their workers up and
the set-up prepared on them by a small run), then timed in turn, round after round
(``--rounds``), so a minute of heavy load falls on all three alike; each figure is
the fastest round's (the least disturbed), the median beside it. The host's load
average is printed with them: at a load above the core count the pool cannot scale
(the session's processes share one slice of the CPU: a second worker process gets
no second core). So each round also counts CPU seconds, which load does not inflate
much: this process's and each backend's own processes' (``psutil``, the worker
processes each backend started). From them, load-free: the Dask overhead in CPU
(all of Dask's processes against all of the pool's, the same copies) and the scaling
the pool would show with a core for each worker (the 1-worker pool's CPU over the
busier of the 2-worker pool's workers plus this process's share).

Run: ``.venv/bin/python bench/bench_simulate.py [--copies 10] [--pool-copies 60]
[--rounds 3]``
(exit 1 if a target is not met).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tactician.rulesets.registry import all_rulesets, get  # noqa: E402
from tactician.simulate.backends import Backend, DaskCluster, InProcess, ProcessPool  # noqa: E402
from tactician.simulate.driver import simulate  # noqa: E402
from tactician.simulate.setup import Setup, from_files, prepared  # noqa: E402
from tactician.simulate.summary import summarize  # noqa: E402

PROJECTED_TARGET = 600.0  # seconds for 1,000 copies on 2 cores
SCALING_TARGET = 1.8
DASK_TARGET = 0.10
SEED = 1000


def setups() -> list[Setup]:
    found = []
    for info in all_rulesets():
        contract = get(info.id).contract()
        for example in contract.examples().battles:
            found.append(from_files(info.id, example.map, example.units,
                                    list(example.options), f"{info.id} {example.name}",
                                    example.step_bound))
    return found


def cpu_rate(setup: Setup, copies: int) -> float:
    """Copies a CPU second, in this process (the set-up prepared out of the timing)."""
    prepared(setup)
    began = time.process_time()
    simulate(setup, InProcess(), runs=copies, base_seed=SEED)
    return copies / (time.process_time() - began)


def warmed(setup: Setup, backend: Backend) -> Backend:
    """``backend`` with its workers started and the set-up prepared on them."""
    simulate(setup, backend, runs=max(2, backend.workers), base_seed=SEED + 1)
    return backend


def timed(setup: Setup, backend: Backend, copies: int) -> tuple[float, dict]:
    """Wall seconds of ``copies`` on a warmed ``backend``, and the summary."""
    began = time.perf_counter()
    run = simulate(setup, backend, runs=copies, base_seed=SEED)
    spent = time.perf_counter() - began
    return spent, summarize(run.ordered(), prepared(setup).units)


def processes() -> dict[int, Any]:
    """This process's children and theirs (the backends' worker processes)."""
    import psutil

    return {p.pid: p for p in psutil.Process().children(recursive=True)}


def cpu(found: dict[int, Any]) -> dict[int, float]:
    """CPU seconds (user + system) of each of ``found`` so far (0 for one gone)."""
    seconds = {}
    for pid, process in found.items():
        try:
            times = process.cpu_times()
            seconds[pid] = times.user + times.system
        except Exception:  # noqa: BLE001 - a process gone counts nothing more
            seconds[pid] = 0.0
    return seconds


def load() -> str:
    return "load " + "/".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--pool-copies", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profiler-too", action="store_true",
                        help="also time the Dask workers with their profiler running")
    parser.add_argument("--backends-only", action="store_true",
                        help="skip part 1 (the cheapest example is then tropera keep)")
    args = parser.parse_args()
    met = True
    print(f"{'battle':<22}{'battles/s/core':>15}{'1,000 on 2 cores':>18}  target < "
          f"{PROJECTED_TARGET / 60:.0f} min")
    rates = {}
    for setup in [] if args.backends_only else setups():
        rate = cpu_rate(setup, args.copies)
        rates[setup.name] = rate
        projected = 1000 / (2 * rate)
        ok = projected < PROJECTED_TARGET
        met = met and ok
        print(f"{setup.name:<22}{rate:>15.2f}{projected / 60:>15.1f} min  "
              f"{'met' if ok else 'NOT met'}")
    cheapest = max(setups(), key=lambda s: rates.get(s.name, s.name == "tropera keep"))
    from distributed import Client, LocalCluster

    print(f"pool and Dask on {cheapest.name}, {args.pool_copies} copies, {args.rounds} "
          f"rounds ({load()}):")
    labels = ["pool 1", "pool 2", "dask 2"] + (["dask 2 profiled"] if args.profiler_too
                                                else [])
    times: dict[str, list[float]] = {label: [] for label in labels}
    spent_cpu: dict[str, list[float]] = {label: [] for label in times}
    busiest: dict[str, list[float]] = {label: [] for label in times}
    summaries: dict[str, dict] = {}
    before = processes()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        backends: dict[str, Backend] = {"dask 2": DaskCluster(client, own=False),
                                        "pool 1": ProcessPool(1), "pool 2": ProcessPool(2)}
        if args.profiler_too:  # the same workers: their processes are dask 2's
            backends["dask 2 profiled"] = DaskCluster(client, own=False, profiler=True)
        owned: dict[str, dict[int, Any]] = {}
        try:
            for label, backend in backends.items():
                warmed(cheapest, backend)
                now = processes()
                owned[label] = {pid: p for pid, p in now.items() if pid not in before}
                before = now
            if args.profiler_too:
                owned["dask 2 profiled"] = owned["dask 2"]
            for _ in range(args.rounds):
                for label in times:
                    mine, theirs = time.process_time(), cpu(owned[label])
                    spent, summaries[label] = timed(cheapest, backends[label],
                                                    args.pool_copies)
                    after = cpu(owned[label])
                    each = [after[pid] - theirs[pid] for pid in after]
                    here = time.process_time() - mine
                    times[label].append(spent)
                    spent_cpu[label].append(here + sum(each))
                    busiest[label].append(here + max(each))
        finally:
            for backend in backends.values():
                backend.close()
    best = {label: min(found) for label, found in times.items()}
    middle = {label: statistics.median(found) for label, found in times.items()}
    for label in times:
        print(f"  {label}: fastest {best[label]:.1f} s, median {middle[label]:.1f} s "
              f"({', '.join(f'{t:.1f}' for t in times[label])})")
    for label in times:
        print(f"  {label}: CPU {min(spent_cpu[label]):.1f} s in all (fastest round), its "
              f"busiest worker + this process {min(busiest[label]):.1f} s")
    scaling = best["pool 1"] / best["pool 2"]
    ok = scaling >= SCALING_TARGET
    met = met and ok
    projected = min(spent_cpu["pool 1"]) / min(busiest["pool 2"])
    print(f"pool 1 -> 2 workers: {scaling:.2f}x in wall time (median "
          f"{middle['pool 1'] / middle['pool 2']:.2f}x; target >= {SCALING_TARGET}x): "
          f"{'met' if ok else 'NOT met'}; with a core a worker (CPU): {projected:.2f}x")
    overhead = best["dask 2"] / best["pool 2"] - 1
    ok = overhead < DASK_TARGET
    met = met and ok
    same = summaries["dask 2"] == summaries["pool 2"] == summaries["pool 1"]
    met = met and same
    in_cpu = min(spent_cpu["dask 2"]) / min(spent_cpu["pool 2"]) - 1
    print(f"Dask LocalCluster (2 workers) vs pool (2): {100 * overhead:+.1f}% in wall time "
          f"(median {100 * (middle['dask 2'] / middle['pool 2'] - 1):+.1f}%; target < "
          f"{100 * DASK_TARGET:.0f}%): {'met' if ok else 'NOT met'}; in CPU "
          f"{100 * in_cpu:+.1f}%; same summary: {'yes' if same else 'NO'} ({load()})")
    if args.profiler_too:
        print(f"Dask with its workers' profiler running vs pool (2): "
              f"{100 * (best['dask 2 profiled'] / best['pool 2'] - 1):+.1f}% in wall time, "
              f"{100 * (min(spent_cpu['dask 2 profiled']) / min(spent_cpu['pool 2']) - 1):+.1f}%"
              f" in CPU (what the Dask backend's pause saves)")
    print(f"all targets: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
