"""One fight the enemy AI weighs: its plan now, its exact forecast when asked.

Mob "solely prioritize the easiest targets to hit above all other concerns" and
Army "consider both chance to hit and chance to be hit by counterattacks"
(000 "Enemy Actions"): their score reads the first strike of each side, which
the plan of the Attack Sequence already holds (``sequence.plan_sequence``). The
exact forecast (chance to defeat, to be defeated, damage each way) only breaks
ties between equal scores and is shown for the best candidates, so it is worked
out for a fight only when one of those asks for it: the same forecast, later or
never. Elites score on the forecast itself and ask at once.
"""

from __future__ import annotations

from tactician.rulesets.tropera.sequence import Forecast, Plan, forecast


class FightOdds:
    """A planned fight between two snapshots at one distance, shared by every
    candidate that fights it; ``figures`` forecasts it on first use."""

    __slots__ = ("plan", "hit", "counter", "_forecast", "_figures")

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        first = plan.table[(0, 1, -1, 0)].roll.probabilities()
        self.hit = first["hit"] + first["crit"]  # chance the first strike lands
        self.counter = 0.0  # chance the target's first counter lands (0 without counters)
        if plan.counts[1]:
            back = plan.table[(1, 0, -1, 0)].roll.probabilities()
            self.counter = back["hit"] + back["crit"]
        self._forecast: Forecast | None = None
        self._figures: tuple[float, float, float, float] | None = None

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
