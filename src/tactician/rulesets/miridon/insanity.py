"""Looking up Table 7.1 (004 L3046-3139) and following its Increase Roll chains.

"After rolling an [Insanity] roll, the look up the roll on this table and take the
appropriate effect" (L3043); Increase Roll: "Add [Severity] to the current [Insanity]
roll. Take the new effects." (L3146). The dice are the battle engine's: ``follow`` takes
the increments already rolled, so the same code serves a seeded roll and an enumeration.
"""

from __future__ import annotations

from collections.abc import Iterable

from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.models import InsanityRow

INCREASE = "Increase Roll"


def row_for(compendium: Compendium, roll: int) -> InsanityRow:
    for row in compendium.insanity_table.values():
        low = row.roll_min if row.roll_min is not None else -(10**9)
        high = row.roll_max if row.roll_max is not None else 10**9
        if low <= roll <= high:
            return row
    raise RulesError(f"no row of Table 7.1 covers an insanity roll of {roll}")


def follow(compendium: Compendium, roll: int, increments: Iterable[int]) -> list[InsanityRow]:
    """The rows a roll visits: each Increase Roll consumes the next increment (its
    severity, rolled by the caller). Ends at the first row that is not an Increase Roll."""
    supply = iter(increments)
    path = [row_for(compendium, roll)]
    while path[-1].effect == INCREASE:
        try:
            step = next(supply)
        except StopIteration:
            raise RulesError(f"Increase Roll at {roll} needs its {path[-1].severity}") from None
        if step < 1:
            raise RulesError(f"an Increase Roll adds at least 1, not {step}")
        roll += step
        path.append(row_for(compendium, roll))
    return path
