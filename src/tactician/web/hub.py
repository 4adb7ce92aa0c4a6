"""Change notices for the live table: which battle changed, reaching every stream.

In one process a command wakes the battle's waiting streams directly. With
PostgreSQL it also sends ``NOTIFY tactician_web, '<battle id>'`` after its commit,
and every ``tactician serve`` process on that database LISTENs on a connection of
its own (psycopg 3) and wakes its streams: a client connected to any process sees
a change made through any other. The notice carries only the battle id; each
stream then reads the battle and sends its own seat's view (fog applied), so no
notice can leak anything. Streams also look again every few seconds (``POLL``),
which covers several SQLite processes too.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable
from typing import Any

CHANNEL = "tactician_web"
# seconds between a stream's own looks; TACTICIAN_WEB_POLL changes it (the fan-out
# test sets it to an hour, so only a NOTIFY can wake a stream in time)
POLL = float(os.environ.get("TACTICIAN_WEB_POLL", "5"))


class Hub:
    def __init__(self) -> None:
        self._events: dict[int, asyncio.Event] = {}
        # per battle, how many change notices this process has seen: a stream whose
        # generation is unchanged knows the battle is too, without reading it
        self._generations: dict[int, int] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def event(self, battle_id: int) -> asyncio.Event:
        """The event the next change of ``battle_id`` sets (take it before reading the
        battle, so a change in between is not missed)."""
        found = self._events.get(battle_id)
        if found is None:
            found = self._events[battle_id] = asyncio.Event()
        return found

    def generation(self, battle_id: int) -> int:
        return self._generations.get(battle_id, 0)

    def _wake(self, battle_id: int, confirm: Callable[[int], None] | None = None) -> None:
        self._generations[battle_id] = self.generation(battle_id) + 1
        if confirm is not None:  # before any stream runs: they find the board current
            confirm(self._generations[battle_id])
        found = self._events.pop(battle_id, None)
        if found is not None:
            found.set()

    def changed(self, battle_id: int, confirm: Callable[[int], None] | None = None) -> None:
        """Called from any thread after a change was committed; ``confirm`` is called
        on the event loop with the new generation before the streams wake
        (``Views.confirm``: the committing thread already made the board current)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._wake, battle_id, confirm)

    async def wait(self, event: asyncio.Event, timeout: float | None = None) -> bool:
        """Wait for ``event``; False when the poll interval ran out first."""
        try:
            await asyncio.wait_for(event.wait(), POLL if timeout is None else timeout)
        except TimeoutError:
            return False
        return True

    # --- PostgreSQL fan-out -----------------------------------------------------------

    def listen(self, dsn: str) -> None:
        """LISTEN for other processes' changes on a thread of its own until ``close``."""
        self._thread = threading.Thread(target=self._listen, args=(dsn,), daemon=True,
                                        name="tactician-listen")
        self._thread.start()

    def _listen(self, dsn: str) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            self._on_notice(notice.payload)
            except psycopg.Error:
                self._stop.wait(1.0)  # the server went away: try again shortly

    def _on_notice(self, payload: str) -> None:
        with contextlib.suppress(ValueError):
            self.changed(int(payload))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=3)


def notify(db: Any, battle_id: int) -> None:
    """Tell the other serve processes on a PostgreSQL database that a battle changed."""
    if not db.is_postgresql:
        return
    from sqlalchemy import text

    with db.engine.connect() as conn:
        conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                     {"channel": CHANNEL, "payload": str(battle_id)})
        conn.commit()
