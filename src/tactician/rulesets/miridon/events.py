"""The build ledger's events: what a GM grants and what a player buys.

A Miridon character is its creation choices plus an ordered ledger of these events
(004 has no experience or levels: skill points and stat growth are GM grants, ruling
``advancement``). In a unit file an event is one short mapping, e.g. ``buy_flair: Parry``,
``buy_talent: Melee Boost`` (one rank), ``grant_points: 20``, ``grant_strength: 2``,
``take_dual_class: Ghost Hunter``, ``recruit_crew: Tam``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

GRANTS = ("grant_points", "grant_strength", "grant_speed", "grant_ghost_hp")
PURCHASES = ("buy_skill", "buy_talent", "buy_flair", "take_dual_class", "recruit_crew", "lose_crew")
EventKind = Literal[
    "grant_points",
    "grant_strength",
    "grant_speed",
    "grant_ghost_hp",
    "buy_skill",
    "buy_talent",
    "buy_flair",
    "take_dual_class",
    "recruit_crew",
    "lose_crew",
]


class LedgerEvent(BaseModel):
    """One grant (``amount``) or one purchase (``name``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: EventKind
    name: str | None = Field(default=None, min_length=1)
    amount: int | None = Field(default=None, ge=1)
    note: str = ""

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: object) -> object:
        """``{buy_flair: Parry}`` is ``{kind: buy_flair, name: Parry}``;
        ``{grant_points: 30}`` is ``{kind: grant_points, amount: 30}``."""
        if isinstance(data, Mapping) and "kind" not in data:
            keys = [k for k in data if k in GRANTS or k in PURCHASES]
            if len(keys) == 1:
                key = keys[0]
                rest = {k: v for k, v in data.items() if k != key}
                field = "amount" if key in GRANTS else "name"
                return {"kind": key, field: data[key], **rest}
        return data

    @model_validator(mode="after")
    def _complete(self) -> LedgerEvent:
        if self.kind in GRANTS and self.amount is None:
            raise ValueError(f"{self.kind} needs an amount (a whole number of at least 1)")
        if self.kind in PURCHASES and self.name is None:
            raise ValueError(f"{self.kind} needs a name")
        return self

    def label(self) -> str:
        what = self.name if self.name is not None else self.amount
        return f"{self.kind} {what!r}" if isinstance(what, str) else f"{self.kind} {what}"
