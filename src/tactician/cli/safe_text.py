"""User text on the terminal exactly as typed.

Names, weapons and effects come from files a user wrote. Rich reads ``[...]`` in
a string as markup (``[bold red]Aria[/]`` would print in red, ``Aria [/x]``
would raise), and a raw control character (``\\x1b[2J``, an OSC title) would
drive the terminal. Every renderer passes such text through ``printable``
(printed with ``markup=False`` or as a ``Text``) or ``markup_safe`` (inside a
Rich table cell, title or a markup string).
"""

from __future__ import annotations


def printable(value: object) -> str:
    """``value`` as text with every control character shown as its escape
    (``\\x1b``, ``\\n``), never sent raw to the terminal."""
    text = str(value)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def markup_safe(value: object) -> str:
    """``printable(value)`` with Rich markup escaped, for cells and markup strings."""
    from rich.markup import escape

    return escape(printable(value))
