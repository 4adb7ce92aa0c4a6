"""The battle a process holds between actions (``table.held``): used only while the
store's head is the one it was stored at, so another process's undo and new action
(same sequence number) are never acted on from a stale copy."""

from __future__ import annotations

from typing import Any

import pytest

from tactician.errors import StaleBattle
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database
from tactician.table import campaigns as service
from tactician.table.held import Holder
from tests.store.ford import MAP, SEED, UNITS, played_actions


def _ford(db: Database, campaign: CampaignInfo, actions: int) -> int:
    info = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED).info
    for action in played_actions()[:actions]:
        service.perform(db, info.id, action)
    return info.id


def _no_open(*_: Any, **__: Any) -> Any:
    raise AssertionError("the battle was read whole")


def test_an_action_and_its_undo_use_the_held_battle(db: Database, campaign: CampaignInfo,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    actions = played_actions()
    battle_id = _ford(db, campaign, 3)
    monkeypatch.setattr(service, "open_battle", _no_open)
    monkeypatch.setattr(service.store, "load_tail", _no_open)
    service.perform(db, battle_id, actions[3], expected_seq=3)
    service.take_back(db, battle_id, expected_seq=4)
    service.take_back(db, battle_id, expected_seq=3)
    service.perform(db, battle_id, actions[2], expected_seq=2)
    monkeypatch.undo()
    assert service.check_battle(db, battle_id) == []
    assert service.store.get_battle(db, battle_id).last_seq == 3


def test_another_process_undo_and_action_is_not_acted_on_stale(
        db: Database, campaign: CampaignInfo, monkeypatch: pytest.MonkeyPatch) -> None:
    actions = played_actions()
    battle_id = _ford(db, campaign, 3)
    held = service.HOLDER
    # "another process" (its own holder): undoes entry 3 and plays entry 3 again; the
    # sequence number is 3 as before, only the stream counter and the hash differ
    monkeypatch.setattr(service, "HOLDER", Holder())
    service.take_back(db, battle_id, expected_seq=3)
    other, _ = service.perform(db, battle_id, actions[2], expected_seq=2)
    monkeypatch.setattr(service, "HOLDER", held)
    entry, _ = service.perform(db, battle_id, actions[3], expected_seq=3)
    log = service.store.load_battle(db, battle_id).log
    assert [e.hash for e in log[2:]] == [other.hash, entry.hash]
    assert service.check_battle(db, battle_id) == []


def test_an_undo_decided_before_another_undo_and_action_is_stale(
        db: Database, campaign: CampaignInfo) -> None:
    battle_id = _ford(db, campaign, 3)
    info = service.store.get_battle(db, battle_id)
    service.take_back(db, battle_id, expected_seq=3)
    service.perform(db, battle_id, played_actions()[2], expected_seq=2)
    with pytest.raises(StaleBattle):
        service.store.drop_entries(db, battle_id, 3, 2, expected_streams=info.streams)
    assert service.store.get_battle(db, battle_id).last_seq == 3
