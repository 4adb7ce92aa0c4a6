"""A damaged database named in one line (issue 27): a stored value whose JSON was cut
short or edited into something the engine cannot read is reported naming the battle
and the row (``entry 3``, ``the snapshot at entry 50``), never as a ``JSONDecodeError``
or a validation traceback; the battles whose rows are sound stay usable, since each
battle is read from its own rows.

SQLAlchemy's JSON type decodes a row as it is fetched, so a fault does not say which
row it came from: the row is found afterwards by SQLite's ``json_valid`` (PostgreSQL
checks JSON as it is written, so only a well-formed value of the wrong shape can be
there, and that is named from the row itself).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from tactician.errors import TacticianError


class DamagedData(TacticianError):
    """A row of the database cannot be read: names the battle and the row (``fault``:
    that much alone, as ``campaign check`` lists it), then what to do."""

    def __init__(self, fault: str) -> None:
        self.fault = fault
        super().__init__(f"{fault}; {HINT}")


# where each kind of battle row lives, and how its message names it
# (its JSON column, the row named, a row of it unnamed)
_TABLES = {
    "battle_entry": ("entry", "entry {seq}", "an entry"),
    "battle_undone": ("entry", "undone entry {seq}", "an undone entry"),
    "snapshot": ("state", "the snapshot at entry {seq}", "a snapshot"),
}
HINT = ("restore the database from a backup (`campaign backup`), or `battle export` the "
        "sound battles; `campaign check` lists every damaged one")


def battle_label(session: Session, battle_id: int) -> str:
    name = session.execute(text("SELECT name FROM battle WHERE id = :b"),
                           {"b": battle_id}).scalar()
    return f"battle {name!r}" if name is not None else f"battle #{battle_id}"


def bad_json_row(session: Session, battle_id: int, table: str, after: int = 0) -> int | None:
    """The first row of ``table`` of the battle (past ``after``) that is not valid JSON,
    where the database can say (SQLite's ``json_valid``); None where it cannot."""
    if session.get_bind().dialect.name != "sqlite":
        return None
    column = _TABLES[table][0]
    found = session.execute(text(
        f"SELECT seq FROM {table} WHERE battle_id = :b AND seq > :after "  # noqa: S608
        f"AND NOT json_valid({column}) ORDER BY seq LIMIT 1"),
        {"b": battle_id, "after": after}).scalar()
    return None if found is None else int(found)


def damaged_row(session: Session, battle_id: int, table: str, fault: Exception,
                seq: int | None = None, after: int = 0) -> DamagedData:
    """The one-line error for a row of ``table`` that could not be read (``seq``: the
    row, when the caller knows it; else it is looked for)."""
    if seq is None and isinstance(fault, json.JSONDecodeError):
        seq = bad_json_row(session, battle_id, table, after)
    _, named, unnamed = _TABLES[table]
    row = named.format(seq=seq) if seq is not None else unnamed
    return DamagedData(f"{battle_label(session, battle_id)}: {row} in the database is "
                       f"damaged ({fault_words(fault)})")


def damaged_battle_row(session: Session, battle_id: int, fault: Exception) -> DamagedData:
    """The one-line error for a battle whose own row (start, header) cannot be read."""
    return DamagedData(f"{battle_label(session, battle_id)}: its start or header in the "
                       f"database is damaged ({fault_words(fault)})")


def fault_words(fault: Exception) -> str:
    """What is wrong with the value, in a few words and one line."""
    if isinstance(fault, json.JSONDecodeError):
        return f"not valid JSON: {fault.msg.lower()}, character {fault.pos}"
    errors: Any = getattr(fault, "errors", None)
    if callable(errors):  # pydantic's ValidationError: its first fault
        first = errors()[0] if errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ())) or "value"
        return f"{where}: {first.get('msg', 'invalid')}"
    return " ".join(str(fault).split())[:200]
