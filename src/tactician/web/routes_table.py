"""A table's pages and API (``/t/<table id>/...``): the board page and its join page,
state, reach, the danger zone, forecasts, actions, the engine's phase, undo (GM) and
undo requests (players), the log download, the whole battle once it has ended, a
unit's details, the GM's seat links and dice setting. Every route resolves the seat
first (``web.auth``) and answers from what that seat's side knows
(``web.views``, ``table.side_asks``)."""

from __future__ import annotations

import json
import logging
import time
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from tactician.errors import DiceError, TacticianError
from tactician.store.battles import StaleBattle
from tactician.store.lock_wait import LockHeld
from tactician.table import campaigns, dice_authority, side_asks, tables
from tactician.table.choices import preview
from tactician.table.seats import NotAllowed, reissue, revoke, seat_for
from tactician.web import asks, commands
from tactician.web.auth import (
    Who,
    check_json_from_here,
    cookie_name,
    csrf_token,
    require,
    seat_of,
)
from tactician.web.errors import refusal
from tactician.web.hub import notify
from tactician.web.views import Current, Views

router = APIRouter()
NO_UNIT = "no unit in sight with that id"


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
        db = request.app.state.db
        payload["undo_requests"] = asks.pending(db, who.table.id)
        payload["dice_authority"] = dice_authority.authority(db, who.table.id)
    return payload


def _stale(request: Request, who: Who, exc: StaleBattle) -> JSONResponse:
    return refusal(f"{exc} (someone acted first: the board shows the battle as it is now; "
                   "decide again)", 409, stale=True, state=_fresh(request, who))


def _looking(request: Request, table_id: str) -> tuple[Who, Current, str | None]:
    """The seat asking, the battle now and the side whose sight it has (None: GM)."""
    who = seat_of(request, table_id)
    views = _views(request)
    current = views.current(who.table.battle_id)
    return who, current, views.side(who.seat, current, who.table)


def _in_sight(views: Views, current: Current, side: str | None, *units: str) -> None:
    """Refuse naming a unit the side's board does not hold, as for no unit at all."""
    shown = {str(u["id"]) for u in views.board(current, side)["units"]}
    for unit in units:
        if unit not in shown:
            raise TacticianError(NO_UNIT)


@router.get("/t/{table_id}", response_class=HTMLResponse)
def page(request: Request, table_id: str) -> Response:
    """The board page (for a seat whose cookie the join page set)."""
    who = seat_of(request, table_id)
    return request.app.state.templates.TemplateResponse(request, "table.html", {
        "table": who.table, "seat": who.seat, "csrf": csrf_token(who.token)})


@router.get("/t/{table_id}/join", response_class=HTMLResponse)
def join_page(request: Request, table_id: str) -> Response:
    """The page a join link opens (``/t/<id>/join#<token>``): its script reads the
    token from the fragment and, once the player says so, POSTs it (``join``)."""
    return request.app.state.templates.TemplateResponse(request, "join.html", {
        "table_id": table_id, "csrf": ""})


class JoinAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=200)


@router.post("/t/{table_id}/join")
def join(request: Request, table_id: str, body: JoinAsk) -> Response:
    """Redeem a join link: the token becomes the seat's cookie (HttpOnly, SameSite=Lax,
    this table's path; until the link's expiry, if it has one)."""
    check_json_from_here(request)
    table, seat = seat_for(request.app.state.db, table_id, body.token)
    response = JSONResponse({"table": table.id, "seat": seat.seat, "name": seat.name})
    parts = body.token.split(".")
    max_age = max(0, int(parts[2]) - int(time.time())) if len(parts) == 3 else None
    response.set_cookie(cookie_name(table_id), body.token, httponly=True, samesite="lax",
                        path=f"/t/{table_id}", secure=request.url.scheme == "https",
                        max_age=max_age)
    return response


@router.get("/t/{table_id}/state")
def state(request: Request, table_id: str) -> dict[str, Any]:
    return _fresh(request, seat_of(request, table_id))


@router.get("/t/{table_id}/reach/{unit}")
def reach(request: Request, table_id: str, unit: str) -> dict[str, Any]:
    """Where ``unit`` can move and attack (the engine's reach), for a unit in sight,
    drawn as the seat's side sees the board (a unit it cannot see neither blocks nor
    shows as a gap in it)."""
    who, current, side = _looking(request, table_id)
    _in_sight(_views(request), current, side, unit)
    return side_asks.reach(current.ruleset, current.state, unit, side)


@router.get("/t/{table_id}/danger")
def danger(request: Request, table_id: str) -> dict[str, Any]:
    """The FE danger zone: every tile a foe in sight could attack this phase or next
    (each foe's movement and attack reach), with the foes it comes from."""
    who, current, side = _looking(request, table_id)
    board = _views(request).board(current, side)
    mine = {u["side"] for u in board["units"] if u.get("tier") is None}
    if who.role == "player":
        mine = {u["side"] for u in board["units"] if u["id"] in who.seat.units} or mine
    found: dict[str, dict[str, Any]] = {}
    for foe in board["units"]:
        if foe["side"] in mine or not foe.get("position") or foe.get("hp", 0) <= 0 \
                or foe.get("down"):
            continue
        try:
            found[str(foe["id"])] = side_asks.reach(current.ruleset, current.state,
                                                    str(foe["id"]), side)
        except TacticianError:  # not on the map: no reach
            continue
    tiles = {tuple(t) for reach in found.values() for key in ("move", "attack")
             for t in reach.get(key, ())}
    return {"tiles": sorted([list(t) for t in tiles]), "foes": list(found)}


@router.post("/t/{table_id}/forecast")
def forecast(request: Request, table_id: str, body: commands.ForecastAsk) -> dict[str, Any]:
    """The exact odds of an attack (or of any action the ruleset forecasts: a staff, a
    spell, a grapple), computed on the battle as the seat's side knows it (a unit it
    cannot see is answered as no unit; its numbers are the side's)."""
    who, current, side = _looking(request, table_id)
    action = body.asked()
    if body.action is not None:  # any kind: tried first, then forecast (``choices``)
        _in_sight(_views(request), current, side, action["unit"])
        report = preview(current.ruleset, current.rules, current.state, side, action)
    else:
        _in_sight(_views(request), current, side, action["unit"], action["target"])
        report = side_asks.forecast(current.ruleset, current.rules, current.state, side,
                                    action)
    shown: dict[str, Any] = json.loads(json.dumps(report, default=str))
    return shown


@router.post("/t/{table_id}/act")
def act(request: Request, table_id: str, body: commands.Command) -> Response:
    """Apply one action decided on ``seq``; the answer is the logged entry (as the
    seat's side sees it) and the new state. A player's action is first tried on the
    battle as its side knows it (``table.side_asks``); the dice it enters go to its
    own units' rolls only (``table.dice_authority``)."""
    who, current, side = _looking(request, table_id)
    views = _views(request)
    db = request.app.state.db
    commands.check_action(who, body.action, current)
    setting = dice_authority.authority(db, who.table.id)

    def dice() -> Any:
        return dice_authority.entered(body.rolls, setting, who.role, who.seat.seat,
                                      who.seat.units)

    rolled = dice()  # refused here if the seat may enter no dice at all
    hidden = False
    if side is not None:
        hidden = side_asks.try_on_known(current.ruleset, current.rules, current.state, side,
                                        body.action, current.view,
                                        lambda: dice_authority.for_trying(
                                            dice(), current.seed, current.key[1]))
    try:
        entry, after = campaigns.perform(db, who.table.battle_id, body.action, rolled,
                                         expected_seq=body.seq)
    except StaleBattle as exc:
        return _stale(request, who, exc)
    except LockHeld:
        raise  # the battle is busy, in words every seat may read (web.busy)
    except TacticianError as exc:
        # what the side knows allowed it: only the unseen can stop it (its own dice
        # aside, which name its own units' rolls)
        shown = str(exc) if not hidden or isinstance(exc, DiceError) else side_asks.IN_THE_WAY
        return refusal(shown, 400)
    except side_asks.UNREADABLE as exc:
        return refusal(str(side_asks.malformed(exc)), 400)
    published = views.publish(who.table.battle_id, current.ruleset, after,
                              entry.model_dump(mode="json"),
                              campaigns.committed(db, who.table.battle_id, entry))
    now = _changed(request, who.table.battle_id, published)
    fresh = _fresh(request, who, now)
    logged = [e for e in fresh["log"] if e["seq"] == entry.seq]
    return JSONResponse({"entry": logged[0] if logged else None, "state": fresh})


@router.post("/t/{table_id}/enemy-phase")
def enemy_phase(request: Request, table_id: str, body: commands.Phase) -> Response:
    """The engine plays the phase (GM only); each decision with its reasons and its
    best scored candidates (``battle enemy-phase --explain``)."""
    who = seat_of(request, table_id)
    require(who, "gm")
    try:
        decisions = tables.play_side(request.app.state.db, who.table.battle_id, body.seq,
                                     dice_authority.gm_dice(body.rolls))
    except StaleBattle as exc:
        return _stale(request, who, exc)
    now = _changed(request, who.table.battle_id)
    return JSONResponse(json.loads(json.dumps(
        {"decisions": decisions, "state": _fresh(request, who, now)}, default=str)))


@router.post("/t/{table_id}/enemy-step")
def enemy_step(request: Request, table_id: str, body: commands.Step) -> Response:
    """The engine's next decision with its reasons (GM only): shown first (nothing is
    logged), then, with ``apply``, played on the board it was shown on (``seq``)."""
    who = seat_of(request, table_id)
    require(who, "gm")
    try:
        decision = tables.enemy_step(request.app.state.db, who.table.battle_id, body.seq,
                                     body.apply, dice_authority.gm_dice(body.rolls))
    except StaleBattle as exc:
        return _stale(request, who, exc)
    now = _changed(request, who.table.battle_id) if body.apply else None
    return JSONResponse(json.loads(json.dumps(
        {"decision": decision, "applied": body.apply, "state": _fresh(request, who, now)},
        default=str)))


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
    """The whole log as this seat's side saw it, as a download, with what to check it
    against (``chain``)."""
    who, current, side = _looking(request, table_id)
    views = _views(request)
    entries, head = views.log(current, side)
    data = {"entries": entries, "chain": views.chain(current, side, head)}
    return Response(json.dumps(data, indent=2), media_type="application/json", headers={
        "content-disposition": f'attachment; filename="battle-{table_id}-log.json"'})


@router.get("/t/{table_id}/battle.json")
def battle_download(request: Request, table_id: str) -> Response:
    """The whole battle as a battle file (seed, start, every entry with its hash), for
    the GM at any time and for every seat once the battle has ended: the seed matches
    the commitment shown from the start, and ``tactician battle log --battle FILE``
    verifies every seeded die and the chain."""
    who, current, _ = _looking(request, table_id)
    if who.role != "gm" and not current.ended:
        raise NotAllowed("the whole battle is shown when it ends")
    data = tables.battle_file(request.app.state.db, who.table.battle_id)
    return Response(json.dumps(data, indent=2), media_type="application/json", headers={
        "content-disposition": f'attachment; filename="battle-{table_id}.json"'})


@router.get("/t/{table_id}/unit/{unit}")
def unit(request: Request, table_id: str, unit: str) -> dict[str, Any]:
    """A unit's whole entry of the seat's board (its sheet in battle), if in sight."""
    who, current, side = _looking(request, table_id)
    for found in _views(request).board(current, side)["units"]:
        if found["id"] == unit:
            shown: dict[str, Any] = found
            return shown
    raise TacticianError(NO_UNIT)


class LinkAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    expires_in: int | None = Field(default=None, ge=60, le=366 * 24 * 3600)


@router.post("/t/{table_id}/seats/{seat}/link")
def seat_link(request: Request, table_id: str, seat: str, body: LinkAsk) -> dict[str, Any]:
    """A new join link for ``seat`` (GM only), valid for ``expires_in`` seconds if
    given: the seat's old link and cookies stop working."""
    who = seat_of(request, table_id)
    require(who, "gm")
    expires = int(time.time()) + body.expires_in if body.expires_in else None
    token = reissue(request.app.state.db, table_id, who.table.seat(seat).seat, expires)
    base = str(request.base_url).rstrip("/")
    return {"seat": seat, "link": f"{base}/t/{table_id}/join#{token}", "expires": expires}


@router.post("/t/{table_id}/seats/{seat}/revoke")
def seat_revoke(request: Request, table_id: str, seat: str) -> dict[str, Any]:
    """No link opens ``seat`` any more until the GM re-issues one (GM only)."""
    who = seat_of(request, table_id)
    require(who, "gm")
    revoke(request.app.state.db, table_id, who.table.seat(seat).seat)
    return {"seat": seat, "revoked": True}


class DiceAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    authority: str = Field(max_length=10)


@router.post("/t/{table_id}/dice")
def dice_setting(request: Request, table_id: str, body: DiceAsk) -> dict[str, Any]:
    """Who may enter which physical die at this table (GM only,
    ``table.dice_authority``)."""
    who = seat_of(request, table_id)
    require(who, "gm")
    dice_authority.set_authority(request.app.state.db, table_id, body.authority)
    return {"dice_authority": body.authority}

