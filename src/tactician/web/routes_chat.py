"""The table's chat (``table.chat``): ``GET /t/<id>/chat?after=N`` the messages this
seat may read (whispers only to their sender and recipient), ``POST /t/<id>/chat``
``{"text": ..., "to": seat or null}`` to say something, whisper or ``/roll 2d6+1``.
Every seat may talk; a whisper names a seat of this table."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from tactician.table import chat
from tactician.web.auth import seat_of

router = APIRouter()


class Say(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, max_length=chat.MAX_TEXT)
    to: str | None = Field(default=None, max_length=20)


@router.get("/t/{table_id}/chat")
def read(request: Request, table_id: str, after: int = 0) -> dict[str, Any]:
    who = seat_of(request, table_id)
    return {"messages": chat.messages(request.app.state.db, who.table, who.seat, after),
            "seats": [{"seat": s.seat, "name": s.name} for s in who.table.seats
                      if s.seat != who.seat.seat]}


@router.post("/t/{table_id}/chat")
def say(request: Request, table_id: str, body: Say) -> dict[str, Any]:
    who = seat_of(request, table_id)
    return {"message": chat.send(request.app.state.db, who.table, who.seat, body.text,
                                 body.to or None)}
