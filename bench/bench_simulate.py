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

Run: ``.venv/bin/python bench/bench_simulate.py [--copies 10] [--pool-copies 60]``
(exit 1 if a target is not met).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

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


def wall(setup: Setup, backend: Backend, copies: int) -> tuple[float, dict]:
    """Wall seconds of ``copies`` on ``backend`` (warmed: its workers started and the
    set-up prepared on them by a first small run), and the summary."""
    try:
        simulate(setup, backend, runs=max(2, backend.workers), base_seed=SEED + 1)
        began = time.perf_counter()
        run = simulate(setup, backend, runs=copies, base_seed=SEED)
        spent = time.perf_counter() - began
    finally:
        backend.close()
    return spent, summarize(run.ordered(), prepared(setup).units)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--pool-copies", type=int, default=60)
    args = parser.parse_args()
    met = True
    print(f"{'battle':<22}{'battles/s/core':>15}{'1,000 on 2 cores':>18}  target < "
          f"{PROJECTED_TARGET / 60:.0f} min")
    rates = {}
    for setup in setups():
        rate = cpu_rate(setup, args.copies)
        rates[setup.name] = rate
        projected = 1000 / (2 * rate)
        ok = projected < PROJECTED_TARGET
        met = met and ok
        print(f"{setup.name:<22}{rate:>15.2f}{projected / 60:>15.1f} min  "
              f"{'met' if ok else 'NOT met'}")
    cheapest = max(setups(), key=lambda s: rates[s.name])
    one, alone = wall(cheapest, ProcessPool(1), args.pool_copies)
    two, pooled = wall(cheapest, ProcessPool(2), args.pool_copies)
    scaling = one / two
    ok = scaling >= SCALING_TARGET
    met = met and ok
    print(f"pool 1 -> 2 workers on {cheapest.name}, {args.pool_copies} copies: "
          f"{one:.1f} s -> {two:.1f} s = {scaling:.2f}x (target >= {SCALING_TARGET}x): "
          f"{'met' if ok else 'NOT met'}")
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        dask, remote = wall(cheapest, DaskCluster(client, own=False), args.pool_copies)
    overhead = dask / two - 1
    ok = overhead < DASK_TARGET
    met = met and ok
    same = remote == pooled == alone
    met = met and same
    print(f"Dask LocalCluster (2 workers) vs pool (2): {dask:.1f} s vs {two:.1f} s = "
          f"{100 * overhead:+.1f}% (target < {100 * DASK_TARGET:.0f}%): "
          f"{'met' if ok else 'NOT met'}; same summary: {'yes' if same else 'NO'}")
    print(f"all targets: {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
