"""Tables for the terminal without Rich, laid out as Rich lays them out.

Rich's table (and the console under it) costs about a third of a bare Typer app's
start-up (issue 16: "every command under 1.5 times the start-up of a bare Typer
app ... nothing imported that the command does not use"), and the board and the
compendium use only a small part of it: a grid of text cells in a box, a title,
styles. This module is that part; measuring, wrapping and styling text is
``cli.terminal_text``.

Layout follows Rich's ``Table`` (``rich/table.py``, ``_calculate_column_widths``):
each column is as wide as its widest cell plus padding; when the table is wider
than the terminal, the widest wrappable columns give up width first, down to the
next widest, until it fits (``_collapse_widths``); if it still does not fit,
every column gives up width in turn (the "last resort"), but never below its
``min_width``. Where Rich would then crop the lines at the terminal's edge (losing
the last columns), the columns still above their minimum give way instead, so
the columns kept whole stay on screen. A wrappable cell is word-wrapped (a word
longer than the column is cut with an ellipsis, as a ``no_wrap`` cell is).
Boxes: ``SIMPLE_HEAD`` (a rule under the header only) and ``HEAVY_HEAD``
(Rich's default: a heavy frame round the header, light round the rows;
``SQUARE`` when there is no header), ASCII when the output cannot encode them
(as Rich's ``ascii_only``).

Every cell and title is user text: it passes through ``cli.output.shown`` (one
line, control characters escaped) before it is measured.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactician.cli.output import shown
from tactician.cli.terminal_text import (
    boxes_encodable,
    cell_len,
    colour_wanted,
    justify,
    paint,
    terminal_width,
    truncate,
    wrap,
)

__all__ = ["HEAVY_HEAD", "SIMPLE_HEAD", "SQUARE", "Box", "Column", "Table"]


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
        if not boxes_encodable():
            box = _ASCII.get(box, box)
        widths = self.widths(width)
        total = sum(widths) + self._extra_width
        crop = max(0, min(total - width, self.padding[1])) if not self.show_edge else 0
        total -= crop
        out: list[str] = []
        if self.title:
            for line in wrap(shown(self.title), total):
                out.append(paint(justify(line, total, self.title_justify), self.title_style,
                                 colour))
        if self.show_edge and box.top.strip():
            out.append(self._rule(box.top, widths, crop))
        if self.show_header:
            headers = [c.header for c in self.columns]
            out.extend(self._row_lines(headers, widths, box.head, self.header_style, colour,
                                       crop, bottom=True))
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
                   colour: bool, crop: int = 0, bottom: bool = False) -> list[str]:
        """A row's lines (as many as its tallest cell); ``crop``: spaces of the last
        cell's right padding left out (the line would pass the terminal's edge);
        ``bottom``: shorter cells sit at the bottom (Rich's header row), else the top."""
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
        if bottom:
            blocks = [[""] * (height - len(b)) + b for b in blocks]
        left, divider, right = walls[0], walls[2], walls[3]
        lines: list[str] = []
        for number in range(height):
            pieces = []
            for index, (block, width, column) in enumerate(
                    zip(blocks, widths, self.columns, strict=True)):
                text = block[number] if number < len(block) else ""
                room = max(0, width - left_pad - right_pad)
                after = right_pad - (crop if index == len(widths) - 1 else 0)
                inner = " " * left_pad + justify(text, room, column.justify) + " " * after
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
