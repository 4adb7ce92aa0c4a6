"""Proficiency ranks D..S+4 and what each grants.

Source: 000 "Each proficiency rank above D grants a bonus or special effect ...
These bonuses are listed below, and are additive with each rank", the rank
table, and the "S+ Rank" list.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from tactician.rulesets.tropera.stats import rank_index

#: weapon type -> the proficiency that wields it. 000: laguz "take 'Clips' as their
#: level 1 weapon proficiency"; the rank table pairs Talons with Swords, Claws with
#: Lances and Bite with Axes.
PROFICIENCY_OF: dict[str, str] = {
    "sword": "sword",
    "lance": "lance",
    "axe": "axe",
    "bow": "bow",
    "knife": "knife",
    "light": "light",
    "anima": "anima",
    "dark": "dark",
    "staff": "staff",
    "claws": "clips",
    "talons": "clips",
    "bite": "clips",
}

# (might, accuracy, critical, avoid) gained at C, B, A, S — 000's table, row by row.
_M = (1, 0, 0, 0)
_A = (0, 5, 0, 0)
_S_CRIT = (0, 0, 5, 0)
_STAFF = (1, 5, 0, 0)
_S_AVOID = (0, 0, 0, 5)
RANK_TABLE: dict[str, tuple[tuple[int, int, int, int], ...]] = {
    # Swords/Talons: +1 Might, +1 Might, +1 Might, +5 Critical Hit
    "sword": (_M, _M, _M, _S_CRIT),
    "talons": (_M, _M, _M, _S_CRIT),
    # Lances/Claws: +1 Might, +5 Accuracy, +1 Might, +5 Critical Hit
    "lance": (_M, _A, _M, _S_CRIT),
    "claws": (_M, _A, _M, _S_CRIT),
    # Axes/Bite: +5 accuracy, +5 Accuracy, +5 accuracy, +5 Critical Hit
    "axe": (_A, _A, _A, _S_CRIT),
    "bite": (_A, _A, _A, _S_CRIT),
    # Bow, Light, Anima, Dark: +1 Might, +5 Accuracy, +1 Might, +5 Critical Hit
    "bow": (_M, _A, _M, _S_CRIT),
    "light": (_M, _A, _M, _S_CRIT),
    "anima": (_M, _A, _M, _S_CRIT),
    "dark": (_M, _A, _M, _S_CRIT),
    # Staff: "+1 Might, +5 Accuracy" at C, B, A; "+5 Avoidance" at S
    "staff": (_STAFF, _STAFF, _STAFF, _S_AVOID),
    # Perform: S rank "+5 Avoidance" (its other columns are performances known)
    "perform": ((0, 0, 0, 0),) * 3 + (_S_AVOID,),
}


class RankBonus(NamedTuple):
    """A rank's bonuses (a record, cheap to define: see ``gear``)."""

    might: int = 0
    accuracy: int = 0
    critical: int = 0
    avoid: int = 0


@lru_cache(maxsize=512)
def rank_bonus(weapon_type: str, rank: str | None) -> RankBonus:
    """Summed table bonuses for ``weapon_type`` at ``rank`` plus S+4's crit.

    000: "the +1 Might bonus for Swords at ranks C, B, and A add up to a total +3
    Might to attacks made with swords for a user at A Rank"; S+4: "+15 Critical
    Hit Chance" (weapons, tomes, laguz weapons and bows).
    """
    if rank is None or weapon_type not in RANK_TABLE:
        return RankBonus()
    steps = rank_index(rank)
    might = accuracy = critical = avoid = 0
    for row in RANK_TABLE[weapon_type][: min(steps, 4)]:
        might += row[0]
        accuracy += row[1]
        critical += row[2]
        avoid += row[3]
    if steps >= 8 and weapon_type not in ("staff", "perform"):
        critical += 15
    return RankBonus(might, accuracy, critical, avoid)


def s_plus(rank: str | None) -> int:
    """How many S+ steps a rank has: S+1 -> 1 ... S+4 -> 4, else 0."""
    return max(0, rank_index(rank) - 4) if rank else 0


_STAFF_RANKS = ("D", "C", "B", "A")


def spends_charge(staff_rank_held: str | None, weapon_type: str, weapon_rank: str | None) -> bool:
    """Whether using this weapon spends a charge.

    000 S+ Rank, Staves: "S+: You no longer expend charges when using D-Rank
    staves. S+2: ... C-Rank staves. S+3: ... B-Rank staves. S+4: ... A-Rank
    staves." Every other weapon with charges spends one per use.
    """
    if weapon_type != "staff" or weapon_rank not in _STAFF_RANKS:
        return True
    return s_plus(staff_rank_held) < _STAFF_RANKS.index(weapon_rank) + 1
