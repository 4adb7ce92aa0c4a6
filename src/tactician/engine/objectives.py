"""Win and loss conditions: rout, defeat a boss, seize, survive N rounds,
defend a tile, and the round cap that ends an undecided battle in a draw.
Evaluated from what core knows (tokens and the round).

The round cap is a ruling of the project, not of any text (none of the five names
a last round; docs/rulings.md, "Round cap and draw"): a battle that is still
undecided when its last round ends is a draw, so a battle two sides could wait out
forever, played by the engine or scripted, always ends. Each ruleset's option
``round_cap`` gives its default; a battle's own ``objectives: {round_cap: N}``
names its own; ``none`` means no cap.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tactician.counted import counted
from tactician.engine.rules import Token
from tactician.errors import RulesError


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
    # the last round: once it is over and nothing is decided, a draw (None: no cap)
    round_cap: int | None = Field(default=None, ge=1)

    def capped(self, default: int | None) -> Objectives:
        """These objectives with the ruleset's ``default`` cap (its option
        ``round_cap``) unless they name their own, raised to the longest ``survive``
        (a battle won by lasting N rounds is not drawn before them)."""
        if self.round_cap is not None or default is None:
            return self
        if default < 1:
            raise RulesError(f"option round_cap takes 1 or more (none: no cap), not {default}")
        lasting = [g.rounds for g in (*self.victory, *self.defeat)
                   if g.kind == "survive" and g.rounds is not None]
        return self.model_copy(update={"round_cap": max([default, *lasting])})

    def draw(self) -> list[str]:
        """When the battle is a draw, in words, as a board lists it beside victory and
        defeat (empty: no cap)."""
        return [] if self.round_cap is None else [f"undecided after round {self.round_cap}"]


def winning_tiles(objectives: Objectives, side: str) -> list[tuple[int, int]]:
    """Tiles where a unit of ``side`` standing ends the battle its way: a tile its own
    side must seize (a victory ``seize`` of ``side``), or a tile another side must
    hold (a ``defend`` it would break). What an engine playing ``side`` goes for."""
    tiles: list[tuple[int, int]] = []
    if side == objectives.side:
        tiles += [g.tile for g in objectives.victory
                  if g.kind == "seize" and g.side == side and g.tile is not None]
    tiles += [g.tile for g in objectives.defeat
              if g.kind == "defend" and g.side != side and g.tile is not None]
    return tiles


def status(objectives: Objectives, tokens: Iterable[Token], round_: int) -> tuple[str, str]:
    """("victory" | "defeat" | "draw" | "ongoing", why). Defeat is checked first; the
    player side being routed is always a defeat; a draw only when neither holds once
    the round cap is past."""
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
    cap = objectives.round_cap
    if cap is not None and round_ > cap:
        return "draw", f"the round cap: round {cap} ended undecided"
    return "ongoing", ""
