"""A counted noun in words: ``counted(1, "candidate")`` is "1 candidate",
``counted(3, "candidate")`` "3 candidates" (issue 24: "1 candidates scored", "at 1
tiles"). One helper for every layer that writes text a player reads (the rules'
log lines, the service's messages, the command line), so no line hedges with
"unit(s)". Standard library only: the commands that start fastest use it.
"""

from __future__ import annotations

__all__ = ["counted", "plural", "word_for"]

_SIBILANT = ("s", "x", "z", "ch", "sh")


def plural(noun: str) -> str:
    """English's regular plural: "tile" -> "tiles", "entry" -> "entries", "class" ->
    "classes"; the last word of a phrase ("enemy unit" -> "enemy units")."""
    if noun.endswith("y") and len(noun) > 1 and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(_SIBILANT):
        return noun + "es"
    return noun + "s"


def word_for(number: int, noun: str, many: str | None = None) -> str:
    """``noun`` as ``number`` of it is written, without the number: "unknown key" for
    one, "unknown keys" for the others (``many``: an irregular plural)."""
    return noun if number == 1 else many or plural(noun)


def counted(number: int, noun: str, many: str | None = None) -> str:
    """``number`` and ``noun``, plural unless the number is 1 (``many``: an irregular
    plural, e.g. ``counted(n, "foot", "feet")``)."""
    return f"{number} {word_for(number, noun, many)}"
