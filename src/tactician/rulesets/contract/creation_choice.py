"""One choice of a character's creation: taken from the flags, else asked until the
rules accept it.

Every ruleset's `character new` builds its unit file step by step, and each step is
the same conversation: a value given with ``--choose NAME=VALUE`` is checked once
and refused with every problem; with a terminal to ask, the question repeats with
the rules' complaint until an answer is accepted; with nobody to ask and no default,
the choice is missing. The ruleset says what a raw answer changes and what the rules
refuse (``problems``), so this loop is written once for all of them.
"""

from __future__ import annotations

from collections.abc import Callable

from tactician.errors import RulesError
from tactician.rulesets.contract.values import Asker


def take_choice(name: str, question: str, given: dict[str, str], asker: Asker | None,
                default: str | None, problems: Callable[[str], list[str]]) -> bool:
    """Settle choice ``name``: True once ``problems(raw)`` finds nothing (the caller's
    ``problems`` applies an accepted answer), False when it is missing (no flag, no
    default, nobody to ask). A given flag the rules refuse raises ``RulesError``
    naming the choice; an asked answer they refuse is warned about and asked again;
    an empty answer takes the default where there is one."""
    raw = given.get(name)
    if raw is None and asker is None:
        if default is None:
            return False
        raw = default
    while True:
        if raw is None:
            assert asker is not None
            answer = asker.ask(question).strip()
            raw = answer if answer or default is None else default
        found = problems(raw)
        if not found:
            return True
        if asker is None or name in given:
            raise RulesError([f"{name}: {p}" for p in found])
        asker.warn("; ".join(found))
        raw = None
