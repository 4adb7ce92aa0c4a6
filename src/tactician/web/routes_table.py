"""A table's pages and API (``/t/<table id>/...``): the board page, state, reach, the
danger zone, forecasts, actions, the engine's phase, undo (GM) and undo requests
(players), the log download, a unit's details. Every route resolves the seat first
(``web.auth``) and sends only what that seat's side may see (``web.fog``)."""

from __future__ import annotations

import json
import logging
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from tactician.errors import TacticianError
from tactician.store.battles import StaleBattle
from tactician.table import campaigns, tables
from tactician.table.seats import NotAllowed, seat_for
from tactician.web import asks, commands
from tactician.web.auth import Who, cookie_name, csrf_token, require, seat_of
from tactician.web.errors import refusal
from tactician.web.fog import entries_for
from tactician.web.hub import notify
from tactician.web.views import Current, Views, side_of

router = APIRouter()


def _views(request: Request) -> Views:
    views: Views = request.app.state.views
    return views


def _changed(request: Request, battle_id: int, published: Current | None = None
             ) -> Current | None:
    """After a commit: on this thread, make the board current (``published``: the
    one ``Views.publish`` made) and encode each listening seat's event
    (``web.broadcast``), then wake this process's streams, which only write those
    bytes, and tell the other processes (PostgreSQL). Returns that board."""
    current: Current | None = None
    try:
        current = request.app.state.broadcast.prepare(battle_id, published)
        confirm = partial(_views(request).confirm, battle_id, current)
    except Exception:  # the commit stands: the streams read the board themselves
        logging.getLogger(__name__).exception("encoding the events of battle %s", battle_id)
        confirm = None
    request.app.state.hub.changed(battle_id, confirm)
    notify(request.app.state.db, battle_id)
    return current


def _fresh(request: Request, who: Who, current: Current | None = None) -> dict[str, Any]:
    payload = _views(request).payload(who.table, who.seat, current)
    if who.role == "gm":
        payload["undo_requests"] = asks.pending(request.app.state.db, who.table.id)
    return payload


def _stale(request: Request, who: Who, exc: StaleBattle) -> JSONResponse:
    return refusal(f"{exc} (someone acted first: the board shows the battle as it is now; "
                   "decide again)", 409, stale=True, state=_fresh(request, who))


@router.get("/t/{table_id}", response_class=HTMLResponse)
def page(request: Request, table_id: str, token: str | None = None) -> Response:
    """The board page. A join link's ``?token=`` is moved into the seat's cookie and
    dropped from the address (it would otherwise stay in history and screenshots)."""
    db = request.app.state.db
    if token is not None:
        seat_for(db, table_id, token)
        response = RedirectResponse(f"/t/{table_id}", status_code=303)
        response.set_cookie(cookie_name(table_id), token, httponly=True, samesite="lax",
                            path=f"/t/{table_id}", secure=request.url.scheme == "https")
        return response
    who = seat_of(request, table_id)
    return request.app.state.templates.TemplateResponse(request, "table.html", {
        "table": who.table, "seat": who.seat, "csrf": csrf_token(who.token)})


@router.get("/t/{table_id}/state")
def state(request: Request, table_id: str) -> dict[str, Any]:
    return _fresh(request, seat_of(request, table_id))


@router.get("/t/{table_id}/reach/{unit}")
def reach(request: Request, table_id: str, unit: str) -> dict[str, Any]:
    """Where ``unit`` can move and attack (the engine's reach), for a unit in sight."""
    who = seat_of(request, table_id)
    views = _views(request)
    current = views.current(who.table.battle_id)
    fog = views.fog(who.seat, current)
    commands.check_sight({"unit": unit}, fog, current)
    # the ruleset draws the reach as the seat's side sees the board: a unit it
    # cannot see neither blocks nor shows as a gap in the reach
    _, board = tables.board(request.app.state.db, who.table.battle_id, unit,
                            side_of(who.seat, current.view))
    found: dict[str, Any] = fog.scrub(board.get("reach", {}))
    return found


@router.get("/t/{table_id}/danger")
def danger(request: Request, table_id: str) -> dict[str, Any]:
    """The FE danger zone: every tile a foe in sight could attack this phase or next
    (each foe's movement and attack reach), with the foes it comes from."""
    who = seat_of(request, table_id)
    views = _views(request)
    current = views.current(who.table.battle_id)
    fog = views.fog(who.seat, current)
    mine = {u["side"] for u in current.view["units"] if u.get("tier") is None}
    if who.role == "player":
        mine = {u["side"] for u in current.view["units"] if u["id"] in who.seat.units} or mine
    candidates = [str(u["id"]) for u in current.view["units"]
                  if u["side"] not in mine and str(u["id"]) not in fog.ids and u.get("position")
                  and u.get("hp", 0) > 0 and not u.get("down")]
    found = tables.reaches(request.app.state.db, who.table.battle_id, candidates,
                           side_of(who.seat, current.view))
    tiles = {tuple(t) for reach in found.values() for key in ("move", "attack")
             for t in reach[key]}
    foes = list(found)
    return {"tiles": sorted([list(t) for t in tiles]), "foes": foes}


@router.post("/t/{table_id}/forecast")
def forecast(request: Request, table_id: str, body: commands.ForecastAsk) -> dict[str, Any]:
    who = seat_of(request, table_id)
    views = _views(request)
    current = views.current(who.table.battle_id)
    fog = views.fog(who.seat, current)
    action: dict[str, Any] = {"type": "attack", "unit": body.unit, "target": body.target}
    if body.weapon:
        action["weapon"] = body.weapon
    commands.check_sight(action, fog, current)
    try:
        report = tables.forecast(request.app.state.db, who.table.battle_id, action)
    except TacticianError as exc:
        raise TacticianError(commands.scrubbed(str(exc), fog)) from None
    shown: dict[str, Any] = fog.scrub(json.loads(json.dumps(report, default=str)))
    return shown


@router.post("/t/{table_id}/act")
def act(request: Request, table_id: str, body: commands.Command) -> Response:
    """Apply one action decided on ``seq``; the answer is the logged entry (with every
    die) and the new state."""
    who = seat_of(request, table_id)
    views = _views(request)
    current = views.current(who.table.battle_id)
    fog = views.fog(who.seat, current)
    commands.check_action(who, body.action, current, fog)
    try:
        entry, after = campaigns.perform(request.app.state.db, who.table.battle_id,
                                         body.action, commands.dice(body.rolls),
                                         expected_seq=body.seq)
    except StaleBattle as exc:
        return _stale(request, who, exc)
    except TacticianError as exc:
        return refusal(commands.scrubbed(str(exc), fog), 400)
    published = views.publish(who.table.battle_id, current.ruleset, after,
                              entry.model_dump(mode="json"),
                              campaigns.committed(request.app.state.db, who.table.battle_id,
                                                  entry))
    now = _changed(request, who.table.battle_id, published)
    fresh = _fresh(request, who, now)
    shown = [e for e in fresh["log"] if e["seq"] == entry.seq]
    return JSONResponse({"entry": shown[0] if shown else None, "state": fresh})


@router.post("/t/{table_id}/enemy-phase")
def enemy_phase(request: Request, table_id: str, body: commands.Phase) -> Response:
    """The engine plays the phase (GM only); each decision with its reasons and its
    best scored candidates (``battle enemy-phase --explain``)."""
    who = seat_of(request, table_id)
    require(who, "gm")
    try:
        decisions = tables.play_side(request.app.state.db, who.table.battle_id, body.seq,
                                     commands.dice(body.rolls))
    except StaleBattle as exc:
        return _stale(request, who, exc)
    now = _changed(request, who.table.battle_id)
    return JSONResponse(json.loads(json.dumps(
        {"decisions": decisions, "state": _fresh(request, who, now)}, default=str)))


@router.post("/t/{table_id}/undo")
def undo(request: Request, table_id: str, body: commands.TakeBack) -> Response:
    """Take back the last entry (GM only), decided on ``seq`` (and the board's
    ``version``) like any command; it can be redone until the next action."""
    who = seat_of(request, table_id)
    require(who, "gm")
    db = request.app.state.db
    try:
        dropped = campaigns.take_back(db, who.table.battle_id, expected_seq=body.seq,
                                      expected_streams=body.streams())
    except StaleBattle as exc:
        return _stale(request, who, exc)
    asks.clear(db, who.table.id)
    now = _changed(request, who.table.battle_id)
    return JSONResponse({"undone": [e.seq for e in dropped],
                         "state": _fresh(request, who, now)})


@router.post("/t/{table_id}/redo")
def redo(request: Request, table_id: str, body: commands.TakeBack) -> Response:
    """Put back the entry the last undo took (GM only), on its own dice, decided on
    ``seq`` and ``version`` like an undo."""
    who = seat_of(request, table_id)
    require(who, "gm")
    try:
        redone, _ = campaigns.redo(request.app.state.db, who.table.battle_id, 1,
                                   expected_seq=body.seq, expected_streams=body.streams())
    except StaleBattle as exc:
        return _stale(request, who, exc)
    now = _changed(request, who.table.battle_id)
    return JSONResponse({"redone": [e.seq for e in redone],
                         "state": _fresh(request, who, now)})


@router.post("/t/{table_id}/ask-undo")
def ask_undo(request: Request, table_id: str, body: commands.Ask) -> dict[str, Any]:
    """A player asks the GM to take an entry back; the GM's page shows the request."""
    who = seat_of(request, table_id)
    require(who, "player")
    asks.add(request.app.state.db, who.table.id, who.seat.name, body.seq, body.note)
    _changed(request, who.table.battle_id)
    return {"asked": body.seq}


@router.get("/t/{table_id}/log.json")
def log_download(request: Request, table_id: str) -> Response:
    """The whole log as this seat may see it, as a download."""
    who = seat_of(request, table_id)
    views = _views(request)
    current = views.current(who.table.battle_id)
    data = entries_for(current.entries, views.fog(who.seat, current))
    return Response(json.dumps(data, indent=2), media_type="application/json", headers={
        "content-disposition": f'attachment; filename="battle-{table_id}-log.json"'})


@router.get("/t/{table_id}/unit/{unit}")
def unit(request: Request, table_id: str, unit: str) -> dict[str, Any]:
    """A unit's whole entry of the board view (its sheet in battle), if in sight."""
    who = seat_of(request, table_id)
    views = _views(request)
    current = views.current(who.table.battle_id)
    fog = views.fog(who.seat, current)
    commands.check_sight({"unit": unit}, fog, current)
    for found in current.view["units"]:
        if found["id"] == unit:
            shown: dict[str, Any] = fog.scrub(found)
            return shown
    raise NotAllowed("no unit in sight with that id")
