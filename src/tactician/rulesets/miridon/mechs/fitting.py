"""Piloting limits by Mech Training (004 L3593-3605), Team Mech (L187), and the further
parts of Mech Spell Training (L224) and Mech Puzzle Weapon (L238).

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


SPELL_CORE = ("spell_core",)
PUZZLE = ("puzzle_gun", "puzzle_blade")


@dataclass(frozen=True, slots=True)
class Limits:
    parts: int
    points_per_part: int
    exact_parts: bool = False  # Team Mech: "a [Mech] with 3 [Mech Parts]"
    # further parts that must be of these kinds: ((kinds, how many), ...)
    extra: tuple[tuple[tuple[str, ...], int], ...] = ()


def pilot_limits(mech_training: int, spell_training: int = 0, puzzle_weapon: int = 0,
                 puzzle_ranks: int | None = None) -> Limits:
    """L3597-3601, and the dual-class specials' further parts: Mech Spell Training "The
    character can use a additional [Mech Part] in any [Mech] that they pilot. This [Mech
    Part] must be a [Mech Spell Core]. For every 3 [Ranks] in [Mech Spell Training], the
    character can add an additional [Mech Spell Core]." (L224); Mech Puzzle Weapon the same
    for "a [Mech Puzzle Gun] or a [Mech Puzzle Blade]", "For every 3 [Ranks] in [Mech Spell
    Training]" (L238): ``puzzle_ranks`` is the rank that counts (ruling
    ``puzzle_parts_rank``; default the Mech Puzzle Weapon rank itself)."""
    if mech_training < 1:
        raise RulesError("a mech is piloted only with 1 or more ranks in Mech Training (L3593)")
    extra: list[tuple[tuple[str, ...], int]] = []
    if spell_training >= 1:
        extra.append((SPELL_CORE, 1 + spell_training // RANKS_PER_EXTRA_PART))
    if puzzle_weapon >= 1:
        counted = puzzle_weapon if puzzle_ranks is None else puzzle_ranks
        extra.append((PUZZLE, 1 + counted // RANKS_PER_EXTRA_PART))
    return Limits(BASE_PARTS + mech_training // RANKS_PER_EXTRA_PART,
                  POINTS_PER_RANK * mech_training, extra=tuple(extra))


def most_parts(parts: Sequence[MechPart], limits: Limits) -> int:
    """How many of ``parts`` the limits allow: the base number, and each further part of a
    kind an extra allowance names (L224, L238)."""
    more = sum(min(count, sum(1 for p in parts if p.kind in kinds))
               for kinds, count in limits.extra)
    return limits.parts + more


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
    most = most_parts(parts, limits)
    if len(parts) > most or (limits.exact_parts and len(parts) != limits.parts):
        problems.append(f"{len(parts)} parts; the pilot may use at most {most} (L3597"
                        + (", L224, L238" if limits.extra else "") + ")")
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
