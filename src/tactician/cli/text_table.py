"""Tables and styled lines for the terminal without Rich: laid out as Rich lays
them out, at a fraction of the start-up.

Rich's console and table cost about a third of a bare Typer app's start-up
(issue 16: "every command under 1.5 times the start-up of a bare Typer app ...
nothing imported that the command does not use"), and the board and the
compendium use only a small part of it: a grid of text cells in a box, a title,
styles. This module is that part.

Layout follows Rich's ``Table`` (``rich/table.py``, ``_calculate_column_widths``):
each column is as wide as its widest cell plus padding; when the table is wider
than the terminal, the widest wrappable columns give up width first, down to the
next widest, until it fits (``_collapse_widths``); if it still does not fit,
every column gives up width in turn (the "last resort"), but never below its
``min_width``. Where Rich would then crop the lines at the terminal's edge (losing
the last columns), the columns still above their minimum give way instead, so
the columns kept whole stay on screen. A wrappable cell is word-wrapped (a word longer than the column is
cut with an ellipsis, as a ``no_wrap`` cell is). Boxes: ``SIMPLE_HEAD`` (a
rule under the header only) and ``HEAVY_HEAD`` (Rich's default: a heavy frame
round the header, light round the rows; ``SQUARE`` when there is no header),
ASCII when the output cannot encode them (as Rich's ``ascii_only``).

The terminal's width is ``shutil.get_terminal_size`` on a terminal (which reads
``COLUMNS`` first), 80 for a pipe or a file unless ``COLUMNS`` says otherwise, as
Rich. Styles (``"bold"``, ``"dim yellow"``, ``"on blue"``...) go through
``click.style`` on a terminal only; ``FORCE_COLOR`` forces them, ``TERM=dumb``
turns them off and ``NO_COLOR`` keeps the attributes but drops the colours, as
for Rich. Text is never parsed for markup: every cell and title is user text and
passes through ``cli.output.shown`` (control characters escaped) before it is
measured.
"""

from __future__ import annotations

import os
import shutil
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TextIO

from tactician.cli.output import shown

__all__ = ["HEAVY_HEAD", "SIMPLE_HEAD", "Column", "Table", "cell_len", "colour_wanted",
           "echo_lines", "paint", "terminal_width", "truncate", "wrap"]

ELLIPSIS = "…"


# --- the terminal ------------------------------------------------------------------------


def terminal_width(stream: TextIO | None = None) -> int:
    """Columns to lay out for: ``COLUMNS`` if set, the terminal's width on a terminal,
    else 80 (a pipe or a file), as Rich decides it."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    stream = stream or sys.stdout
    try:
        if stream.isatty():
            return shutil.get_terminal_size((80, 25)).columns or 80
    except (AttributeError, ValueError, OSError):  # a closed or replaced stream
        pass
    return 80


def colour_wanted(stream: TextIO | None = None) -> bool:
    """Whether styles are written (see the module docstring): ``FORCE_COLOR`` forces
    them, ``TERM=dumb`` (or ``unknown``) turns them off, else only on a terminal."""
    if os.environ.get("FORCE_COLOR", ""):
        return True
    if os.environ.get("TERM", "") in ("dumb", "unknown"):
        return False
    stream = stream or sys.stdout
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _boxes_encodable(stream: TextIO | None = None) -> bool:
    encoding = (getattr(stream or sys.stdout, "encoding", None) or "utf-8").lower()
    return encoding.startswith("utf")


# --- text ----------------------------------------------------------------------------


def cell_len(text: str) -> int:
    """Terminal cells ``text`` takes: wide East Asian characters two, combining
    marks none, the rest one (Rich's ``cell_len``)."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _chop(text: str, width: int) -> list[str]:
    """``text`` cut into pieces of at most ``width`` cells (a word longer than a line)."""
    pieces: list[str] = []
    current, used = "", 0
    for char in text:
        size = cell_len(char)
        if used + size > width and current:
            pieces.append(current)
            current, used = "", 0
        current += char
        used += size
    if current or not pieces:
        pieces.append(current)
    return pieces


def wrap(text: str, width: int, fold: bool = True) -> list[str]:
    """``text`` word-wrapped to ``width`` cells, each line without trailing spaces;
    a word longer than a line is folded across lines (Rich's ``divide_line``), or
    with ``fold`` off kept whole on its own line (a table cell cuts it, as Rich's
    columns do with their default ``overflow="ellipsis"``)."""
    width = max(1, width)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, used = "", 0
        for word in paragraph.split(" "):
            size = cell_len(word)
            gap = 1 if line else 0
            if used + gap + size <= width:
                line, used = (f"{line} {word}" if line else word), used + gap + size
                continue
            if line:
                lines.append(line.rstrip())
            if size > width and fold:
                *full, line = _chop(word, width)
                lines.extend(full)
                used = cell_len(line)
            else:
                line, used = word, size
        lines.append(line.rstrip())
    return lines


def truncate(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with an ellipsis where it was cut."""
    if cell_len(text) <= width:
        return text
    if width <= 0:
        return ""
    kept, used = "", 0
    for char in text:
        size = cell_len(char)
        if used + size > width - 1:
            break
        kept += char
        used += size
    return kept + ELLIPSIS


def _justify(text: str, width: int, how: str) -> str:
    room = max(0, width - cell_len(text))
    if how == "right":
        return " " * room + text
    if how == "center":
        return " " * (room // 2) + text + " " * (room - room // 2)
    return text + " " * room


# --- styles ----------------------------------------------------------------------------

_ATTRIBUTES = {"bold": "bold", "dim": "dim", "italic": "italic", "underline": "underline",
               "strike": "strikethrough", "reverse": "reverse", "blink": "blink"}


def paint(text: str, style: str, colour: bool) -> str:
    """``text`` in ``style`` (Rich's style words: attributes, a colour, ``on COLOUR``)
    when ``colour`` is on, else as it is. ``text`` is already safe (``shown``)."""
    if not colour or not style.strip() or not text:
        return text
    import click

    options: dict[str, object] = {}
    words = style.split()
    no_colour = bool(os.environ.get("NO_COLOR", ""))
    index = 0
    while index < len(words):
        word = words[index]
        if word == "on" and index + 1 < len(words):
            if not no_colour:
                options["bg"] = words[index + 1]
            index += 2
            continue
        if word in _ATTRIBUTES:
            options[_ATTRIBUTES[word]] = True
        elif not no_colour:
            options["fg"] = word
        index += 1
    return click.style(text, **options) if options else text  # type: ignore[arg-type]


def echo_lines(lines: Iterable[str], stream: TextIO | None = None) -> None:
    """Write ``lines`` (already safe and styled), each ending a line."""
    out = stream or sys.stdout
    out.write("".join(f"{line}\n" for line in lines))


# --- tables ----------------------------------------------------------------------------


class Box:
    """The characters of a table's frame: the top, the header row's walls, the rule
    under the header, the body rows' walls, the bottom (each: left, line, cross, right).
    (Plain classes here, not dataclasses or named tuples: building those costs
    start-up, the budget of this module.)"""

    __slots__ = ("bottom", "head", "head_rule", "row", "top")

    def __init__(self, top: str, head: str, head_rule: str, row: str, bottom: str) -> None:
        self.top, self.head, self.head_rule, self.row, self.bottom = (
            top, head, head_rule, row, bottom)


HEAVY_HEAD = Box("┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "└─┴┘")
SQUARE = Box("┌─┬┐", "│ ││", "├─┼┤", "│ ││", "└─┴┘")
SIMPLE_HEAD = Box("    ", "    ", " ── ", "    ", "    ")
ASCII = Box("+--+", "| ||", "|-+|", "| ||", "+--+")
_PLAIN_HEADED = {HEAVY_HEAD: SQUARE}  # a box without a header row (Rich's rule)
_ASCII = {HEAVY_HEAD: ASCII, SQUARE: ASCII, SIMPLE_HEAD: Box("    ", "    ", " -- ", "    ",
                                                             "    ")}


class Column:
    __slots__ = ("header", "justify", "min_width", "no_wrap")

    def __init__(self, header: str, justify: str, no_wrap: bool, min_width: int | None) -> None:
        self.header, self.justify, self.no_wrap, self.min_width = (
            header, justify, no_wrap, min_width)


class _Row:
    __slots__ = ("cells", "style")

    def __init__(self, cells: list[str], style: str) -> None:
        self.cells, self.style = cells, style


class Table:
    """A table of text cells laid out as Rich lays out its ``Table`` (module docstring).
    ``padding`` is (left, right) spaces inside each cell."""

    def __init__(self, title: str | None = None, *, title_justify: str = "center",
                 box: Box | None = None, show_edge: bool = True, show_header: bool = True,
                 padding: tuple[int, int] = (1, 1), header_style: str = "bold",
                 title_style: str = "italic") -> None:
        self.title = title
        self.title_justify = title_justify
        self.box = box or HEAVY_HEAD
        self.show_edge = show_edge
        self.show_header = show_header
        self.padding = padding
        self.header_style = header_style
        self.title_style = title_style
        self.columns: list[Column] = []
        self.rows: list[_Row] = []

    def add_column(self, header: str = "", *, justify: str = "left", no_wrap: bool = False,
                   min_width: int | None = None) -> None:
        self.columns.append(Column(shown(header), justify, no_wrap, min_width))

    def add_row(self, *cells: object, style: str = "") -> None:
        """One row; every cell is user text (``shown``: one line, controls escaped)."""
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells in a table of "
                             f"{len(self.columns)} columns")
        self.rows.append(_Row([shown(cell) for cell in cells], style))

    # -- layout --

    @property
    def _extra_width(self) -> int:
        return (2 if self.show_edge else 0) + max(0, len(self.columns) - 1)

    def _measure(self, index: int) -> tuple[int, int]:
        """(min, max) width of column ``index`` with padding: its longest word and its
        longest cell, at least ``min_width``."""
        column = self.columns[index]
        cells = [row.cells[index] for row in self.rows]
        if self.show_header:
            cells.append(column.header)
        pad = sum(self.padding)
        longest = max((cell_len(c) for c in cells), default=0)
        word = max((cell_len(w) for c in cells for w in c.split(" ")), default=0)
        least = (column.min_width or 0) + pad
        return max(word + pad, least), max(longest + pad, least)

    def widths(self, max_width: int) -> list[int]:
        """Each column's width with padding, the frame left out (Rich's
        ``_calculate_column_widths`` for a table that does not expand)."""
        available = max_width - self._extra_width
        # a column is never measured wider than the table can be (Rich's ``with_maximum``)
        measured = [(min(least, available), min(most, available))
                    for least, most in (self._measure(i) for i in range(len(self.columns)))]
        widths = [most or 1 for _, most in measured]
        if sum(widths) <= available:
            return widths
        wrapable = [not c.no_wrap for c in self.columns]
        widths = _collapse(widths, wrapable, available)
        if sum(widths) > available:  # the last resort: every column gives way in turn
            widths = _ratio_reduce(sum(widths) - available, [1] * len(widths), widths, widths)
        pad = sum(self.padding)
        least = [(c.min_width or 0) + pad for c in self.columns]
        widths = [max(min(most, width), floor)
                  for (_, most), width, floor in zip(measured, widths, least, strict=True)]
        # Rich would crop lines still too wide at the terminal's edge, losing the last
        # columns; here the columns above their minimum give way instead, so the ones
        # kept whole (a unit's label, id, HP, tile) stay on screen. Only the last
        # cell's right padding may be cropped, as Rich crops it.
        slack = 0 if self.show_edge else self.padding[1]
        excess = sum(widths) - available - slack
        while excess > 0:
            room = [w - floor for w, floor in zip(widths, least, strict=True)]
            if not any(r > 0 for r in room):
                break
            widths = _ratio_reduce(excess, [1 if r > 0 else 0 for r in room], room, widths)
            excess = sum(widths) - available - slack
        return widths

    def lines(self, max_width: int | None = None, colour: bool | None = None) -> list[str]:
        """The table as lines (styled when ``colour``), fitted to ``max_width``
        (default: the terminal's width)."""
        width = terminal_width() if max_width is None else max_width
        colour = colour_wanted() if colour is None else colour
        box = self.box if self.show_header else _PLAIN_HEADED.get(self.box, self.box)
        if not _boxes_encodable():
            box = _ASCII.get(box, box)
        widths = self.widths(width)
        total = sum(widths) + self._extra_width
        crop = max(0, min(total - width, self.padding[1])) if not self.show_edge else 0
        total -= crop
        out: list[str] = []
        if self.title:
            for line in wrap(shown(self.title), total):
                out.append(paint(_justify(line, total, self.title_justify), self.title_style,
                                 colour))
        if self.show_edge and box.top.strip():
            out.append(self._rule(box.top, widths, crop))
        if self.show_header:
            headers = [c.header for c in self.columns]
            out.extend(self._row_lines(headers, widths, box.head, self.header_style, colour,
                                       crop))
            if box.head_rule.strip():
                out.append(self._rule(box.head_rule, widths, crop))
        for row in self.rows:
            out.extend(self._row_lines(row.cells, widths, box.row, row.style, colour, crop))
        if self.show_edge and box.bottom.strip():
            out.append(self._rule(box.bottom, widths, crop))
        return out

    def _rule(self, chars: str, widths: list[int], crop: int = 0) -> str:
        left, line, cross, right = chars[0], chars[1], chars[2], chars[3]
        body = cross.join(line * w for w in widths)
        body = body[:len(body) - crop]
        return f"{left}{body}{right}" if self.show_edge else body

    def _row_lines(self, cells: Sequence[str], widths: list[int], walls: str, style: str,
                   colour: bool, crop: int = 0) -> list[str]:
        """A row's lines (as many as its tallest cell); ``crop``: spaces of the last
        cell's right padding left out (the line would pass the terminal's edge)."""
        left_pad, right_pad = self.padding
        blocks: list[list[str]] = []
        for cell, width, column in zip(cells, widths, self.columns, strict=True):
            room = max(0, width - left_pad - right_pad)
            if column.no_wrap:
                parts = [truncate(line, room) for line in cell.split("\n")]
            else:
                parts = [truncate(line, room) for line in wrap(cell, room, fold=False)]
            blocks.append(parts)
        height = max((len(b) for b in blocks), default=1)
        left, divider, right = walls[0], walls[2], walls[3]
        lines: list[str] = []
        for number in range(height):
            pieces = []
            for index, (block, width, column) in enumerate(
                    zip(blocks, widths, self.columns, strict=True)):
                text = block[number] if number < len(block) else ""
                room = max(0, width - left_pad - right_pad)
                after = right_pad - (crop if index == len(widths) - 1 else 0)
                inner = " " * left_pad + _justify(text, room, column.justify) + " " * after
                pieces.append(paint(inner, style, colour))
            body = divider.join(pieces)
            lines.append(f"{left}{body}{right}" if self.show_edge else body)
        return lines


def _collapse(widths: list[int], wrapable: list[bool], max_width: int) -> list[int]:
    """Narrow the widest wrappable columns, down to the next widest, until the total
    fits or nothing wrappable is left to narrow (Rich's ``_collapse_widths``)."""
    total = sum(widths)
    excess = total - max_width
    if not any(wrapable):
        return widths
    while total and excess > 0:
        widest = max(w for w, ok in zip(widths, wrapable, strict=True) if ok)
        second = max((w if ok and w != widest else 0)
                     for w, ok in zip(widths, wrapable, strict=True))
        difference = widest - second
        ratios = [1 if (w == widest and ok) else 0 for w, ok in zip(widths, wrapable,
                                                                    strict=True)]
        if not any(ratios) or not difference:
            break
        widths = _ratio_reduce(excess, ratios, [min(excess, difference)] * len(widths), widths)
        total = sum(widths)
        excess = total - max_width
    return widths


def _ratio_reduce(total: int, ratios: list[int], maximums: list[int],
                  values: list[int]) -> list[int]:
    """Take ``total`` from ``values`` in proportion to ``ratios``, at most ``maximums``
    from each (Rich's ``ratio_reduce``)."""
    ratios = [r if most else 0 for r, most in zip(ratios, maximums, strict=True)]
    remaining_ratio = sum(ratios)
    if not remaining_ratio:
        return values[:]
    remaining = total
    result: list[int] = []
    for ratio, most, value in zip(ratios, maximums, values, strict=True):
        if ratio and remaining_ratio > 0:
            taken = min(most, round(ratio * remaining / remaining_ratio))
            result.append(value - taken)
            remaining -= taken
            remaining_ratio -= ratio
        else:
            result.append(value)
    return result
