"""Random events: what a rule asks the dice, with its exact distribution.

A rule never calls ``random`` itself. It asks a ``Chance`` to decide an event
(design principle 1). An event knows both how to roll itself on real dice and
the exact probability of each of its outcomes, so the same rule code resolves
a fight (with a sampler) and forecasts it (with an enumerator).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:  # annotations only: a forecast never imports the dice sources
    from tactician.dice.source import DiceSource

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Event(Protocol[T_co]):
    """Something the dice decide."""

    def outcomes(self) -> Sequence[tuple[T_co, float]]:
        """Each distinct outcome with its probability (they sum to 1)."""
        ...

    def sample(self, dice: DiceSource) -> T_co:
        """Roll the real dice (recording each draw) and return the outcome."""
        ...


class AveragedRoll(NamedTuple):  # a record: cheap to define at start
    """``number`` dice of ``sides`` faces, averaged.

    ``number=1`` is a plain die. ``floor=True`` rounds the average down (integer
    division, as the Game Boy Advance games do); ``floor=False`` keeps halves,
    which the scaled values (the sum, not the average) keep exact.
    """

    number: int  # not ``count``: a tuple's own method has that name
    sides: int
    floor: bool = True

    def scaled_distribution(self) -> dict[int, float]:
        """Distribution of the compared quantity, scaled to stay integral.

        For ``floor`` the value is the floored average; otherwise it is the sum
        (the average times ``number``), so thresholds must be scaled the same way.
        """
        return _scaled_distribution(self.number, self.sides, self.floor)

    def scale_threshold(self, threshold: int) -> int:
        return threshold if self.floor else threshold * self.number

    def sample_scaled(self, dice: DiceSource, purpose: str) -> tuple[int, tuple[int, ...]]:
        faces = tuple(dice.draw(self.sides, purpose) for _ in range(self.number))
        total = sum(faces)
        return (total // self.number if self.floor else total), faces


@lru_cache(maxsize=64)
def _scaled_distribution(count: int, sides: int, floor: bool) -> dict[int, float]:
    # ways[i]: the ways ``count`` dice sum to ``count + i``. Each die adds a window
    # of ``sides`` sums, read off running totals: count x range steps, not
    # count x range x sides (2d100 is computed on every forecast's start)
    ways = [1]
    for _ in range(count):
        running = [0]
        for w in ways:
            running.append(running[-1] + w)
        top = len(ways)
        ways = [running[min(i + 1, top)] - running[max(0, i + 1 - sides)]
                for i in range(top + sides - 1)]
    whole = sides**count
    result: dict[int, float] = {}
    for i, n in enumerate(ways):
        total = count + i
        key = total // count if floor else total
        result[key] = result.get(key, 0.0) + n / whole
    return result


class Bands(NamedTuple, Generic[T]):  # a record: cheap to define at start
    """One roll sorted into bands: the first band whose bound the roll is at or under.

    ``bounds`` are ascending, one per label but the last; a roll above every
    bound gets the last label. Example (Tropera's attack roll, one d100 deciding
    hit and crit): bounds ``(crit, hit)``, labels ``("crit", "hit", "miss")``.
    """

    roll: AveragedRoll
    bounds: tuple[int, ...]
    labels: tuple[T, ...]
    purpose: str = "roll"

    def outcomes(self) -> Sequence[tuple[T, float]]:
        probabilities = _band_probabilities(self.roll, self.bounds)
        return [(label, p) for label, p in zip(self.labels, probabilities, strict=True) if p > 0]

    def sample(self, dice: DiceSource) -> T:
        return self.sample_with_faces(dice)[0]

    def sample_with_faces(self, dice: DiceSource) -> tuple[T, int, tuple[int, ...]]:
        """The outcome, the compared value and each die face (for the roll log)."""
        value, faces = self.roll.sample_scaled(dice, self.purpose)
        return self.labels[self.band_of(value)], value, faces

    def band_of(self, scaled_value: int) -> int:
        for index, bound in enumerate(self.bounds):
            if scaled_value <= self.roll.scale_threshold(bound):
                return index
        return len(self.bounds)


@lru_cache(maxsize=4096)
def _band_probabilities(roll: AveragedRoll, bounds: tuple[int, ...]) -> tuple[float, ...]:
    probabilities = [0.0] * (len(bounds) + 1)
    scaled = [roll.scale_threshold(b) for b in bounds]
    for value, p in roll.scaled_distribution().items():
        for index, bound in enumerate(scaled):
            if value <= bound:
                probabilities[index] += p
                break
        else:
            probabilities[-1] += p
    return tuple(probabilities)
