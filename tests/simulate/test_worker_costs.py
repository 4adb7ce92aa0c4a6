"""A battle costs a worker the same on every backend (bench/bench_simulate.py's Dask
overhead): a worker process freezes its heap once it has prepared a set-up, and the
Dask backend pauses its workers' statistical profiler while it runs, starting it
again when it is closed; the summary is the pool's, bit for bit."""

from __future__ import annotations

import gc
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from tactician.simulate.backends import DaskCluster, ProcessPool, run_chunk
from tactician.simulate.driver import simulate
from tactician.simulate.setup import prepared
from tactician.simulate.summary import summarize
from tests.simulate.kit import walled


def _profiling(client) -> list[bool]:
    def running(dask_worker) -> bool:
        return bool(dask_worker.periodic_callbacks["profile"].is_running())

    return sorted(client.run(running).values())


def test_a_worker_process_freezes_its_heap_once_it_has_prepared_the_set_up() -> None:
    setup = walled("round_cap=1")
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        assert pool.submit(gc.get_freeze_count).result() == 0
        pool.submit(run_chunk, setup, 5, [0, 1]).result()
        frozen = pool.submit(gc.get_freeze_count).result()
        assert frozen > 0
        pool.submit(run_chunk, setup, 5, [2]).result()
        assert pool.submit(gc.get_freeze_count).result() == frozen  # once a process


@pytest.mark.slow
def test_dask_workers_play_without_their_profiler_and_get_it_back_when_closed() -> None:
    from distributed import Client, LocalCluster

    setup = walled("round_cap=2")
    seen: list[list[bool]] = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        assert _profiling(client) == [True, True]
        backend = DaskCluster(client, own=False)
        try:
            run = simulate(setup, backend, runs=6, base_seed=4,
                           progress=lambda *_: seen.append(_profiling(client))
                           if not seen else None)
            assert seen == [[False, False]]  # paused while the copies were played
        finally:
            backend.close()
        assert _profiling(client) == [True, True]
        pool = ProcessPool(2)
        try:
            by_pool = simulate(setup, pool, runs=6, base_seed=4)
        finally:
            pool.close()
    units = prepared(setup).units
    assert summarize(run.ordered(), units) == summarize(by_pool.ordered(), units)
