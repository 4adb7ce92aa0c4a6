"""What rolling one dice expression gives (``RollOutcome``, each die a
``RolledDie``) and the limits every roll is held to, shared by the plain-notation
fast path (``notation``) and the full d20 engine (``d20_engine``), so neither
imports the other's module for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from tactician.dice.source import DieDraw
from tactician.errors import DiceError

MAX_EXPRESSION_LENGTH = 200
"""Characters. Real expressions are short; a cap keeps parsing trivially cheap."""

MAX_PAREN_DEPTH = 10
"""Nesting of parentheses. Real expressions need two or three; d20 evaluates recursively."""

MAX_DICE = 1000
"""Dice per expression, counting every reroll and explosion (d20's ``RollContext``)."""

MAX_SIDES = 1_000_000
"""Faces on one die. Nothing at a table needs more; bigger is a typo or an attack."""

MAX_REROLLS = 200
"""Rerolls (``rr``, ``ro``) and explosions (``e``) per expression, counted as they
happen. ``40d6e6`` explodes about eight times; only an endless roll comes near."""

DieStatus = Literal["kept", "dropped", "rerolled"]


# --------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One drawn die and what became of it in the expression.

    ``status`` is ``kept`` (counts), ``dropped`` (removed by ``k``/``p``) or
    ``rerolled`` (replaced by ``rr``/``ro``). ``counts_as`` differs from
    ``draw.value`` only when ``mi``/``ma`` raised or lowered it.
    """

    draw: DieDraw
    status: DieStatus
    counts_as: int
    exploded: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "sides": self.draw.sides,
            "value": self.draw.value,
            "kept": self.status == "kept",
            "status": self.status,
            "purpose": self.draw.purpose,
        }
        if self.counts_as != self.draw.value:
            data["counts_as"] = self.counts_as
        if self.exploded:
            data["exploded"] = True
        return data


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """The result of one expression.

    ``dice`` lists every die drawn, in the order drawn (rerolled and dropped
    ones included), exactly as the ``DiceSource`` recorded them; ``rolled``
    pairs each with its fate. ``breakdown`` is d20's readable account, with
    dropped and rerolled dice struck through: ``4d6kh3 (5, 3, ~~1~~, 6) = 14``.
    A total that is not whole (``1d6/2``) is truncated toward zero, as d20 does.
    """

    expression: str
    total: int
    breakdown: str
    dice: list[DieDraw]
    rolled: list[RolledDie]

    def to_json(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "total": self.total,
            "breakdown": self.breakdown,
            "dice": [die.to_json() for die in self.rolled],
        }


def check_die(number: int, sides: int | str) -> None:
    if sides == "%":
        raise DiceError(
            "d% (the tens die of a percentile pair, 00-90) is not supported; "
            "write d100 for a roll of 1-100"
        )
    size = int(sides)
    if size < 1:
        raise DiceError(f"{number}d{size}: a die needs at least one side")
    if size > MAX_SIDES:
        raise DiceError(f"d{size} has too many sides; the limit is d{MAX_SIDES}")
    if number > MAX_DICE:
        raise DiceError(f"{number}d{size} is too many dice; the limit is {MAX_DICE} per roll")


def check_count(count: int) -> None:
    if count > MAX_DICE:
        raise DiceError(
            f"the expression asks for {count} dice; the limit is {MAX_DICE} per roll"
        )
