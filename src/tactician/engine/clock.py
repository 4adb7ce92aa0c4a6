"""Rounds, phases and turns: who acts now, and which edges a step of the clock crosses.

Side-phase systems (Fire Emblem: "player phase, enemy phase, other sides") use
``PhaseClock``; every side's phase once is one round. Turn-by-turn systems (each
unit acts on its own Turn in an initiative order, one Turn per unit per round)
use ``InitiativeClock``. The edges they report let effects end on the right one
("until the start of your next phase", "at the end of each Turn").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

EdgeKind = Literal["round_start", "phase_start", "phase_end", "turn_start", "turn_end"]


@dataclass(frozen=True, slots=True)
class Edge:
    """A moment between actions: ``kind`` of ``owner`` (a side or unit id) in ``round``."""

    kind: EdgeKind
    owner: str | None
    round: int


@dataclass(frozen=True, slots=True)
class PhaseClock:
    sides: tuple[str, ...]
    round: int = 1
    phase: int = 0

    @property
    def side(self) -> str:
        return self.sides[self.phase]

    def opening_edges(self) -> list[Edge]:
        """Edges at the very start of a battle."""
        return [Edge("round_start", None, 1), Edge("phase_start", self.sides[0], 1)]

    def advance(self) -> tuple[PhaseClock, list[Edge]]:
        """End the current phase and start the next (a new round after the last side)."""
        edges = [Edge("phase_end", self.side, self.round)]
        phase, round_ = self.phase + 1, self.round
        if phase == len(self.sides):
            phase, round_ = 0, round_ + 1
            edges.append(Edge("round_start", None, round_))
        nxt = PhaseClock(self.sides, round_, phase)
        edges.append(Edge("phase_start", nxt.side, round_))
        return nxt, edges


@dataclass(frozen=True, slots=True)
class InitiativeClock:
    """One Turn per unit per round, in ``order`` (unit ids, first to act first).

    ``index`` is the position in ``order`` of the unit whose Turn it is. The
    clock only counts: skipping units that cannot act is the ruleset's business
    (it advances again).
    """

    order: tuple[str, ...]
    round: int = 1
    index: int = 0

    def __post_init__(self) -> None:
        if not self.order:
            raise ValueError("an initiative order needs at least one unit")
        if not 0 <= self.index < len(self.order):
            raise ValueError(f"turn index {self.index} is outside the order of {len(self.order)}")

    @property
    def current(self) -> str:
        return self.order[self.index]

    def opening_edges(self) -> list[Edge]:
        """Edges at the very start of a battle."""
        return [Edge("round_start", None, self.round), Edge("turn_start", self.current, self.round)]

    def advance(self) -> tuple[InitiativeClock, list[Edge]]:
        """End the current Turn and start the next (a new round after the last unit)."""
        edges = [Edge("turn_end", self.current, self.round)]
        index, round_ = self.index + 1, self.round
        if index == len(self.order):
            index, round_ = 0, round_ + 1
            edges.append(Edge("round_start", None, round_))
        nxt = InitiativeClock(self.order, round_, index)
        edges.append(Edge("turn_start", nxt.current, round_))
        return nxt, edges


def check_phase(sides: tuple[str, ...], phase: int) -> None:
    """A start state's sides and phase index, checked where a hand-edited start would
    otherwise fail later as an IndexError deep in a command (a ``ValueError``, as
    pydantic validators raise)."""
    if not sides:
        raise ValueError("sides: a battle needs at least one side")
    if not 0 <= phase < len(sides):
        raise ValueError(f"phase: {phase} is not a side's index (0..{len(sides) - 1})")
