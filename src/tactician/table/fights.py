"""Forecast and resolve one fight through whichever ruleset the request names.

A ruleset offers three services for this: ``plan_fight(request)`` builds its
own plan object, ``forecast_report(plan)`` gives the exact odds and
``attack_report(plan, dice)`` resolves it on dice. Both reports come from the
same plan, so the two can never disagree about the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import TacticianError
from tactician.rulesets.registry import get


@dataclass(frozen=True)
class Combatant:
    path: Path
    terrain: str | None = None
    hp: int | None = None
    defending: bool = False
    weapon: str | None = None
    statuses: tuple[str, ...] = ()


@dataclass(frozen=True)
class FightRequest:
    ruleset: str
    attacker: Combatant
    defenders: tuple[Combatant, ...]
    distance: int | None = None
    options: tuple[str, ...] = field(default_factory=tuple)
    # other enemies next to the attacker that only an effect such as Cleave reaches
    bystanders: tuple[Combatant, ...] = ()
    # the defender's reaction (evade, parry, block, none) for rulesets that have one;
    # None lets the ruleset choose (rulesets without reactions ignore it)
    defence: str | None = None


def service(ruleset_id: str, name: str) -> Any:
    ruleset = get(ruleset_id)
    try:
        return ruleset.services[name]
    except KeyError:
        raise TacticianError(f"ruleset {ruleset_id!r} does not offer {name}") from None


def forecast(request: FightRequest) -> dict[str, Any]:
    plan = service(request.ruleset, "plan_fight")(request)
    report: dict[str, Any] = service(request.ruleset, "forecast_report")(plan)
    return report


def attack(request: FightRequest, dice: DiceSource) -> dict[str, Any]:
    plan = service(request.ruleset, "plan_fight")(request)
    report: dict[str, Any] = service(request.ruleset, "attack_report")(plan, dice)
    return report
