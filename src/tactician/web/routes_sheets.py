"""Sheets as HTML (issue 29): a unit's sheet in battle, from the board the seat's
side is sent (``table.battle_sheet``), and an example unit file's sheet through the
contract (``contract.sheet``) for the GM; both through ``templates/sheet.html``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from tactician.errors import TacticianError
from tactician.table import sheets, tables
from tactician.table.battle_sheet import battle_sheet
from tactician.web.auth import gm_of
from tactician.web.routes_table import NO_UNIT, _looking, _views

router = APIRouter()


def _render(request: Request, sheet: dict[str, Any]) -> Response:
    return request.app.state.templates.TemplateResponse(request, "sheet.html",
                                                        {"sheet": sheet})


@router.get("/t/{table_id}/sheet/{unit}", response_class=HTMLResponse)
def unit_sheet(request: Request, table_id: str, unit: str) -> Response:
    """The sheet of a unit in sight, as the seat's side sees it."""
    who, current, side = _looking(request, table_id)
    for found in _views(request).board(current, side)["units"]:
        if found["id"] == unit:
            return _render(request, battle_sheet(found))
    raise TacticianError(NO_UNIT)


@router.get("/gm/sheet.html", response_class=HTMLResponse)
def example_sheet(request: Request, ruleset: str, unit: str) -> Response:
    """An example unit file's sheet (the GM console's), its sections as HTML."""
    gm_of(request)
    for found in tables.example_units(ruleset):
        if found.name == unit:
            return _render(request, sheets.sheet(ruleset, found))
    raise TacticianError(f"{ruleset} has no example unit {unit!r}")
