"""What a Frenzied unit may do on its Turn.

Source: 003 Frenzied: "Must All Out Attack the nearest target each Turn"; "If
no target in range, must move toward the nearest one"; "Ends when the
encounter ends (lose 2 SP) or the character passes Willpower -20 as an
action". All Out Attack is a core action 003 names but does not describe (nor
do the reference facts), so Tactician plays it as an ordinary attack that must
go to the nearest foe (a ruling). A Frenzied unit may therefore only attack a
nearest foe, move so as to end nearer the nearest foe, try to end its frenzy
(``calm``: the Willpower -20 test, 1 AP) or end its Turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.counted import counted
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat

Tile = tuple[int, int]
ALLOWED = frozenset({"attack", "move", "calm", "end_turn"})


def frenzied(unit: UnitState) -> bool:
    return combat(unit).condition("Frenzied") is not None


def nearest_distance(state: UesrpgBattle, unit: UnitState, tile: Tile) -> int | None:
    """Tiles from ``tile`` to the nearest standing foe (None when there is none)."""
    distances = [
        manhattan(tile, foe.position)
        for foe in state.units
        if foe.side != unit.side and not foe.down and foe.position is not None
    ]
    return min(distances, default=None)


def check(state: UesrpgBattle, unit: UnitState, kind: str, action: Mapping[str, Any]) -> None:
    """Refuse what the frenzy forbids (nothing for a unit that is not Frenzied)."""
    if not frenzied(unit) or unit.position is None:
        return
    if kind not in ALLOWED:
        raise RulesError(
            f"{unit.name} is Frenzied: 003 'Must All Out Attack the nearest target each Turn'; "
            "it may attack, move toward the nearest foe, try to calm itself, or end its Turn"
        )
    nearest = nearest_distance(state, unit, unit.position)
    if nearest is None:
        return
    if kind == "attack":
        target = state.unit(str(action.get("target")))
        if target.position is None or manhattan(unit.position, target.position) != nearest:
            raise RulesError(
                f"{unit.name} is Frenzied and must attack the nearest target "
                f"({counted(nearest, 'tile')} away)"
            )
    if kind == "move":
        goal = action.get("to")
        if isinstance(goal, list | tuple) and len(goal) == 2:
            after = nearest_distance(state, unit, (int(goal[0]), int(goal[1])))
            if after is not None and after >= nearest:
                raise RulesError(
                    f"{unit.name} is Frenzied: 003 'If no target in range, must move toward "
                    "the nearest one'"
                )
