"""Phases: the Player turn, then the Enemy Turn (then any other side), round after round.

001 L42: "This is known as the 'Player' turn ... After all of the players have
taken their turn, it begins the Enemy Turn, in which the GM controls all the
enemies". 002 plays the same player phase / enemy phase. Ending a phase moves
the clock (``engine.clock.PhaseClock``), gives every unit of the side whose
phase starts a fresh turn, and runs the ruleset's phase-start hook for that
side (001 L76-78: a Fort's HP "is given to the unit at the beginning of their
next turn").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from tactician.rulesets.fe_common.battle.state import FeBattle
from tactician.rulesets.fe_common.battle.turn import fresh_turn

B = TypeVar("B", bound=FeBattle)
# (state, the side whose phase starts) -> (state, log lines)
PhaseStart = Callable[[B, str], tuple[B, list[str]]]


def end_phase(state: B, on_phase_start: PhaseStart[B] | None = None) -> tuple[B, list[str]]:
    """The next side's phase (a new round after the last side), its units' turns fresh."""
    clock, _ = state.clock.advance()
    starting = clock.side
    units = tuple(fresh_turn(u) if u.side == starting else u for u in state.units)
    moved = state.model_copy(update={"round": clock.round, "phase": clock.phase,
                                     "units": units})
    lines = [f"round {clock.round}: the {starting} phase begins"]
    if on_phase_start is not None:
        moved, more = on_phase_start(moved, starting)
        lines.extend(more)
    return moved, lines
