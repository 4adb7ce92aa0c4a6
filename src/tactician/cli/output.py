"""Shared output helpers: JSON or Rich, user text shown safely, and clean refusals.

Every command takes ``--json``. A ``TacticianError`` is printed as one clear
line on stderr with exit code 2 (and as ``{"error": ...}`` under ``--json``);
nothing was changed when it is raised.

User text is text, never markup or terminal commands. Names, file names and
everything else a unit, map or battle file holds reach the terminal through
``console()``, a Rich console with markup, emoji codes and highlighting off (so
``[bold red]Aria[/]`` prints as typed and ``Aria [/x]`` cannot crash a sheet) that
passes every piece of text through ``shown`` before it is written: C0 and C1
control characters (``ESC[2J`` clears the screen, ``ESC]0;...`` sets the window
title), DEL, and the bidirectional overrides that reorder what a line appears
to say are printed as escapes (``\x1b``, ``\u202e``), never sent raw. Styling
is chosen by the code (``style=``, ``Text`` spans), never parsed from strings.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import typer

from tactician.errors import TacticianError


def print_json(data: Any) -> None:
    import json  # here: a command's human output never needs it

    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False, default=str) + "\n")


def say_line(text: object) -> None:
    """One line of text with no style, never wrapped: what ``console().print(text,
    markup=False, highlight=False, soft_wrap=True)`` writes (control characters
    escaped, tabs expanded to 8 columns), without importing Rich for it (Rich is
    half again the start-up of a bare Typer app: ``tactician rulesets`` prints
    only such lines)."""
    lines = shown(text, one_line=False).split("\n")
    sys.stdout.write("\n".join(line.expandtabs(8) for line in lines) + "\n")


_CONTROLS = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 but tab and newline, DEL, C1 (ESC, CSI, OSC...)
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks and overrides
    "\u2028\u2029"  # line and paragraph separators
)
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


@lru_cache(maxsize=2)
def _unsafe(one_line: bool) -> re.Pattern[str]:
    """The characters ``shown`` escapes (tabs and newlines too in ``one_line``).
    Compiled on first use: a ``--json`` answer escapes nothing, and compiling the
    two classes cost every such command about a millisecond (issue 16)."""
    return re.compile(f"[{_CONTROLS}\t\n]" if one_line else f"[{_CONTROLS}]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def shown(text: object, *, one_line: bool = True) -> str:
    """``text`` safe for a terminal: every control character written as an escape.

    ``one_line`` (the default, for names and messages) escapes tabs and newlines
    too, so a refusal is always one line; ``one_line=False`` keeps them (a block
    the program itself laid out, such as the board).
    """
    return _unsafe(one_line).sub(_escape, str(text))


def plain(value: object, style: str = "") -> Any:
    """User text (a name, a weapon, an effect) as a Rich ``Text``: never parsed for
    markup or emoji codes, its control characters escaped (``shown``)."""
    from rich.text import Text

    return Text(shown(value), style=style)


def console() -> Any:
    """The Rich console every command prints through (see the module docstring)."""
    return _safe_console_class()()


@lru_cache(maxsize=1)
def _safe_console_class() -> Any:
    # Built on first use: importing Rich costs start-up time that ``--json`` never needs.
    from rich.console import Console
    from rich.segment import Segment

    class SafeConsole(Console):
        def __init__(self, **options: Any) -> None:
            super().__init__(**{"markup": False, "emoji": False, "highlight": False, **options})

        def render_str(self, text: str, **options: Any) -> Any:
            return super().render_str(shown(text, one_line=False), **options)

        def render(self, renderable: Any, options: Any = None) -> Any:
            # The backstop for Text built from user data: every piece of text written is
            # escaped (Rich's own terminal codes travel apart, as control segments).
            for segment in super().render(renderable, options):
                if segment.control or not _unsafe(False).search(segment.text):
                    yield segment
                else:
                    yield Segment(shown(segment.text, one_line=False), segment.style)

    return SafeConsole


def say_styled(pieces: Sequence[tuple[object, str]]) -> None:
    """One line of pieces, each with its style words (``"bold"``, ``"dim"``,
    ``"strike"``, space-separated), styled as the board and the compendium are
    (``terminal_text``: on a terminal only, ``TERM=dumb`` none, ``FORCE_COLOR``
    forces them, as for Rich), every piece's control characters escaped
    (``shown``), never wrapped. No Rich import: for a command whose whole output
    is such lines (``roll``), Rich is half again a bare Typer app's start-up."""
    from tactician.cli.terminal_text import colour_wanted, echo_lines, paint

    colour = colour_wanted()
    echo_lines(["".join(paint(shown(text), style, colour) for text, style in pieces)])


@contextmanager
def refusals(as_json: bool) -> Iterator[None]:
    """Turn a TacticianError, or an error of the operating system (``os_errors``: a
    full disk, a read-only folder), into one clean line and exit code 2."""
    try:
        yield
    except TacticianError as exc:
        _refuse(str(exc), as_json)
    except BrokenPipeError:
        _reader_gone()
    except OSError as exc:  # a full disk, a read-only folder, permission denied
        from tactician.os_errors import os_error_line

        _refuse(os_error_line(exc), as_json)


def _reader_gone() -> None:
    """The output's reader has closed it (``battle log | head``): nothing is wrong with
    the command, so nothing is said; what it did is done (a change is saved before it
    is printed). Output goes nowhere from now on (the exit's flush would fail again) and
    the exit code is a pipe closure's, 141 (128 + SIGPIPE), as a shell's own tools give."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    raise typer.Exit(141) from None


def _refuse(message: str, as_json: bool) -> None:
    if as_json:
        print_json({"error": message})
    else:
        sys.stderr.write(f"error: {shown(message)}\n")
    raise typer.Exit(2) from None


def emit(data: Any, as_json: bool, render: Callable[[], None]) -> None:
    if as_json:
        print_json(data)
    else:
        render()
