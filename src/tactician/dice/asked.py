"""The table's dice asked for one at a time, as the procedure needs them.

Issue 24 item 7: a UESRPG attack on physical dice took five runs, each refused with
the next die it needed ("roll #2 must be a d100 (Bandit defends (parry, vs 45))",
then a d8, the shock test, a d4). ``AskedDice`` is ``PhysicalDice`` that, once the
values given up front (``--rolls``) are used, asks ``ask`` for each further die the
moment the procedure draws it, naming the die and what it decides, so a whole
attack is rolled in one run. What ``ask`` answers is checked against its die like
any supplied value; the asker (the command line's ``cli.table_dice``) asks again
on a bad answer, so a bad value never reaches the rules.

Asking happens inside the procedure, before anything is saved: a command that
stops while asking (end of input, Ctrl-C) saves nothing, as a refused roll saves
nothing. A d1 is not asked for: it can show only 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tactician.dice.source import DieDraw, PhysicalDice
from tactician.errors import DiceError, NeedRoll

# (the roll's number in the command, the die's sides, what it decides) -> the value
Ask = Callable[[int, int, str], int]


@dataclass
class AskedDice(PhysicalDice):
    """``values`` first, in order, then ``ask`` for each die still needed; every value
    asked is added to ``values``, so ``unused`` and a replay read as for ``--rolls``."""

    ask: Ask | None = field(default=None, repr=False)

    def draw(self, sides: int, purpose: str) -> int:
        index = len(self.draws)
        if index < len(self.values) or self.ask is None:
            return super().draw(sides, purpose)
        value = 1 if sides == 1 else self.ask(index + 1, sides, purpose)
        if not 1 <= value <= sides:
            raise DiceError(f"roll #{index + 1} is {value}, which a d{sides} cannot show "
                            f"(needed for {purpose})")
        self.values.append(value)
        self.draws.append(DieDraw(sides, value, purpose))
        return value


class NoTerminal(NeedRoll):
    """``--rolls ask`` (or ``TACTICIAN_ROLLS=ask``) where no one can answer: the roll
    needed next, as ``NeedRoll`` names it, and why it was not asked for."""

    def __init__(self, index: int, sides: int, purpose: str) -> None:
        super().__init__(index, sides, purpose)
        Exception.__init__(self, f"{self} (asking for each die, --rolls ask, needs a "
                                 "terminal; standard input is not one)")


@dataclass
class UnaskedDice(PhysicalDice):
    """``--rolls ask`` without a terminal: the given values, then a refusal naming the
    next roll (``NoTerminal``), as ``--rolls`` that ran out is refused."""

    def draw(self, sides: int, purpose: str) -> int:
        if len(self.draws) >= len(self.values):
            raise NoTerminal(len(self.draws) + 1, sides, purpose)
        return super().draw(sides, purpose)
