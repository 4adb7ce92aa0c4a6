"""What one seat is sent: the board, the log's tail and its own controls, each as its
side knows them.

The battle is read once per change and process (``Views`` keeps the newest state,
board and log per battle, keyed by its sequence number and stream counter: an undo
changes the first, every action the second). A player's or spectator's board is the
ruleset's board of the battle as that side knows it (``board_view(state, None,
side)``, built from what it sees: nothing hidden is in it), made once per version and
side; its log is the log as that side saw it, entry by entry at the time
(``table.sight_log``, ``table.side_log``: no hashes, hidden entries hidden for good),
with the commitment a player can check it against. ``version`` (``<seq>.<streams>``)
is the SSE event id: it changes with every action and every undo, so a reconnecting
client that names the one it saw (``Last-Event-ID``) is sent the state only if it
moved on.
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass, field
from typing import Any

from tactician.store.battles import BattleInfo
from tactician.store.database import Database
from tactician.table import tables
from tactician.table.campaigns import rules_for
from tactician.table.seats import Seat, Table
from tactician.table.side_log import seed_commitment, side_entries, side_head
from tactician.table.sight_log import SightLog, appended, followed
from tactician.web import fog

LOG_TAIL = 100  # entries sent with each state; the whole log is /log.json


@dataclass(frozen=True)
class Current:
    key: tuple[int, int, str]
    ruleset: str
    view: dict[str, Any]  # the GM's board
    entries: list[dict[str, Any]]
    state: Any = None
    sight: SightLog | None = None
    seed: int = 0
    options: tuple[str, ...] = ()
    battle_id: int = 0
    # side -> its board, made on first ask (``Views.board``)
    boards: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False)

    @property
    def seq(self) -> int:
        return self.key[0]

    @property
    def version(self) -> str:
        return f"{self.key[0]}.{self.key[1]}"

    @property
    def ended(self) -> bool:
        return self.key[2] != "ongoing"

    @property
    def rules(self) -> Any:
        return rules_for(self.ruleset, list(self.options))


def side_of(seat: Seat, view: dict[str, Any], table: Table | None = None) -> str | None:
    """The side whose sight a seat gets: none for the GM (sees all), a player's units'
    side, and for spectators the players' side (the side of the units the table's
    player seats command, else of the units players command, else the first side)."""
    if seat.role == "gm":
        return None
    by_id = {u["id"]: u for u in view["units"]}
    others = [u for s in table.seats if s.role == "player" for u in s.units] if table else []
    for unit in (*seat.units, *others):
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


@dataclass(frozen=True)
class SideLog:
    """A side's log at one version: the entries' hashes (to find what still holds
    after an undo), the entries as it saw them and its chain's head after each."""

    version: str
    hashes: list[str]
    shown: list[dict[str, Any]]
    heads: list[str]

    @property
    def head(self) -> str:
        return self.heads[-1] if self.heads else ""


# an entry sent with a state or an event carries at most this much JSON (issue 25, hole
# 9: one 57 KB action went to every client with every event); the whole is in /log.json
MAX_ENTRY_JSON = 8 * 1024


def clipped(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` as a state or an event carries it: whole, or when its JSON is over
    ``MAX_ENTRY_JSON``, its number, kind and the start of its summary."""
    if len(json.dumps(entry, default=str)) <= MAX_ENTRY_JSON:
        return entry
    action = entry.get("action") or {}
    return {"seq": entry.get("seq"), "summary": str(entry.get("summary", ""))[:500],
            "action": {"type": str(action.get("type", ""))[:50]}, "dice": [],
            "records": [], "physical": entry.get("physical", False), "clipped": True}


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
        # (battle, side) -> its log as it saw it, grown entry by entry (``log``)
        self._side_logs: dict[tuple[int, str], SideLog] = {}

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
            info, state, view = tables.board_state(self.db, battle_id)
            entries = self._log(battle_id, cached, info.last_seq)
            if len(entries) == info.last_seq:
                break
        key = (info.last_seq, info.streams, info.status)
        sight = followed(cached.sight if cached is not None else None, info.ruleset, entries,
                         rules_for(info.ruleset, list(info.options)), state,
                         lambda: tables.start_state(self.db, battle_id))
        fresh = Current(key, info.ruleset, view, entries, state, sight, info.seed,
                        tuple(info.options), battle_id)
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
        return Current(key, before.ruleset, before.view, before.entries, before.state,
                       before.sight, before.seed, before.options, battle_id)

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
        sight = appended(cached.sight, entry, state) if cached.sight is not None else None
        fresh = Current((info.last_seq, info.streams, info.status), ruleset, view,
                        [*cached.entries, entry], state, sight, info.seed, tuple(info.options),
                        battle_id)
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

    def side(self, seat: Seat, current: Current, table: Table | None = None) -> str | None:
        return side_of(seat, current.view, table)

    def board(self, current: Current, side: str | None) -> dict[str, Any]:
        """The board ``side`` is sent (None: the GM's), made once per version and side
        from the battle as that side knows it."""
        if side is None:
            return current.view
        found = current.boards.get(side)
        if found is None:
            # a battle that hides nothing: every side's board is the GM's
            found = {**current.view, "viewer": side} \
                if current.sight is not None and not current.sight.hides \
                else tables.side_view_of(current.ruleset, current.state, current.seq, side)
            current.boards[side] = found
        return found

    def log(self, current: Current, side: str | None) -> tuple[list[dict[str, Any]], str]:
        """The log ``side`` may see (None: the GM's, whole) and the head of its chain:
        the entries as logged and the log's own head for the GM; for a side, its
        entries as it saw them (``table.side_log``) and the head of their chain, kept
        per battle and side and grown by the new entries only."""
        if side is None:
            head = current.entries[-1]["hash"] if current.entries else ""
            return current.entries, str(head)
        assert current.sight is not None
        key = (current.battle_id, side)
        with self._lock:
            kept = self._side_logs.get(key)
        start = seed_commitment(current.seed)  # where a side's chain starts
        if kept is not None and kept.version == current.version:
            return kept.shown, kept.head or start
        hashes = [str(e.get("hash")) for e in current.entries]
        common = 0
        if kept is not None:
            for mine, theirs in zip(kept.hashes, hashes, strict=False):
                if mine != theirs:
                    break
                common += 1
        shown = list(kept.shown[:common]) if kept is not None else []
        heads = list(kept.heads[:common]) if kept is not None else []
        for entry in side_entries(current.sight, current.entries, side, common):
            heads.append(side_head(heads[-1] if heads else start, [entry]))
            shown.append(entry)
        found = SideLog(current.version, hashes, shown, heads)
        with self._lock:
            self._side_logs[key] = found
        return found.shown, found.head or start

    def chain(self, current: Current, side: str | None, head: str) -> dict[str, Any]:
        """What a seat may check its log and the dice against: the seed's commitment
        from the start, the head of its log's chain (its side's for a player), and once
        the battle has ended the seed itself (``table.side_log``)."""
        shown: dict[str, Any] = {"seed_commitment": seed_commitment(current.seed),
                                 "head": head, "of": "log" if side is None else "side"}
        if current.ended:
            shown["seed"] = current.seed
        return shown

    def payload(self, table: Table, seat: Seat, current: Current | None = None
                ) -> dict[str, Any]:
        now = current or self.current(table.battle_id)
        side = self.side(seat, now, table)
        board = self.board(now, side)
        entries, head = self.log(now, side)
        payload = {
            "table": {"id": table.id, "name": table.name},
            "seat": {"seat": seat.seat, "role": seat.role, "name": seat.name,
                     "units": list(seat.units)},
            "players": [{"seat": s.seat, "name": s.name, "units": list(s.units)}
                        for s in table.seats if s.role == "player"],
            "seq": now.seq,
            "version": now.version,
            "board": board,
            "log": [clipped(e) for e in entries[-LOG_TAIL:]],
            "chain": self.chain(now, side, head),
            "terrain": self.terrain(now.ruleset),
            "controls": [u for u in controls(seat, now.view)
                         if u in {x["id"] for x in board["units"]}],
        }
        payload.update(fog_of(now, side))
        return payload


def fog_of(now: Current, side: str | None) -> dict[str, Any]:
    """The payload's fog entries (``web.fog``): a side's own ``sight``; the GM's
    ``hidden_from`` and ``fog_sides``."""
    if now.state is None:
        return {}
    if side is None:
        return fog.gm_entries(now.ruleset, now.state, now.view)
    sight = fog.sight_entry(now.ruleset, now.state, side)
    return {} if sight is None else {"sight": sight}
