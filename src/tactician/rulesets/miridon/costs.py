"""Miridon's purchase prices: skills, talents, flairs, Dual-Class and its refund.

All are paid in skill points ("These boosts are purchased with skill points.", 004 L272,
L282; flairs L399).
"""

from __future__ import annotations

from tactician.rulesets.miridon.models import Talent
from tactician.rulesets.miridon.options import MiridonOptions

DUAL_CLASS_COST = 100


def skill_rank_cost(new_rank: int, class_skill: bool, options: MiridonOptions) -> int:
    """Price of raising a skill to ``new_rank``.

    004 L276-278: "The cost to raise a skill to the next level is dependent on [Rank],
    where [Rank] is the new level of skill after the upgrade. Ex. If the character is
    raising the level of the skill from 0 to 1, then [Rank] will be 1. If the cost is
    [Rank] points, then the total cost is 1." The text names no price; ruling
    ``skill_cost``: a class skill costs [Rank], a cross-class skill 2 x [Rank], so the
    difference over ranks 1..R is R(R+1)/2, exactly the Dual-Class refund of L121.
    """
    if options.skill_cost == "rank" or class_skill:
        return new_rank
    return 2 * new_rank


def talent_rank_cost(talent: Talent, new_rank: int) -> int:
    """Price of raising a talent to ``new_rank``: "Cost: [Rank] * 5 points" (004 L291),
    [Rank] being "the new level of the talent after the upgrade" (L284); Dual-Class is a
    flat "Cost: 100 points" (L391)."""
    if talent.flat_cost is not None:
        return talent.flat_cost
    assert talent.cost_per_rank is not None
    return talent.cost_per_rank * new_rank


def flair_cost(flairs_owned: int) -> int:
    """004 L399: "0 skill points for the initial flair, then an increasing price of 10 *
    [Current Flair Count] where [Current Flair Count] is the number of flairs currently
    owned before the purchase. This means that the cost for each flair is 0, 10, 20, 30,
    etc." """
    return 10 * flairs_owned


def dual_class_refund(rank: int) -> int:
    """004 L121: "For each one of these skills of rank of [Rank], this means that ([Rank] *
    [Rank + 1] / 2) points will be refunded." """
    return rank * (rank + 1) // 2
