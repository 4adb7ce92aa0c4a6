"""fe-tabletop's content: the shared FE8 compendium plus the table's own dice.

The GM can edit or replace every class and weapon: FE8 entries through a
folder of ``fe8_*.yaml`` files (``fe_common.compendium.load_fe8``; the folders of
``TACTICIAN_FE_DATA``, for fe-tabletop and fe-classic alike), and the
dice 001 asks for through ``hp_dice.yaml`` (``- {name: Cavalier, dice: 2d8+10,
source: ...}``) and ``damage_dice.yaml`` (``- {name: Iron Sword, dice: 1d8+2,
source: ...}``) in the same folders. Without them the Tactician defaults of
``conversions`` apply. Every entry names its source; errors name file, entry
and field.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tactician.content.compendium import merged
from tactician.dice.distribution import DiceSum
from tactician.errors import DiceError
from tactician.rulesets.fe_common.character.classes import TabletopClass, tabletop_class
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon, tabletop_weapon
from tactician.rulesets.fe_common.compendium import FE8Compendium, fe8_from, gm_folders


class DiceEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    dice: str
    source: str = Field(min_length=1)

    @field_validator("dice")
    @classmethod
    def _plain_sum(cls, value: str) -> str:
        try:
            DiceSum.parse(value)
        except DiceError as exc:
            raise ValueError(str(exc)) from None
        return value


class TabletopContent:
    """Classes and weapons as 001 reads them, overrides applied."""

    def __init__(
        self,
        fe8: FE8Compendium,
        hp_dice: dict[str, DiceEntry],
        damage_dice: dict[str, DiceEntry],
    ) -> None:
        self.fe8, self.hp_dice, self.damage_dice = fe8, hp_dice, damage_dice

    def klass(self, name: str) -> TabletopClass:
        entry = self.fe8.klass(name)
        override = self.hp_dice.get(entry.name.casefold())
        if override is None:
            return tabletop_class(entry)
        dice = DiceSum.parse(override.dice, "HP dice")
        return _with_dice_source(tabletop_class(entry, dice), override.source)

    def weapon(self, name: str) -> TabletopWeapon:
        entry = self.fe8.weapon(name)
        override = self.damage_dice.get(entry.name.casefold())
        if override is None:
            return tabletop_weapon(entry)
        weapon = tabletop_weapon(entry, DiceSum.parse(override.dice, "damage"))
        return _with_damage_source(weapon, override.source)


def _with_dice_source(klass: TabletopClass, source: str) -> TabletopClass:
    return replace(klass, hp_dice_source=source)


def _with_damage_source(weapon: TabletopWeapon, source: str) -> TabletopWeapon:
    return replace(weapon, damage_source=source)


def load_content(extra_dirs: tuple[Path, ...] = ()) -> TabletopContent:
    """FE8 defaults and the Tactician dice, then ``TACTICIAN_FE_DATA``'s folders, then
    ``extra_dirs``, in order."""
    return content_from((*gm_folders(), *extra_dirs))


@lru_cache(maxsize=8)
def content_from(folders: tuple[Path, ...]) -> TabletopContent:
    return TabletopContent(
        fe8_from(folders),
        merged(DiceEntry, "hp_dice.yaml", folders),
        merged(DiceEntry, "damage_dice.yaml", folders),
    )
