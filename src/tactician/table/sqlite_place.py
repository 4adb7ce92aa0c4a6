"""A campaign battle in an SQLite file, read and written for an action with the standard
library's ``sqlite3`` (``store.sqlite_write``), without SQLAlchemy or the store's
models (issue 28: they were some 40% of a writer's start-up).

``SqlitePlace`` is a ``battle_places.Place`` with ``StoredPlace``'s guarantee: it
opens the battle from its newest snapshot as ``table.campaigns.open_battle`` does (the
one ``stored_battle.open_tail``), keeps the same snapshots (``stored_battle.
snapshot_states``) and stores the entries with the store's checks in one write
transaction. Whatever that path leaves to the full one (``store.sqlite_write``: a
damaged row, the write lock held by another process, a battle the entries end, the
whole log, undo and redo) goes to a ``StoredPlace`` on the same database, opened then,
so every refusal, every message and the wait for a lock (``store.lock_wait``) are the
store's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tactician.engine.battle import Battle
from tactician.engine.chain import head
from tactician.engine.log import Entry
from tactician.store.sqlite_write import SqliteBattles
from tactician.table import board_cache
from tactician.table.battle_places import Loaded, Step, StoredPlace
from tactician.table.stored_battle import (
    DEFAULT_SNAPSHOT_EVERY,
    open_tail,
    rules_for,
    snapshot_states,
)

__all__ = ["SqlitePlace"]


@dataclass
class SqlitePlace:
    """Battle ``battle_id`` (``name``) of the SQLite campaign file ``rows`` has open;
    ``db`` is the ``--db`` it was named by, for the full path when it is needed."""

    rows: SqliteBattles
    battle_id: int
    name: str
    db: str | None
    every: int = 0
    _full: StoredPlace | None = field(default=None, repr=False)

    @property
    def label(self) -> str:
        return f"battle {self.name!r}"

    def full(self) -> StoredPlace:
        """The same battle through the store (SQLAlchemy), opened on first need."""
        if self._full is None:
            from tactician.store.database import open_database

            self._full = StoredPlace(open_database(self.db), self.battle_id, self.name,
                                     self.every)
        return self._full

    def close(self) -> None:
        self.rows.close()
        if self._full is not None:
            self._full.db.close()

    def load(self, whole_log: bool = False) -> Loaded:
        tail = None if whole_log else self.rows.load_tail(self.battle_id)
        if tail is None:  # the whole log, or a row this path leaves to the store
            return self._adopt(self.full().load(whole_log))
        rules = rules_for(tail.info.ruleset, tail.info.options)
        state, battle = open_tail(tail, rules)
        info = tail.info
        return Loaded(self, info.ruleset, info.seed, info.last_seq, rules, state, None,
                      head(battle), battle)

    def _adopt(self, loaded: Loaded) -> Loaded:
        loaded.place = self
        return loaded

    def rebuild(self) -> Loaded:
        return self._adopt(self.full().rebuild())

    def append(self, loaded: Loaded, battle: Battle, steps: Sequence[Step]) -> None:
        if not steps:
            return
        every = self.every or DEFAULT_SNAPSHOT_EVERY
        pairs = [(s.entry, s.state) for s in steps]
        states, pins, status = snapshot_states(loaded.rules, pairs, every)
        stored = None
        if status == "ongoing":  # an ended battle carries back to the roster: the store's
            stored = self.rows.append_entries(self.battle_id, loaded.seq,
                                              [s.entry for s in steps], states, pins, status)
        if stored is None:
            self.full().append(loaded, battle, steps)
            return
        last = steps[-1]
        board_cache.keep_stored_written(self.rows, self.battle_id, loaded.ruleset,
                                        last.state, last.entry.seq, last.entry.hash,
                                        loaded.seed)

    def undo(self, loaded: Loaded, keep: int) -> list[Entry]:
        return self.full().undo(loaded, keep)

    def redo(self, loaded: Loaded, count: int | None) -> list[Entry]:
        return self.full().redo(loaded, count)


def sqlite_place(db: str | None, name: str | None) -> SqlitePlace | None:
    """The battle ``name`` (default: the current one) of the current campaign in the
    SQLite file ``db`` names, on the standard library's path; None when that path is in
    any doubt (``store.sqlite_write``: the caller takes the store's)."""
    rows = SqliteBattles.open(db)
    if rows is None:
        return None
    found = rows.find(name)
    if found is None:
        rows.close()
        return None
    return SqlitePlace(rows, found[0], found[1], db)
