"""Tropera's compendium: the default weapons, items and feats, plus a GM's own.

000 names weapons it never lists (Iron Sword, Vulnerary, Chain Lightning,
Frost Tome...). The default files in ``data/`` carry published Fire Emblem
numbers, each entry marked with its ``source``. A GM replaces or extends them
by pointing ``TACTICIAN_TROPERA_DATA`` (or ``extra_dirs``) at a folder holding
files of the same names: its entries override defaults of the same name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from tactician.content.compendium import lookup, merged
from tactician.rulesets.tropera.models import Feat, Item, Weapon

DATA_DIR = Path(__file__).parent / "data"
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Compendium:
    weapons: dict[str, Weapon]
    items: dict[str, Item]
    feats: dict[str, Feat]

    def weapon(self, ref: str | Weapon) -> Weapon:
        """A weapon by name (case-insensitive), or an inline definition as is."""
        if isinstance(ref, Weapon):
            return ref
        return lookup(self.weapons, ref, "weapon")

    def item(self, name: str) -> Item:
        return lookup(self.items, name, "item")

    def feat(self, name: str) -> Feat:
        return lookup(self.feats, name, "feat")


@lru_cache(maxsize=8)
def load_compendium(extra_dirs: tuple[Path, ...] = ()) -> Compendium:
    """Defaults first, then ``TACTICIAN_TROPERA_DATA``, then ``extra_dirs``."""
    dirs = [DATA_DIR]
    env = os.environ.get("TACTICIAN_TROPERA_DATA")
    if env:
        dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    dirs.extend(extra_dirs)
    folders = tuple(dirs)
    return Compendium(
        weapons=merged(Weapon, "weapons.yaml", folders),
        items=merged(Item, "items.yaml", folders),
        feats=merged(Feat, "feats.yaml", folders),
    )
