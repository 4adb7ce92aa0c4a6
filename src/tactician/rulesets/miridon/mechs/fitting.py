"""Piloting limits by Mech Training (004 L3593-3605) and Team Mech (L187).

L3597: "The [Mech] has a maximum number of 3 [Mech Parts] plus 1 additional [Mech Part] for
every 3 [Ranks] in [Mech Training]." L3599: one part is a [Mech Body]. L3601: "Every [Mech
Part] on the [Mech] has a maximum number of [Mech Points] spent less than or equal to
25*[Rank] of [Mech Training]." L187 (Team Mech): a crew member rides "a [Mech] with 3
[Mech Parts], one of which is a [Mech Body]", each part ≤ 15 × rank. L105 "any Mech of
requiring [Rank] in [Mech Training] or less" names no required rank (gap M19): DEFAULT the
least rank whose limits the mech meets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactician.errors import RulesError
from tactician.rulesets.miridon.models import MechPart

POINTS_PER_RANK = 25  # L3601
TEAM_POINTS_PER_RANK = 15  # L187
BASE_PARTS = 3  # L3597
RANKS_PER_EXTRA_PART = 3  # L3597


@dataclass(frozen=True, slots=True)
class Limits:
    parts: int
    points_per_part: int
    exact_parts: bool = False  # Team Mech: "a [Mech] with 3 [Mech Parts]"


def pilot_limits(mech_training: int) -> Limits:
    if mech_training < 1:
        raise RulesError("a mech is piloted only with 1 or more ranks in Mech Training (L3593)")
    return Limits(BASE_PARTS + mech_training // RANKS_PER_EXTRA_PART,
                  POINTS_PER_RANK * mech_training)


def team_mech_limits(team_mech: int) -> Limits:
    if team_mech < 1:
        raise RulesError("a crew member rides a mech only with 1 or more ranks in Team Mech")
    return Limits(BASE_PARTS, TEAM_POINTS_PER_RANK * team_mech, exact_parts=True)


def fit_problems(parts: Sequence[MechPart], limits: Limits) -> list[str]:
    """Every reason the parts break the limits (empty: the mech may be piloted)."""
    problems: list[str] = []
    bodies = [p for p in parts if p.kind == "body"]
    if len(bodies) != 1:
        problems.append(f"a mech has one Mech Body (L3599), this one {len(bodies)}")
    if len(parts) > limits.parts or (limits.exact_parts and len(parts) != limits.parts):
        problems.append(f"{len(parts)} parts; the pilot may use at most {limits.parts} (L3597)")
    for part in parts:
        if part.mech_points > limits.points_per_part:
            problems.append(
                f"{part.name} has {part.mech_points} Mech Points; at most "
                f"{limits.points_per_part} per part (L3601)"
            )
    return problems


def required_rank(parts: Sequence[MechPart]) -> int:
    """DEFAULT (M19): the least Mech Training rank that may pilot these parts."""
    most = max((p.mech_points for p in parts), default=0)
    by_points = -(-most // POINTS_PER_RANK)
    by_parts = RANKS_PER_EXTRA_PART * max(0, len(parts) - BASE_PARTS)
    return max(1, by_points, by_parts)
