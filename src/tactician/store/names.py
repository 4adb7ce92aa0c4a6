"""The names a campaign gives its campaigns, battles and characters: checked once,
where each is made (the CLI, the web, an imported bundle alike).

A name is one line of visible text: not empty or only spaces, at most
``MAX_NAME`` characters, and without control characters (an ESC sequence that
clears a GM's screen, a newline that forges a second line of output) or the
invisible bidirectional overrides that make a name read as another. Such a name
is refused, the fault shown escaped; names already stored are shown escaped by
the CLI (``cli.output.shown``) and stay usable.
"""

from __future__ import annotations

import unicodedata

from tactician.errors import TacticianError

MAX_NAME = 200
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                  "\u2066\u2067\u2068\u2069")


def check_name(name: object, kind: str) -> str:
    """``name`` if it is a usable name of a ``kind`` (campaign, battle, character)."""
    if not isinstance(name, str):
        raise TacticianError(f"a {kind} name is text, not {type(name).__name__}")
    if not name.strip():
        raise TacticianError(f"a {kind} needs a name (not empty, not only spaces)")
    if len(name) > MAX_NAME:
        raise TacticianError(f"a {kind} name is at most {MAX_NAME} characters "
                             f"({len(name)} given)")
    bad = control_character(name)
    if bad is not None:
        raise TacticianError(f"{kind} name {escaped(name)} holds the control character "
                             f"U+{ord(bad):04X}; names are one line of visible text")
    return name


def control_character(text: str) -> str | None:
    """The first control character (or bidirectional override) in ``text``, if any."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in _BIDI:
            return char
    return None


def escaped(text: str) -> str:
    """``text`` quoted with every control character written as an escape."""
    shown = "".join(char if control_character(char) is None
                    else char.encode("unicode_escape").decode("ascii") for char in text)
    return f"'{shown}'"
