"""Rounds and phases: who acts now, and which edges a step of the clock crosses.

Side-phase systems (Fire Emblem: "player phase, enemy phase, other sides") use
``PhaseClock``; every side's phase once is one round. The edges it reports let
effects end on the right one ("until the start of your next phase").
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
