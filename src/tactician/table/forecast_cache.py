"""The forecast of an action on a campaign battle, kept between runs (issue 28: "every
command on a campaign battle (show, move, attack, end-phase, forecast) within 1.5x a
bare Typer app with the cache warm").

A forecast is derived data, as a board is (``table.board_cache``): the same stored
rows read by the same code under the same settings give the same exact odds. So it
is kept in ``derived_cache.DerivedCache`` ("battle-forecast") under a key of the
battle's stored rows byte for byte (``store.sqlite_peek``: the row, the newest
snapshot, the entries from its anchor), the action's details as the command parsed
them, and the settings (``settings_parts``); ``DerivedCache`` adds the package's
code and libraries. An edited row is a miss, so the full path, which verifies the
chain from the snapshot and refuses what it always refused. A battle file and a
PostgreSQL battle take the full path. A refused forecast is never kept.

This module imports only the standard library and ``derived_cache`` at its top.
"""

from __future__ import annotations

import json
from typing import Any

from tactician.derived_cache import DerivedCache, enabled, settings_parts

__all__ = ["CACHE", "cached", "keep"]

CACHE = DerivedCache("battle-forecast", version=1)


def _key(material: bytes, details: dict[str, Any]) -> str:
    return CACHE.key("stored rows", material, json.dumps(details, sort_keys=True, default=str),
                     *settings_parts())


def cached(db: str | None, name: str | None, details: dict[str, Any]
           ) -> tuple[dict[str, Any] | None, Any]:
    """The kept forecast of ``details`` on the campaign battle ``name`` (default: the
    current one) of the SQLite database ``db`` names, and what was looked up (for
    ``keep``); (None, None) when not an SQLite battle or the cache is off."""
    if not enabled():
        return None, None
    from tactician.store.sqlite_peek import peek

    found = peek(db, name)
    if found is None:
        return None, None
    try:
        value = CACHE.get(_key(found.material, details))
    except OSError:
        return None, found
    return (value if isinstance(value, dict) else None), found


def keep(db: str | None, name: str | None, details: dict[str, Any], looked_up: Any,
         report: dict[str, Any]) -> None:
    """Keep ``report`` (just computed on a miss) if the rows read again are the ones
    looked up (no writer in between). Never raises."""
    try:
        if looked_up is None or not enabled():
            return
        from tactician.store.sqlite_peek import peek

        again = peek(db, name)
        if again is not None and again.material == looked_up.material:
            CACHE.put(_key(again.material, details),
                      json.loads(json.dumps(report, default=str)))
    except Exception:  # noqa: BLE001 - a cache fill must not fail the command
        return
