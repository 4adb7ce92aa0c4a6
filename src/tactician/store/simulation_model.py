"""The ``simulations`` table (migration 0005): one row a ``tactician simulate`` run
stored in a campaign, its whole report as JSON (the GM desk draws it). Kept apart
from ``models.py`` (one concept a file); the same ``Base``, so the schema is one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from tactician.store.models import Base, now


class SimulationRow(Base):
    __tablename__ = "simulations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("campaign.id", ondelete="CASCADE"),
                                             index=True)
    # the battle simulated from where it stood (None: a set-up from files)
    battle_id: Mapped[int | None] = mapped_column(
        ForeignKey("battle.id", ondelete="SET NULL"), nullable=True)
    name: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(BigInteger)
    runs: Mapped[int] = mapped_column(Integer)
    report: Mapped[dict[str, Any]]
    created: Mapped[datetime] = mapped_column(default=now)
