"""Players' undo requests ("players may ask"): kept per table in the store's
``setting`` table (key ``web.ask.<table id>``) so every serve process sees them;
an undo clears them."""

from __future__ import annotations

import json
from typing import Any

from tactician.store.database import Database
from tactician.store.models import Setting

KEY = "web.ask."
KEEP = 20


def pending(db: Database, table_id: str) -> list[dict[str, Any]]:
    with db.read() as session:
        row = session.get(Setting, KEY + table_id)
        found: list[dict[str, Any]] = json.loads(row.value) if row is not None else []
        return found


def add(db: Database, table_id: str, who: str, seq: int, note: str) -> None:
    with db.write() as session:
        row = session.get(Setting, KEY + table_id)
        found = json.loads(row.value) if row is not None else []
        found = [*found, {"who": who, "seq": seq, "note": note}][-KEEP:]
        session.merge(Setting(key=KEY + table_id, value=json.dumps(found)))


def clear(db: Database, table_id: str) -> None:
    with db.write() as session:
        row = session.get(Setting, KEY + table_id)
        if row is not None:
            session.delete(row)
