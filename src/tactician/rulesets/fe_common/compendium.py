"""One FE8 compendium (classes, weapons, items) that each Fire Emblem ruleset reads its own way.

The numbers are FE8's (*The Sacred Stones*), read from the fireemblem8u
decompilation; every entry's ``source`` names its table row. The texts name
classes and weapons without numbers (001 L2 "Look up the class's Base HP", L3
"based on the class info", L45 "the damage dice for the weapon"), so a ruleset
converts: fe-tabletop gives classes HP dice and weapons damage dice. A GM
overrides or extends any entry with a folder of files of the same names, named by
``TACTICIAN_FE_DATA`` for both rulesets (later folders replace entries of the same
name, ``content.compendium.merged``).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactician.content.compendium import lookup, merged

DATA = Path(__file__).parent / "data"
Rank = Literal["E", "D", "C", "B", "A", "S"]
WeaponRank = Literal["E", "D", "C", "B", "A", "S", "Prf"]
WeaponType = Literal["sword", "lance", "axe", "bow", "staff", "anima", "light", "dark"]
Tier = Literal["trainee", "unpromoted", "promoted"]


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BaseStats(_Entry):
    hp: int = Field(ge=1)
    pow: int = Field(ge=0)
    skl: int = Field(ge=0)
    spd: int = Field(ge=0)
    def_: int = Field(ge=0, alias="def")
    res: int = Field(ge=0)
    con: int = Field(ge=1)
    mov: int = Field(ge=0)


class Growths(_Entry):
    """Percent chances per level (FE8 class growths; ``hp`` is unused by 001)."""

    hp: int = Field(ge=0)
    pow: int = Field(ge=0)
    skl: int = Field(ge=0)
    spd: int = Field(ge=0)
    lck: int = Field(ge=0)
    def_: int = Field(ge=0, alias="def")
    res: int = Field(ge=0)


class Caps(_Entry):
    hp: int = Field(ge=1)
    pow: int = Field(ge=0)
    skl: int = Field(ge=0)
    spd: int = Field(ge=0)
    def_: int = Field(ge=0, alias="def")
    res: int = Field(ge=0)
    con: int = Field(ge=1)
    lck: int = Field(default=30, ge=0)  # FE8 UNIT_LCK_MAX for every class


class PromotionBonus(_Entry):
    hp: int = 0
    pow: int = 0
    skl: int = 0
    spd: int = 0
    def_: int = Field(default=0, alias="def")
    res: int = 0


class FE8Class(_Entry):
    name: str = Field(min_length=1)
    fe8_id: str = ""
    tier: Tier
    promotes_to: tuple[str, ...] = ()
    base: BaseStats
    growths: Growths
    caps: Caps
    promotion_bonus: PromotionBonus = PromotionBonus()
    ranks: dict[WeaponType, Rank] = Field(default_factory=dict)
    movement_table: str | None = None
    mounted_aid: bool = False
    mounted: bool = False
    flying: bool = False
    lord: bool = False
    thief: bool = False
    dancer: bool = False
    crit_bonus: int = 0
    source: str = Field(min_length=1)


class FE8Weapon(_Entry):
    name: str = Field(min_length=1)
    type: WeaponType
    might: int = Field(ge=0)
    hit: int = Field(ge=0)
    crit: int = Field(ge=0)
    weight: int = Field(ge=0)
    range: tuple[int, int | None]
    uses: int | None = Field(ge=1)
    rank: WeaponRank
    magic: bool = False
    magic_damage: bool = False
    brave: bool = False
    no_crit: bool = False
    reverse_triangle: bool = False
    ignores_defense: bool = False
    uncounterable: bool = False
    effective: tuple[str, ...] = ()
    legendary: bool = False
    prf_for: tuple[str, ...] = ()
    source: str = Field(min_length=1)

    @property
    def uses_magic(self) -> bool:
        """Tomes (anima, light, dark) and magic swords use Mag and target Res (001 L45, L53)."""
        return self.type in ("anima", "light", "dark") or self.magic_damage


class FE8Item(_Entry):
    name: str = Field(min_length=1)
    uses: int = Field(ge=0)
    heal: int | None = Field(default=None, ge=1)
    note: str = ""
    fe8_id: str = ""
    source: str = Field(min_length=1)


class FE8Compendium:
    """The three tables, looked up by name case-insensitively ("did you mean")."""

    def __init__(
        self,
        classes: dict[str, FE8Class],
        weapons: dict[str, FE8Weapon],
        items: dict[str, FE8Item],
    ) -> None:
        self.classes, self.weapons, self.items = classes, weapons, items

    def klass(self, name: str) -> FE8Class:
        return lookup(self.classes, name, "class")

    def weapon(self, name: str) -> FE8Weapon:
        return lookup(self.weapons, name, "weapon")

    def item(self, name: str) -> FE8Item:
        return lookup(self.items, name, "item")

    def is_weapon(self, name: str) -> bool:
        return name.casefold() in self.weapons


def gm_folders() -> tuple[Path, ...]:
    """The table's own content folders for both Fire Emblem rulesets: ``TACTICIAN_FE_DATA``
    (``os.pathsep``-separated), read at each call so a changed setting is seen."""
    value = os.environ.get("TACTICIAN_FE_DATA")
    return tuple(Path(part) for part in value.split(os.pathsep) if part) if value else ()


def load_fe8(extra_dirs: tuple[Path, ...] = ()) -> FE8Compendium:
    """The FE8 defaults, then ``TACTICIAN_FE_DATA``'s folders, then ``extra_dirs``, in
    order (same file names: a later entry replaces one of the same name)."""
    return fe8_from((*gm_folders(), *extra_dirs))


@lru_cache(maxsize=8)
def fe8_from(folders: tuple[Path, ...]) -> FE8Compendium:
    """The FE8 defaults and then ``folders``, loaded once a process."""
    dirs = (DATA, *folders)
    return FE8Compendium(
        merged(FE8Class, "fe8_classes.yaml", dirs),
        merged(FE8Weapon, "fe8_weapons.yaml", dirs),
        merged(FE8Item, "fe8_items.yaml", dirs),
    )
