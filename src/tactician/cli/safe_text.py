"""User text on the terminal exactly as typed.

Names, weapons and effects come from files a user wrote. Rich reads ``[...]`` in
a string as markup (``[bold red]Aria[/]`` would print in red, ``Aria [/x]``
would raise) and ``:smile:`` as an emoji code, even with ``markup=False``; and a
raw control character (``\\x1b[2J``, an OSC title) would drive the terminal.
Every renderer prints such text as ``plain(...)``: a Rich ``Text``, which is
never parsed, holding ``printable(...)``, which escapes control characters.
"""

from __future__ import annotations

from typing import Any


def printable(value: object) -> str:
    """``value`` as text with every control character shown as its escape
    (``\\x1b``, ``\\n``), never sent raw to the terminal."""
    text = str(value)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def plain(value: object, style: str = "") -> Any:
    """``printable(value)`` as a Rich ``Text``: no markup, no emoji codes."""
    from rich.text import Text

    return Text(printable(value), style=style)
