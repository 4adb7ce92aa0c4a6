"""Dice notation (``2d6+3``, ``4d6kh3``, ``6d6rr1``, ``1d20+5``, ``d100``) on our own dice.

We use the ``d20`` library (the Avrae engine) for the grammar, the operators and
the readable breakdown, but never its dice: every die is drawn from a
``DiceSource`` (a seeded stream or the table's physical dice), so each one is a
``DieDraw`` in the log (design principle 2) and a roll can be replayed or audited.

How the dice are routed. d20 draws inside ``Die._add_roll`` from the
module-global ``random``. Rather than swapping that global (which would need a
process-wide lock and would hijack any other d20 user while swapped), we hand
d20's ``Roller`` our own ``Dice``/``Die`` subclasses whose ``_add_roll`` asks
the ``DiceSource`` carried in the roll context. Nothing global changes, rolls
in different threads do not interfere, and we know exactly which drawn value
ended up kept, dropped or rerolled.

Order in which dice are consumed (what ``--rolls 5,3,1,6`` feeds): left to
right through the expression; within ``NdM`` the N dice in order; then that
term's operators in the order written, each reroll or explosion drawing its
die at the moment it happens. When several dice are rerolled or exploded in the
same pass, they are taken left to right (plain d20 walks a Python ``set`` there,
whose order changes from run to run; we sort by position so the same seed or
the same supplied rolls always land on the same dice).

``d%`` is refused: in d20 it is the tens die of a percentile pair (00, 10, ...,
90), which players rarely mean and which cannot be checked like a normal die.
Write ``d100`` for 1..100.

Abusive expressions are refused with a ``DiceError`` before anything expensive
happens: the length, control characters and parenthesis depth are checked
before parsing, literal ``NdM`` counts and sizes before parsing and again on the
parsed tree. While rolling, two counters bound the work: every die drawn counts
against ``MAX_DICE`` and every reroll or explosion against ``MAX_REROLLS``, each
checked *before* the die is drawn, so a roll that never ends (``1d1rr1``,
``1d6e>0``) stops after a fixed number of draws, whatever the machine's speed.
Each pass of ``rr``/``e`` rerolls or explodes at least one die, so the passes
(each a walk over at most ``MAX_DICE`` dice) are bounded by ``MAX_REROLLS`` too.
See the ``MAX_*`` constants (recorded in ``docs/rulings.md``, "Limits").

Two paths, one result. A plain ``NdM``, ``NdM+K`` or ``NdM-K`` (the rolls
people type most) is rolled here directly: its dice drawn in order, all kept,
its breakdown written as d20 writes it (``2d6 (3, 4) + 1 = 8``). Everything
else goes to ``d20_engine`` (d20 and lark, imported only then: a quarter of the
``tactician roll 2d6`` start-up). ``tests/dice/test_notation_fast_path.py``
checks that both paths give the same totals, breakdowns and dice on the same
draws.
"""

from __future__ import annotations

import re
import unicodedata

from tactician.dice.outcome import (
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_PAREN_DEPTH,
    MAX_REROLLS,
    MAX_SIDES,
    DieStatus,
    RolledDie,
    RollOutcome,
    check_count,
    check_die,
)
from tactician.dice.source import DiceSource
from tactician.errors import DiceError

# the result types and limits live in ``outcome``; callers keep importing them here
__all__ = [
    "MAX_DICE",
    "MAX_EXPRESSION_LENGTH",
    "MAX_PAREN_DEPTH",
    "MAX_REROLLS",
    "MAX_SIDES",
    "DieStatus",
    "RollOutcome",
    "RolledDie",
    "roll",
    "validate",
]

# --------------------------------------------------------------------------- checks

_ANNOTATION = re.compile(r"\[.*?\]")
_DICE_TERM = re.compile(r"(\d*)d(\d+|%)")
_SELECTOR = re.compile(r"(kh|kl|k|dh|dl|p)(\d+)", re.IGNORECASE)
_NUMBER = re.compile(r"\d+")
MAX_NUMBER = 2**63 - 1
"""A number in an expression (a modifier) is at most what the store holds (64 bits)."""


def _precheck(expr: str) -> str:
    """Cheap checks on the raw text, before lark sees it. Returns the stripped text.

    Surrounding whitespace is dropped; a control character inside (a newline in
    ``1d6\n+2``, a tab, an escape sequence) is refused, naming its column: an
    expression is one line, and one that spans lines was pasted or injected.
    """
    if len(expr) > MAX_EXPRESSION_LENGTH:
        raise DiceError(
            f"dice expression is {len(expr)} characters long; the limit is "
            f"{MAX_EXPRESSION_LENGTH}"
        )
    text = expr.strip()
    if not text:
        raise DiceError("empty dice expression: write something like 2d6+3")
    for column, char in enumerate(text, start=1):
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            raise DiceError(
                f"dice expression has a control character (U+{ord(char):04X}) at column "
                f"{column}; write it on one line, without tabs or escapes"
            )
    bare = _ANNOTATION.sub("", text)
    depth = deepest = 0
    for char in bare:
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth -= 1
    if deepest > MAX_PAREN_DEPTH:
        raise DiceError(
            f"dice expression nests parentheses {deepest} deep; the limit is {MAX_PAREN_DEPTH}"
        )
    for digits in _NUMBER.findall(bare):
        if len(digits) > 19 or int(digits) > MAX_NUMBER:
            raise DiceError(f"dice expression holds the number {digits[:24]}"
                            f"{'...' if len(digits) > 24 else ''}: a number is at most "
                            f"{MAX_NUMBER:,}")
    for word, digits in _SELECTOR.findall(bare):
        if int(digits) > MAX_DICE:
            raise DiceError(f"dice expression selects {word}{digits}: keep and drop counts "
                            f"are at most {MAX_DICE} (the dice in one roll)")
    count = 0
    for number, sides in _DICE_TERM.findall(bare):
        check_die(int(number) if number else 1, sides)
        count += int(number) if number else 1
    check_count(count)
    return text


def _checked_text(expr: str) -> str:
    if not isinstance(expr, str):
        raise DiceError(f"a dice expression must be text, not {type(expr).__name__}")
    return _precheck(expr)

# --------------------------------------------------------------------------- plain rolls

_PLAIN = re.compile(r"([1-9][0-9]*)?d([1-9][0-9]*)(?:\s*([+-])\s*([0-9]+))?")
"""``NdM``, ``NdM+K``, ``NdM-K`` (no leading zero in N or M: d20 reads ``02d6``
the same, but the fast path stays on the forms it is tested on)."""


def _roll_plain(text: str, match: re.Match[str], dice: DiceSource, purpose: str) -> RollOutcome:
    """d20's result for a plain roll without d20: N dice drawn in order, all kept."""
    number = int(match.group(1) or 1)
    sides = int(match.group(2))
    before = len(dice.draws)
    values = [dice.draw(sides, purpose) for _ in range(number)]
    total = sum(values)
    shown = f"{number}d{sides} ({', '.join(map(str, values))})"
    if match.group(3):
        modifier = int(match.group(4))
        total = total + modifier if match.group(3) == "+" else total - modifier
        shown += f" {match.group(3)} {modifier}"
    draws = list(dice.draws[before:])
    if len(draws) != number:  # pragma: no cover - a source must record each draw
        raise DiceError("the dice source did not record every die it handed out")
    rolled = [RolledDie(draw, "kept", draw.value) for draw in draws]
    return RollOutcome(text, total, f"{shown} = {total}", draws, rolled)


# --------------------------------------------------------------------------- public API


def validate(expr: str) -> None:
    """Refuse ``expr`` with a ``DiceError`` if it could not be rolled; draws nothing.

    Catches syntax, size and count problems. Two things only show up when
    rolling: division by zero and rerolls or explosions that never stop
    (``1d1rr1``), which ``roll`` refuses via the ``MAX_DICE`` counter.
    """
    text = _checked_text(expr)
    if _PLAIN.fullmatch(text) is None:
        from tactician.dice.d20_engine import _parse

        _parse(text)


def roll(expr: str, dice: DiceSource, purpose: str | None = None) -> RollOutcome:
    """Roll ``expr`` with dice drawn from ``dice``, each recorded with ``purpose``.

    ``purpose`` defaults to the expression itself. With ``PhysicalDice`` each
    supplied value is checked against the die it is used for, in the order
    described in this module's docstring, and ``NeedRoll`` names the next die
    needed when they run out.

    A refusal raised part-way (``NeedRoll``, too many rerolls, division by zero)
    leaves the draws already made in ``dice.draws``: a seeded stream has moved
    on and its log must say so.
    """
    text = _checked_text(expr)
    match = _PLAIN.fullmatch(text)
    if match is not None:
        return _roll_plain(text, match, dice, purpose or text)
    from tactician.dice.d20_engine import roll_text

    return roll_text(text, dice, purpose)
