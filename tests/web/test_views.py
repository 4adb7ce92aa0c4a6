"""The per-process view cache (``web.views``) always equals a fresh read: after any
sequence of actions (their boards published from the state in hand) and undos
(including an undo followed by a new action at the same sequence number), the
cached board and log are the store's, and the fog filter keeps only what it should."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactician.store.database import open_database
from tactician.table import campaigns, tables
from tactician.web.fog import entries_for, fog_for
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
    finally:
        db.close()


def test_the_gm_sees_everything_and_a_side_not_its_hidden_foes() -> None:
    view = {"units": [
        {"id": "a", "name": "Aela", "side": "player", "conditions": []},
        {"id": "x", "name": "Shade", "side": "enemy", "conditions": [{"name": "Hidden"}]},
        {"id": "b", "name": "Bandit", "side": "enemy", "conditions": []},
    ]}
    assert fog_for(view, None).clear
    fog = fog_for(view, "player")
    assert fog.ids == {"x"} and fog.names == {"Shade"}
    assert fog_for(view, "enemy").clear  # its own side sees it
    entries = [{"seq": 1, "summary": "Shade moves"}, {"seq": 2, "summary": "Bandit waits"}]
    shown = entries_for(entries, fog)
    assert [e["seq"] for e in shown] == [1, 2]
    assert "Shade" not in str(shown[0]) and shown[1] == entries[1]
    assert fog.scrub({"order": ["a", "x", "b"], "text": "Shade's Turn"}) == {
        "order": ["a", "b"], "text": "someone unseen's Turn"}
    # a ruleset's own visibility overrides the Hidden reading
    seen = {**view, "visibility": {"player": ["a", "x"]}}
    assert fog_for(seen, "player").ids == {"b"}
