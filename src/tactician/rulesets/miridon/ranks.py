"""Ranks of the class and dual-class special abilities.

004 L57: "For every 10 points in the sum of the character's [Maximum Strength Points] and
[Maximum Speed Points], the [Class Special Ability] gains an additional [Rank]." (the same
for dual-class specials, L131; every entry: "Rank: 1 for every 10 ([Maximum Strength
Points] + [Maximum Speed Points])"). Ruling ``special_rank_rounding``: floor, on the
unmodified maxima; re-derived whenever they change ("they automatically gain the special
ability to that level", L5).
"""

from __future__ import annotations


def special_rank(max_strength: int, max_speed: int, per: int = 10) -> int:
    return (max_strength + max_speed) // per
