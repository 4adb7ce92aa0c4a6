"""The board of a battle file, kept between runs: ``battle show`` answers from it
without the engine (issue 16: "every command under 1.5 times the start-up of a
bare Typer app ... nothing imported that the command does not use").

The board (``board_of``: the ruleset's view of a state, JSON-ready) is derived
data: the same file read by the same code in the same settings always makes the
same board. So it is kept in ``derived_cache.DerivedCache`` ("board-view") under
a key of everything it is computed from:

- the battle file's whole bytes (as ``file_part`` reads them): an edited or
  tampered file is other bytes, so a miss, so the full path that verifies the log
  and refuses it; a file in lines (issue 28), its stamp instead
  (``content.battle_lines.stamp``: device, inode, size, modification and change
  times in nanoseconds, and its last line), so an action does not read and hash a
  5,000-entry file to keep its board: any write to the file (an edit by hand
  included) moves its change time, so a miss;
- the ``side`` whose view it is (``None``: the GM's, everything): fog of war is
  computed by ``board_of(..., side=S)`` for each side, and one side's key never
  serves another;
- the settings files are read under (``derived_cache.settings_parts``: the
  limits, ``TACTICIAN_MAX_FILE_BYTES``...; a content folder such as
  ``TACTICIAN_TROPERA_DATA`` with its files);
- (by ``DerivedCache`` itself) the package's code and data files and the
  libraries that read them.

A campaign battle (``--name``, the current battle) in an SQLite database is kept
the same way under the rows the full path opens it from, byte for byte, read with
the standard library alone (``store.sqlite_peek``: the battle's row, its newest
snapshot, the entries from the one it was taken after) and a part naming them
stored rows, so no file's bytes can make the same key: an edited row is a miss, so
the full path that verifies the chain from the snapshot and refuses it (issue 28).
A PostgreSQL battle takes the full path.

A ruleset installed from another package is outside ``code_fingerprint``: its
boards are never kept. ``--reach`` views are not kept either: they take the full
path, as does a file beside which a killed save left a temporary (the full path
removes it).

Who fills it: every writer of a battle file, with the GM's board of the state it
just saved (``keep_written``: ``battle_files.new_battle``, ``FilePlace.append``
and ``undo``), so the ``battle show`` after an action is a hit; and ``battle
show`` itself on a miss (``keep_read``), once it has verified the file. For a
campaign battle: ``StoredPlace.append`` (``keep_stored_written``: kept only if the
rows read back end on the entry it wrote), and ``battle show`` on a miss
(``keep_stored_read``: only if the rows read again are the ones it looked up). A failed
fill never fails the command: the battle is saved, the cache only makes the next
read faster.

This module imports only the standard library and ``derived_cache`` at its top:
``battle show`` imports it on every run, hit or miss.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tactician.derived_cache import DerivedCache, enabled, settings_parts

__all__ = ["CACHE", "board_of", "cached", "key", "keep", "keep_read", "keep_stored_read",
           "keep_stored_written", "keep_written", "keeping", "stored"]

CACHE = DerivedCache("board-view", version=2)  # 2: the GM's board has its log's head

def keeping() -> bool:
    """Whether boards are read and kept now (``TACTICIAN_CACHE`` is not off)."""
    return enabled()


def key(data: bytes, side: str | None) -> str:
    """The key of the board of a battle file whose bytes are ``data``, as ``side``
    sees it (module docstring)."""
    return CACHE.key(data, json.dumps(side), *settings_parts())


def cached(data: bytes, side: str | None) -> dict[str, Any] | None:
    """The kept board of the battle file whose bytes are ``data``, or None (a miss)."""
    if not keeping():
        return None
    try:
        value = CACHE.get(key(data, side))
    except OSError:  # a content folder that cannot be listed: the full path reads it
        return None
    return value if isinstance(value, dict) else None


def keep(data: bytes, side: str | None, board: dict[str, Any]) -> None:
    """Keep ``board`` as the board of the file whose bytes are ``data`` for ``side``,
    in its JSON form (what ``--json`` prints: ``print_json``'s ``default=str``)."""
    if not keeping():
        return
    try:
        where = key(data, side)
    except OSError:  # a content folder that cannot be listed: nothing is kept
        return
    CACHE.put(where, json.loads(json.dumps(board, default=str)))


def board_of(ruleset: str, state: Any, seq: int, seed: int,
             reach_unit: str | None = None, side: str | None = None,
             head: str = "") -> dict[str, Any]:
    """The board of a state in hand: the ruleset's view, the log's length, the seed
    and, on the GM's board, the hash the log ends on (``head``: what ``--at N:HASH``
    names; a side's board leaves it out, as a side's log chains its own head:
    ``table.side_log``). ``table.battles.view`` and every writer here make it the
    same way."""
    from tactician.rulesets.registry import contract

    data = contract(ruleset).board_view(state, reach_unit, side)
    data["log_length"] = seq
    data["seed"] = seed
    if head and side is None:
        data["head"] = head
    return data


def _ours(ruleset: str) -> bool:
    """Whether the ruleset is the one this package ships (``registry.is_shipped``:
    its code is in ``code_fingerprint``)."""
    from tactician.rulesets.registry import get, is_shipped

    return is_shipped(get(ruleset))


def keep_written(data: bytes, ruleset: str, state: Callable[[], Any], seq: int,
                 seed: int, head: str) -> None:
    """After a writer saved ``data`` (the file's new bytes) holding ``state()`` at
    ``seq`` with its log ending on ``head`` (a callable: an undo replays for it, only
    when boards are kept): keep the GM's board of it. Never raises: the battle is
    saved already."""
    try:
        if keeping() and _ours(ruleset):
            keep(data, None, board_of(ruleset, state(), seq, seed, head=head))
    except Exception:  # noqa: BLE001 - a cache fill must not fail a saved action
        return


def keep_read(data: bytes, side: str | None, battle: Any, ruleset: str,
              board: dict[str, Any], path: Any = None) -> None:
    """After ``battle show`` read ``data`` from a battle file, then opened and verified the
    file (``battle``) and made ``board``: keep it, if the file it verified is the
    one ``data`` holds (a writer may have saved another in between). A file in lines
    is kept under its stamp (``content.battle_lines.stamp``): kept if the stamp of
    ``path`` taken again is ``data`` (no write in between)."""
    try:
        if not keeping() or not _ours(ruleset):
            return
        from tactician.content.battle_lines import STAMP, stamp

        if data.startswith(STAMP):
            if path is not None and stamp(path) == data:
                keep(data, side, board)
            return
        from tactician.engine.battle import Battle

        if Battle.model_validate_json(data) == battle:
            keep(data, side, board)
    except Exception:  # noqa: BLE001 - unreadable as a battle: simply not kept
        return


# --- campaign battles (module docstring) ------------------------------------------------

_STORED = "stored rows"  # the first part of a stored battle's key: never a file's


def _stored_key(material: bytes, side: str | None) -> str:
    return CACHE.key(_STORED, material, json.dumps(side), *settings_parts())


def stored(db: str | None, name: str | None, side: str | None
           ) -> tuple[dict[str, Any] | None, Any]:
    """The kept board of the campaign battle ``name`` (default: the current one) in the
    SQLite database ``db`` names, as ``side`` sees it, and what was looked up (for
    ``keep_stored_read``); (None, None) when not kept or not an SQLite battle."""
    if not keeping():
        return None, None
    from tactician.store.sqlite_peek import peek

    found = peek(db, name)
    if found is None:
        return None, None
    try:
        value = CACHE.get(_stored_key(found.material, side))
    except OSError:
        return None, found
    return (value if isinstance(value, dict) else None), found


def keep_stored_read(db: str | None, name: str | None, side: str | None, looked_up: Any,
                     board: dict[str, Any]) -> None:
    """After ``battle show`` opened a campaign battle on a miss (``stored`` gave
    ``looked_up``) and made ``board``: keep it if the rows read again are the ones
    looked up (no writer in between). Never raises."""
    try:
        if looked_up is None or not keeping():
            return
        from tactician.store.sqlite_peek import peek

        again = peek(db, name)
        if again is not None and again.material == looked_up.material:
            CACHE.put(_stored_key(again.material, side),
                      json.loads(json.dumps(board, default=str)))
    except Exception:  # noqa: BLE001 - a cache fill must not fail the command
        return


def keep_stored_written(database: Any, battle_id: int, ruleset: str, state: Any, seq: int,
                        head: str, seed: int) -> None:
    """After a writer stored entries ending on ``seq`` with hash ``head`` in the
    campaign ``database`` (a ``store.database.Database``, or the standard library's
    ``store.sqlite_write.SqliteBattles``): keep the GM's board of
    ``state`` if the rows read back end on that entry. Never raises."""
    try:
        if not keeping() or not _ours(ruleset):
            return
        from pathlib import Path

        from tactician.store.sqlite_peek import peek

        # the standard library's write path (``store.sqlite_write``) names its file
        where = getattr(database, "path", None)
        if where is None:
            if not database.is_sqlite:
                return
            where = database.url.database
        if not where or where == ":memory:":
            return
        found = peek(Path(where), battle_id=battle_id)
        if found is None or (found.last_seq, found.head) != (seq, head):
            return  # another writer came after, or the rows read otherwise
        CACHE.put(_stored_key(found.material, None),
                  json.loads(json.dumps(board_of(ruleset, state, seq, seed, head=head),
                                        default=str)))
    except Exception:  # noqa: BLE001 - a cache fill must not fail a saved action
        return
