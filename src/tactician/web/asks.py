"""Players' undo requests ("players may ask"): rows of ``web_ask`` (``store.models.
WebAsk``, migration 0003), so every serve process sees them; the newest ``KEEP``
per table are kept, and an undo clears them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select

from tactician.store.database import Database
from tactician.store.models import WebAsk

KEEP = 20


def pending(db: Database, table_id: str) -> list[dict[str, Any]]:
    """The table's requests, oldest first, as the GM's page shows them."""
    with db.read() as session:
        rows = session.execute(select(WebAsk.who, WebAsk.seq, WebAsk.note).where(
            WebAsk.table_id == table_id).order_by(WebAsk.id))
        return [{"who": who, "seq": seq, "note": note} for who, seq, note in rows]


def add(db: Database, table_id: str, who: str, seq: int, note: str) -> None:
    with db.write() as session:
        session.add(WebAsk(table_id=table_id, who=who, seq=seq, note=note))
        session.flush()
        kept = select(WebAsk.id).where(WebAsk.table_id == table_id).order_by(
            WebAsk.id.desc()).limit(KEEP).scalar_subquery()
        session.execute(delete(WebAsk).where(WebAsk.table_id == table_id,
                                             WebAsk.id.not_in(kept)))


def clear(db: Database, table_id: str) -> None:
    with db.write() as session:
        session.execute(delete(WebAsk).where(WebAsk.table_id == table_id))
