"""The GM's console (``/gm``): open a table on an example battle or a stored one,
with seats for the players (units given out or chosen), and get the join links.
Only a server GM token (printed by ``tactician serve``) opens it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from tactician.errors import TacticianError
from tactician.table import catalogue, dice_authority, sheets, tables
from tactician.table.seats import check_gm, create_table, list_tables
from tactician.table.side_log import seed_commitment
from tactician.web.auth import GM_COOKIE, check_json_from_here, csrf_token, gm_of

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
    dice: str = Field(default=dice_authority.DEFAULT, max_length=10)  # who enters which die


def links(request: Request, table_id: str, tokens: dict[str, str]) -> dict[str, str]:
    """Each seat's join link: the token in the fragment (``web.auth``)."""
    base = str(request.base_url).rstrip("/")
    return {seat: f"{base}/t/{table_id}/join#{token}" for seat, token in tokens.items()}


@router.get("/gm/join", response_class=HTMLResponse)
def join_page(request: Request) -> Response:
    """The page the console link opens (``/gm/join#<token>``), as a seat's join page."""
    return request.app.state.templates.TemplateResponse(request, "join.html", {
        "table_id": "", "csrf": ""})


class JoinAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=200)


@router.post("/gm/join")
def join(request: Request, body: JoinAsk) -> Response:
    """Redeem the console link: the token becomes the GM's cookie (scoped to /gm)."""
    check_json_from_here(request)
    check_gm(request.app.state.db, body.token)
    response = JSONResponse({"gm": True})
    response.set_cookie(GM_COOKIE, body.token, httponly=True, samesite="lax", path="/gm",
                        secure=request.url.scheme == "https")
    return response


@router.get("/gm", response_class=HTMLResponse)
def console(request: Request) -> Response:
    db = request.app.state.db
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
    if body.dice not in dice_authority.AUTHORITIES:
        raise TacticianError(f"dice: one of {', '.join(dice_authority.AUTHORITIES)}")
    table, tokens = create_table(db, info.id, body.name or info.name, seats)
    dice_authority.set_authority(db, table.id, body.dice)
    return {"table": table.id, "battle": info.id, "name": table.name,
            "seats": {s.seat: {"name": s.name, "units": list(s.units)} for s in table.seats},
            "links": links(request, table.id, tokens), "dice": body.dice,
            "seed_commitment": seed_commitment(info.seed)}


@router.get("/gm/sheet")
def sheet(request: Request, ruleset: str, unit: str) -> dict[str, Any]:
    """The sheet of one of a ruleset's example units, through the contract."""
    gm_of(request)
    for found in tables.example_units(ruleset):
        if found.name == unit:
            return sheets.sheet(ruleset, found)
    raise TacticianError(f"{ruleset} has no example unit {unit!r}")
