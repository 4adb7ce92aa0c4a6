"""Rain and storms (001 L112), shared by the FE rulesets that play 001's weather.

001 L112: "the units' speeds are reduced to 1 per square (or 2 if
mounted/flying), though no other terrain bonuses/penalties are granted due to
the storm." The sentence is garbled; fe-tabletop's default reading (ruling
``storm = mov_minus``) takes 1 from MOV (2 from mounted or flying units), to a
minimum of 1, and changes nothing else.
"""

from __future__ import annotations


def storm_mov(mov: int, mounted_or_flying: bool) -> int:
    """MOV in a storm (the ``mov_minus`` reading); a unit with 0 MOV stays at 0."""
    return max(1, mov - (2 if mounted_or_flying else 1)) if mov > 0 else 0
