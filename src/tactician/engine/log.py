"""The event log: every action with every die it drew.

Design principle 2: "A battle is its start state plus its event log: replaying
the log rebuilds it bit for bit, undo drops events, and a player can audit
every roll." An entry keeps the action exactly as asked, the dice in the order
drawn (with what each was for), the ruleset's record of what happened, the
seeded stream it drew from and its link in the hash chain (``engine.chain``).

This is the row the storage layer stores (issue 14: start + log, unique
(battle, seq)): every field below is a column of it.
"""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

# a record ``type`` that closes a phase: Tropera logs ``end_phase`` (000: the side's
# phase ends, the next side's begins); UESRPG logs ``end_turn`` for ``end_turn``,
# ``end_phase`` and ``wait`` (003: a character's Turn ends) and ``begin`` for the
# initiative roll that opens the first round
PHASE_ENDS = frozenset({"end_phase", "end_turn", "begin"})


class Draw(BaseModel):
    """One die as logged: its sides, the face it showed and what it decided; whose roll
    it was (``roller``, the unit's id) and, for the table's dice, who entered it
    (``by``: the seat, or ``seed`` for a die the battle's stream gave inside an entry
    of the table's dice, which the chain re-derives). Issue 25, dice authority.

    ``roller`` and ``by`` are left out of the entry's JSON when not known, so the
    entries logged before they existed keep the bytes, and the hashes, they had."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sides: int = Field(ge=1)
    value: int = Field(ge=1)
    purpose: str
    roller: str | None = None
    by: str | None = None

    @model_validator(mode="after")
    def _on_the_die(self) -> Draw:
        if self.value > self.sides:
            raise ValueError(f"a d{self.sides} cannot show {self.value}")
        return self

    @model_serializer(mode="wrap")
    def _known_only(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for key in ("roller", "by"):
            if data.get(key) is None:
                data.pop(key, None)
        return data


class Entry(BaseModel):
    """One logged action.

    ``seq`` runs 1..N in log order. ``stream`` is the index of the seeded stream
    the action drew from (``chain.action_dice(seed, stream)``); streams only grow,
    and an undone action's stream is never reused, so they skip after an undo.
    ``physical`` entries took the table's dice instead: their dice cannot be
    re-derived, only protected by ``hash``, the sha256 of the previous entry's
    hash (the battle's ``start_hash`` for the first) and this entry's other
    fields in canonical JSON.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int = Field(ge=1)
    stream: int = Field(ge=0)
    action: dict[str, Any]
    dice: list[Draw] = Field(default_factory=list)
    summary: str = ""
    records: list[dict[str, Any]] = Field(default_factory=list)
    physical: bool = False  # the table's own dice were used
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")

    @property
    def ends_phase(self) -> bool:
        """Whether this entry closed a phase (or a UESRPG Turn): see ``PHASE_ENDS``."""
        return any(record.get("type") in PHASE_ENDS for record in self.records)

    @property
    def dice_source(self) -> str:
        """``physical`` (the table's), ``seeded`` (the battle's stream) or ``none``."""
        if not self.dice:
            return "none"
        return "physical" if self.physical else "seeded"
