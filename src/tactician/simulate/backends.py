"""Where the copies are played: in this process, in a local process pool (the
default, one worker a core) or on a Dask distributed cluster.

Every backend plays chunks of copy indices (``run_chunk``) and hands each outcome
back as it comes; the driver keeps them by index, so the summary is the same bit for
bit whatever the backend or the number of workers. A chunk whose worker was lost
(a pool's process killed, a Dask worker gone) is played again: a copy depends on its
index and the base seed alone, so the retry is the same copy. Ctrl-C
(``KeyboardInterrupt``) stops the backend; what was handed back is kept.

A worker costs the same per battle on every backend (bench/bench_simulate.py, the Dask
overhead): a worker process freezes its heap once it has prepared a set-up
(``settled``: the modules, rules and start state it keeps, out of every full pass of
the collector: a Dask worker's heap is twice a pool worker's), and the Dask backend
pauses its workers' statistical profiler while it runs (``quiet_profiler``: every
10 ms it walks the running battle's stack, twice, on the worker's event loop, holding
the interpreter the battle needs) and starts it again when it is closed.

``distributed`` is imported only by the Dask backend.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, Protocol

from tactician.errors import TacticianError
from tactician.simulate.run_one import CopyOutcome, run_one
from tactician.simulate.setup import Setup, prepared

__all__ = ["SCHEDULER_ENV", "Backend", "DaskCluster", "InProcess", "ProcessPool",
           "chunks", "connect", "quiet_profiler", "resume_profiler", "run_chunk",
           "settled"]

SCHEDULER_ENV = "TACTICIAN_DASK_SCHEDULER"
RETRIES = 3  # times a lost worker's chunk is played again before the run is refused
CONNECT_TIMEOUT = 3.0  # seconds to reach a Dask scheduler (the refusal: within 5 s)

# a Dask worker's periodic callbacks that are its statistical profiler
# (distributed.Worker: ``distributed.worker.profile.enabled`` starts them)
PROFILER = ("profile", "profile-cycle")

Done = Callable[[CopyOutcome], None]

_settled = False


def settled() -> bool:
    """Freeze this process's heap, once (``gc.freeze`` after a full collection): what
    it holds now (modules, rules, prepared set-ups) is never scanned again by the
    collector's full passes, which a battle's allocations trigger every dozen copies.
    True the first time."""
    global _settled
    if _settled:
        return False
    gc.collect()
    gc.freeze()
    _settled = True
    return True


def run_chunk(setup: Setup, base_seed: int, indices: Sequence[int]) -> list[CopyOutcome]:
    """Copies ``indices`` of ``setup``, one after another (what a worker plays)."""
    prepared(setup)
    settled()
    return [run_one(setup, base_seed, index) for index in indices]


def _profiler(dask_worker: Any, running: bool) -> bool:
    changed = False
    for name in PROFILER:
        callback = dask_worker.periodic_callbacks.get(name)
        if callback is not None and callback.is_running() != running:
            (callback.start if running else callback.stop)()
            changed = True
    return changed


def quiet_profiler(dask_worker: Any) -> bool:
    """Stop a Dask worker's statistical profiler (run on every worker by
    ``Client.run``); whether it was running."""
    return _profiler(dask_worker, False)


def resume_profiler(dask_worker: Any) -> bool:
    """Start again the profiler ``quiet_profiler`` stopped; whether it was stopped."""
    return _profiler(dask_worker, True)


def chunks(indices: Sequence[int], workers: int) -> list[list[int]]:
    """``indices`` in chunks of at most 8, about four a worker (work stays balanced,
    and a chunk's set-up crosses to its worker once)."""
    size = max(1, min(8, len(indices) // max(1, workers * 4)))
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


class Backend(Protocol):
    name: str

    @property
    def workers(self) -> int: ...

    def run(self, setup: Setup, base_seed: int, indices: Sequence[int], done: Done) -> None:
        """Play ``indices``, calling ``done`` with each outcome (any order)."""
        ...

    def close(self) -> None: ...


class InProcess:
    """Every copy in this process, in index order (``--workers 0``)."""

    name = "in-process"
    workers = 1

    def run(self, setup: Setup, base_seed: int, indices: Sequence[int], done: Done) -> None:
        for index in indices:
            done(run_one(setup, base_seed, index))

    def close(self) -> None:
        pass


class ProcessPool:
    """A pool of ``workers`` processes on this machine (default: one a core). Spawned,
    not forked: the progress bar's thread must not be copied into a child."""

    name = "process pool"

    def __init__(self, workers: int | None = None) -> None:
        self._workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        return self._workers

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self._workers, mp_context=get_context("spawn"))
        return self._pool

    def run(self, setup: Setup, base_seed: int, indices: Sequence[int], done: Done) -> None:
        left = chunks(indices, self._workers)
        for _attempt in range(RETRIES + 1):
            pool = self._executor()
            pending: dict[Future[list[CopyOutcome]], list[int]] = {
                pool.submit(run_chunk, setup, base_seed, chunk): chunk for chunk in left}
            lost: list[list[int]] = []
            try:
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        chunk = pending.pop(future)
                        try:
                            outcomes = future.result()
                        except BrokenProcessPool:
                            lost.append(chunk)
                            continue
                        for outcome in outcomes:
                            done(outcome)
            except BaseException:
                self.close()
                raise
            if not lost:
                return
            self.close()  # a worker died: a new pool plays its chunks again
            left = lost
        raise TacticianError(f"a worker of the process pool was lost {RETRIES + 1} times "
                             "playing the same copies; nothing stored")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _refused(address: str, timeout: float, why: str) -> TacticianError:
    return TacticianError(f"cannot reach the Dask scheduler at {address!r} within "
                          f"{timeout:g} s ({why}); start it (`dask scheduler`) or drop "
                          f"--cluster / {SCHEDULER_ENV}")


def _reachable(address: str, timeout: float) -> None:
    """A tcp:// scheduler's port answers (a refused connection is told at once, not
    after Dask's retries)."""
    import socket
    from urllib.parse import urlsplit

    if not address.startswith("tcp://"):
        return
    try:
        parts = urlsplit(address)
        host, port = parts.hostname, parts.port
    except ValueError:
        host, port = None, None
    if host is None or port is None:
        raise TacticianError(f"--cluster {address!r}: give tcp://HOST:PORT")
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        raise _refused(address, timeout, exc.strerror or type(exc).__name__) from None


def connect(address: str, timeout: float = CONNECT_TIMEOUT) -> Any:
    """A Dask client of the scheduler at ``address`` (refused, clearly, when it does
    not answer within ``timeout`` seconds)."""
    _reachable(address, timeout)
    from distributed import Client

    try:
        return Client(address, timeout=f"{timeout}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise _refused(address, timeout, type(exc).__name__) from None


class DaskCluster:
    """The workers of a Dask distributed cluster (``--cluster tcp://host:8786`` or
    ``TACTICIAN_DASK_SCHEDULER``); every worker needs Tactician installed. A task
    whose worker is lost is rescheduled by Dask itself; one that fails is retried.
    The workers' statistical profiler is paused while it plays and started again by
    ``close`` (``profiler=True``: it runs, at its cost; the bench's baseline)."""

    name = "dask"

    def __init__(self, client: Any, own: bool = True, profiler: bool = False) -> None:
        self.client = client
        self._own = own
        self._profiler = profiler  # True: the workers' profiler runs (started if paused)
        self._quieted: set[str] = set()  # workers whose profiler this backend paused

    @classmethod
    def at(cls, address: str) -> DaskCluster:
        return cls(connect(address))

    @property
    def workers(self) -> int:
        threads = self.client.nthreads()
        return max(1, sum(threads.values()))

    def run(self, setup: Setup, base_seed: int, indices: Sequence[int], done: Done) -> None:
        from distributed import as_completed

        if self._profiler:
            self.client.run(resume_profiler)
        else:
            quieted = self.client.run(quiet_profiler)
            self._quieted |= {worker for worker, changed in quieted.items() if changed}
        # a key of its own (hash=False): a run's release of an equal set-up scattered by
        # the run before it cannot take this one's data away
        shared = self.client.scatter(setup, broadcast=True, hash=False)
        futures = [self.client.submit(run_chunk, shared, base_seed, chunk, pure=False,
                                      retries=RETRIES)
                   for chunk in chunks(indices, self.workers)]
        try:
            # this client's loop: a client of ``connect`` is nobody's default
            for future in as_completed(futures, loop=self.client.loop):
                for outcome in future.result():
                    done(outcome)
        except BaseException:
            self.client.cancel(futures)
            raise

    def close(self) -> None:
        if self._quieted:
            # a worker gone (or the scheduler) has no profiler to start again
            with contextlib.suppress(Exception):
                self.client.run(resume_profiler, workers=sorted(self._quieted),
                                on_error="ignore")
            self._quieted.clear()
        if self._own:
            self.client.close()
