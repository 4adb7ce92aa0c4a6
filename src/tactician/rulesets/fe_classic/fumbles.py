"""Each weapon's critical failure and break check (002 L99-101), as data.

002 L99-100 "A critical failure on this roll (The number required for it to be
a failure is determined by the weapon), you must make a break check." The text
gives no number (G2-05, G2-06): ``data/fumbles.yaml`` holds a weapon's own
``fumble_at`` and ``break_save``; a weapon without an entry uses the rulings of
the same names (``ClassicOptions``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tactician.content.compendium import merged
from tactician.rulesets.fe_classic.options import ClassicOptions

DATA = Path(__file__).parent / "data"


class WeaponFumble(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    fumble_at: int = Field(ge=1, le=101)
    break_save: int = Field(ge=0, le=100)
    source: str = Field(min_length=1)


@lru_cache(maxsize=4)
def load_fumbles(extra_dirs: tuple[Path, ...] = ()) -> dict[str, WeaponFumble]:
    return merged(WeaponFumble, "fumbles.yaml", (DATA, *extra_dirs))


def fumble_numbers(weapon: str, options: ClassicOptions) -> tuple[int, int]:
    """(fumble_at, break_save) for ``weapon``: its entry, else the rulings."""
    entry = load_fumbles().get(weapon.casefold())
    if entry is None:
        return options.fumble_at, options.break_save
    return entry.fumble_at, entry.break_save
