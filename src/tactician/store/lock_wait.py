"""Waiting for a lock another process holds, out loud and for a bounded time (issue 27:
a command on a database or a battle file another process held waited 30-45 s without a
word).

A command that finds a lock taken (SQLite's write lock at ``BEGIN IMMEDIATE``, a read
blocked by another process's exclusive lock, a battle file's ``flock``, any row or table
PostgreSQL locks: ``store.pg_lock_wait``) waits a moment
(``GRACE``: a lock held for a few milliseconds by another command is the common case
and says nothing), then says on stderr at once that it is waiting and for what, and
gives up after ``TACTICIAN_WAIT`` seconds (default ``DEFAULT_WAIT``; ``tactician --wait
SECONDS`` and ``--no-wait`` set it for one command) with ``LockHeld``: one line, exit
code 2, nothing changed. A server names who is told of the wait (``announcing``).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from tactician.errors import TacticianError

ENV = "TACTICIAN_WAIT"
DEFAULT_WAIT = 30.0  # seconds: SQLite's busy timeout before this (store.database)
GRACE = 0.25  # seconds waited before saying so (short holds say nothing)
_POLL = 0.05


class LockHeld(TacticianError):
    """Another process held the lock for longer than this command waits; nothing was
    changed."""


def wait_seconds() -> float:
    """How long a command waits for a lock (``TACTICIAN_WAIT``; 0: not at all)."""
    raw = os.environ.get(ENV, "").strip()
    if not raw:
        return DEFAULT_WAIT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86_400 or seconds != seconds:
        raise TacticianError(f"{ENV}={raw!r}: give the seconds to wait for a lock another "
                             "process holds, 0 to 86400 (0: do not wait)")
    return seconds


def announce(what: str, limit: float) -> None:
    """Say, once and at once, that this command waits for ``what``."""
    sys.stderr.write(f"waiting for {what}, held by another process (up to {limit:g} s: "
                     f"--wait SECONDS, --no-wait or {ENV})\n")
    sys.stderr.flush()


Announcer = Callable[[str, float], None]
# who is told of a wait: the terminal (``announce``), or what a server puts in its place
# for the request waiting (``tactician serve``: its log; the seat hears the answer)
_ANNOUNCER: ContextVar[Announcer | None] = ContextVar("tactician_lock_announcer", default=None)


def current_announcer() -> Announcer:
    """Who is told, in this thread or task, that a lock is waited for."""
    return _ANNOUNCER.get() or announce


@contextmanager
def announcing(to: Announcer) -> Iterator[None]:
    """Tell waits inside the block to ``to`` instead of standard error."""
    token = _ANNOUNCER.set(to)
    try:
        yield
    finally:
        _ANNOUNCER.reset(token)


def gave_up(what: str, limit: float) -> LockHeld:
    if limit <= 0:
        return LockHeld(f"{what} is held by another process and this command does not wait "
                        f"(--no-wait / {ENV}=0); nothing was changed, try again")
    return LockHeld(f"{what} is still held by another process after {limit:g} s; nothing "
                    f"was changed (wait longer with --wait SECONDS or {ENV})")


def wait_for(attempt: Callable[[], bool], what: str) -> None:
    """Call ``attempt`` (which takes the lock without blocking: True when it did) until it
    succeeds: quietly for ``GRACE``, then saying so, until ``wait_seconds()``; then
    ``LockHeld``."""
    if attempt():
        return
    limit = wait_seconds()
    start = time.monotonic()
    grace_end = start + min(GRACE, limit)
    while time.monotonic() < grace_end:
        time.sleep(_POLL)
        if attempt():
            return
    if limit <= GRACE:
        raise gave_up(what, limit)
    current_announcer()(what, limit)
    deadline = start + limit
    while time.monotonic() < deadline:
        time.sleep(_POLL)
        if attempt():
            return
    raise gave_up(what, limit)
