"""Spell-effect d6s with Strong Spell's rerolls (004 L633-646) as one exact event.

Strong Spell: "every 1d6 rolled for the [Effect] of the [Spell] will be re-rolled if it
rolls a 1. If the re-roll is also a 1, then the roll will be repeated until the 1d6 roll
... is greater than 1." Advanced Strong Spell: "if it rolls a 1 or 2" (L644). A die
rerolled until it beats k is uniform on k+1..6, so the sum's exact distribution is that of
``count`` d(6−k) plus count × k; on real dice every draw, rerolls too, is recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactician.dice.distribution import DiceSum
from tactician.dice.source import DiceSource
from tactician.errors import RulesError

SIDES = 6


@dataclass(frozen=True, slots=True)
class StrongDice:
    """``count`` d6 summed, each rerolled while it shows ``reroll_at_most`` or less."""

    count: int
    reroll_at_most: int = 0
    purpose: str = "spell effect"

    def __post_init__(self) -> None:
        if self.count < 1:
            raise RulesError(f"a spell effect rolls 1 or more d6, not {self.count}")
        if not 0 <= self.reroll_at_most < SIDES - 1:
            raise RulesError(f"rerolls of 1..{self.reroll_at_most} are not a Strong Spell")

    def _plain(self) -> DiceSum:
        k = self.reroll_at_most
        return DiceSum(((self.count, SIDES - k),), self.count * k, self.purpose)

    def outcomes(self) -> Sequence[tuple[int, float]]:
        return self._plain().outcomes()

    def sample(self, dice: DiceSource) -> int:
        total = 0
        for _ in range(self.count):
            face = dice.draw(SIDES, self.purpose)
            while face <= self.reroll_at_most:
                face = dice.draw(SIDES, f"{self.purpose} (Strong Spell reroll)")
            total += face
        return total

    @property
    def mean(self) -> float:
        return self._plain().mean


def reroll_level(has_strong: bool, has_advanced: bool) -> int:
    """0 without Strong Spell, 1 with it (L635), 2 with Advanced Strong Spell (L644)."""
    return 2 if has_advanced else 1 if has_strong else 0
