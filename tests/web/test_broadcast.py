"""The events encoded ahead (``web.broadcast``): a seat's bytes are its own fogged
payload and nothing else, encoded once per version and shared by its clients, made
only for seats with a stream open; and the wake-up that confirms the committing
thread's board spares the woken streams any read."""

from __future__ import annotations

import asyncio
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tactician.store.database import open_database
from tactician.table import campaigns, tables
from tactician.table.seats import create_table
from tactician.web.broadcast import Broadcast, encode
from tactician.web.hub import Hub
from tactician.web.views import Views, live
from tests.web.helpers import ambush, duel


def test_a_seats_bytes_are_its_own_fogged_payload(tmp_path: Path) -> None:
    url = str(tmp_path / "a.sqlite")
    battle = ambush(url)
    db = open_database(url)
    try:
        table, _ = create_table(db, battle, "t", [("Ana", ["aela"]), ("Bo", ["brand"])])
        views = Views(db)
        broadcast = Broadcast(views)
        current = views.current(battle)
        sent: dict[str, bytes] = {}
        for seat in table.seats:
            sent[seat.seat] = broadcast.frame(table, seat, current)
            expected = json.dumps(live(views.payload(table, seat, current)), default=str)
            assert sent[seat.seat] == encode(current.version, expected)
            assert sent[seat.seat].startswith(f"id: {current.version}\r\n".encode())
            assert sent[seat.seat].endswith(b"\r\n\r\n")
            assert sent[seat.seat].count(b"\r\n\r\n") == 1  # one event, one data line
        # the hidden lurker (Shadowfang) is in the GM's bytes only
        for name in ("p1", "p2", "spectator"):
            assert b"lurker" not in sent[name] and b"Shadowfang" not in sent[name]
        assert b"lurker" in sent["gm"]
        # every seat its own bytes: p1's controls are not p2's
        assert len(set(sent.values())) == len(sent)
    finally:
        db.close()


def test_prepare_encodes_once_for_the_seats_listening(tmp_path: Path) -> None:
    url = str(tmp_path / "d.sqlite")
    battle = duel(url)
    db = open_database(url)
    try:
        table, _ = create_table(db, battle, "t", [("Ana", ["aria"]), ("Bo", ["gilliam"])])
        views = Views(db)
        broadcast = Broadcast(views)
        p1, spectator = table.seat("p1"), table.seat("spectator")
        with broadcast.listening(table, p1), broadcast.listening(table, p1):
            current = broadcast.prepare(battle)
            first = broadcast.cached(table, p1, current)
            assert first is not None and broadcast.cached(table, spectator, current) is None
            assert broadcast.frame(table, p1, current) is first  # shared, not re-encoded
            entry, after = campaigns.perform(db, battle, {"type": "move", "unit": "aria",
                                                          "to": [1, 1]},
                                             expected_seq=current.seq)
            published = views.publish(battle, "tropera", after, entry.model_dump(mode="json"))
            assert published is not None
            moved = broadcast.prepare(battle, published)
            assert moved is published and moved.version != current.version
            again = broadcast.cached(table, p1, moved)
            assert again is not None and again != first
            assert again.startswith(f"id: {moved.version}\r\n".encode())
        # the last stream of the seat gone: nothing kept for it
        assert broadcast.cached(table, p1, moved) is None
    finally:
        db.close()


def test_the_wake_up_confirms_the_board_so_streams_read_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = str(tmp_path / "w.sqlite")
    battle = duel(url)
    db = open_database(url)

    async def scenario() -> None:
        hub = Hub()
        hub.bind(asyncio.get_running_loop())
        views = Views(db)
        current = views.current(battle)
        wake = hub.event(battle)
        hub.changed(battle, partial(views.confirm, battle, current))
        assert await hub.wait(wake, 5)
        generation = hub.generation(battle)

        def no_read(*_: object) -> None:
            raise AssertionError("a confirmed board was read again")

        with monkeypatch.context() as patched:
            patched.setattr(tables, "info", no_read)
            assert await views.refresh(battle, generation) is current
        # a board the cache no longer holds is not confirmed: the stream reads
        stale = views.current(battle)
        views._cache.pop(battle)
        hub.changed(battle, partial(views.confirm, battle, stale))
        await asyncio.sleep(0.05)
        fresh = await views.refresh(battle, hub.generation(battle))
        assert fresh is not stale and fresh.key == stale.key

    try:
        asyncio.run(scenario())
    finally:
        db.close()


def test_an_undo_of_the_published_action_reads_no_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board an undo goes back to is the one the action's ``publish`` replaced
    (same log, by its last hash): taken without reading the battle, and equal to a
    fresh read; an undo to any other board reads it."""
    url = str(tmp_path / "u.sqlite")
    battle = duel(url)
    db = open_database(url)
    try:
        views = Views(db)
        for number in range(3):  # the bench's loop: act, undo, act, undo...
            start = views.current(battle)
            entry, after = campaigns.perform(db, battle, {"type": "move", "unit": "aria",
                                                          "to": [1, number % 2]},
                                             expected_seq=start.seq)
            assert views.publish(battle, "tropera", after,
                                 entry.model_dump(mode="json")) is not None
            campaigns.take_back(db, battle, expected_seq=start.seq + 1)
            with monkeypatch.context() as patched:
                patched.setattr(tables, "board_state", lambda *_: pytest.fail("board read"))
                undone = views.current(battle)
            fresh = Views(db).current(battle)
            assert (undone.key, undone.view, undone.entries) == (fresh.key, fresh.view,
                                                                 fresh.entries)
            assert undone.key != start.key  # the undo's own version (streams moved on)
        # two entries, then two undos: the second goes where no publish came from
        for step in ({"type": "move", "unit": "aria", "to": [1, 1]}, {"type": "end_phase"}):
            campaigns.perform(db, battle, step, expected_seq=views.current(battle).seq)
        views.current(battle)
        campaigns.take_back(db, battle)
        campaigns.take_back(db, battle)
        reads: list[int] = []
        board = tables.board_state

        def counted(*args: Any) -> Any:
            reads.append(1)
            return board(*args)

        monkeypatch.setattr(tables, "board_state", counted)
        assert views.current(battle).view == Views(db).current(battle).view
        assert reads
    finally:
        db.close()
