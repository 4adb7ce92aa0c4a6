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
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from tactician.dice.source import DiceSource, DieDraw
from tactician.errors import DiceError

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


# --------------------------------------------------------------------------- d20 import
# d20 builds its lark parser when ``d20.diceast`` is imported (~85 ms of grammar
# analysis, more than a quarter of the CLI's 0.3 s start-up budget). Lark can
# save the analysed parser and load it back in a few ms. We keep that file in the
# user's own cache directory and only load it when it is owned by this user and
# not writable by anyone else, because lark stores it as a pickle.


def _cache_dir() -> Path | None:
    if not hasattr(os, "getuid"):
        return None
    configured = os.environ.get("TACTICIAN_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tactician"


def _private(path: Path) -> bool:
    """True if ``path`` belongs to us and nobody else can write it (safe to unpickle)."""
    try:
        info = path.stat()
    except OSError:
        return False
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def _save_parser(parser: Any, directory: Path, path: Path) -> None:
    """Write the analysed parser atomically; any failure just means no cache next time."""
    import tempfile

    temporary: str | None = None
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(directory):
            return
        with tempfile.NamedTemporaryFile(dir=directory, delete=False) as handle:
            temporary = handle.name
            parser.save(handle)
        os.replace(temporary, path)  # readers never see half a file
    except Exception:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def _import_d20_with_parser_cache() -> None:
    if "d20" in sys.modules:
        return
    directory = _cache_dir()
    if directory is None:
        return
    import lark

    lark_module: Any = lark  # typed loosely: we patch it and use untyped options
    build: Any = lark.Lark

    def cached_lark(grammar: str, **options: Any) -> Any:
        if options.get("parser") != "lalr":
            return build(grammar, **options)
        settings = repr(sorted((k, repr(v)) for k, v in options.items() if k != "transformer"))
        # Not a security hash (ownership is checked instead), just a cheap name that
        # changes with the grammar, d20's options, lark and Python.
        key = zlib.crc32("\0".join((grammar, settings, lark.__version__, sys.version)).encode())
        path = directory / f"d20-parser-{key:08x}.pickle"
        if _private(directory) and _private(path):
            try:
                return build(grammar, cache=str(path), **options)
            except Exception:  # a damaged cache must never stop a roll: rebuild it
                path.unlink(missing_ok=True)
        parser = build(grammar, **options)
        _save_parser(parser, directory, path)
        return parser

    lark_module.Lark = cached_lark
    try:
        import d20  # noqa: F401  (imported for its side effect of building the parser)
    except Exception:
        for name in [n for n in sys.modules if n == "d20" or n.startswith("d20.")]:
            del sys.modules[name]
    finally:
        lark_module.Lark = build


_import_d20_with_parser_cache()

import d20  # noqa: E402
import lark  # noqa: E402

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


# --------------------------------------------------------------------------- d20 glue


class _TooManyRerolls(Exception):
    """Raised by ``_SourceContext.count_reroll`` before the die past the cap is drawn."""


class _SourceContext(d20.RollContext):
    """d20's roll counter, also carrying our dice source, the draws made and the
    rerolls and explosions so far."""

    def __init__(self, source: DiceSource, purpose: str) -> None:
        super().__init__(max_rolls=MAX_DICE)
        self.source = source
        self.purpose = purpose
        self.drawn: list[Any] = []  # each drawn d20 Literal, in draw order
        self.rerolls = 0

    def count_reroll(self) -> None:
        """Count one reroll or explosion about to happen; refuse the one past the cap."""
        self.rerolls += 1
        if self.rerolls > MAX_REROLLS:
            raise _TooManyRerolls


class _SourcedDie(d20.Die):
    """A d20 die whose results come from our ``DiceSource`` instead of ``random``."""

    __slots__ = ()

    def _add_roll(self) -> None:
        # Mirrors d20.Die._add_roll (1.1.2) with the draw replaced.
        if self.size == "%":
            raise DiceError("d% is not supported; write d100 for a roll of 1-100")
        if self.size < 1:
            raise d20.RollValueError("Cannot roll a 0-sided die.")
        context: _SourceContext = self._context
        context.count_roll()  # raises TooManyRolls before the draw, not after
        value = context.source.draw(self.size, context.purpose)
        literal = d20.Literal(value)
        context.drawn.append(literal)
        self.values.append(literal)


class _SourcedDice(d20.Dice):
    __slots__ = ()

    @classmethod
    def new(cls, num: int, size: int, context: Any = None) -> _SourcedDice:
        return cls(num, size, [_SourcedDie.new(size, context=context) for _ in range(num)],
                   context=context)

    def roll_another(self) -> None:
        self.values.append(_SourcedDie.new(self.size, context=self._context))


class _OrderedSetOperator(d20.SetOperator):
    """d20's operators with rerolls and explosions taken left to right.

    d20 iterates a ``set`` of dice here, whose order depends on memory
    addresses; physical dice and seeded replays need a fixed order.
    """

    __slots__ = ()

    @staticmethod
    def _in_order(target: Any, chosen: Any) -> list[Any]:
        position = {id(die): i for i, die in enumerate(target.values)}
        return sorted(chosen, key=lambda die: position[id(die)])

    @staticmethod
    def _count(target: Any) -> None:
        context = getattr(target, "_context", None)
        if isinstance(context, _SourceContext):
            context.count_reroll()

    def reroll(self, target: Any) -> None:
        to_reroll = self._in_order(target, self.select(target))
        while to_reroll:
            for die in to_reroll:
                self._count(target)
                die.reroll()
            to_reroll = self._in_order(target, self.select(target))

    def reroll_once(self, target: Any) -> None:
        for die in self._in_order(target, self.select(target)):
            self._count(target)
            die.reroll()

    def explode(self, target: Any) -> None:
        already_exploded: set[Any] = set()
        to_explode = self._in_order(target, self.select(target))
        while to_explode:
            for die in to_explode:
                self._count(target)
                die.explode()
                target.roll_another()
            already_exploded.update(to_explode)
            to_explode = self._in_order(target, self.select(target) - already_exploded)


class _SourcedRoller(d20.Roller):
    def _eval_dice(self, node: Any) -> Any:
        return _SourcedDice.new(node.num, node.size, context=self.context)

    def _eval_operatedset(self, node: Any) -> Any:
        target = self._eval(node.value)
        for op in node.operations:
            the_op = _OrderedSetOperator.from_ast(op)
            the_op.operate(target)
            target.operations.append(the_op)
        return target


class _Breakdown(d20.MarkdownStringifier):
    """d20's Markdown breakdown, minus bold crits and backticks: plain enough for a log."""

    def __init__(self) -> None:
        super().__init__()
        # d20 dispatches on the exact node type, so name our subclasses too.
        self._nodes: dict[Any, Any] = {
            **self._nodes,
            _SourcedDice: self._str_dice,
            _SourcedDie: self._str_die,
        }

    def _str_expression(self, node: Any) -> str:
        return f"{self._stringify(node.roll)} = {int(node.total)}"

    def _str_die(self, node: Any) -> str:
        return ", ".join(self._stringify(value) for value in node.values)


# --------------------------------------------------------------------------- checks

_ANNOTATION = re.compile(r"\[.*?\]")
_DICE_TERM = re.compile(r"(\d*)d(\d+|%)")

_TOKEN_WORDS = {
    "INTEGER": "a number",
    "DECIMAL": "a number",
    "D": "'d'",
    "DICE_VALUE": "the number of sides",
    "U_OP": "'+' or '-'",
    "A_OP": "'+' or '-'",
    "M_OP": "'*', '/', '//' or '%'",
    "COMP_OPERATOR": "a comparison",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "SELTYPE": "'h', 'l', '<' or '>'",
    "$END": "the end",
}


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
    count = 0
    for number, sides in _DICE_TERM.findall(bare):
        _check_die(int(number) if number else 1, sides)
        count += int(number) if number else 1
    _check_count(count)
    return text


def _check_die(number: int, sides: int | str) -> None:
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


def _check_count(count: int) -> None:
    if count > MAX_DICE:
        raise DiceError(
            f"the expression asks for {count} dice; the limit is {MAX_DICE} per roll"
        )


def _ast_dice(node: Any) -> Iterator[Any]:
    if isinstance(node, d20.ast.Dice):
        yield node
    for child in node.children:
        yield from _ast_dice(child)


def _syntax_error(text: str, error: lark.UnexpectedInput) -> DiceError:
    column = getattr(error, "column", None) or error.pos_in_stream + 1
    token = getattr(error, "token", None)
    if token is not None and token.type == "$END":
        found = "the expression ended"
    else:
        shown = str(token) if token is not None else text[error.pos_in_stream]
        found = f"found {shown[:20]!r}"
    wanted = sorted(
        {_TOKEN_WORDS.get(name, name) for name in getattr(error, "expected", ()) or ()}
        - {"_WS"}
    )
    hint = f" (expected {', '.join(wanted)})" if wanted else ""
    return DiceError(f"can't read dice expression {text!r}: at column {column} {found}{hint}")


@lru_cache(maxsize=256)
def _parse(text: str) -> Any:
    """Parse once per distinct expression; the tree is never mutated by a roll."""
    try:
        tree = d20.diceast.parser.parse(text, start="expr")
    except lark.UnexpectedInput as error:
        raise _syntax_error(text, error) from None
    except RecursionError:
        raise DiceError(f"dice expression {text!r} is nested too deeply") from None
    count = 0
    for dice in _ast_dice(tree):
        _check_die(dice.num, dice.size)
        count += dice.num
    _check_count(count)
    return tree


def _checked_tree(expr: str) -> tuple[str, Any]:
    if not isinstance(expr, str):
        raise DiceError(f"a dice expression must be text, not {type(expr).__name__}")
    text = _precheck(expr)
    return text, _parse(text)


# --------------------------------------------------------------------------- public API


def validate(expr: str) -> None:
    """Refuse ``expr`` with a ``DiceError`` if it could not be rolled; draws nothing.

    Catches syntax, size and count problems. Two things only show up when
    rolling: division by zero and rerolls or explosions that never stop
    (``1d1rr1``), which ``roll`` refuses via the ``MAX_DICE`` counter.
    """
    _checked_tree(expr)


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
    text, tree = _checked_tree(expr)
    context = _SourceContext(dice, purpose or text)
    before = len(dice.draws)
    try:
        result = _SourcedRoller(context).roll(tree, stringifier=_Breakdown())
        total = result.total  # evaluated lazily by d20: keep inside the try
        breakdown = result.result
    except d20.TooManyRolls:
        raise DiceError(
            f"{text} needs more than {MAX_DICE} dice (rerolls and explosions included); "
            f"the limit is {MAX_DICE}"
        ) from None
    except _TooManyRerolls:
        raise DiceError(
            f"{text} needs more than {MAX_REROLLS} rerolls and explosions; the limit is "
            f"{MAX_REROLLS} per roll"
        ) from None
    except d20.RollError as error:
        raise DiceError(f"can't roll {text}: {error}") from None
    except RecursionError:
        raise DiceError(f"dice expression {text!r} is nested too deeply") from None
    except (OverflowError, ValueError):
        raise DiceError(f"can't roll {text}: the result is too large to compute") from None
    draws = list(dice.draws[before:])
    if len(draws) != len(context.drawn):  # pragma: no cover - a source must record each draw
        raise DiceError("the dice source did not record every die it handed out")
    fates = _fates(result.expr)
    rolled = [
        RolledDie(draw, fates.get(id(literal), "dropped"), int(literal.number), literal.exploded)
        for draw, literal in zip(draws, context.drawn, strict=True)
    ]
    return RollOutcome(text, total, breakdown, draws, rolled)


def _fates(root: Any) -> dict[int, DieStatus]:
    """Map each drawn d20 ``Literal`` (by id) to kept / dropped / rerolled."""
    fates: dict[int, DieStatus] = {}

    def visit(node: Any, counted: bool) -> None:
        counted = counted and node.kept
        if isinstance(node, d20.Dice):
            for die in node.values:
                for literal in die.values:
                    if not literal.kept:
                        fates[id(literal)] = "rerolled"
                    elif counted and die.kept:
                        fates[id(literal)] = "kept"
                    else:
                        fates[id(literal)] = "dropped"
            return
        for child in node.children:
            visit(child, counted)

    visit(root, True)
    return fates
