"""UESRPG compendium content: weapons and armor as pydantic models, loaded from YAML.

003 names no weapon or armor numbers; the default files in ``data/`` are
Tactician defaults in the UESRPG 3e style, each entry marked with its
``source``. A GM replaces or extends them by pointing ``TACTICIAN_UESRPG_DATA``
(or ``extra_dirs``) at a folder holding files of the same names: its entries
override defaults of the same name. Errors name the file, the entry and the
field (design principle 3).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tactician.content.compendium import lookup, merged
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.damage import ArKind, DamageType, parse_damage
from tactician.rulesets.uesrpg.locations import Location

DATA_DIR = Path(__file__).parent / "data"
TACTICIAN_DEFAULT = "Tactician default (UESRPG 3e style; not in 003)"
M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Weapon(Strict):
    """A weapon, shield or damaging spell used as an attack."""

    name: str = Field(min_length=1)
    damage: str = Field(description="dice, numbers and bonuses, e.g. 1d8+SB")
    type: DamageType = "physical"
    skill: str = Field(default="combat style", description="the skill its attacks test")
    hands: Literal[1, 2] = 1
    reach: int = Field(default=1, ge=0, description="squares, for the battle map")
    shield: bool = Field(default=False, description="can block")
    spell: bool = Field(
        default=False, description="a spell cast as an attack (003 Silenced's spellcasting)"
    )
    source: str = TACTICIAN_DEFAULT
    description: str = ""

    @field_validator("damage")
    @classmethod
    def _damage_parses(cls, value: str) -> str:
        try:
            parse_damage(value)
        except RulesError as exc:
            raise ValueError(str(exc)) from None
        return value

    @field_validator("skill")
    @classmethod
    def _skill_key(cls, value: str) -> str:
        return value.strip().casefold()


class Armor(Strict):
    """One armor piece: the locations it covers and its AR per damage kind."""

    name: str = Field(min_length=1)
    locations: tuple[Location, ...] = Field(min_length=1)
    ar: dict[ArKind, int] = Field(default_factory=dict)
    coverage: Literal["full", "partial"] = "full"
    partial_ar: dict[ArKind, int] | None = Field(
        default=None, description="AR when it counts as partial (Prone); default half"
    )
    source: str = TACTICIAN_DEFAULT
    description: str = ""

    @field_validator("locations")
    @classmethod
    def _distinct(cls, value: tuple[Location, ...]) -> tuple[Location, ...]:
        if len(set(value)) != len(value):
            raise ValueError("a location is listed twice")
        return value

    @field_validator("ar", "partial_ar")
    @classmethod
    def _not_negative(cls, value: dict[str, int] | None) -> dict[str, int] | None:
        for kind, number in (value or {}).items():
            if number < 0:
                raise ValueError(f"{kind} AR is {number}; AR is 0 or more")
        return value


@dataclass(frozen=True)
class Compendium:
    weapons: dict[str, Weapon]
    armor: dict[str, Armor]

    def weapon(self, ref: str | Weapon) -> Weapon:
        return ref if isinstance(ref, Weapon) else lookup(self.weapons, ref, "weapon")

    def armor_piece(self, ref: str | Armor) -> Armor:
        return ref if isinstance(ref, Armor) else lookup(self.armor, ref, "armor")


def data_dirs(extra_dirs: tuple[Path, ...] = ()) -> tuple[Path, ...]:
    env = os.environ.get("TACTICIAN_UESRPG_DATA")
    extra = (Path(env),) if env else ()
    return (DATA_DIR, *extra, *extra_dirs)


@lru_cache(maxsize=8)
def _load(dirs: tuple[Path, ...]) -> Compendium:
    return Compendium(merged(Weapon, "weapons.yaml", dirs), merged(Armor, "armor.yaml", dirs))


def load_compendium(extra_dirs: tuple[Path, ...] = ()) -> Compendium:
    """The default weapons and armor, overridden by a GM's folders."""
    return _load(data_dirs(extra_dirs))
