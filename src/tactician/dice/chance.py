"""The chance interface rules are written against, and its two implementations.

``SampledChance`` rolls the dice (seeded or physical) and records every
decision with its faces; ``EnumeratingChance`` is driven by ``enumerate`` to
walk every branch. A rule sees only ``decide`` and ``note``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from tactician.dice.events import Bands, Event

if TYPE_CHECKING:  # annotations only: a forecast never imports the dice sources
    from tactician.dice.source import DiceSource

T = TypeVar("T")


class Chance(Protocol):
    narrating: bool

    def decide(self, event: Event[T]) -> T: ...

    def note(self, record: Any) -> None: ...


class Decision(NamedTuple):  # records: NamedTuples are cheap to define at start
    """What the dice decided: the faces, the compared value and the outcome."""

    purpose: str
    faces: tuple[int, ...]
    value: int | None
    outcome: Any


class Note(NamedTuple):
    """A rule's record of what happened, with the decisions made since the last note."""

    record: Any
    decisions: tuple[Decision, ...]


class SampledChance:
    """Resolves events on real dice and keeps a readable record of each.

    A plain class, not a dataclass: a forecast never samples, yet would pay for
    defining one at every start (issue 16)."""

    __slots__ = ("dice", "narrating", "decisions", "notes", "_noted")

    def __init__(self, dice: DiceSource, narrating: bool = True) -> None:
        self.dice = dice
        self.narrating = narrating
        self.decisions: list[Decision] = []
        self.notes: list[Note] = []
        self._noted = 0  # how many of ``decisions`` the last note took

    def decide(self, event: Event[T]) -> T:
        if isinstance(event, Bands):
            outcome, value, faces = event.sample_with_faces(self.dice)
            self.decisions.append(Decision(event.purpose, faces, value, outcome))
            return outcome
        before = len(self.dice.draws)
        outcome = event.sample(self.dice)
        faces = tuple(d.value for d in self.dice.draws[before:])
        purpose = self.dice.draws[before].purpose if faces else "decision"
        self.decisions.append(Decision(purpose, faces, None, outcome))
        return outcome

    def note(self, record: Any) -> None:
        self.notes.append(Note(record, tuple(self.decisions[self._noted :])))
        self._noted = len(self.decisions)
