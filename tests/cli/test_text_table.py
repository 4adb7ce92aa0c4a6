"""``cli.text_table`` and ``cli.terminal_text``: tables laid out as Rich lays them
out, and text wrapped, cut and styled as Rich does it, without Rich.

Rich is the reference: the same cells at the same width must give the same lines
(Rich pads wrapped lines with trailing spaces where this module ends them, so
lines are compared without trailing spaces).
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich import box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tactician.cli.terminal_text import cell_len, colour_wanted, paint, truncate, wrap
from tactician.cli.text_table import SIMPLE_HEAD, Table

words = st.text(alphabet="abcdefghij", min_size=1, max_size=12)
cells = st.lists(words, min_size=1, max_size=6).map(" ".join)


def rich_lines(table: RichTable, width: int) -> list[str]:
    console = Console(width=width, color_system=None, file=io.StringIO(), record=True)
    console.print(table)
    return [line.rstrip() for line in console.export_text().splitlines()]


def ours(table: Table, width: int) -> list[str]:
    return [line.rstrip() for line in table.lines(width, colour=False)]


@given(rows=st.lists(st.lists(cells, min_size=3, max_size=3), min_size=1, max_size=5),
       width=st.integers(min_value=20, max_value=120), header=st.booleans())
@settings(max_examples=150, deadline=None)
def test_a_default_table_is_laid_out_as_rich_lays_it_out(
        rows: list[list[str]], width: int, header: bool) -> None:
    """The compendium's tables: Rich's default box, a centred title, wrapped cells."""
    theirs = RichTable(title=Text("the title"), show_header=header)
    mine = Table(title="the title", show_header=header)
    for name in ("kind", "name", "summary"):
        theirs.add_column(name)
        mine.add_column(name)
    for row in rows:
        theirs.add_row(*(Text(c) for c in row))
        mine.add_row(*row)
    assert ours(mine, width) == rich_lines(theirs, width)


@given(rows=st.lists(st.lists(words, min_size=4, max_size=4), min_size=1, max_size=5),
       width=st.integers(min_value=40, max_value=100))
@settings(max_examples=150, deadline=None)
def test_a_legend_is_laid_out_as_rich_lays_it_out(rows: list[list[str]], width: int) -> None:
    """The board's unit legend: no frame, a rule under the header, a left title, cells
    cut with an ellipsis, columns that never shrink below their minimum."""
    theirs = RichTable(title="Units", title_justify="left", box=box.SIMPLE_HEAD,
                       show_edge=False, padding=(0, 1, 0, 0))
    mine = Table(title="Units", title_justify="left", box=SIMPLE_HEAD, show_edge=False,
                 padding=(0, 1))
    for index, name in enumerate(("id", "name", "HP", "at")):
        least = 8 if index in (0, 3) else len(name)
        theirs.add_column(name, no_wrap=True, overflow="ellipsis", min_width=least,
                          justify="right" if name == "HP" else "left")
        mine.add_column(name, no_wrap=True, min_width=least,
                        justify="right" if name == "HP" else "left")
    for row in rows:
        theirs.add_row(*row)
        mine.add_row(*row)
    expected = rich_lines(theirs, width)
    if max(len(line) for line in expected) < width:  # Rich crops what cannot fit: here
        # the columns above their minimum give way (text_table.Table.widths)
        assert ours(mine, width) == expected


def test_a_cell_is_text_never_markup_or_terminal_control() -> None:
    table = Table()
    table.add_column("name")
    table.add_row("[bold red]Aria[/] \x1b[2J")
    text = "\n".join(table.lines(80, colour=False))
    assert "[bold red]Aria[/] \\x1b[2J" in text and "\x1b" not in text


def test_a_row_of_the_wrong_length_is_refused() -> None:
    table = Table()
    table.add_column("a")
    with pytest.raises(ValueError, match="2 cells in a table of 1 columns"):
        table.add_row("x", "y")


def test_wrapping_and_cutting() -> None:
    assert wrap("one two three", 7) == ["one two", "three"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]  # a long word is folded
    assert truncate("Iron Sword", 7) == "Iron S…"
    assert truncate("Iron", 7) == "Iron"
    assert cell_len("日本") == 4 and cell_len("e\u0301") == 1


def test_styles_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert not colour_wanted(io.StringIO())  # a pipe or a file
    assert paint("x", "bold yellow on blue", colour=False) == "x"
    styled = paint("x", "bold yellow on blue", colour=True)
    assert styled.startswith("\x1b[") and "x" in styled and styled.endswith("\x1b[0m")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert colour_wanted(io.StringIO())
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not colour_wanted()
    monkeypatch.setenv("NO_COLOR", "1")  # attributes stay, colours go
    assert paint("x", "bold yellow", colour=True) == paint("x", "bold", colour=True)
