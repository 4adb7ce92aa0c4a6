"""The GM's console (``/gm``): open a table on an example battle or a stored one,
with seats for the players (units given out or chosen), and get the join links.
Only a server GM token (printed by ``tactician serve``) opens it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from tactician.errors import TacticianError
from tactician.table import catalogue, sheets, tables
from tactician.table.seats import check_gm, create_table, list_tables
from tactician.web.auth import GM_COOKIE, csrf_token, gm_of

router = APIRouter()


class SeatAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    units: list[str] = Field(default_factory=list, max_length=100)


class TableAsk(BaseModel):
    """An example battle (``ruleset/name``) or a stored battle's id; seats either
    listed or ``players`` seats sharing the players' units in turn."""

    model_config = ConfigDict(extra="forbid")

    example: str | None = Field(default=None, max_length=120)
    battle_id: int | None = Field(default=None, ge=1)
    name: str | None = Field(default=None, max_length=120)
    seats: list[SeatAsk] | None = Field(default=None, max_length=16)
    players: int = Field(default=2, ge=1, le=16)


def links(request: Request, table_id: str, tokens: dict[str, str]) -> dict[str, str]:
    base = str(request.base_url).rstrip("/")
    return {seat: f"{base}/t/{table_id}?token={token}" for seat, token in tokens.items()}


@router.get("/gm", response_class=HTMLResponse)
def console(request: Request, token: str | None = None) -> Response:
    db = request.app.state.db
    if token is not None:
        check_gm(db, token)
        response = RedirectResponse("/gm", status_code=303)
        response.set_cookie(GM_COOKIE, token, httponly=True, samesite="lax", path="/gm",
                            secure=request.url.scheme == "https")
        return response
    gm = gm_of(request)
    return request.app.state.templates.TemplateResponse(request, "gm.html", {
        "csrf": csrf_token(gm), "examples": tables.examples(),
        "battles": tables.battles(db), "tables": list_tables(db),
        "rulesets": [r["id"] for r in catalogue.rulesets()]})


@router.post("/gm/tables")
def open_table(request: Request, body: TableAsk) -> dict[str, Any]:
    gm_of(request)
    db = request.app.state.db
    if (body.example is None) == (body.battle_id is None):
        raise TacticianError("give either example (ruleset/name) or battle_id")
    info = (tables.start_example(db, body.example) if body.example is not None
            else tables.info(db, body.battle_id or 0))
    _, view = tables.board(db, info.id)
    players = tables.commanded(view)
    if body.seats is not None:
        seats = [(s.name, list(s.units)) for s in body.seats]
        for _, units in seats:
            for unit in units:
                if unit not in players:
                    raise TacticianError(f"{unit!r} is not a unit the players command "
                                         f"(they are: {', '.join(players)})")
    else:
        count = min(body.players, max(1, len(players)))
        seats = [(f"Player {n + 1}", players[n::count]) for n in range(count)]
    table, tokens = create_table(db, info.id, body.name or info.name, seats)
    return {"table": table.id, "battle": info.id, "name": table.name,
            "seats": {s.seat: {"name": s.name, "units": list(s.units)} for s in table.seats},
            "links": links(request, table.id, tokens)}


@router.get("/gm/sheet")
def sheet(request: Request, ruleset: str, unit: str) -> dict[str, Any]:
    """The sheet of one of a ruleset's example units, through the contract."""
    gm_of(request)
    for found in tables.example_units(ruleset):
        if found.name == unit:
            return sheets.sheet(ruleset, found)
    raise TacticianError(f"{ruleset} has no example unit {unit!r}")
