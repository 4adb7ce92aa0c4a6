"""A stored battle's header and what opening it reads, as plain values: no SQLAlchemy,
so the standard library's ``sqlite3`` path (``store.sqlite_write``) builds them as the
store (``store.battles``) does (issue 28: a writer's start-up was 40% SQLAlchemy)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.engine.battle import Battle
from tactician.engine.log import Entry

__all__ = ["BattleInfo", "Tail", "as_tail"]


@dataclass(frozen=True)
class BattleInfo:
    id: int
    campaign_id: int
    name: str
    ruleset: str
    seed: int
    options: list[str]
    streams: int
    last_seq: int
    status: str


@dataclass(frozen=True)
class Tail:
    """What opening a battle reads: its header, the newest snapshot at or before the
    last entry (``None``: the start) and the entries after it (or, read with
    ``whole_log``, every entry: then the ones after the snapshot are
    ``entries[snapshot_seq:]``)."""

    info: BattleInfo
    start: dict[str, Any]
    header: dict[str, Any]
    snapshot_seq: int
    snapshot: dict[str, Any] | None
    entries: list[Entry]
    # the entry the snapshot was taken after (its hash is what the next entry chains to)
    anchor: Entry | None = None


def as_tail(tail: Tail) -> Battle:
    """The engine's ``Battle`` of a tail read without ``whole_log``: only the entries
    after the snapshot's ``anchor`` (``Battle.tail``), so an action appends to it
    without reading the whole log (with no snapshot, every entry: the whole battle)."""
    return Battle.tail({**tail.header, "ruleset": tail.info.ruleset, "seed": tail.info.seed,
                        "options": list(tail.info.options), "start": tail.start,
                        "streams": tail.info.streams, "log": tail.entries}, tail.anchor)
