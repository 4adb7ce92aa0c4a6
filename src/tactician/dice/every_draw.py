"""Every way a procedure written against a ``DiceSource`` can go, with its probability.

The forecast half of design principle 1 for procedures that draw plain dice
(``dice.draw(sides, purpose)``) rather than ask a ``Chance``: the procedure is run
once per path of die faces (prefix replay, as ``dice.enumerate.branches`` does for
events): each run follows a fixed list of faces, shows 1 on every die past it and
notes each such die as a branch point, whose other faces are run in turn. Each
face of a d``n`` has probability 1/``n``. A procedure that raises on some path raises
here (a caller that counts such a refusal as an outcome catches it inside ``run``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tactician.dice.roller import roller
from tactician.dice.source import DiceSource, DieDraw
from tactician.errors import DiceError

R = TypeVar("R")
MAX_PATHS = 20_000  # runs of the procedure per answer: a bound on the work, not a rule


@dataclass
class _Replay:
    """A ``DiceSource`` that follows ``path`` (faces), then shows 1 on each new die."""

    path: list[int]
    draws: list[DieDraw] = field(default_factory=list)
    probability: float = 1.0
    new: list[tuple[int, int]] = field(default_factory=list)  # (position, sides)

    def draw(self, sides: int, purpose: str) -> int:
        position = len(self.draws)
        if position < len(self.path):
            value = self.path[position]
        else:
            value = 1
            self.path.append(1)
            if sides > 1:
                self.new.append((position, sides))
        self.probability /= sides
        self.draws.append(DieDraw(sides, value, purpose, roller()))
        return value


@dataclass(frozen=True)
class Path(Generic[R]):
    """One way the procedure went: its result, probability and the dice it drew."""

    result: R
    probability: float
    draws: tuple[DieDraw, ...]


def every_draw(run: Callable[[DiceSource], R], limit: int = MAX_PATHS) -> list[Path[R]]:
    """``run`` (a procedure taking a dice source) on every path of die faces, each with
    its result and probability (they sum to 1); refused past ``limit`` runs."""
    found: list[Path[R]] = []
    pending: list[list[int]] = [[]]
    while pending:
        if len(found) >= limit:
            raise DiceError(f"more than {limit} ways the dice can fall: too many to "
                            "preview exactly")
        dice = _Replay(pending.pop())
        result = run(dice)
        found.append(Path(result, dice.probability, tuple(dice.draws)))
        for position, sides in dice.new:
            for face in range(2, sides + 1):
                pending.append([*dice.path[:position], face])
    return found
