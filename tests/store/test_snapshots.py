"""Snapshots: the state after every N-th entry and after the newest one; opening a
battle from its newest snapshot gives exactly the state a full replay gives."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from tactician.engine.battle import replay
from tactician.store.battles import load_battle, load_tail, snapshots
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database
from tactician.store.models import SnapshotRow
from tactician.table import campaigns as service
from tests.store.ford import MAP, SEED, UNITS, played_actions, played_log


def _ford(db: Database, campaign: CampaignInfo, every: int) -> int:
    info = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED).info
    for action in played_actions():
        service.perform(db, info.id, action, every=every)
    return info.id


def test_every_snapshot_equals_full_replay(db: Database, campaign: CampaignInfo) -> None:
    battle_id = _ford(db, campaign, every=4)
    battle = load_battle(db, battle_id)
    rules = service.rules_for(battle.ruleset, battle.options)
    kept = snapshots(db, battle_id)
    size = len(battle.log)
    assert size > 8
    phase_ends = {e.seq for e in battle.log if e.action["type"] == "end_phase"}
    assert phase_ends - set(range(4, size + 1, 4))  # a phase end off the every-4th grid
    expected = sorted({*range(4, size + 1, 4), *phase_ends, size})
    assert [seq for seq, _ in kept] == expected
    for seq, state in kept:
        assert state == rules.dump_state(replay(battle, rules, upto=seq))
    assert service.check_battle(db, battle_id) == []


def test_opening_replays_only_after_the_newest_snapshot(db: Database,
                                                        campaign: CampaignInfo) -> None:
    battle_id = _ford(db, campaign, every=4)
    tail = load_tail(db, battle_id)
    assert (tail.snapshot_seq, tail.entries) == (tail.info.last_seq, [])
    last = tail.info.last_seq
    service.take_back(db, battle_id)  # the newest snapshot goes, the one before comes
    tail = load_tail(db, battle_id)
    assert (tail.info.last_seq, tail.snapshot_seq, tail.entries) == (last - 1, last - 1, [])
    assert service.check_battle(db, battle_id) == []
    kept = [seq for seq, _ in snapshots(db, battle_id)]
    upto = max(n for n in range(1, last - 1) if n not in kept and n - 1 not in kept)
    as_of = load_tail(db, battle_id, upto=upto)
    assert as_of.snapshot_seq == max(seq for seq in kept if seq < upto)
    assert [e.seq for e in as_of.entries] == list(range(as_of.snapshot_seq + 1, upto + 1))
    battle = load_battle(db, battle_id)
    rules = service.rules_for(battle.ruleset, battle.options)
    opened = service.open_battle(db, battle_id)
    assert rules.dump_state(opened.state) == rules.dump_state(replay(battle, rules))


def test_check_names_a_snapshot_that_differs(db: Database, campaign: CampaignInfo) -> None:
    battle_id = _ford(db, campaign, every=4)
    with db.write() as session:
        session.execute(update(SnapshotRow).where(SnapshotRow.battle_id == battle_id,
                                                  SnapshotRow.seq == 4)
                        .values(state={"round": 99}))
    assert service.check_battle(db, battle_id) == [
        "battle 'ford': snapshot at entry 4 differs from the replayed state"]


def test_a_refused_action_stores_nothing(db: Database, campaign: CampaignInfo) -> None:
    from tactician.errors import TacticianError

    battle_id = _ford(db, campaign, every=4)
    before = (load_battle(db, battle_id), snapshots(db, battle_id))
    with pytest.raises(TacticianError):
        service.perform_many(db, battle_id, [{"type": "end_phase"},
                                             {"type": "move", "unit": "nobody", "to": [0, 0]}])
    assert (load_battle(db, battle_id), snapshots(db, battle_id)) == before


def test_phases_stored_whole_are_the_battle_the_engine_played(db: Database,
                                                              campaign: CampaignInfo) -> None:
    """Actions stored a phase per transaction draw the same dice as the file battle
    they came from (each action its own fresh stream)."""
    from tactician.store.battles import get_battle

    actions = list(played_actions())
    phases: list[list[dict[str, object]]] = [[]]
    for action in actions:
        phases[-1].append(action)
        if action["type"] == "end_phase":
            phases.append([])
    info = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED).info
    for phase in filter(None, phases):
        service.perform_many(db, info.id, phase)
    played = played_log()
    stored = load_battle(db, info.id)
    assert [(e.summary, e.dice) for e in stored.log] == [(e.summary, e.dice) for e in played]
    assert get_battle(db, info.id).streams == len(played)
