"""Where die results come from: a seeded stream or the table's own dice.

Design principle 2 (every random draw is an event): each draw is recorded as a
``DieDraw`` with the purpose it served, so a log can show and replay it.

Every source records whose roll each die is (``DieDraw.roller``, from
``dice.roller``: issue 25, dice authority), so a table's entered dice can be checked
die by die against who may enter them (``EnteredDice``).
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from tactician.dice.roller import roller
from tactician.errors import DiceError, NeedRoll


@dataclass(frozen=True, slots=True)
class DieDraw:
    """One die: how many sides, what it showed, and what it was rolled for; whose
    roll it is (``roller``, a unit id) and, for a die of the table's, who entered
    it (``by``: a seat, or ``SEEDED`` for one the battle's stream gave instead)."""

    sides: int
    value: int
    purpose: str
    roller: str | None = None
    by: str | None = None


SEEDED = "seed"  # ``DieDraw.by`` of a die the battle's stream gave inside a table's entry


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
        self.draws.append(DieDraw(sides, value, purpose, roller()))
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
    entered_by: str | None = None  # who entered them (``DieDraw.by``); None: not said

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
        self.draws.append(DieDraw(sides, value, purpose, roller(), self.entered_by))
        return value

    @property
    def unused(self) -> list[int]:
        return self.values[len(self.draws) :]


@dataclass
class ShareOfTableDice:
    """The part of one ``PhysicalDice`` (or any source) that one action draws (a
    ``DiceSource``): a phase of several actions reads the table's rolls in turn, each
    log entry keeps its own draws, and a missing or impossible roll is numbered across
    the whole phase."""

    table: DiceSource
    draws: list[DieDraw] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        value = self.table.draw(sides, purpose)
        self.draws.append(self.table.draws[-1])
        return value

    def bind(self, stream: DiceSource) -> None:
        """This action's seeded stream, to a table that takes one (``EnteredDice``)."""
        bind = getattr(self.table, "bind", None)
        if callable(bind):
            bind(stream)


@dataclass
class EnteredDice:
    """The table's dice as one seat may enter them (issue 25, dice authority): its
    values go, in order, to the dice ``may_enter`` allows it (by whose roll each is,
    ``DieDraw.roller``); every other die comes from ``stream``, the battle's seeded
    stream for this action (``bind``), recorded as ``SEEDED`` so the chain can still
    re-derive it. A seat that may enter every die gets plain ``PhysicalDice``.

    ``values`` running out asks for the next die the seat may enter (``NeedRoll``,
    numbered among the seat's own dice); an impossible value is refused so too."""

    values: list[int]
    entered_by: str
    may_enter: Callable[[str | None], bool]
    stream: DiceSource | None = None
    draws: list[DieDraw] = field(default_factory=list)
    _used: int = 0

    def bind(self, stream: DiceSource) -> None:
        self.stream = stream

    def draw(self, sides: int, purpose: str) -> int:
        unit = roller()
        if not self.may_enter(unit):
            if self.stream is None:
                raise DiceError(f"no die for {purpose}: only the GM enters it")
            value = self.stream.draw(sides, purpose)
            self.draws.append(DieDraw(sides, value, purpose, unit, SEEDED))
            return value
        if self._used >= len(self.values):
            raise NeedRoll(self._used + 1, sides, purpose)
        value = self.values[self._used]
        if not 1 <= value <= sides:
            raise DiceError(
                f"supplied roll #{self._used + 1} is {value}, which a d{sides} cannot show "
                f"(needed for {purpose})"
            )
        self._used += 1
        self.draws.append(DieDraw(sides, value, purpose, unit, self.entered_by))
        return value

    @property
    def unused(self) -> list[int]:
        return self.values[self._used:]


MAX_SUPPLIED_ROLLS = 10_000
"""Values one ``--rolls`` may hold: far more than any phase draws (``MAX_DICE`` is 1000 a roll)."""

_WHOLE = re.compile(r"[+-]?[0-9]+")


def parse_rolls(text: str) -> list[int]:
    """Parse ``--rolls 14,3,20`` (commas, spaces or both) into integers, naming a bad entry.

    Entries are separated by commas, by whitespace, or by a comma and spaces; an
    empty entry (``50,,50``, a leading or trailing comma) is refused by position
    rather than dropped, since a missing die shifts every later die onto the wrong
    roll. Only ASCII digits count (``int`` would also take ``1_000`` and ``٣``).
    """
    values: list[int] = []
    pieces = text.split(",")
    if not text.replace(",", " ").split():
        raise DiceError("--rolls was given but holds no results")
    for piece in pieces:
        words = piece.split()
        if not words:
            raise DiceError(
                f"--rolls entry #{len(values) + 1} is empty (two commas in a row, or a "
                f"comma at the start or end)"
            )
        for raw in words:
            position = len(values) + 1
            if not _WHOLE.fullmatch(raw):
                raise DiceError(
                    f"--rolls entry #{position} ({raw[:20]!r}) is not a whole number"
                )
            if position > MAX_SUPPLIED_ROLLS:
                raise DiceError(f"--rolls holds more than {MAX_SUPPLIED_ROLLS} results")
            values.append(int(raw))
    return values


def secret_seed() -> int:
    """A battle's seed when none is given: 63 bits from ``secrets`` (issue 25, hole 4:
    a 31-bit seed could be found from a few seeded dice by trying seeds, about 70k a
    second a core), within the store's signed 64-bit column."""
    return secrets.randbits(63)


def make_source(seed: int | None, rolls: str | None) -> DiceSource:
    """The dice a command uses: the table's ``--rolls`` if given, else a seeded stream."""
    if rolls is not None:
        return PhysicalDice(parse_rolls(rolls))
    return SeededDice(seed if seed is not None else random.SystemRandom().randrange(2**31))
