"""The battle as one side knows it, and its board (``board_view(state, reach, side)``).

003 Hidden ("Enemies cannot defend against the character's attacks"; ``battle_sight``
keeps the condition only while no observer has beaten its Stealth): a unit of another
side that is Hidden is not in the side's state at all (``side_state``): not in its
units, its initiative order or its death tests, and a reach drawn on it neither
stops at the Hidden unit nor leaves a gap where it stands (a gap would tell the side
where it hides). The side's board is the board of that state. Its own side sees it.

While a Hidden unit has the Turn, the side is told only that it waits (issue 25,
hole 11: "An unseen foe's Turn" told whose Turn it was): its state gives the Turn to
the next unit in the order it sees, and the table asks it nothing then (``waiting``).
"""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.contract.sight import renumbered
from tactician.rulesets.uesrpg.battle_service import board_view
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle

WAITING = "waiting"
WAITING_LABEL = "Waiting for the GM"


def hidden_from(state: UesrpgBattle, side: str) -> set[str]:
    """The units of other sides ``side`` does not see: 003 Hidden, or hidden by the GM."""
    return {u.id for u in state.units
            if u.side != side and (u.id in state.gm_hidden
                                   or any(c.name == "Hidden" for c in u.conditions))}


def side_state(state: UesrpgBattle, side: str) -> UesrpgBattle:
    """``state`` without the units hidden from ``side`` (see the module text)."""
    hidden = hidden_from(state, side)
    if not hidden:
        return state
    order = tuple(u for u in state.order if u not in hidden)
    turn = 0
    if state.order and order:
        ahead = [*state.order[state.turn:], *state.order[:state.turn]]
        turn = order.index(next(u for u in ahead if u not in hidden))
    return state.model_copy(update={
        "units": tuple(u for u in state.units if u.id not in hidden),
        "order": order, "turn": turn,
        "gm_hidden": tuple(u for u in state.gm_hidden if u not in hidden),
        # the latest death tests are lines of text: kept back while anything hides
        "death_tests": ()})


def side_view(state: UesrpgBattle, reach_unit: str | None, side: str) -> dict[str, Any]:
    if side not in state.sides:
        raise RulesError(f"no side {side!r} in this battle (sides: {', '.join(state.sides)})")
    hidden = hidden_from(state, side)
    data = board_view(side_state(state, side), reach_unit)  # a hidden one: as no unit
    data["viewer"] = side
    if not hidden:
        return data
    data["units"] = renumbered(data["units"], side)
    current = state.current
    if current is not None and current.id in hidden:
        data.update(turn=None, acting=[], phase=WAITING, phase_label=WAITING_LABEL,
                    waiting=True)
    return data
