"""The general path of dice notation: d20's parser and roller on our dice.

``notation`` rolls plain ``NdM+K`` itself and hands every other expression here;
this module is imported only then, so a command that rolls ``2d6`` (or none)
never pays for d20 and lark (``notation``'s docstring says how the dice are
routed and in which order they are consumed).
"""

from __future__ import annotations

import os
import sys
import zlib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from tactician.dice.outcome import (
    MAX_DICE,
    MAX_REROLLS,
    DieStatus,
    RolledDie,
    RollOutcome,
    check_count,
    check_die,
)
from tactician.dice.source import DiceSource
from tactician.errors import DiceError

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
        check_die(dice.num, dice.size)
        count += dice.num
    check_count(count)
    return tree


def roll_text(text: str, dice: DiceSource, purpose: str | None = None) -> RollOutcome:
    """Roll the prechecked ``text`` through d20 (``notation.roll`` documents the contract)."""
    tree = _parse(text)
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

