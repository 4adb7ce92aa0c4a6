"""The table's physical dice on the command line: ``--rolls`` for scripts, and on a
terminal each die asked for as the rules need it.

Every command that rolls takes ``--rolls``:

- ``--rolls 42,7`` gives the results up front, in the order the procedure asks
  (scripts, and a GM who knows the order). Without a terminal, running out refuses
  the command with the roll needed next, exactly as before. On a terminal, running
  out asks for the rest instead of refusing.
- ``--rolls ask`` gives none up front: on a terminal, each die is asked for the
  moment the procedure needs it, the prompt naming the die and what it decides
  (``Roll #2: d100 for Bandit defends (parry, vs 45):``). Without a terminal it is
  refused with the roll needed first.
- ``TACTICIAN_ROLLS=ask`` in the environment is ``--rolls ask`` for every command
  that rolls and is given neither ``--rolls`` nor ``--seed``: a whole evening on
  the table's dice without a flag on each command (empty or unset: the seeded
  stream).

An answer is checked against its die (``00`` is 100 on a d100) and asked again
when it is not a face of that die; one answer may hold several results
(``42 7 3``), which answer the next prompts in order, each shown as it is used.
The prompts and notes go to standard error, so ``--json`` output stays JSON. End
of input or Ctrl-C while asking stops the command with one line and exit code 2;
the rules draw the dice before anything is saved, so nothing is.

Imports the standard library only at its top: ``roll`` imports it on every run.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tactician.dice.source import DiceSource, PhysicalDice

ASK = "ask"
ENVIRONMENT = "TACTICIAN_ROLLS"


def can_ask() -> bool:
    """Whether a person can answer a question: standard input is a terminal. Piped
    or closed input is never read as an answer."""
    return sys.stdin is not None and sys.stdin.isatty()


def asking(rolls: str | None) -> bool:
    return rolls is not None and rolls.strip().casefold() == ASK


def table_dice(rolls: str | None, seeded: bool = False) -> PhysicalDice | None:
    """The table's dice for ``--rolls``, or for ``TACTICIAN_ROLLS=ask`` when ``--rolls``
    is not given and no ``--seed`` is (``seeded``); None: the seeded stream. The given
    values, then on a terminal each further die asked for (see the module docstring)."""
    if rolls is None:
        rolls = None if seeded else _from_environment()
        if rolls is None:
            return None
    from tactician.dice.asked import AskedDice, UnaskedDice
    from tactician.dice.source import PhysicalDice, parse_rolls

    values = [] if asking(rolls) else parse_rolls(rolls)
    if can_ask():
        return AskedDice(values, ask=TablePrompt())
    return UnaskedDice(values) if asking(rolls) else PhysicalDice(values)


def dice_source(seed: int | None, rolls: str | None) -> DiceSource:
    """``table_dice`` when ``--rolls`` is given, else a stream seeded by ``seed`` (a
    random seed, reported, when none is given)."""
    physical = table_dice(rolls, seeded=seed is not None)
    if physical is not None:
        return physical
    from tactician.dice.source import make_source

    return make_source(seed, None)


def _from_environment() -> str | None:
    """``TACTICIAN_ROLLS``: ``ask`` for the whole evening, or unset (or empty)."""
    value = os.environ.get(ENVIRONMENT, "").strip()
    if not value:
        return None
    if value.casefold() != ASK:
        from tactician.errors import DiceError

        raise DiceError(f"{ENVIRONMENT}={value[:20]!r}: it takes only 'ask' (each die asked "
                        "for at the table); give dice values with --rolls")
    return ASK


class TablePrompt:
    """Asks a person for one die at a time (``dice.asked.Ask``), on standard error,
    reading answers from standard input."""

    def __init__(self, read: Callable[[], str] | None = None,
                 write: Callable[[str], None] | None = None) -> None:
        self._read = read or sys.stdin.readline
        self._write = write or _to_stderr
        self._queue: list[str] = []

    def __call__(self, number: int, sides: int, purpose: str) -> int:
        prompt = f"Roll #{number}: d{sides} for {purpose}: "
        while True:
            typed = bool(self._queue)
            if not typed:
                self._queue = self._answer(prompt, number, sides, purpose)
            raw = self._queue.pop(0)
            value = face(raw, sides)
            if value is None:
                self._queue.clear()
                self._write(f"  {raw[:20]!r} is not a face of a d{sides}: type a whole "
                            f"number 1..{sides}{' (00 is 100)' if sides == 100 else ''}\n")
                continue
            if typed:
                self._write(f"{prompt}{value}\n")
            return value

    def _answer(self, prompt: str, number: int, sides: int, purpose: str) -> list[str]:
        from tactician.errors import DiceError

        while True:
            try:  # the prompt written and its answer read, Ctrl-C at any moment between
                self._write(prompt)
                line = self._read()
            except KeyboardInterrupt:
                self._write("\n")
                raise DiceError(f"stopped at roll #{number} (the d{sides} for {purpose}): "
                                "nothing was saved") from None
            if not line:
                self._write("\n")
                raise DiceError(f"no answer for roll #{number} (the d{sides} for {purpose}): "
                                "input ended; nothing was saved")
            words = line.replace(",", " ").split()
            if words:
                return words


def face(raw: str, sides: int) -> int | None:
    """The face ``raw`` names on a d``sides``, or None: ASCII digits only, ``00`` being
    a d100's 100, as percentile dice show it."""
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6:
        return None
    if sides == 100 and raw == "00":
        return 100
    value = int(raw)
    return value if 1 <= value <= sides else None


def _to_stderr(text: str) -> None:
    sys.stderr.write(text)
    sys.stderr.flush()
