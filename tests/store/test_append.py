"""One transaction per action, and the stale-sequence check (issue 14: "a writer
whose number is stale gets a clear 'the battle moved on (now at N), reload'
error and nothing is applied twice or lost")."""

from __future__ import annotations

import pytest

from tactician.engine.battle import replay
from tactician.errors import TacticianError
from tactician.store.battles import (
    StaleBattle,
    append_entry,
    create_battle,
    drop_entries,
    load_battle,
    load_tail,
)
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database
from tests.store.counter import RULES, new_battle, play
from tests.store.writers import run_writers


def test_appended_entries_rebuild_the_same_battle(db: Database, campaign: CampaignInfo) -> None:
    battle, entries = play(new_battle(seed=4), ["a", "b", "c"])
    info = create_battle(db, campaign, "b", new_battle(seed=4))
    for seen, entry in enumerate(entries):
        append_entry(db, info.id, seen, entry)
    assert load_battle(db, info.id) == battle


def test_a_stale_writer_is_refused_and_nothing_applied(db: Database,
                                                       campaign: CampaignInfo) -> None:
    _, entries = play(new_battle(), ["a", "b"])
    info = create_battle(db, campaign, "b", new_battle())
    append_entry(db, info.id, 0, entries[0])
    with pytest.raises(StaleBattle, match=r"the battle moved on \(now at 1\), reload"):
        append_entry(db, info.id, 0, entries[0])
    with pytest.raises(StaleBattle, match=r"now at 1"):
        append_entry(db, info.id, 2, entries[1])
    assert [e.seq for e in load_battle(db, info.id).log] == [1]


def test_a_batch_is_all_or_nothing(db: Database, campaign: CampaignInfo) -> None:
    _, entries = play(new_battle(), ["a", "b", "c"])
    info = create_battle(db, campaign, "b", new_battle())
    with pytest.raises(TacticianError, match="cannot follow"):
        append_entry(db, info.id, 0, entries[1])
    assert load_battle(db, info.id).log == []


def test_undo_then_a_stale_action_is_refused(db: Database, campaign: CampaignInfo) -> None:
    """After an undo the sequence number comes round again: an action decided before
    the undo must not land on the state after it."""
    battle, entries = play(new_battle(), ["a", "b"])
    info = create_battle(db, campaign, "b", new_battle())
    append_entry(db, info.id, 0, entries[0])
    append_entry(db, info.id, 1, entries[1])
    with pytest.raises(StaleBattle):
        drop_entries(db, info.id, 1, 1)
    dropped = drop_entries(db, info.id, 2, 1)
    assert [e.seq for e in dropped] == [2]
    assert load_tail(db, info.id).info.last_seq == 1
    after_undo = load_battle(db, info.id)
    _, redo = play(after_undo, ["c"])
    append_entry(db, info.id, 1, redo[0])
    replay(load_battle(db, info.id), RULES)


@pytest.mark.parametrize(("writers", "rounds", "lockstep"),
                         [(2, 12, False), (8, 3, False), (2, 5, True), (8, 3, True)])
def test_concurrent_writers_lose_nothing(db_url: str, writers: int, rounds: int,
                                         lockstep: bool) -> None:
    """Writer processes act at once on one battle; in lockstep all of them decide on
    the same entry each round, so exactly one wins and the others are told."""
    from tactician.store.campaigns import create_campaign
    from tactician.store.database import open_database

    db = open_database(db_url)
    campaign = create_campaign(db, "c", "tropera", [])
    battle_id = create_battle(db, campaign, "b", new_battle(seed=9)).id
    db.close()
    results = run_writers(db_url, battle_id, writers, rounds, lockstep)
    db = open_database(db_url)
    battle = load_battle(db, battle_id)
    db.close()
    accepted = [tag for tags, _ in results for tag in tags]
    stale = sum(count for _, count in results)
    logged = [e.action["tag"] for e in battle.log]
    assert sorted(logged) == sorted(accepted)  # nothing lost, nothing applied twice
    assert len(set(logged)) == len(logged)
    assert [e.seq for e in battle.log] == list(range(1, len(logged) + 1))
    assert len(accepted) + stale == writers * rounds
    assert accepted  # someone always gets through
    if lockstep:
        assert (len(accepted), stale) == (rounds, rounds * (writers - 1))
    state = replay(battle, RULES)
    assert state["count"] == len(logged)


@pytest.mark.slow
@pytest.mark.parametrize(("writers", "rounds"), [(2, 6), (8, 3)])
def test_concurrent_players_on_a_tropera_battle(db_url: str, writers: int, rounds: int) -> None:
    """The same through the campaign service on the ford, in lockstep: every player
    decides on the same entry each round; one is applied, the others are told."""
    from tactician.store.database import open_database
    from tactician.table import campaigns as service
    from tests.store.ford import MAP, SEED, UNITS
    from tests.store.writers import play

    db = open_database(db_url)
    campaign = service.new_campaign(db, "c", "tropera", [])
    battle_id = service.start_battle(db, campaign, "ford", MAP, UNITS, seed=SEED).info.id
    db.close()
    results = run_writers(db_url, battle_id, writers, rounds, True, play)
    db = open_database(db_url)
    log = {e.seq: e.model_dump_json() for e in load_battle(db, battle_id).log}
    assert service.check_battle(db, battle_id) == []
    db.close()
    told = [item for items, _ in results for item in items]
    assert dict(told) == log and len(told) == len(log) == rounds
    assert sum(stale for _, stale in results) == rounds * (writers - 1)
