"""English the battle's refusals and narration need: the indefinite article ("an aimed
attack", "an 8 ft teleport")."""

from __future__ import annotations

import re

_SPOKEN_VOWEL_NUMBER = re.compile(r"8\d*|1[18](\d{3})*")  # eight.., eleven, eighteen (thousand)


def article(word: str) -> str:
    """``word`` with "a" or "an" by its first sound (letters by their first vowel letter,
    numbers as spoken)."""
    head = word.split(" ", 1)[0]
    if head[:1].isdigit():
        vowel = bool(_SPOKEN_VOWEL_NUMBER.fullmatch(head))
    else:
        vowel = head[:1].casefold() in "aeiou"
    return f"{'an' if vowel else 'a'} {word}"
