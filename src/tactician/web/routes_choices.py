"""What a seat can do now, for the page's action menus and forms (issue 29): the
kinds of the ruleset's action schema the seat may send, each with its form and the
choices the rules take (``table.choices``), answered on the battle as the seat's side
knows it. A player asks for its own units only; the GM for any unit in sight."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from tactician.errors import TacticianError
from tactician.table.choices import choices, move_preview
from tactician.table.seats import NotAllowed
from tactician.web.routes_table import _in_sight, _looking, _views

router = APIRouter()


@router.get("/t/{table_id}/choices")
def table_choices(request: Request, table_id: str) -> dict[str, Any]:
    """The kinds without an acting unit (end the phase, roll the order, start)."""
    who, current, side = _looking(request, table_id)
    if who.role == "spectator":
        raise NotAllowed("spectators watch; they cannot act")
    board = _views(request).board(current, side)
    return choices(current.ruleset, current.rules, current.state, board, side, who.role,
                   None)


@router.get("/t/{table_id}/choices/{unit}")
def unit_choices(request: Request, table_id: str, unit: str) -> dict[str, Any]:
    """Every kind ``unit`` may do, with its choices (a player: its seat's units)."""
    who, current, side = _looking(request, table_id)
    views = _views(request)
    _in_sight(views, current, side, unit)
    if who.role == "spectator":
        raise NotAllowed("spectators watch; they cannot act")
    if who.role == "player" and unit not in who.seat.units:
        raise NotAllowed(f"your seat does not command {unit!r}")
    return choices(current.ruleset, current.rules, current.state, views.board(current, side),
                   side, who.role, unit)


@router.get("/t/{table_id}/path/{unit}")
def path(request: Request, table_id: str, unit: str, x: int, y: int) -> dict[str, Any]:
    """The path and its cost of moving ``unit`` (in sight) to ``x``, ``y``, as the rules
    would move it on the battle the seat's side knows (drag-to-move shows it)."""
    who, current, side = _looking(request, table_id)
    _in_sight(_views(request), current, side, unit)
    if not (0 <= x < 1024 and 0 <= y < 1024):
        raise TacticianError(f"{x},{y} is off the map")
    return move_preview(current.ruleset, current.rules, current.state, side, unit, (x, y))
