"""Where die results come from: a seeded stream or the table's own dice.

Design principle 2 (every random draw is an event): each draw is recorded as a
``DieDraw`` with the purpose it served, so a log can show and replay it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from tactician.errors import DiceError, NeedRoll


@dataclass(frozen=True, slots=True)
class DieDraw:
    """One die: how many sides, what it showed, and what it was rolled for."""

    sides: int
    value: int
    purpose: str


class DiceSource(Protocol):
    """Anything that hands out die results one at a time."""

    draws: list[DieDraw]

    def draw(self, sides: int, purpose: str) -> int:
        """Return one result of a die with ``sides`` faces (1..sides)."""
        ...


@dataclass
class SeededDice:
    """A reproducible stream: the same seed gives the same draws in the same order."""

    seed: int
    draws: list[DieDraw] = field(default_factory=list)
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def draw(self, sides: int, purpose: str) -> int:
        value = self._rng.randint(1, sides)
        self.draws.append(DieDraw(sides, value, purpose))
        return value


@dataclass
class PhysicalDice:
    """Results rolled at the table, consumed in the order the procedure asks for them.

    Each value is checked against the die it is used for when it is used (a 14
    is a fine d20 and an impossible d6). A d100 is entered as 1..100 (``00`` on
    percentile dice is 100). When the supplied values run out, ``NeedRoll`` says
    which roll is missing and for what.
    """

    values: list[int]
    draws: list[DieDraw] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        index = len(self.draws)
        if index >= len(self.values):
            raise NeedRoll(index + 1, sides, purpose)
        value = self.values[index]
        if not 1 <= value <= sides:
            raise DiceError(
                f"supplied roll #{index + 1} is {value}, which a d{sides} cannot show "
                f"(needed for {purpose})"
            )
        self.draws.append(DieDraw(sides, value, purpose))
        return value

    @property
    def unused(self) -> list[int]:
        return self.values[len(self.draws) :]


def parse_rolls(text: str) -> list[int]:
    """Parse ``--rolls 14,3,20`` (commas or spaces) into integers, naming a bad entry."""
    values: list[int] = []
    for position, raw in enumerate(text.replace(",", " ").split(), start=1):
        try:
            values.append(int(raw))
        except ValueError:
            raise DiceError(f"--rolls entry #{position} ({raw!r}) is not a whole number") from None
    if not values:
        raise DiceError("--rolls was given but holds no results")
    return values


def make_source(seed: int | None, rolls: str | None) -> DiceSource:
    """The dice a command uses: the table's ``--rolls`` if given, else a seeded stream."""
    if rolls is not None:
        return PhysicalDice(parse_rolls(rolls))
    return SeededDice(seed if seed is not None else random.SystemRandom().randrange(2**31))
