"""Ending a phase: the clock moves on, effects end on their edge, the next
side's units get a fresh turn, and critical-wound countdowns tick at the start
of each round.

Source: 000 "Enemy Actions ... during their phase"; Defend "until the
beginning of your next turn"; Guard Break "until the start of your next phase";
critical wounds "counting down at the beginning of each round". A unit's turn
is read as taking place in its side's phase, so "your next turn" begins with
your side's next phase (a ruling).
"""

from __future__ import annotations

from tactician.engine.effects import expire
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.wounds import round_starts

_FRESH_TURN = {
    "moved": 0,
    "dashed": False,
    "acted": False,
    "bonus_used": False,
    "healed_this_turn": False,
}


def end_phase(state: TroperaBattle) -> tuple[TroperaBattle, list[str]]:
    """Advance to the next phase, applying every edge crossed, in order."""
    clock, edges = state.clock.advance()
    effects = state.effects
    units: list[Unit] = list(state.units)
    lines: list[str] = []
    prepared = dict(state.prepared)
    for edge in edges:
        effects, ended = expire(effects, edge)
        lines.extend(f"{e.name} on {e.unit} ends" for e in ended)
        if edge.kind == "round_start":
            ticked = []
            for unit in units:
                after, line = round_starts(unit)
                ticked.append(after)
                if line:
                    lines.append(line)
            units = ticked
        if edge.kind == "phase_start":
            units = [u.model_copy(update=_FRESH_TURN) if u.side == edge.owner else u for u in units]
            # a Prepare Attack waits through the enemy phase: it ends when its side acts again
            for unit_id in [k for k in prepared if _side(units, k) == edge.owner]:
                del prepared[unit_id]
                lines.append(f"{unit_id}'s prepared attack lapses")
    new_state = state.model_copy(
        update={
            "round": clock.round,
            "phase": clock.phase,
            "effects": effects,
            "units": tuple(units),
            "prepared": prepared,
        }
    )
    return new_state, lines


def _side(units: list[Unit], unit_id: str) -> str | None:
    for unit in units:
        if unit.id == unit_id:
            return unit.side
    return None
