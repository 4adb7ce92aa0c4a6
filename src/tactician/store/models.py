"""The schema as SQLAlchemy 2 models (migrations in ``store/migrations``).

A battle is stored the way the engine keeps it: the start and the header fields
of ``engine.battle.Battle`` on the ``battle`` row, each ``engine.log.Entry`` as
its ``model_dump`` JSON in ``battle_entry`` with UNIQUE(battle_id, seq). Fields
the engine adds to either model travel inside the JSON (``battle.header`` holds
any header field without a column), so they need no migration.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, datetime: DateTime(True)}


class Setting(Base):
    """Database-wide settings: ``current_campaign`` (``campaign use``), each campaign's
    current battle, the web table's server-wide GM token digests (``web.gm.*``)."""

    __tablename__ = "setting"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Campaign(Base):
    __tablename__ = "campaign"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    options: Mapped[list[Any]] = mapped_column(default=list)  # rulings, "name=value"
    created: Mapped[datetime] = mapped_column(default=now)


class Character(Base):
    """A roster entry: the current sheet; its history is ``CharacterChange``."""

    __tablename__ = "character"
    __table_args__ = (UniqueConstraint("campaign_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("campaign.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    sheet: Mapped[dict[str, Any]]
    updated: Mapped[datetime] = mapped_column(default=now)


class CharacterChange(Base):
    """One change to a sheet: who made it, what it was, when, and the sheet before and
    after (``before`` is null for a character's creation, ``after`` for its removal)."""

    __tablename__ = "character_change"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    character_id: Mapped[int] = mapped_column(ForeignKey("character.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(default=now)
    who: Mapped[str] = mapped_column(String(200))
    what: Mapped[str] = mapped_column(Text)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class PartyStore(Base):
    """The party's shared store (001's Supply, Tropera's convoy): a list of items."""

    __tablename__ = "party_store"

    campaign_id: Mapped[int] = mapped_column(
        ForeignKey("campaign.id", ondelete="CASCADE"), primary_key=True
    )
    items: Mapped[list[Any]] = mapped_column(default=list)
    updated: Mapped[datetime] = mapped_column(default=now)


class BattleRow(Base):
    __tablename__ = "battle"
    __table_args__ = (UniqueConstraint("campaign_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("campaign.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[list[Any]] = mapped_column(default=list)
    start: Mapped[dict[str, Any]]
    # Battle fields without a column of their own (format, start_hash, ...)
    header: Mapped[dict[str, Any]] = mapped_column(default=dict)
    streams: Mapped[int] = mapped_column(Integer, default=0)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(64), default="ongoing")
    created: Mapped[datetime] = mapped_column(default=now)


class EntryRow(Base):
    __tablename__ = "battle_entry"
    __table_args__ = (UniqueConstraint("battle_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]]


class UndoneRow(Base):
    """An entry undone since the battle's last action (the redo list, in ``seq`` order:
    the next to redo first); ``battle redo`` moves it back to ``battle_entry``, a new
    action deletes the battle's rows."""

    __tablename__ = "battle_undone"
    __table_args__ = (UniqueConstraint("battle_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]]


class SnapshotRow(Base):
    """The state after entry ``seq`` (``BattleRules.dump_state``). A ``pinned`` one
    (every N-th entry, a phase end) is kept; the newest state, unpinned, is replaced
    by the next one."""

    __tablename__ = "snapshot"
    __table_args__ = (UniqueConstraint("battle_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]]
    pinned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


# --- the web table (issue 15; docs/web-internals.md) --------------------------------


class WebTable(Base):
    """A web table: one stored battle opened to a GM, players and spectators. ``id``
    is the public part of every seat token (``<id>.<secret>``); the table goes with
    its battle."""

    __tablename__ = "web_table"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    battle_id: Mapped[int] = mapped_column(
        ForeignKey("battle.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime] = mapped_column(default=now)


class WebSeat(Base):
    """A seat at a table (``gm``, ``p1``..., ``spectator``) in the order shown, and the
    SHA-256 digest of its token's secret (never the secret): one digest per seat,
    UNIQUE across all tables. Every request reads a table's seats by ``table_id``
    (the leading column of UNIQUE(table_id, seat))."""

    __tablename__ = "web_seat"
    __table_args__ = (UniqueConstraint("table_id", "seat"),
                      UniqueConstraint("table_id", "position"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("web_table.id", ondelete="CASCADE"))
    seat: Mapped[str] = mapped_column(String(32))
    position: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(200))
    digest: Mapped[str] = mapped_column(String(64), unique=True)


class WebSeatUnit(Base):
    """A unit a player seat commands. UNIQUE(table_id, unit): a unit belongs to one
    seat of a table at most, held by the database as well as by ``create_table``."""

    __tablename__ = "web_seat_unit"
    __table_args__ = (UniqueConstraint("table_id", "unit"),
                      Index("ix_web_seat_unit_seat_id", "seat_id"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("web_table.id", ondelete="CASCADE"))
    seat_id: Mapped[int] = mapped_column(ForeignKey("web_seat.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    unit: Mapped[str] = mapped_column(String(200))


class WebAsk(Base):
    """A player's undo request ("players may ask"), shown on the GM's page until an
    undo clears the table's requests; the newest ``web.asks.KEEP`` are kept."""

    __tablename__ = "web_ask"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        ForeignKey("web_table.id", ondelete="CASCADE"), index=True)
    who: Mapped[str] = mapped_column(String(200))
    seq: Mapped[int] = mapped_column(Integer)
    note: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(default=now)
