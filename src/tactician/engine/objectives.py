"""Win and loss conditions: rout, defeat a boss, seize, survive N rounds,
defend a tile. Evaluated from what core knows (tokens and the round)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactician.counted import counted
from tactician.engine.rules import Token


class Objective(BaseModel):
    """One condition. ``side`` is the side whose goal it is (or whose loss)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["rout", "defeat", "seize", "survive", "defend", "lose_unit"]
    side: str = "player"
    enemy: str | None = None  # rout: the side to rout (default: any other side)
    unit: str | None = None  # defeat: the boss; lose_unit: the unit that must not fall
    tile: tuple[int, int] | None = None  # seize / defend
    rounds: int | None = Field(default=None, ge=1)  # survive

    def met(self, tokens: list[Token], round_: int) -> bool:
        """Whether this condition holds now."""
        if self.kind == "rout":
            side, enemy = self.side, self.enemy
            foes = [t for t in tokens if t.side != side and (enemy is None or enemy == t.side)]
            return bool(foes) and all(t.out for t in foes)
        if self.kind in ("defeat", "lose_unit"):
            return any(t.id == self.unit and t.out for t in tokens)
        if self.kind == "seize":
            return any(
                t.side == self.side and not t.out and t.position == self.tile for t in tokens
            )
        if self.kind == "survive":
            return self.rounds is not None and round_ > self.rounds
        # defend: broken when a foe stands on the tile
        return any(t.side != self.side and not t.out and t.position == self.tile for t in tokens)

    def describe(self) -> str:
        return {
            "rout": f"rout {self.enemy or 'the enemy'}",
            "defeat": f"defeat {self.unit}",
            "seize": f"seize {self.tile}",
            "survive": f"survive {counted(self.rounds or 0, 'round')}",
            "defend": f"hold {self.tile}",
            "lose_unit": f"{self.unit} falls",
        }[self.kind]


class Objectives(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    victory: list[Objective] = Field(default_factory=lambda: [Objective(kind="rout")])
    defeat: list[Objective] = Field(default_factory=list)
    side: str = "player"  # the side whose victory/defeat these are


def status(objectives: Objectives, tokens: Iterable[Token], round_: int) -> tuple[str, str]:
    """("victory" | "defeat" | "ongoing", why). Defeat is checked first; the player
    side being routed is always a defeat."""
    units = list(tokens)
    side = objectives.side  # read once: every action of a battle asks this
    own = [t for t in units if t.side == side]
    if own and all(t.out for t in own):
        return "defeat", f"every {objectives.side} unit is out"
    for goal in objectives.defeat:
        if goal.kind == "defend":
            if goal.met(units, round_):
                return "defeat", f"failed to {goal.describe()}"
        elif goal.met(units, round_):
            return "defeat", goal.describe()
    for goal in objectives.victory:
        if goal.met(units, round_):
            return "victory", goal.describe()
    return "ongoing", ""
