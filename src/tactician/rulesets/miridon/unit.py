"""A Miridon unit file: the creation choices and the ledger, nothing derived.

    name: Sable
    class: Duelist
    race: Human            # or a mutation tag: Dragon, Eldritch Beast, Death Worm
    weapons: [Longsword]
    armor: Unarmored
    ledger:
      - buy_flair: Parry
      - buy_talent: Dodge Boost
      - grant_points: 20

Building it (``build.build_character``) replays the ledger and names every violation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tactician.content.loader import read_yaml, validate_entry
from tactician.errors import ContentError
from tactician.rulesets.miridon.events import LedgerEvent


class MiridonUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: str = Field(min_length=1)
    class_: str = Field(alias="class", min_length=1)
    race: str = "Human"
    mutations: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    armor: str = "Unarmored"
    ledger: tuple[LedgerEvent, ...] = ()
    notes: str = ""


def read_unit(path: Path) -> MiridonUnit:
    """A unit file, or a ContentError naming the file, the unit and the field."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(f"{path}: expected a mapping (name, class, ledger...)")
    return unit_from(data, str(path))


def unit_from(data: dict[str, Any], source: str) -> MiridonUnit:
    """A unit file's data (a campaign roster's sheet), or a ContentError naming
    ``source``, the unit and the field."""
    return validate_entry(MiridonUnit, data, source, str(data.get("name", "unit")))
