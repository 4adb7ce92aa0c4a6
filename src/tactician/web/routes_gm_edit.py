"""The GM's edits at a table (``POST /t/<id>/gm-edit``, issue 29): reveal or hide a
unit, set its HP or conditions, place it or take it off the map, each a logged entry
of the battle (``table.gm_edits``, ``engine.gm_edit``) decided on ``seq`` like any
command. GM only: any other seat gets the one refusal every GM command gives it
(``auth.require``), before anything about the battle is read."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from tactician.store.battles import StaleBattle
from tactician.table import campaigns, gm_edits
from tactician.web import routes_table
from tactician.web.auth import require, seat_of
from tactician.web.commands import MAX_SEQ

router = APIRouter()


class EditAsk(BaseModel):
    """One GM edit: ``edit`` (``engine.gm_edit.EDITS``), the unit and the edit's key."""

    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=0, le=MAX_SEQ)
    edit: str = Field(max_length=20)
    unit: str = Field(min_length=1, max_length=100)
    hp: int | None = Field(default=None, ge=0, le=10_000)
    conditions: dict[str, int] | None = Field(default=None, max_length=20)
    # one condition given or taken away: its name and its values (``gm_conditions``)
    condition: dict[str, str | int] | None = Field(default=None, max_length=8)
    to: tuple[int, int] | None = None

    def action(self) -> dict[str, Any]:
        keys = gm_edits.KEYS.get(self.edit, ())
        found: dict[str, Any] = {"edit": self.edit, "unit": self.unit}
        for key in keys:
            value = getattr(self, key)
            if value is not None:
                found[key] = list(value) if isinstance(value, tuple) else value
        return found


@router.post("/t/{table_id}/gm-edit")
def gm_edit(request: Request, table_id: str, body: EditAsk) -> Response:
    """Apply the edit (GM only); the answer is its logged entry and the fresh state."""
    who = seat_of(request, table_id)
    require(who, "gm")
    db = request.app.state.db
    views = routes_table._views(request)
    current = views.current(who.table.battle_id)
    try:
        entry, after = gm_edits.edit(db, who.table.battle_id, body.action(), body.seq)
    except StaleBattle as exc:
        return routes_table._stale(request, who, exc)
    published = views.publish(who.table.battle_id, current.ruleset, after,
                              entry.model_dump(mode="json"),
                              campaigns.committed(db, who.table.battle_id, entry))
    now = routes_table._changed(request, who.table.battle_id, published)
    fresh = routes_table._fresh(request, who, now)
    logged = [e for e in fresh["log"] if e["seq"] == entry.seq]
    return JSONResponse({"entry": logged[0] if logged else None, "state": fresh})
