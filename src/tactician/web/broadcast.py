"""Each listening seat's next Server-Sent Event, encoded once per version and seat.

Profiled under ``bench/bench_web_load.py`` (50 streams, docs/web-internals.md), the time
between a commit and the 50th client went to the woken streams hopping to a worker
thread to re-read the battle's header, to the first stream of each seat
serialising its payload on the event loop, to encoding that event again for every
client, and to the GIL: the command's thread building the GM's answer while the
loop tried to write. So the command's own thread, right after its commit and
before it wakes anyone, makes the board current (``Views.current``: a header
check after an action, whose board ``Views.publish`` already holds; a read after
an undo) and encodes the whole SSE event of every seat that has a stream open, as
bytes; the wake-up then marks that board current for the streams (``Views.confirm``),
and each woken stream writes the same bytes as every other client of its seat,
with no read, no thread and no encoding on the event loop.

A seat's bytes are ``Views.payload`` for that seat (its side's board and log, as
that side knows them) and are keyed by table, seat and version, never shared across
seats.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from tactician.table.seats import Seat, Table
from tactician.web.views import Current, Views, live

RETRY_MS = 1000  # how soon a dropped browser reconnects (EventSource's default is ~3 s)
SEP = "\r\n"  # sse-starlette's line separator, kept so a client sees one framing


def encode(version: str, data: str) -> bytes:
    """One SSE event: ``data`` is one line of JSON (``json.dumps`` never writes a raw
    line break), so it needs no splitting."""
    return (f"id: {version}{SEP}event: state{SEP}retry: {RETRY_MS}{SEP}"
            f"data: {data}{SEP}{SEP}").encode()


class Broadcast:
    def __init__(self, views: Views) -> None:
        self.views = views
        self._lock = threading.Lock()
        # (table id, seat) -> (version, the encoded event)
        self._frames: dict[tuple[str, str], tuple[str, bytes]] = {}
        # battle -> (table id, seat) -> (table, seat, open streams)
        self._listening: dict[int, dict[tuple[str, str], tuple[Table, Seat]]] = {}
        self._counts: Counter[tuple[str, str]] = Counter()
        # (table id, seat, version) -> the one encoding the seat's streams await
        self._encoding: dict[tuple[str, str, str], asyncio.Future[bytes]] = {}

    @contextmanager
    def listening(self, table: Table, seat: Seat) -> Iterator[None]:
        """While a stream of ``seat`` is open, commits encode its event ahead."""
        key = (table.id, seat.seat)
        with self._lock:
            self._counts[key] += 1
            self._listening.setdefault(table.battle_id, {})[key] = (table, seat)
        try:
            yield
        finally:
            with self._lock:
                self._counts[key] -= 1
                if self._counts[key] <= 0:
                    del self._counts[key]
                    self._listening.get(table.battle_id, {}).pop(key, None)
                    self._frames.pop(key, None)

    def streams(self, table: Table, seat: Seat) -> int:
        """How many streams of ``seat`` are open in this process."""
        with self._lock:
            return self._counts.get((table.id, seat.seat), 0)

    def cached(self, table: Table, seat: Seat, current: Current) -> bytes | None:
        with self._lock:
            found = self._frames.get((table.id, seat.seat))
        return found[1] if found is not None and found[0] == current.version else None

    def frame(self, table: Table, seat: Seat, current: Current) -> bytes:
        """The seat's event for ``current``, encoded once per version (any thread)."""
        found = self.cached(table, seat, current)
        if found is not None:
            return found
        data = json.dumps(live(self.views.payload(table, seat, current)), default=str)
        chunk = encode(current.version, data)
        with self._lock:
            self._frames[(table.id, seat.seat)] = (current.version, chunk)
        return chunk

    async def frame_async(self, table: Table, seat: Seat, current: Current) -> bytes:
        """``frame`` from the event loop: the cached bytes at once, else one encoding
        on a worker thread that every stream of the seat awaits."""
        found = self.cached(table, seat, current)
        if found is not None:
            return found
        from starlette.concurrency import run_in_threadpool

        key = (table.id, seat.seat, current.version)
        task = self._encoding.get(key)
        if task is None:
            task = asyncio.ensure_future(run_in_threadpool(self.frame, table, seat, current))
            self._encoding[key] = task
            task.add_done_callback(lambda _: self._encoding.pop(key, None))
        return await asyncio.shield(task)

    def prepare(self, battle_id: int, published: Current | None = None) -> Current:
        """After a commit, on the committing thread: the battle as it is now (the board
        ``Views.publish`` just made from the action's state, else as read), and the
        event of every seat with an open stream (the GM's, which carries the undo
        requests, is built by its stream)."""
        current = published if published is not None else self.views.current(battle_id)
        with self._lock:
            seats = list(self._listening.get(battle_id, {}).values())
        for table, seat in seats:
            if seat.role != "gm":
                self.frame(table, seat, current)
        return current
