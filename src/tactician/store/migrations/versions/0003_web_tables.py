"""The web table's own tables: ``web_table``, ``web_seat``, ``web_seat_unit``,
``web_ask``.

Revision ID: 0003
Revises: 0002

Schema 0002 kept each web table as a JSON row ``web.table.<id>`` of the key/value
``setting`` table (``{"battle_id", "name", "seats": [{"seat", "role", "name",
"units", "digest"}]}``) and each table's undo requests as ``web.ask.<id>`` (a JSON
list of ``{"who", "seq", "note"}``). The upgrade moves every such row into the new
tables and deletes it; the downgrade writes them back the same way and drops the
tables. A table whose battle no longer exists (0002 had no foreign key to keep it
from outliving it) cannot be played and is dropped, with its requests. The
server-wide GM digests (``web.gm.*``) stay settings.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TABLE_KEY = "web.table."
ASK_KEY = "web.ask."

setting = sa.table("setting", sa.column("key", sa.String), sa.column("value", sa.Text))
battle = sa.table("battle", sa.column("id", sa.Integer))
web_table = sa.table("web_table", sa.column("id", sa.String), sa.column("battle_id", sa.Integer),
                     sa.column("name", sa.String), sa.column("created", sa.DateTime(True)))
web_seat = sa.table("web_seat", sa.column("id", sa.Integer), sa.column("table_id", sa.String),
                    sa.column("seat", sa.String), sa.column("position", sa.Integer),
                    sa.column("role", sa.String), sa.column("name", sa.String),
                    sa.column("digest", sa.String))
web_seat_unit = sa.table("web_seat_unit", sa.column("table_id", sa.String),
                         sa.column("seat_id", sa.Integer), sa.column("position", sa.Integer),
                         sa.column("unit", sa.String))
web_ask = sa.table("web_ask", sa.column("id", sa.Integer), sa.column("table_id", sa.String),
                   sa.column("who", sa.String), sa.column("seq", sa.Integer),
                   sa.column("note", sa.Text), sa.column("at", sa.DateTime(True)))


def _create() -> None:
    op.create_table(
        "web_table",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["battle_id"], ["battle.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_web_table_battle_id", "web_table", ["battle_id"])
    op.create_table(
        "web_seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.String(length=32), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_table.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("digest"),
        sa.UniqueConstraint("table_id", "seat"),
        sa.UniqueConstraint("table_id", "position"),
    )
    op.create_table(
        "web_seat_unit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("unit", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(["seat_id"], ["web_seat.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["table_id"], ["web_table.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "unit"),
    )
    op.create_index("ix_web_seat_unit_seat_id", "web_seat_unit", ["seat_id"])
    op.create_table(
        "web_ask",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("who", sa.String(length=200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["web_table.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_web_ask_table_id", "web_ask", ["table_id"])


def _rows(conn: sa.Connection, prefix: str) -> list[tuple[str, Any]]:
    found = conn.execute(sa.select(setting.c.key, setting.c.value).where(
        setting.c.key.startswith(prefix, autoescape=True)).order_by(setting.c.key)).all()
    return [(str(key)[len(prefix):], json.loads(value)) for key, value in found]


def upgrade() -> None:
    _create()
    conn = op.get_bind()
    battles = set(conn.execute(sa.select(battle.c.id)).scalars())
    now = datetime.now(UTC)
    moved: set[str] = set()
    for table_id, data in _rows(conn, TABLE_KEY):
        if int(data["battle_id"]) not in battles:
            continue
        conn.execute(web_table.insert().values(id=table_id, battle_id=int(data["battle_id"]),
                                               name=str(data["name"]), created=now))
        for position, seat in enumerate(data["seats"]):
            seat_id = conn.execute(web_seat.insert().values(
                table_id=table_id, seat=seat["seat"], position=position, role=seat["role"],
                name=seat["name"], digest=seat["digest"]).returning(web_seat.c.id)).scalar_one()
            for number, unit in enumerate(seat["units"]):
                conn.execute(web_seat_unit.insert().values(
                    table_id=table_id, seat_id=seat_id, position=number, unit=str(unit)))
        moved.add(table_id)
    for table_id, asked in _rows(conn, ASK_KEY):
        if table_id not in moved:
            continue
        for ask in asked:
            conn.execute(web_ask.insert().values(table_id=table_id, who=str(ask["who"]),
                                                 seq=int(ask["seq"]), note=str(ask["note"]),
                                                 at=now))
    for prefix in (TABLE_KEY, ASK_KEY):
        conn.execute(setting.delete().where(setting.c.key.startswith(prefix, autoescape=True)))


def downgrade() -> None:
    conn = op.get_bind()
    seats: dict[str, list[dict[str, Any]]] = {}
    units: dict[int, list[str]] = {}
    for seat_id, unit in conn.execute(sa.select(web_seat_unit.c.seat_id, web_seat_unit.c.unit)
                                      .order_by(web_seat_unit.c.seat_id,
                                                web_seat_unit.c.position)):
        units.setdefault(seat_id, []).append(unit)
    for row in conn.execute(sa.select(web_seat).order_by(web_seat.c.table_id,
                                                         web_seat.c.position)).mappings():
        seats.setdefault(row["table_id"], []).append({
            "seat": row["seat"], "role": row["role"], "name": row["name"],
            "units": units.get(row["id"], []), "digest": row["digest"]})
    for row in conn.execute(sa.select(web_table)).mappings():
        conn.execute(setting.insert().values(key=TABLE_KEY + row["id"], value=json.dumps({
            "battle_id": row["battle_id"], "name": row["name"],
            "seats": seats.get(row["id"], [])})))
    asks: dict[str, list[dict[str, Any]]] = {}
    for row in conn.execute(sa.select(web_ask).order_by(web_ask.c.id)).mappings():
        asks.setdefault(row["table_id"], []).append(
            {"who": row["who"], "seq": row["seq"], "note": row["note"]})
    for table_id, asked in asks.items():
        conn.execute(setting.insert().values(key=ASK_KEY + table_id, value=json.dumps(asked)))
    op.drop_index("ix_web_ask_table_id", table_name="web_ask")
    op.drop_table("web_ask")
    op.drop_index("ix_web_seat_unit_seat_id", table_name="web_seat_unit")
    op.drop_table("web_seat_unit")
    op.drop_table("web_seat")
    op.drop_index("ix_web_table_battle_id", table_name="web_table")
    op.drop_table("web_table")
