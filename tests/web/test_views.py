"""The per-process view cache (``web.views``) always equals a fresh read: after any
sequence of actions (their boards published from the state in hand) and undos
(including an undo followed by a new action at the same sequence number), the
cached board and log are the store's, and so is each side's log."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactician.store.database import open_database
from tactician.table import campaigns, tables
from tactician.web.views import Views
from tests.web.helpers import duel

# "swap": undo and act again before the cache looks (the same number, another entry)
STEPS = st.lists(st.sampled_from(["move", "undo", "end", "swap"]), min_size=1, max_size=8)


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_the_cache_always_equals_a_fresh_read(tmp_path: Path, steps: list[str]) -> None:
    url = str(tmp_path / f"v{abs(hash(tuple(steps)))}.sqlite")
    battle = duel(url)
    db = open_database(url)
    try:
        views = Views(db)
        views.current(battle)
        for number, step in enumerate(steps):
            seq = tables.info(db, battle).last_seq
            try:
                if step in ("undo", "swap") and seq:
                    campaigns.take_back(db, battle)
                    seq -= 1
                if step in ("move", "swap"):
                    _, board = tables.board(db, battle, "aria")
                    tiles = board["reach"]["move"]
                    entry, after = campaigns.perform(
                        db, battle, {"type": "move", "unit": "aria",
                                     "to": tiles[number % len(tiles)]}, expected_seq=seq)
                    # as the act route does: the board from the state in hand
                    views.publish(battle, "tropera", after, entry.model_dump(mode="json"))
                if step == "end":
                    campaigns.perform(db, battle, {"type": "end_phase"}, expected_seq=seq)
            except Exception as exc:  # a move the rules refuse: nothing changed
                from tactician.errors import TacticianError

                assert isinstance(exc, TacticianError)
            cached = views.current(battle)
            fresh = Views(db).current(battle)
            assert cached.key == fresh.key
            assert cached.entries == [e.model_dump(mode="json") for e in tables.log(db, battle)]
            assert cached.view == fresh.view
            # each side's log, grown entry by entry and cut back by undos, is the one a
            # fresh read gives, and so is the head of its chain
            for side in ("player", "enemy"):
                assert views.log(cached, side) == Views(db).log(fresh, side)
    finally:
        db.close()
