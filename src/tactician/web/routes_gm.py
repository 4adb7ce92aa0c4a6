"""The GM's desk (``/gm``): open a table on an example battle or a stored one, with
seats for the players (the units file's ``player:`` assignments, else units given
out in turn or chosen), get the join links, list the tables with their seats, and
re-issue or revoke a seat's link (issue 29). Only a server GM token (printed by
``tactician serve``) opens it; anyone else who opens the console is shown a page
saying so, not a JSON refusal."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.table import catalogue, dice_authority, sheets, tables
from tactician.table.seats import (
    NotAllowed,
    Table,
    check_gm,
    create_table,
    get_table,
    list_tables,
    reissue,
    revoke,
)
from tactician.table.side_log import seed_commitment
from tactician.web import fog
from tactician.web.auth import (
    GM_COOKIE,
    check_json_from_here,
    csrf_token,
    gm_of,
    require,
    seat_of,
)

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
    """Redeem the console link: the token becomes the GM's cookie, for the whole
    server (path ``/``): it opens the console and the GM seat of every table."""
    check_json_from_here(request)
    check_gm(request.app.state.db, body.token)
    response = JSONResponse({"gm": True})
    response.set_cookie(GM_COOKIE, body.token, httponly=True, samesite="lax", path="/",
                        secure=request.url.scheme == "https")
    return response


def not_gm_page(request: Request, exc: NotAllowed) -> Response:
    """The page a visitor without the GM's cookie sees at a GM page (403)."""
    return request.app.state.templates.TemplateResponse(request, "refused.html", {
        "csrf": "", "reason": str(exc)}, status_code=403)


@router.get("/gm", response_class=HTMLResponse)
def console(request: Request) -> Response:
    db = request.app.state.db
    try:
        gm = gm_of(request)
    except NotAllowed as exc:
        return not_gm_page(request, exc)
    return request.app.state.templates.TemplateResponse(request, "gm.html", {
        "csrf": csrf_token(gm), "examples": tables.examples(),
        "battles": stored_battles(db), "tables": [described(db, t) for t in list_tables(db)],
        "rulesets": (ids := [r["id"] for r in catalogue.rulesets()]),
        # the sheet form's suggestions: every ruleset's example unit files by name
        "example_units": sorted({u.name for r in ids for u in tables.example_units(r)})})


REVOKED = "revoked:"


def stored_battles(db: Database) -> list[dict[str, Any]]:
    """The "Open a table on a stored battle" choices, as the template and ``gm.js`` both
    draw them: each battle's id and its line (campaign / name, status, entries)."""
    return [{"id": b.id, "label": f"{c.name} / {b.name} ({b.status}, {b.last_seq} "
             f"entr{'y' if b.last_seq == 1 else 'ies'})"} for c, b in tables.battles(db)]


@router.get("/gm/battles")
def battles_list(request: Request) -> dict[str, Any]:
    """The stored battles (GM only): the console asks again after it opens a table
    (an example is stored as a new battle) and when its page is shown again (a table
    played since has more entries, or ended)."""
    gm_of(request)
    return {"battles": stored_battles(request.app.state.db)}


def described(db: Database, table: Table) -> dict[str, Any]:
    """A table as the desk lists it: its page, its battle's ruleset (two examples may
    share a name: "skirmish") and each seat with its units and whether its link is
    revoked (no token is stored, so a link is re-issued to be shown again)."""
    return {"id": table.id, "name": table.name, "battle": table.battle_id,
            "ruleset": tables.info(db, table.battle_id).ruleset, "url": f"/t/{table.id}",
            "seats": [{"seat": s.seat, "role": s.role, "name": s.name, "units": list(s.units),
                       "revoked": s.digest.startswith(REVOKED)} for s in table.seats]}


@router.get("/gm/tables")
def tables_list(request: Request) -> dict[str, Any]:
    """Every table with its seats (GM only)."""
    gm_of(request)
    db = request.app.state.db
    return {"tables": [described(db, t) for t in list_tables(db)]}


class SeatLinkAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    expires_in: int | None = Field(default=None, ge=60, le=366 * 24 * 3600)


@router.post("/gm/tables/{table_id}/seats/{seat}/link")
def seat_link(request: Request, table_id: str, seat: str,
              body: SeatLinkAsk | None = None) -> dict[str, Any]:
    """A new join link for a seat of any table (GM only): the seat's old link and the
    cookies made from it stop working."""
    import time

    gm_of(request)
    db = request.app.state.db
    table = get_table(db, table_id)
    expires_in = body.expires_in if body is not None else None
    expires = int(time.time()) + expires_in if expires_in else None
    token = reissue(db, table.id, table.seat(seat).seat, expires)
    return {"table": table.id, "seat": seat, "expires": expires,
            "link": links(request, table.id, {seat: token})[seat]}


@router.post("/gm/tables/{table_id}/seats/{seat}/revoke")
def seat_revoke(request: Request, table_id: str, seat: str) -> dict[str, Any]:
    """No link opens the seat until the GM re-issues one (GM only); a revoked token
    is refused as any wrong one is."""
    gm_of(request)
    db = request.app.state.db
    table = get_table(db, table_id)
    revoke(db, table.id, table.seat(seat).seat)
    return {"table": table.id, "seat": seat, "revoked": True}


def player_seats(view: dict[str, Any], players: list[str], count: int
                 ) -> list[tuple[str, list[str]]]:
    """The seats a table gets when none are listed: one per ``player:`` the units file
    names (its units in the file's order), else ``count`` seats sharing the players'
    units in turn."""
    named: dict[str, list[str]] = {}
    for unit in view["units"]:
        owner = unit.get("player")
        if unit["id"] in players and isinstance(owner, str) and owner:
            named.setdefault(owner, []).append(str(unit["id"]))
    if named:
        loose = [u for u in players if not any(u in units for units in named.values())]
        seats = [(name[:1].upper() + name[1:], units) for name, units in named.items()]
        if loose:
            seats[0][1].extend(loose)
        return seats
    count = min(count, max(1, len(players)))
    return [(f"Player {n + 1}", players[n::count]) for n in range(count)]


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
        seats = player_seats(view, players, body.players)
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


@router.get("/t/{table_id}/see-as/{side}")
def see_as(request: Request, table_id: str, side: str) -> dict[str, Any]:
    """The GM's "See as <side>": the tiles that side sees (None: every tile) and the
    units its board holds, to draw the table as its players have it (GM only)."""
    who = seat_of(request, table_id)
    require(who, "gm")
    views = request.app.state.views
    current = views.current(who.table.battle_id)
    sides = [str(s) for s in current.view.get("sides", [])]
    if side not in sides:
        raise TacticianError(f"no side {side!r} (the sides are: {', '.join(sides)})")
    board = views.board(current, side)
    return {"side": side, "tiles": fog.seen_tiles(current.ruleset, current.state, side),
            "units": [str(u["id"]) for u in board["units"]]}
