"""What one seat is sent: the board, the log's tail and its own controls, fog applied.

The battle is read once per change and process (``Views`` keeps the newest board
and log per battle, keyed by its sequence number and stream counter: an undo
changes the first, every action the second), then each seat's copy is filtered for
its side (``web.fog``). ``version`` (``<seq>.<streams>``) is the SSE event id: it
changes with every action and every undo, so a reconnecting client that names the
one it saw (``Last-Event-ID``) is sent the state only if it moved on.
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass
from typing import Any

from tactician.store.battles import BattleInfo
from tactician.store.database import Database
from tactician.table import tables
from tactician.table.seats import Seat, Table
from tactician.web.fog import Fog, board_for, entries_for, fog_for

LOG_TAIL = 100  # entries sent with each state; the whole log is /log.json


@dataclass(frozen=True)
class Current:
    key: tuple[int, int, str]
    ruleset: str
    view: dict[str, Any]
    entries: list[dict[str, Any]]

    @property
    def seq(self) -> int:
        return self.key[0]

    @property
    def version(self) -> str:
        return f"{self.key[0]}.{self.key[1]}"


def side_of(seat: Seat, view: dict[str, Any]) -> str | None:
    """The side whose sight a seat gets: none for the GM (sees all), a player's units'
    side, and for spectators the players' side (the side of the units players
    command, else the first side)."""
    if seat.role == "gm":
        return None
    by_id = {u["id"]: u for u in view["units"]}
    for unit in seat.units:
        if unit in by_id:
            return str(by_id[unit]["side"])
    for unit in view["units"]:
        if unit.get("tier") is None:
            return str(unit["side"])
    return str(view["sides"][0])


def controls(seat: Seat, view: dict[str, Any]) -> list[str]:
    if seat.role == "gm":
        return [str(u["id"]) for u in view["units"]]
    return list(seat.units) if seat.role == "player" else []


# what never changes in a battle: sent with the page's first state, not with each event
STATIC = ("terrain",)
STATIC_BOARD = ("rows", "symbols", "width", "height")


def live(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload without the parts that never change (the client keeps them from
    its first ``/state``): each event is a fraction of the size."""
    trimmed = {k: v for k, v in payload.items() if k not in STATIC}
    trimmed["board"] = {k: v for k, v in payload["board"].items() if k not in STATIC_BOARD}
    return trimmed


class Views:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._cache: dict[int, Current] = {}
        self._terrain: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()
        # (battle, hub generation) the cached board was last checked at
        self._checked: dict[int, int] = {}
        # one reader per battle at a time: the streams woken by one change wait for
        # the first one's read instead of all reading the same battle at once
        self._reading: dict[int, threading.Lock] = {}
        # (battle, generation) -> the one read of that change the streams await
        self._refreshing: dict[tuple[int, int], asyncio.Future[Current]] = {}
        # battle -> the board the last published action replaced (``_undone``)
        self._before: dict[int, Current] = {}
        # (table, seat) -> (version, the seat's payload as JSON)
        self._sent: dict[tuple[str, str], tuple[str, str]] = {}

    def current(self, battle_id: int, generation: int | None = None) -> Current:
        """The battle as it is now; with the hub's ``generation`` for it, a cached
        board checked at that generation is taken as current without a read (no
        change notice has arrived since)."""
        with self._lock:
            reading = self._reading.setdefault(battle_id, threading.Lock())
        with reading:
            return self._current(battle_id, generation)

    def _current(self, battle_id: int, generation: int | None) -> Current:
        with self._lock:
            cached = self._cache.get(battle_id)
            if (generation is not None and cached is not None
                    and self._checked.get(battle_id) == generation):
                return cached
        info = tables.info(self.db, battle_id)
        key = (info.last_seq, info.streams, info.status)
        with self._lock:
            cached = self._cache.get(battle_id)
        if cached is not None and cached.key == key:
            self._mark(battle_id, generation)
            return cached
        undone = self._undone(battle_id, key)
        if undone is not None:
            with self._lock:
                self._cache[battle_id] = undone
            self._mark(battle_id, generation)
            return undone
        for _ in range(5):  # the board and the log read at one sequence number
            info, view = tables.board(self.db, battle_id)
            entries = self._log(battle_id, cached, info.last_seq)
            if len(entries) == info.last_seq:
                break
        key = (info.last_seq, info.streams, info.status)
        fresh = Current(key, info.ruleset, view, entries)
        with self._lock:
            self._cache[battle_id] = fresh
        self._mark(battle_id, generation)
        return fresh

    def _undone(self, battle_id: int, key: tuple[int, int, str]) -> Current | None:
        """After an undo of the action ``publish`` cached last: the board it replaced,
        if the store's log still ends on that board's last entry (its hash: the
        chain, so the same entries and the same state), under the new header."""
        with self._lock:
            before = self._before.get(battle_id)
        if before is None or before.seq != key[0] or before.key[2] != key[2]:
            return None
        newer = tables.log_after(self.db, battle_id, before.seq)  # from entry seq on
        if [e.get("hash") for e in newer] != [e.get("hash") for e in before.entries[-1:]]:
            return None
        return Current(key, before.ruleset, before.view, before.entries)

    def _log(self, battle_id: int, cached: Current | None, last: int
             ) -> list[dict[str, Any]]:
        """The log up to ``last``: the cached entries that still hold (checked by the
        hash of the last one kept) and the ones after them, read from the store."""
        keep = min(cached.seq, last) if cached is not None else 0
        if cached is None or keep == 0:
            return tables.log_after(self.db, battle_id, 1)
        newer = tables.log_after(self.db, battle_id, keep)
        if not newer or newer[0].get("hash") != cached.entries[keep - 1].get("hash"):
            return tables.log_after(self.db, battle_id, 1)
        return [*cached.entries[:keep], *newer[1:]]

    def publish(self, battle_id: int, ruleset: str, state: Any, entry: dict[str, Any],
                info: BattleInfo | None = None) -> Current | None:
        """Cache the board after an action this process just committed, from the state
        the action produced (no re-read of the battle), and return it. Skipped (None)
        unless the cache held the entry before. ``info``: the header as committed
        (``campaigns.committed``), else read now."""
        info = info if info is not None else tables.info(self.db, battle_id)
        with self._lock:
            cached = self._cache.get(battle_id)
        # ours is still the newest entry: the same number and no stream drawn since
        # (an undo and another action in between would have drawn one)
        if (cached is None or cached.seq != entry["seq"] - 1 or info.last_seq != entry["seq"]
                or info.streams != entry["stream"] + 1 or info.ruleset != ruleset):
            return None
        view = tables.view_of(ruleset, state, info.last_seq)
        fresh = Current((info.last_seq, info.streams, info.status), ruleset, view,
                        [*cached.entries, entry])
        with self._lock:
            if self._cache.get(battle_id) is not cached:
                return None
            self._cache[battle_id] = fresh
            self._before[battle_id] = cached  # what an undo of this action goes back to
        return fresh

    async def refresh(self, battle_id: int, generation: int) -> Current:
        """``current`` at ``generation``, read once on a worker thread however many
        streams ask for it (call from the event loop)."""
        from starlette.concurrency import run_in_threadpool

        with self._lock:  # confirmed at this generation (``confirm``): no read, no thread
            cached = self._cache.get(battle_id)
            if cached is not None and self._checked.get(battle_id) == generation:
                return cached
        key = (battle_id, generation)
        task = self._refreshing.get(key)
        if task is None:
            task = asyncio.ensure_future(run_in_threadpool(self.current, battle_id, generation))
            self._refreshing[key] = task
            task.add_done_callback(lambda _: self._refreshing.pop(key, None))
        return await asyncio.shield(task)

    def confirm(self, battle_id: int, current: Current, generation: int) -> None:
        """At the wake-up for a commit this process made (hub generation
        ``generation``): ``current``, made current by the committing thread after the
        commit, is taken as current at that generation if still cached. A later
        commit anywhere brings a later wake-up (here, NOTIFY or the poll)."""
        with self._lock:
            if self._cache.get(battle_id) is current:
                self._checked[battle_id] = generation

    def _mark(self, battle_id: int, generation: int | None) -> None:
        if generation is not None:
            with self._lock:
                self._checked[battle_id] = generation

    def peek_json(self, table: Table, seat: Seat, generation: int) -> tuple[str, str] | None:
        """The seat's serialised payload if it is known current at ``generation``
        without any work (no read, no thread): most woken streams take this."""
        with self._lock:
            cached = self._cache.get(table.battle_id)
            if cached is None or self._checked.get(table.battle_id) != generation:
                return None
            sent = self._sent.get((table.id, seat.seat))
        return sent if sent is not None and sent[0] == cached.version else None

    def payload_json(self, table: Table, seat: Seat, generation: int | None = None
                     ) -> tuple[str, str]:
        """(version, the seat's payload as JSON), serialised once per version and seat
        however many of its clients are listening."""
        now = self.current(table.battle_id, generation)
        key = (table.id, seat.seat)
        with self._lock:
            sent = self._sent.get(key)
        if sent is not None and sent[0] == now.version:
            return sent
        text = json.dumps(live(self.payload(table, seat, now)), default=str)
        with self._lock:
            self._sent[key] = (now.version, text)
        return now.version, text

    def terrain(self, ruleset: str) -> dict[str, Any]:
        if ruleset not in self._terrain:
            self._terrain[ruleset] = tables.terrain(ruleset)
        return self._terrain[ruleset]

    def fog(self, seat: Seat, current: Current) -> Fog:
        return fog_for(current.view, side_of(seat, current.view))

    def payload(self, table: Table, seat: Seat, current: Current | None = None
                ) -> dict[str, Any]:
        now = current or self.current(table.battle_id)
        fog = self.fog(seat, now)
        board = board_for(now.view, fog)
        return {
            "table": {"id": table.id, "name": table.name},
            "seat": {"seat": seat.seat, "role": seat.role, "name": seat.name,
                     "units": list(seat.units)},
            "players": [{"seat": s.seat, "name": s.name, "units": list(s.units)}
                        for s in table.seats if s.role == "player"],
            "seq": now.seq,
            "version": now.version,
            "board": board,
            "log": entries_for(now.entries[-LOG_TAIL:], fog),
            "terrain": self.terrain(now.ruleset),
            "controls": [u for u in controls(seat, now.view)
                         if u in {x["id"] for x in board["units"]}],
        }
