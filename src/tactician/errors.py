"""Errors a player or GM sees.

Every refusal in Tactician is a ``TacticianError`` whose message names what was
wrong in words a player understands. Interfaces print the message and change
nothing; they never show a traceback for these.
"""

from __future__ import annotations


class TacticianError(Exception):
    """Base of every user-facing refusal."""


class DiceError(TacticianError):
    """A dice expression or a supplied die result was refused."""


class NeedRoll(DiceError):
    """Physical dice ran out: says which die the procedure needs next."""

    def __init__(self, index: int, sides: int, purpose: str) -> None:
        self.index = index
        self.sides = sides
        self.purpose = purpose
        super().__init__(
            f"out of supplied rolls: roll #{index} must be a d{sides} ({purpose}); "
            f"add it to --rolls"
        )


class ContentError(TacticianError):
    """A content file (YAML) failed validation; names file, entry and field."""


class RulesError(TacticianError):
    """An action, build or input the rules forbid. ``problems`` lists every violation."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class NeedChoice(RulesError):
    """A step needs the player's choice and was given none, with nobody to ask (no
    terminal, no ``--interactive``): the engine never chooses for the player. Each
    problem line names the choice (``names``), what it decides and its values; the
    step is refused and nothing is written."""

    def __init__(self, needs: list[tuple[str, str]]) -> None:
        self.names = [name for name, _ in needs]
        super().__init__([line for _, line in needs])


class StaleBattle(TacticianError):
    """The battle moved on since the writer read it; nothing was applied. Here, not
    in ``store``, so a battle file's check needs no database library."""

    def __init__(self, now: int) -> None:
        self.now = now
        super().__init__(f"the battle moved on (now at {now}), reload")
