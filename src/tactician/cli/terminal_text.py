"""Text for the terminal without Rich: its width, whether to colour, styles through
click, and text measured, wrapped and cut in terminal cells, as Rich does them.

Rich's console costs about a third of a bare Typer app's start-up (issue 16:
"every command under 1.5 times the start-up of a bare Typer app ... nothing
imported that the command does not use"); the board and the compendium need only
these pieces of it (``cli.text_table`` lays tables out with them).

The terminal's width is the terminal's own on a terminal (``shutil``'s rule:
``COLUMNS`` first), 80 for a pipe or a file unless ``COLUMNS`` says otherwise, as
Rich decides it. Styles (``"bold"``, ``"dim yellow"``, ``"on blue"``...) go
through ``click.style`` on a terminal only; ``FORCE_COLOR`` forces them,
``TERM=dumb`` turns them off and ``NO_COLOR`` keeps the attributes but drops the
colours, as for Rich. Text is never parsed for markup; callers pass it through
``cli.output.shown`` (control characters escaped) before it is measured.
"""

from __future__ import annotations

import os
import shutil
import sys
import unicodedata
from collections.abc import Iterable
from typing import TextIO

__all__ = ["ELLIPSIS", "boxes_encodable", "cell_len", "colour_wanted", "echo_lines",
           "justify", "paint", "printed_lines", "terminal_width", "truncate", "wrap"]

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


def boxes_encodable(stream: TextIO | None = None) -> bool:
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
        words = paragraph.split(" ")
        lead = len(paragraph) - len(paragraph.lstrip(" "))
        if lead and lead < len(paragraph):  # leading spaces belong to the first word (Rich)
            words = [" " * lead + words[lead], *words[lead + 1:]]
        for word in words:
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


def printed_lines(text: str, width: int) -> list[str]:
    """The lines Rich's ``console.print`` writes for one line of ``text`` (no
    ``soft_wrap``) at ``width`` cells: Rich's ``divide_line`` (a word keeps the spaces
    after it, a line keeps its trailing spaces while they fit; a word longer than a
    line is folded), then each line cut to the width (``Text.wrap``'s ``rstrip_end``
    and ``truncate``). ``text`` is already safe (``cli.output.shown``)."""
    import re

    width = max(1, width)
    breaks: list[int] = []
    offset = 0
    for found in re.finditer(r"\s*\S+\s*", text):  # Rich's words: no gaps between them
        start, word = found.start(), found.group()
        length = cell_len(word.rstrip())
        if width - offset >= length:
            offset += cell_len(word)
        elif length > width:  # folded across lines
            pieces = _chop(word, width)
            for number, piece in enumerate(pieces):
                if start:
                    breaks.append(start)
                if number == len(pieces) - 1:
                    offset = cell_len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            breaks.append(start)
            offset = cell_len(word)
    out: list[str] = []
    for a, b in zip([0, *breaks], [*breaks, len(text)], strict=True):
        line = text[a:b]
        if len(line) > width:  # trailing spaces beyond the width go (``rstrip_end``)
            spaces = len(line) - len(line.rstrip())
            line = line[:len(line) - min(spaces, len(line) - width)]
        if cell_len(line) > width:  # and what is still too wide is cut (``truncate``)
            line = _chop(line, width)[0]
        out.append(line)
    return out


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


def justify(text: str, width: int, how: str) -> str:
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
