"""Purchase prices: the text's own examples (L278, L286, L399) first."""

from __future__ import annotations

from tactician.rulesets.miridon import costs
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.models import Talent
from tactician.rulesets.miridon.options import DEFAULT_OPTIONS, MiridonOptions


def test_l278_skill_example() -> None:
    """L278: "If the character is raising the level of the skill from 0 to 1, then [Rank]
    will be 1. If the cost is [Rank] points, then the total cost is 1." """
    assert costs.skill_rank_cost(1, class_skill=True, options=DEFAULT_OPTIONS) == 1


def test_skill_costs_derived() -> None:
    """(derived, ruling skill_cost) 0->3 costs 6 as a class skill, 12 cross-class."""
    assert sum(costs.skill_rank_cost(r, True, DEFAULT_OPTIONS) for r in (1, 2, 3)) == 6
    assert sum(costs.skill_rank_cost(r, False, DEFAULT_OPTIONS) for r in (1, 2, 3)) == 12
    flat = MiridonOptions(skill_cost="rank")
    assert sum(costs.skill_rank_cost(r, False, flat) for r in (1, 2, 3)) == 6


def test_l286_talent_example() -> None:
    """L286: the same example for talents: a talent costing [Rank] points costs 1 from 0
    to 1."""
    hypothetical = Talent(name="X", lines=(1, 1), cost_per_rank=1, effect="x", per_rank="")
    assert costs.talent_rank_cost(hypothetical, 1) == 1


def test_melee_boost_costs(comp: Compendium) -> None:
    """L291 "Cost: [Rank] * 5 points": 0->1 costs 5, 1->2 costs 10, 0->3 costs 30."""
    melee = comp.talent("Melee Boost")
    assert costs.talent_rank_cost(melee, 1) == 5
    assert costs.talent_rank_cost(melee, 2) == 10
    assert sum(costs.talent_rank_cost(melee, r) for r in (1, 2, 3)) == 30
    assert costs.talent_rank_cost(comp.talent("Dual-Class"), 1) == 100  # L391


def test_l399_flair_sequence() -> None:
    """L399: "This means that the cost for each flair is 0, 10, 20, 30, etc." -> four
    flairs cost 60 in total; the fifth costs 40."""
    assert [costs.flair_cost(n) for n in range(4)] == [0, 10, 20, 30]
    assert sum(costs.flair_cost(n) for n in range(4)) == 60
    assert costs.flair_cost(4) == 40


def test_l121_refund() -> None:
    """L121: "([Rank] * [Rank + 1] / 2) points will be refunded." -> rank 4 refunds 10,
    exactly the extra a cross-class skill cost over ranks 1..4."""
    assert costs.dual_class_refund(4) == 10
    extra = sum(
        costs.skill_rank_cost(r, False, DEFAULT_OPTIONS)
        - costs.skill_rank_cost(r, True, DEFAULT_OPTIONS)
        for r in range(1, 5)
    )
    assert extra == 10
