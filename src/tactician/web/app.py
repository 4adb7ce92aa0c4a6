"""The web table's application: ``create_app(db)`` wires the store, the live hub, the
routes, the templates and the package's own static files (nothing is loaded from
anywhere else)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from tactician.store.database import Database
from tactician.table import catalogue
from tactician.table.tables import contract_of
from tactician.web import (
    busy,
    errors,
    routes_chat,
    routes_choices,
    routes_events,
    routes_gm,
    routes_gm_edit,
    routes_map_art,
    routes_sheets,
    routes_simulations,
    routes_table,
)
from tactician.web.broadcast import Broadcast
from tactician.web.hub import Hub
from tactician.web.views import Views

HERE = Path(str(files("tactician.web")))


def create_app(db: Database) -> FastAPI:
    # Load the ruleset registry (and each contract) now, on one thread: the registry
    # marks itself loaded before it has read every entry point, so two first requests
    # on the thread pool could see it empty ("unknown ruleset").
    for ruleset in catalogue.rulesets():
        contract_of(str(ruleset["id"]))
    hub = Hub()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        # the rulesets and compendiums loaded above live as long as the server: keep
        # them out of the collector's full passes (shorter pauses under load)
        gc.freeze()
        if db.is_postgresql:
            hub.listen(db.url.set(drivername="postgresql").render_as_string(
                hide_password=False))
        try:
            yield
        finally:
            hub.close()

    app = FastAPI(title="Tactician table", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.db = db
    app.state.hub = hub
    app.state.views = Views(db)
    app.state.broadcast = Broadcast(app.state.views)
    app.state.templates = Jinja2Templates(directory=str(HERE / "templates"))
    errors.install(app)
    busy.install(app)  # a lock held elsewhere: the seat told, in its side's words
    app.include_router(routes_gm.router)
    app.include_router(routes_events.router)
    app.include_router(routes_chat.router)
    app.include_router(routes_table.router)
    app.include_router(routes_gm_edit.router)
    app.include_router(routes_choices.router)
    app.include_router(routes_map_art.router)
    app.include_router(routes_sheets.router)
    app.include_router(routes_simulations.router)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.get("/")
    def home(_: Request) -> Response:
        return RedirectResponse("/gm", status_code=303)

    app.add_middleware(busy.TellWaits)
    app.add_middleware(errors.BodyLimit)
    app.add_middleware(errors.SecurityHeaders)
    return app
