"""The event log: every action with every die it drew.

Design principle 2: "A battle is its start state plus its event log: replaying
the log rebuilds it bit for bit, undo drops events, and a player can audit
every roll." An entry keeps the action exactly as asked, the dice in the order
drawn (with what each was for) and the ruleset's record of what happened.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Draw(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sides: int
    value: int
    purpose: str


class Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int = Field(ge=1)
    action: dict[str, Any]
    dice: list[Draw] = Field(default_factory=list)
    summary: str = ""
    records: list[dict[str, Any]] = Field(default_factory=list)
    physical: bool = False  # the table's own dice were used
