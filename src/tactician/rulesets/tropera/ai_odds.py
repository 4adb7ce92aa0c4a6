"""One fight the enemy AI weighs: its first strike now, the rest when asked.

Mob "solely prioritize the easiest targets to hit above all other concerns" and
Army "consider both chance to hit and chance to be hit by counterattacks"
(000 "Enemy Actions"): a Mob's score is the chance its first strike lands, read
from that strike's numbers (``sequence.strike_numbers``, the very numbers the
plan of the Attack Sequence holds for it); an Army's also needs the target's
first counter, if it gets one (``sequence.counterattacks``, as the plan counts
it). The exact forecast (chance to defeat, to be defeated, damage each way)
only breaks ties between equal scores and is shown for the best candidates, so
each part is worked out for a fight the first time something reads it: the
same numbers, later or never. Elites score on the forecast itself and ask at
once.
"""

from __future__ import annotations

from tactician.rulesets.tropera.combatant import Combatant
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.sequence import (
    Forecast,
    NumbersMemo,
    Plan,
    StrikeNumbers,
    counterattacks,
    forecast,
    plan_sequence,
    remembered_numbers,
)


def _lands(numbers: StrikeNumbers) -> float:
    """The chance a strike hits or crits."""
    chances = numbers.roll.probabilities()
    return chances["hit"] + chances["crit"]


class FightOdds:
    """``attacker`` striking ``defender`` at ``distance``, shared by every candidate
    that fights it; ``plan``, ``counter``, ``forecast`` and ``figures`` are worked
    out on first use."""

    __slots__ = (
        "attacker", "defender", "distance", "options", "memo", "hit",
        "_plan", "_counter", "_forecast", "_figures",
    )

    def __init__(
        self,
        attacker: Combatant,
        defender: Combatant,
        distance: int,
        options: TroperaOptions,
        memo: NumbersMemo | None = None,
    ) -> None:
        self.attacker, self.defender, self.distance = attacker, defender, distance
        self.options, self.memo = options, memo
        # the first strike: the plan's entry (0, 1, no Guard Break, no Cleave)
        self.hit = _lands(remembered_numbers(memo, attacker, defender, options))
        self._plan: Plan | None = None
        self._counter: float | None = None
        self._forecast: Forecast | None = None
        self._figures: tuple[float, float, float, float] | None = None

    @property
    def plan(self) -> Plan:
        if self._plan is None:
            self._plan = plan_sequence(
                self.attacker, [self.defender], self.distance, self.options, memo=self.memo
            )
        return self._plan

    @property
    def counter(self) -> float:
        """The chance the target's first counter lands (0 without counters): the
        plan's count and its entry (1, 0, no Guard Break, no Cleave), read the way
        ``plan_sequence`` reads them."""
        if self._counter is None:
            self._counter = 0.0
            if counterattacks(self.defender, self.attacker, self.distance, self.options):
                self._counter = _lands(
                    remembered_numbers(self.memo, self.defender, self.attacker, self.options)
                )
        return self._counter

    @property
    def forecast(self) -> Forecast:
        if self._forecast is None:
            self._forecast = forecast(self.plan)
        return self._forecast

    @property
    def figures(self) -> tuple[float, float, float, float]:
        """(defeat the target, be defeated, damage dealt, damage taken)."""
        if self._figures is None:
            result = self.forecast
            self._figures = (
                result.defeated(1),
                result.defeated(0),
                result.expected_damage_taken(1),
                result.expected_damage_taken(0),
            )
        return self._figures


__all__ = ["FightOdds"]
