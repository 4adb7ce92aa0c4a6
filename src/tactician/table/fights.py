"""Forecast and resolve one fight through whichever ruleset the request names.

The ruleset's contract builds its own plan (``plan_fight``), gives its exact
odds (``forecast``) and resolves it on dice (``resolve``). Both reports come
from the same plan, so the two can never disagree about the numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactician.rulesets.contract import Combatant, FightRequest
from tactician.rulesets.registry import contract

if TYPE_CHECKING:
    from tactician.dice.source import DiceSource

__all__ = ["Combatant", "FightRequest", "attack", "forecast"]


def forecast(request: FightRequest) -> dict[str, Any]:
    rules = contract(request.ruleset)
    return rules.forecast(rules.plan_fight(request))


def attack(request: FightRequest, dice: DiceSource) -> dict[str, Any]:
    """Resolve the fight; the table's rolls left over are reported (``unused_rolls``)."""
    from tactician.dice.source import PhysicalDice  # a forecast needs no dice

    rules = contract(request.ruleset)
    report = rules.resolve(rules.plan_fight(request), dice)
    report["unused_rolls"] = list(dice.unused) if isinstance(dice, PhysicalDice) else []
    return report
