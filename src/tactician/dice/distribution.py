"""A sum of dice (``2d6``, ``1d10+5``, ``3d6``) as an exact event.

``DiceSum`` is an ``Event`` (see ``events.py``): it rolls its dice one by one
on a ``DiceSource`` (each die a ``DieDraw``, seeded or physical, left to right)
and it knows the exact probability of every total, by convolving the faces of
each die (integer counts, divided once at the end). A forecast that decides a
``DiceSum`` branches on every total and merges the states that come out equal,
so a fight with dice damage gets exact odds from the very procedure that
resolves it (design principle 1). The same event serves skill checks (3d6
against a number).

Only plain sums are accepted here: ``NdM`` terms and whole-number constants
joined by ``+`` or ``-``. Keep-highest, rerolls and explosions belong to the
notation module, whose dice are not a plain sum.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tactician.dice.source import DiceSource
from tactician.errors import DiceError

MAX_COUNT = 50
"""Dice in one term. Damage and checks need a handful."""

MAX_SIDES = 1000
"""Faces on one die."""

_TERM = re.compile(r"([+-]?)\s*(?:(\d*)[dD](\d+)|(\d+))")


@dataclass(frozen=True, slots=True)
class DiceSum:
    """``dice`` are ``(count, sides)`` terms rolled and added, then ``bonus``."""

    dice: tuple[tuple[int, int], ...]
    bonus: int = 0
    purpose: str = "dice"

    def __post_init__(self) -> None:
        for count, sides in self.dice:
            if not 1 <= count <= MAX_COUNT:
                raise DiceError(f"{count}d{sides}: the number of dice must be 1..{MAX_COUNT}")
            if not 1 <= sides <= MAX_SIDES:
                raise DiceError(f"{count}d{sides}: a die has 1..{MAX_SIDES} faces")

    @classmethod
    def parse(cls, text: str, purpose: str = "dice") -> DiceSum:
        """``"2d6+3"`` -> ``DiceSum(((2, 6),), 3)``; anything else is refused by name."""
        compact = text.strip()
        position, dice, bonus = 0, [], 0
        while position < len(compact):
            match = _TERM.match(compact, position)
            if match is None or (position > 0 and not match.group(1)):
                raise DiceError(
                    f"{text!r} is not a sum of dice such as 1d10+5 or 3d6 "
                    f"(problem at character {position + 1})"
                )
            sign = -1 if match.group(1) == "-" else 1
            if match.group(3) is not None:
                if sign < 0:
                    raise DiceError(f"{text!r}: dice cannot be subtracted here")
                dice.append((int(match.group(2) or 1), int(match.group(3))))
            else:
                bonus += sign * int(match.group(4))
            position = match.end()
            while position < len(compact) and compact[position] == " ":
                position += 1
        if not dice:
            raise DiceError(f"{text!r} holds no dice")
        return cls(tuple(dice), bonus, purpose)

    def with_purpose(self, purpose: str) -> DiceSum:
        return DiceSum(self.dice, self.bonus, purpose)

    def outcomes(self) -> Sequence[tuple[int, float]]:
        """Every total, lowest first, with its exact probability."""
        return _outcomes(self.dice, self.bonus)

    def sample(self, dice: DiceSource) -> int:
        return self.sample_with_faces(dice)[0]

    def sample_with_faces(self, dice: DiceSource) -> tuple[int, tuple[int, ...]]:
        """The total and every face, left to right (the order ``--rolls`` feeds)."""
        faces = tuple(
            dice.draw(sides, self.purpose) for count, sides in self.dice for _ in range(count)
        )
        return sum(faces) + self.bonus, faces

    @property
    def minimum(self) -> int:
        return sum(count for count, _ in self.dice) + self.bonus

    @property
    def maximum(self) -> int:
        return sum(count * sides for count, sides in self.dice) + self.bonus

    @property
    def mean(self) -> float:
        return sum(count * (sides + 1) / 2 for count, sides in self.dice) + self.bonus

    def __str__(self) -> str:
        text = "+".join(f"{count}d{sides}" for count, sides in self.dice)
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text


@lru_cache(maxsize=1024)
def _outcomes(dice: tuple[tuple[int, int], ...], bonus: int) -> tuple[tuple[int, float], ...]:
    ways: dict[int, int] = {0: 1}
    whole = 1
    for count, sides in dice:
        for _ in range(count):
            following: dict[int, int] = {}
            for total, n in ways.items():
                for face in range(1, sides + 1):
                    following[total + face] = following.get(total + face, 0) + n
            ways = following
            whole *= sides
    return tuple((total + bonus, n / whole) for total, n in sorted(ways.items()))


def at_least(event: DiceSum, target: int) -> float:
    """Exact chance that the total is ``target`` or more."""
    return sum(p for total, p in event.outcomes() if total >= target)
