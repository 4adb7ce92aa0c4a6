"""The GM desk's stored simulations (``tactician simulate``'s runs kept in a
campaign, ``store.simulations``): a page listing them and drawing one (win chance
with its interval, rounds histogram, each unit's chance to fall:
``static/simulations.js``, plain SVG), and the JSON it reads. GM only."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from tactician.store.simulations import every_simulation, simulation_report
from tactician.web.auth import csrf_token, gm_of

router = APIRouter()


@router.get("/gm/simulations", response_class=HTMLResponse)
def simulations_page(request: Request) -> Response:
    gm = gm_of(request)
    return request.app.state.templates.TemplateResponse(request, "simulations.html", {
        "csrf": csrf_token(gm)})


@router.get("/gm/simulations.json")
def simulations(request: Request) -> dict[str, Any]:
    gm_of(request)
    return {"simulations": every_simulation(request.app.state.db)}


@router.get("/gm/simulations/{simulation_id}.json")
def simulation(request: Request, simulation_id: int) -> dict[str, Any]:
    gm_of(request)
    return simulation_report(request.app.state.db, simulation_id)
