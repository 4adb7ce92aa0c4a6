"""An action on a long campaign battle reads the battle from its newest snapshot on, not
its whole log (issue 28: "an action on a 5,000-entry battle ... within 1.2x a 10-entry
one"): the entries read are counted by an instrumented reader, so the test does not
depend on timing. The entry it appends is the one the whole battle gives (number,
stream, dice, hash), the chain still verifies from the start, and ``--at N:HASH`` is
still checked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tactician.engine.battle import act_steps, replay
from tactician.errors import StaleBattle, TacticianError
from tactician.store import battles as store
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database
from tactician.table import campaigns as service
from tactician.table.battle_places import At, StoredPlace
from tactician.table.battles import load, perform_steps, take_back
from tests.store.ford import MAP, SEED, UNITS

LONG = 240  # entries: each ``end_phase`` (a phase end) pins a snapshot


@pytest.fixture
def read_entries(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many log entries each read of the store returned (``store.battles``'s one
    reader of entry rows)."""
    counts: list[int] = []
    real = store._read_entries

    def counted(*args: Any, **kwargs: Any) -> Any:
        found = real(*args, **kwargs)
        counts.append(len(found))
        return found

    monkeypatch.setattr(store, "_read_entries", counted)
    yield counts


def _long_ford(db: Database, campaign: CampaignInfo) -> int:
    info = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED,
                                options=["round_cap=none"]).info
    for _ in range(LONG // 60):
        service.perform_many(db, info.id, [{"type": "end_phase"}] * 60)
    return info.id


def test_an_action_on_a_long_battle_reads_a_bounded_number_of_entries(
        db: Database, campaign: CampaignInfo, read_entries: list[int]) -> None:
    battle_id = _long_ford(db, campaign)
    whole = store.load_battle(db, battle_id)
    assert len(whole.log) == LONG
    rules = service.rules_for(whole.ruleset, whole.options)
    # what the whole battle gives for the action (nothing stored)
    _, expected = act_steps(whole, rules, {"type": "end_phase"}, None, replay(whole, rules))
    read_entries.clear()
    entries, _ = perform_steps(StoredPlace(db, battle_id, "ford"), {"type": "end_phase"})
    assert sum(read_entries) <= 2, read_entries  # the snapshot's entry, not the log
    assert [e.model_dump() for e in entries] == [e.model_dump() for e, _ in expected]
    after = store.load_battle(db, battle_id)
    assert [e.seq for e in after.log] == list(range(1, LONG + 2))
    assert after.log[-1].hash == entries[-1].hash
    assert service.check_battle(db, battle_id) == []  # the whole chain and every snapshot


def test_the_tail_keeps_the_stale_checks_and_undo(db: Database,
                                                  campaign: CampaignInfo) -> None:
    battle_id = _long_ford(db, campaign)
    place = StoredPlace(db, battle_id, "ford")
    loaded = load(place, whole_log=False)
    assert loaded.battle is None and loaded.tail is not None
    assert (loaded.seq, loaded.tail.last_seq) == (LONG, LONG)
    head = store.head(db, battle_id)[1]
    assert loaded.head == head
    with pytest.raises(StaleBattle):
        perform_steps(place, {"type": "end_phase"}, expected_seq=At(LONG, "0" * 8),
                      loaded=loaded)
    with pytest.raises(StaleBattle):
        perform_steps(place, {"type": "end_phase"}, expected_seq=LONG - 1, loaded=loaded)
    perform_steps(place, {"type": "end_phase"}, expected_seq=At(LONG, head[:8]),
                  loaded=loaded)
    with pytest.raises(StaleBattle):  # decided on the read before that action
        perform_steps(place, {"type": "end_phase"}, loaded=loaded)
    dropped = take_back(place)  # undo reads the whole log, and still works
    assert [e.seq for e in dropped] == [LONG + 1]
    assert service.check_battle(db, battle_id) == []


def test_a_tail_is_refused_where_every_entry_is_needed(db: Database, campaign: CampaignInfo,
                                                       tmp_path: Path) -> None:
    from tactician.engine.store_file import save_battle
    from tactician.engine.undo import undo, undo_phase

    battle_id = _long_ford(db, campaign)
    tail = load(StoredPlace(db, battle_id, "ford"), whole_log=False).tail
    assert tail is not None and tail.anchor is not None and tail.log == []
    rules = service.rules_for(tail.ruleset, tail.options)
    for needs in (lambda: undo(tail), lambda: undo_phase(tail, rules),
                  lambda: replay(tail, rules), lambda: save_battle(tail, tmp_path / "f.json")):
        with pytest.raises(TacticianError, match="needs the whole log"):
            needs()
    assert not (tmp_path / "f.json").exists()
