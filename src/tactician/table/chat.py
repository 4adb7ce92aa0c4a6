"""A table's chat (issue 29: "chat with whispers to a seat and the GM, and a free dice
roller (``/roll 2d6+1``, the CLI's notation), logged beside the battle").

Messages are kept beside the battle in the settings table (no migration: one row per
message, ``web.chat.<table>.<number>``, its JSON as the value), numbered from 1 in
the order sent. A message goes to everyone, or is a whisper to one seat (the GM's
among them): a whisper is shown to its sender and its recipient only, never to
another player, spectator or the GM (unless the GM is one of the two). ``/roll
EXPR`` rolls ``EXPR`` in the CLI's dice notation (``dice.notation``, ``tactician
roll``) on a fresh secret seed, kept with every die and the seed, so the roll can be
repeated (``tactician roll EXPR --seed N``); it is no die of the battle.
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from tactician.dice.notation import roll
from tactician.dice.source import SeededDice, secret_seed
from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.store.models import Setting
from tactician.table.seats import Seat, Table

PREFIX = "web.chat."
MAX_TEXT = 500
KEEP = 500  # messages a seat is sent at most (the newest)


def _key(table_id: str, number: int) -> str:
    return f"{PREFIX}{table_id}.{number:09d}"


def _rows(db: Database, table_id: str) -> list[dict[str, Any]]:
    start = f"{PREFIX}{table_id}."
    with db.read() as session:
        values = session.scalars(select(Setting.value).where(
            Setting.key > start, Setting.key < start + "~").order_by(Setting.key))
        return [json.loads(v) for v in values]


def visible(message: dict[str, Any], seat: Seat) -> bool:
    """A message for everyone, or a whisper this seat sent or was sent."""
    return message["to"] is None or seat.seat in (message["to"], message["from"])


def messages(db: Database, table: Table, seat: Seat, after: int = 0) -> list[dict[str, Any]]:
    """The messages ``seat`` may read, numbered after ``after``, oldest first."""
    shown = [m for m in _rows(db, table.id) if m["n"] > after and visible(m, seat)]
    return shown[-KEEP:]


def send(db: Database, table: Table, seat: Seat, text: str, to: str | None = None
         ) -> dict[str, Any]:
    """Keep ``seat``'s message (``to``: a seat to whisper to, None for everyone); a
    text ``/roll EXPR`` is rolled. A bad expression, an unknown seat or an empty or
    over-long text is refused, nothing kept."""
    text = text.strip()
    if not text:
        raise TacticianError("chat: say something (or /roll 2d6+1)")
    if len(text) > MAX_TEXT:
        raise TacticianError(f"chat: at most {MAX_TEXT} characters")
    if to is not None:
        recipient = table.seat(to)  # refused naming the seat if there is none
        if recipient.seat == seat.seat:
            raise TacticianError("chat: a whisper goes to another seat")
    message: dict[str, Any] = {"from": seat.seat, "name": seat.name, "to": to,
                               "to_name": table.seat(to).name if to else None,
                               "text": text, "at": int(time.time())}
    if text.split(maxsplit=1)[0].lower() == "/roll":
        expression = text[len("/roll"):].strip()
        if not expression:
            raise TacticianError("chat: /roll needs dice, e.g. /roll 2d6+1")
        seed = secret_seed()
        outcome = roll(expression, SeededDice(seed))
        message["roll"] = {**outcome.to_json(), "seed": str(seed)}  # JSON numbers lose it
    for _ in range(5):  # two messages at once: the later one takes the next number
        existing = _rows(db, table.id)
        message["n"] = (existing[-1]["n"] if existing else 0) + 1
        try:
            with db.write() as session:
                session.add(Setting(key=_key(table.id, message["n"]), value=json.dumps(message)))
            return message
        except IntegrityError:
            continue
    raise TacticianError("chat: too many messages at once, send it again")
