"""What one seat is sent: the board, the log's tail and its own controls, fog applied.

The battle is read once per change and process (``Views`` keeps the newest board
and log per battle, keyed by its sequence number and stream counter: an undo
changes the first, every action the second), then each seat's copy is filtered for
its side (``web.fog``). ``version`` (``<seq>.<streams>``) is the SSE event id: it
changes with every action and every undo, so a reconnecting client that names the
one it saw (``Last-Event-ID``) is sent the state only if it moved on.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from tactician.store.database import Database
from tactician.table import tables
from tactician.table.seats import Seat, Table
from tactician.web.fog import Fog, board_for, entries_for, fog_for

LOG_TAIL = 200  # entries sent with each state; the whole log is /log.json


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


class Views:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._cache: dict[int, Current] = {}
        self._terrain: dict[str, dict[str, Any]] = {}
        self._lock = threading.Lock()

    def current(self, battle_id: int) -> Current:
        info = tables.info(self.db, battle_id)
        key = (info.last_seq, info.streams, info.status)
        with self._lock:
            cached = self._cache.get(battle_id)
        if cached is not None and cached.key == key:
            return cached
        for _ in range(5):  # the board and the log read at one sequence number
            info, view = tables.board(self.db, battle_id)
            log = tables.log(self.db, battle_id)
            if len(log) == info.last_seq:
                break
        key = (info.last_seq, info.streams, info.status)
        fresh = Current(key, info.ruleset, view, [e.model_dump(mode="json") for e in log])
        with self._lock:
            self._cache[battle_id] = fresh
        return fresh

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
