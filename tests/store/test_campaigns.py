"""Campaigns, the roster with its history, the party store, on both databases."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func, select

from tactician.errors import TacticianError
from tactician.store.battles import create_battle
from tactician.store.campaigns import (
    CampaignInfo,
    character_history,
    create_campaign,
    current_campaign,
    delete_campaign,
    get_character,
    get_store,
    list_campaigns,
    save_character,
    set_store,
    use_campaign,
)
from tactician.store.database import Database
from tactician.store.models import BattleRow, Character, CharacterChange, EntryRow
from tests.store.counter import new_battle, play


def test_every_change_to_a_sheet_is_recorded(db: Database, campaign: CampaignInfo) -> None:
    save_character(db, campaign, "Aria", {"hp": 20}, "gm", "created")
    save_character(db, campaign, "Aria", {"hp": 14}, "battle ford", "wounded: 6 damage")
    assert get_character(db, campaign, "Aria") == {"hp": 14}
    history = character_history(db, campaign, "Aria")
    assert [(c.who, c.what, c.before, c.after) for c in history] == [
        ("gm", "created", None, {"hp": 20}),
        ("battle ford", "wounded: 6 damage", {"hp": 20}, {"hp": 14})]
    with pytest.raises(TacticianError, match="no character named 'Lute'"):
        character_history(db, campaign, "Lute")


def test_party_store(db: Database, campaign: CampaignInfo) -> None:
    assert get_store(db, campaign) == []
    set_store(db, campaign, [{"item": "Vulnerary", "uses": 3}])
    assert get_store(db, campaign) == [{"item": "Vulnerary", "uses": 3}]


def test_current_campaign(db: Database) -> None:
    with pytest.raises(TacticianError, match="create one"):
        current_campaign(db)
    create_campaign(db, "ford", "tropera", [])
    assert current_campaign(db).name == "ford"  # the only one
    create_campaign(db, "keep", "tropera", [])
    with pytest.raises(TacticianError, match="campaign use NAME"):
        current_campaign(db)
    use_campaign(db, "keep")
    assert current_campaign(db).name == "keep"
    with pytest.raises(TacticianError, match="already exists"):
        create_campaign(db, "keep", "uesrpg", [])


def test_delete_takes_everything_with_it(db: Database, campaign: CampaignInfo) -> None:
    other = create_campaign(db, "keep", "tropera", [])
    for owner in (campaign, other):
        save_character(db, owner, "Aria", {"hp": 20}, "gm", "created")
        create_battle(db, owner, "b", play(new_battle(), ["a", "b"])[0])
    use_campaign(db, "ford")
    delete_campaign(db, "ford")
    assert [c.name for c in list_campaigns(db)] == ["keep"]
    with db.read() as session:
        counts = [session.scalar(select(func.count()).select_from(model))
                  for model in (Character, CharacterChange, BattleRow, EntryRow)]
    assert counts == [1, 1, 1, 2]
    assert current_campaign(db).name == "keep"


def test_backup_while_open(db: Database, campaign: CampaignInfo, tmp_path: Path) -> None:
    """A consistent copy while the database is open: SQLite's online backup, or
    pg_dump's SQL for PostgreSQL."""
    import shutil
    import sqlite3

    from tactician.store.backup import backup

    save_character(db, campaign, "Aria", {"hp": 20}, "gm", "created")
    target = tmp_path / "backup"
    if db.is_postgresql and shutil.which("pg_dump") is None:
        with pytest.raises(TacticianError, match="needs pg_dump"):
            backup(db, target)
        return
    backup(db, target)
    if db.is_sqlite:
        copy = sqlite3.connect(target)
        assert copy.execute("SELECT name FROM character").fetchall() == [("Aria",)]
        copy.close()
    else:
        text = target.read_text()
        assert "CREATE TABLE public.character" in text and "Aria" in text
    with pytest.raises(TacticianError, match="exists"):
        backup(db, target)
