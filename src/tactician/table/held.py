"""Battles held in memory by this process between two actions, so an action does
not re-read the whole log, re-verify its chain and re-replay it.

Profiled under ``bench/bench_web_load.py`` (docs/web-internals.md), each web action opened
the battle whole (every entry read, parsed and chain-verified, the newest
snapshot loaded, the entries after it replayed) only to append one entry. A held
battle is the engine's ``Battle`` and the dumped state after its newest entries,
kept under the key it was stored at: (last sequence number, stream counter, the
hash the log ends on). An action first reads that key from the store
(``store.battles.head``, one small read) and uses the held battle only if it is
equal: the hash chains the start, seed, ruleset, options and every entry, and
every action raises the stream counter while an undo lowers the sequence number,
so an equal key is the same battle whichever process wrote it. Anything else
(another process acted, undid, or the battle was replaced) reads it again. The
write that follows still checks the sequence number and the stream counter
inside its locked transaction (``store.battles``): the held copy only saves
reading, it decides nothing.

States are held as JSON text, loaded afresh for each use (``rules.load_state``):
the rules' ``apply`` can never change a held state, even when it refuses an
action half-way.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from tactician.engine.battle import Battle
from tactician.engine.chain import head
from tactician.store.battles import BattleInfo
from tactician.store.database import Database

# battles held per process (a table's battle each; the oldest used is let go)
HELD_BATTLES = 64
# states held per battle, newest entries first: how many undos in a row skip a read
HELD_STATES = 8

Key = tuple[int, int, str]


def key_of(battle: Battle) -> Key:
    """The key a battle is stored at: (last seq, stream counter, head hash)."""
    return len(battle.log), battle.streams, head(battle)


@dataclass(frozen=True)
class Held:
    key: Key
    battle: Battle
    # (seq, the dumped state after entry seq as JSON), oldest first; the last is the key's
    states: tuple[tuple[int, str], ...]
    # the header committed with the newest entry, when this process appended it
    info: BattleInfo | None = None

    def state_text(self, seq: int) -> str | None:
        return next((text for at, text in self.states if at == seq), None)


class Holder:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: OrderedDict[tuple[str, int], Held] = OrderedDict()

    @staticmethod
    def _where(db: Database, battle_id: int) -> tuple[str, int]:
        return db.url.render_as_string(hide_password=True), battle_id

    def get(self, db: Database, battle_id: int, key: Key) -> Held | None:
        """The held battle if it is the one stored at ``key`` (else None)."""
        where = self._where(db, battle_id)
        with self._lock:
            found = self._held.get(where)
            if found is None or found.key != key:
                return None
            self._held.move_to_end(where)
            return found

    def get_any(self, db: Database, battle_id: int) -> Held | None:
        """What this process holds for the battle, unchecked against the store."""
        with self._lock:
            return self._held.get(self._where(db, battle_id))

    def put(self, db: Database, battle_id: int, battle: Battle, state: dict[str, Any],
            earlier: Held | None = None, info: BattleInfo | None = None) -> None:
        """Hold ``battle`` just committed with ``state`` (dumped) after its last
        entry; the states ``earlier`` held for entries it still has are kept."""
        seq = len(battle.log)
        kept = [(at, text) for at, text in (earlier.states if earlier else ())
                if at < seq and at <= len(battle.log)
                and _same_entry(earlier, battle, at)]
        states = (*kept[-(HELD_STATES - 1):], (seq, json.dumps(state)))
        where = self._where(db, battle_id)
        with self._lock:
            self._held[where] = Held(key_of(battle), battle, states, info)
            self._held.move_to_end(where)
            while len(self._held) > HELD_BATTLES:
                self._held.popitem(last=False)

    def drop(self, db: Database, battle_id: int) -> None:
        with self._lock:
            self._held.pop(self._where(db, battle_id), None)


def _same_entry(earlier: Held | None, battle: Battle, seq: int) -> bool:
    """Whether entry ``seq`` (0: the start) is the same in both: a state held after
    it still holds for ``battle``."""
    if earlier is None:
        return False
    old = earlier.battle
    if seq == 0:
        return old.start_hash == battle.start_hash
    return len(old.log) >= seq and old.log[seq - 1].hash == battle.log[seq - 1].hash


def load(rules: Any, text: str) -> Any:
    """A fresh state from held JSON."""
    return rules.load_state(json.loads(text))


HOLDER = Holder()
