"""A rule a build or purchase breaks, named so a player can find and fix it."""

from __future__ import annotations

from dataclasses import dataclass

from tactician.errors import RulesError

RULES_TEXT = "004"


@dataclass(frozen=True)
class Violation:
    """``entry``: which part of the build (e.g. "ledger #4 buy_flair 'Parry'");
    ``field``: which field in it; ``rule``: the 004 line(s) broken, e.g. "L474"."""

    entry: str
    field: str
    message: str
    rule: str

    def describe(self, source: str = "") -> str:
        where = f"{source}: " if source else ""
        return (
            f"{where}entry {self.entry!r}: {self.field}: {self.message} ({RULES_TEXT} {self.rule})"
        )


def refuse(violations: list[Violation], source: str = "") -> RulesError:
    """One RulesError listing every violation."""
    return RulesError([v.describe(source) for v in violations])
