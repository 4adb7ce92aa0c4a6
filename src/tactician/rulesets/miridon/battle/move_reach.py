"""The squares a unit's ``move`` takes it to now, for the board's reach (the web table's
move overlay and its dragged path, issue 29).

Not a second copy of the movement rules (004 L1923-1965: Sidestep 5 ft and Fast
Sidestep 10 ft in any direction, Charge up to 10 ft and Fast Charge up to 20 ft within
60 degrees of the facing, each in a straight line, L1929 and L1949; the point costs of
L1702; the one movement action of the turn, L1590; Obstruct Movement's lock-out, L2188;
the grapple's lock-down, L2968-2970): each candidate square is tried on the ``move``
action itself, as the table sends it (``{"type": "move", "unit", "to"}``, the cheapest
movement action that reaches, ``move_actions.cheapest``), through the rules' ``apply``
on a throwaway stream, and a square is in the reach exactly when that action takes it.

The candidates are every square on the 8 straight lines from the unit out to the
longest move's feet (``MOVES``): ``move_actions.line_of`` refuses any other end, and a
square ``n`` steps out is at least ``n`` squares' feet away under every
``distance_metric``, so no square the action takes is left out.
"""

from __future__ import annotations

from typing import Any

from tactician.dice.source import SeededDice
from tactician.errors import TacticianError
from tactician.rulesets.miridon.battle.geometry import DIRECTIONS, Tile
from tactician.rulesets.miridon.battle.move_actions import MOVES
from tactician.rulesets.miridon.battle.state import MiridonBattle


def candidates(state: MiridonBattle, unit_id: str, square_feet: int) -> list[Tile]:
    """The squares on the unit's 8 lines, out to the longest move, on the map."""
    unit = state.unit(unit_id)
    if unit.position is None:
        return []
    board = state.board()
    most = max(feet for _, feet, _, _ in MOVES.values())
    x, y = unit.position
    found: list[Tile] = []
    for dx, dy in DIRECTIONS.values():
        for n in range(1, max(1, most // square_feet) + 1):
            end = (x + dx * n, y + dy * n)
            if board.in_bounds(end):
                found.append(end)
    return found


def moves(state: MiridonBattle, unit_id: str
          ) -> tuple[list[tuple[Tile, MiridonBattle, dict[str, str]]], str | None]:
    """Each square the ``move`` action takes ``unit_id`` to now, with the battle it
    leaves and what it spends (as ``move_reach``), and the action's own words for the
    nearest square it refuses (None if it refuses none)."""
    from tactician.rulesets.miridon.battle.rules import battle_rules

    rules = battle_rules(state.options)
    found: list[tuple[Tile, MiridonBattle, dict[str, str]]] = []
    refused: str | None = None
    for end in candidates(state, unit_id, rules.options.square_feet):
        action = {"type": "move", "unit": unit_id, "to": [end[0], end[1]]}
        try:
            after, outcome = rules.apply(state, action, SeededDice(0))
        except TacticianError as exc:
            refused = refused or str(exc)
            continue
        record = next((r for r in outcome.records if r.get("type") == "move"), None)
        # no move record: an enemy's Obstruct Movement cancels it, costs paid (L2188)
        shown = {key: str(record[key]) for key in ("spent", "how", "facing")} if record \
            else {"obstructed": outcome.summary}
        found.append((end, after, shown))
    return found, refused


def move_reach(state: MiridonBattle, unit_id: str) -> dict[str, Any]:
    """``move``: every square the ``move`` action takes ``unit_id`` to now, each with
    what it spends (``costs``: "x,y" -> the record's ``spent``, ``how`` and ``facing``, or
    ``obstructed``: the move an enemy's Obstruct Movement would cancel); when it
    takes none, ``refused``: the action's own words for the nearest square."""
    found, refused = moves(state, unit_id)
    return {"move": [[end[0], end[1]] for end, _, _ in found],
            "costs": {f"{end[0]},{end[1]}": shown for end, _, shown in found},
            "refused": None if found else refused}
