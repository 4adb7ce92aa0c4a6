"""Commands from a seat: who may do what, checked on the server before the rules run.

A player acts only for the units of their seat (and ends the phase only while their
units have it); spectators act for none; the GM for any unit, the engine's phase
and undo. Every command names the sequence number it was decided on (``seq``): a
battle that moved on since refuses it (``StaleBattle``) and nothing is applied.
Units the seat's side cannot see are refused as if absent, in words that do not
name them, and refusals are scrubbed of hidden names (``web.fog``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tactician.dice.source import PhysicalDice, parse_rolls
from tactician.errors import TacticianError
from tactician.table.seats import NotAllowed
from tactician.table.tables import acting_players
from tactician.web.auth import Who
from tactician.web.fog import Fog
from tactician.web.views import Current

# action fields that name a unit (the acting one is ``unit``)
UNIT_FIELDS = ("target", "targets", "ally", "rescue", "carry", "partner")


class Command(BaseModel):
    """``seq``: the last log entry the client saw; ``rolls``: the table's own dice."""

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0)
    action: dict[str, Any] = Field(default_factory=dict)
    rolls: str | None = Field(default=None, max_length=2000)


class Phase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0)
    rolls: str | None = Field(default=None, max_length=2000)


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

    seq: int = Field(ge=0)
    note: str = Field(default="", max_length=300)


class ForecastAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    unit: str = Field(min_length=1, max_length=100)
    target: str = Field(min_length=1, max_length=100)
    weapon: str | None = Field(default=None, max_length=100)


def dice(rolls: str | None) -> PhysicalDice | None:
    return None if rolls is None or not rolls.strip() else PhysicalDice(parse_rolls(rolls))


def named_units(action: dict[str, Any]) -> list[str]:
    names: list[str] = []
    for key in ("unit", *UNIT_FIELDS):
        value = action.get(key)
        if isinstance(value, str):
            names.append(value)
        elif isinstance(value, list):
            names.extend(v for v in value if isinstance(v, str))
    return names


def check_sight(action: dict[str, Any], fog: Fog, current: Current) -> None:
    """Refuse naming a unit the side cannot see exactly as naming no unit at all."""
    known = {str(u["id"]) for u in current.view["units"]}
    for name in named_units(action):
        if name in fog.ids or name not in known:
            raise TacticianError("no unit in sight with that id")


def check_action(who: Who, action: dict[str, Any], current: Current, fog: Fog) -> None:
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise TacticianError("action.type: give the action's type (move, attack, wait, ...)")
    if who.role == "spectator":
        raise NotAllowed("spectators watch; they cannot act")
    check_sight(action, fog, current)
    if who.role == "gm":
        return
    if kind == "end_phase":
        if not set(acting_players(current.view)) & set(who.seat.units):
            raise NotAllowed("only a player whose units have the turn may end it")
        return
    unit = action.get("unit")
    if not isinstance(unit, str):
        raise TacticianError("action.unit: name the unit that acts")
    if unit not in who.seat.units:
        raise NotAllowed(f"your seat does not command {unit!r}")


def scrubbed(message: str, fog: Fog) -> str:
    if fog.names_any(message):
        return "refused by the rules (something you cannot see is involved)"
    return message
