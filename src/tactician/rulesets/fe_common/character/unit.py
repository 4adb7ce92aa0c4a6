"""A fe-tabletop unit: an immutable value; every rule returns a new one.

The fields are 001's character sheet: HP (L2), CON and MOV (L3), level and EXP
(L4, L123), weapon proficiency and the uses counted toward the next rank (L5),
the carried growth remainders (L18-25), the carried items (L49, at most 5), the
roleplay skills (L90) and the Artisan repairs each weapon has had (L94).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.rulesets.fe_common.character.stats import StatLine

Rank = Literal["E", "D", "C", "B", "A", "S"]
INVENTORY_SIZE = 5  # 001 L49 "A unit can only carry 5 items/Weapons on their person at a time."


class Unit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    class_name: str = Field(min_length=1)
    sex: Literal["male", "female"] | None = None
    level: int = Field(default=1, ge=1)
    exp: int = Field(default=0, ge=0, le=99)
    max_hp: int = Field(ge=1)
    hp: int = Field(ge=0)
    con: int = Field(ge=1)
    mov: int = Field(ge=0)
    stats: StatLine
    growths: StatLine
    carried: StatLine = StatLine()
    ranks: dict[str, Rank] = Field(default_factory=dict)
    rank_uses: dict[str, int] = Field(default_factory=dict)
    inventory: tuple[str, ...] = ()
    # 001 L90 roleplay skills (``skills.parse_skill``); none listed: not chosen
    skills: tuple[str, ...] = ()
    # 001 L94 "Damage scales down by 1 point with each repair done to it": per weapon
    repairs: dict[str, int] = Field(default_factory=dict)
    was_recruit: bool = False
    hp_faces: tuple[int, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> Unit:
        if self.hp > self.max_hp:
            raise ValueError(f"hp {self.hp} is above max_hp {self.max_hp}")
        if len(self.inventory) > INVENTORY_SIZE:
            raise ValueError(
                f"carries {len(self.inventory)} items; a unit carries at most {INVENTORY_SIZE}"
            )
        return self

    def stat(self, name: str) -> int:
        return self.stats.get(name)
