"""Part-3 helpers: a chance that plays given dice, and one that rolls seeded dice."""

from __future__ import annotations

from tactician.dice.chance import SampledChance
from tactician.dice.source import PhysicalDice, SeededDice


def dice(*values: int) -> SampledChance:
    """A chance that uses exactly these die faces, in order (as ``--rolls`` does)."""
    return SampledChance(PhysicalDice(list(values)))


def seeded(seed: int) -> SampledChance:
    return SampledChance(SeededDice(seed), narrating=False)
