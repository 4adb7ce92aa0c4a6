"""Opening a stored battle from a snapshot verifies what it reads (``chain.verify_entries``):
an entry after the snapshot that was edited in the database is refused, naming the
battle and the entry, and an action (which reads the whole log) verifies it all."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select

from tactician.errors import ContentError
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database
from tactician.store.models import EntryRow, SnapshotRow
from tactician.table import campaigns as service
from tests.store.ford import MAP, SEED, UNITS, played_actions


def _ford(db: Database, campaign: CampaignInfo) -> int:
    info = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED).info
    for action in played_actions()[:6]:
        service.perform(db, info.id, action, every=50)
    return info.id


def _edit(db: Database, battle_id: int, seq: int, summary: str) -> None:
    with db.write() as session:
        row = session.scalars(select(EntryRow).where(EntryRow.battle_id == battle_id,
                                                     EntryRow.seq == seq)).one()
        row.entry = {**row.entry, "summary": summary}


def _drop_snapshots_after(db: Database, battle_id: int, seq: int) -> None:
    with db.write() as session:
        session.execute(delete(SnapshotRow).where(SnapshotRow.battle_id == battle_id,
                                                  SnapshotRow.seq > seq))


def test_an_entry_edited_after_the_snapshot_is_refused(db: Database,
                                                       campaign: CampaignInfo) -> None:
    battle_id = _ford(db, campaign)
    _drop_snapshots_after(db, battle_id, 0)  # open from the start: every entry is read
    service.open_battle(db, battle_id)  # sound
    _edit(db, battle_id, 4, "edited by hand")
    with pytest.raises(ContentError, match=r"battle 'ford': the log does not verify.*entry 4"):
        service.open_battle(db, battle_id)
    # an action reads and verifies the whole log unless this process holds the battle
    # as it stored it (``table.held``: the store's head hash is checked, not every
    # row), as another process or a restart does not
    service.HOLDER.drop(db, battle_id)
    with pytest.raises(ContentError, match=r"entry 4"):
        service.perform(db, battle_id, {"type": "end_phase"})


def test_the_tail_is_chained_to_the_snapshots_entry(db: Database,
                                                    campaign: CampaignInfo) -> None:
    battle_id = _ford(db, campaign)
    # a snapshot after entry 3 (taken by an undo to 3 and redone): entries 4.. chain to 3
    entries = service.store.load_battle(db, battle_id).log
    service.take_back(db, battle_id, keep=3)
    with db.write() as session:
        for entry in entries[3:]:
            session.add(EntryRow(battle_id=battle_id, seq=entry.seq,
                                 entry=entry.model_dump(mode="json")))
    with db.write() as session:
        row = session.get(service.store.BattleRow, battle_id)
        assert row is not None
        row.last_seq = len(entries)
    tail = service.store.load_tail(db, battle_id)
    assert tail.snapshot_seq == 3 and tail.anchor is not None and tail.anchor.seq == 3
    service.open_battle(db, battle_id)  # the restored entries chain to entry 3
    _edit(db, battle_id, 5, "edited")
    with pytest.raises(ContentError, match=r"entry 5"):
        service.open_battle(db, battle_id)
