"""Commands from a seat: who may do what, checked on the server before the rules run.

A player acts only for the units of their seat (and ends the phase only while their
units have it: never another player's turn, nor one a turn order still to roll,
``order_due`` in fe-tabletop's view, would give to someone); the kinds the action
schema gives the GM (fe-classic's set-up, the rolls that start a round) are the
GM's (``table.action_roles``); spectators act for none; the GM for any unit, the
engine's phase and undo. Every command names the
sequence number it was decided on (``seq``): a battle that moved on since refuses it
(``StaleBattle``) and nothing is applied. Everything a player's command is refused
for is computed on what its side knows (``table.side_asks``): a unit it cannot see is
refused exactly as a unit that does not exist.

Bounds (issue 25, holes 9 and 13): an action is a small JSON object (``MAX_ACTION``
bytes, ``MAX_DEPTH`` levels); a sequence number fits 64 bits; the table's own dice
are at most ``MAX_ROLLS`` characters.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tactician.errors import TacticianError
from tactician.table.action_roles import gm_only
from tactician.table.choices import ORDER_DUE
from tactician.table.seats import NotAllowed
from tactician.table.tables import acting_players
from tactician.web.auth import Who
from tactician.web.views import Current

MAX_SEQ = 2**63 - 1
MAX_ACTION = 4096  # bytes of JSON: an action names a few units, a tile, a weapon
MAX_DEPTH = 6
MAX_ROLLS = 2000


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


class Command(BaseModel):
    """``seq``: the last log entry the client saw; ``rolls``: the table's own dice."""

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0, le=MAX_SEQ)
    action: dict[str, Any] = Field(default_factory=dict)
    rolls: str | None = Field(default=None, max_length=MAX_ROLLS)

    @field_validator("action")
    @classmethod
    def _small(cls, action: dict[str, Any]) -> dict[str, Any]:
        if _depth(action) > MAX_DEPTH:
            raise ValueError(f"an action nests at most {MAX_DEPTH} levels")
        if len(json.dumps(action)) > MAX_ACTION:
            raise ValueError(f"an action is at most {MAX_ACTION} bytes of JSON")
        return action


class Phase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0, le=MAX_SEQ)
    rolls: str | None = Field(default=None, max_length=MAX_ROLLS)


class Step(Phase):
    """One step of the engine's phase: shown (``apply`` False) or played."""

    apply: bool = False


class TakeBack(BaseModel):
    """An undo or a redo (GM only): ``seq`` the last entry the page shows and
    ``version`` (``<seq>.<streams>``) the board it showed, so an undo and another
    action since, which bring the battle back to ``seq``, are refused too."""

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0)
    version: str | None = Field(default=None, max_length=40, pattern=r"^[0-9]+\.[0-9]+$")

    def streams(self) -> int | None:
        """The stream counter the page's board was at (None: not said)."""
        if self.version is None:
            return None
        seq, streams = self.version.split(".")
        if int(seq) != self.seq:
            raise TacticianError(f"version {self.version} is not of entry {self.seq}")
        return int(streams)


class Ask(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0, le=MAX_SEQ)
    note: str = Field(default="", max_length=300)


class ForecastAsk(BaseModel):
    """An attack (``unit``, ``target``, ``weapon``) or, as ``action``, any action whose
    numbers the ruleset forecasts (a staff, a spell, a grapple: the same procedure that
    resolves it, ``contract.battle_forecast``), bounded as a command's action."""

    model_config = ConfigDict(extra="forbid")

    unit: str | None = Field(default=None, min_length=1, max_length=100)
    target: str | None = Field(default=None, min_length=1, max_length=100)
    weapon: str | None = Field(default=None, max_length=100)
    action: dict[str, Any] | None = None

    @field_validator("action")
    @classmethod
    def _small(cls, action: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if action is None else Command._small(action)

    def asked(self) -> dict[str, Any]:
        """The action forecast: ``action`` as given, else the attack."""
        if self.action is not None:
            if not isinstance(self.action.get("unit"), str):
                raise TacticianError("action.unit: name the unit that acts")
            return dict(self.action)
        if self.unit is None or self.target is None:
            raise TacticianError("forecast: give unit and target, or an action")
        found: dict[str, Any] = {"type": "attack", "unit": self.unit, "target": self.target}
        if self.weapon:
            found["weapon"] = self.weapon
        return found


def check_action(who: Who, action: dict[str, Any], current: Current) -> None:
    """Refuse what the seat may not send, whatever the rules say of it."""
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise TacticianError("action.type: give the action's type (move, attack, wait, ...)")
    if who.role == "spectator":
        raise NotAllowed("spectators watch; they cannot act")
    if who.role == "gm":
        return
    if gm_only(current.ruleset, kind):
        raise NotAllowed(f"only the GM sends {kind!r} (the action schema's sender)")
    if kind == "end_phase":
        if current.view.get("order_due"):  # fe-tabletop: no player's turn before the roll
            raise NotAllowed("the turn order is not rolled yet: the GM rolls it first; then "
                             "the player it names ends their turn")
        if not set(acting_players(current.view)) & set(who.seat.units):
            raise NotAllowed("only a player whose units have the turn may end it")
        sender = action.get("unit")  # who ends it, when named: one of the seat's own
        if sender is not None and sender not in who.seat.units:
            raise NotAllowed(f"your seat does not command {sender!r}")
        return
    if current.view.get("order_due"):
        # fe-tabletop (001 L42): before the roll no player has the turn. Tried, the
        # action would roll the order from the battle's stream and its refusal would
        # name the order to come, a roll the table has not made yet
        raise NotAllowed(ORDER_DUE)
    unit = action.get("unit")
    if not isinstance(unit, str):
        raise TacticianError("action.unit: name the unit that acts")
    if unit not in who.seat.units:
        raise NotAllowed(f"your seat does not command {unit!r}")
