"""Campaigns, the roster and the party store, each change one transaction.

Every change to a character writes a ``character_change`` row in the same
transaction (who, what, when, the sheet before and after), so a sheet's history
can always be shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tactician.errors import TacticianError
from tactician.store.database import Database
from tactician.store.models import (
    Campaign,
    Character,
    CharacterChange,
    PartyStore,
    Setting,
)
from tactician.store.names import check_name

CURRENT = "current_campaign"


@dataclass(frozen=True)
class CampaignInfo:
    id: int
    name: str
    ruleset: str
    options: list[str]
    created: datetime


@dataclass(frozen=True)
class Change:
    at: datetime
    who: str
    what: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None


def _info(row: Campaign) -> CampaignInfo:
    return CampaignInfo(row.id, row.name, row.ruleset, list(row.options), row.created)


def _by_name(session: Session, name: str) -> Campaign:
    row = session.scalars(select(Campaign).where(Campaign.name == name)).one_or_none()
    if row is None:
        known = ", ".join(session.scalars(select(Campaign.name).order_by(Campaign.name)))
        raise TacticianError(f"no campaign named {name!r} (campaigns: {known or 'none'})")
    return row


def create_campaign(db: Database, name: str, ruleset: str, options: list[str]) -> CampaignInfo:
    check_name(name, "campaign")
    with db.write() as session:
        if session.scalars(select(Campaign.id).where(Campaign.name == name)).first():
            raise TacticianError(f"a campaign named {name!r} already exists")
        row = Campaign(name=name, ruleset=ruleset, options=list(options))
        session.add(row)
        session.flush()
        session.add(PartyStore(campaign_id=row.id, items=[]))
        return _info(row)


def list_campaigns(db: Database) -> list[CampaignInfo]:
    with db.read() as session:
        return [_info(r) for r in session.scalars(select(Campaign).order_by(Campaign.name))]


def get_campaign(db: Database, name: str) -> CampaignInfo:
    with db.read() as session:
        return _info(_by_name(session, name))


def delete_campaign(db: Database, name: str) -> None:
    """Delete a campaign and everything in it (characters, battles, logs)."""
    with db.write() as session:
        row = _by_name(session, name)
        session.execute(delete(Setting).where(Setting.key == f"current_battle/{row.id}"))
        session.delete(row)
        session.flush()
        if _setting(session, CURRENT) == name:
            session.execute(delete(Setting).where(Setting.key == CURRENT))


def _setting(session: Session, key: str) -> str | None:
    row = session.get(Setting, key)
    return row.value if row is not None else None


def use_campaign(db: Database, name: str) -> CampaignInfo:
    with db.write() as session:
        info = _info(_by_name(session, name))
        session.merge(Setting(key=CURRENT, value=name))
        return info


def current_campaign(db: Database) -> CampaignInfo:
    """The campaign ``campaign use`` chose (or the only one there is)."""
    with db.read() as session:
        name = _setting(session, CURRENT)
        if name is not None:
            return _info(_by_name(session, name))
        rows = list(session.scalars(select(Campaign).limit(2)))
    if len(rows) == 1:
        return _info(rows[0])
    hint = "create one with `tactician campaign new`" if not rows else (
        "choose one with `tactician campaign use NAME`")
    raise TacticianError(f"no current campaign: {hint}")


# --- the roster ------------------------------------------------------------------------


def _character(session: Session, campaign: CampaignInfo, name: str) -> Character:
    row = session.scalars(
        select(Character).where(Character.campaign_id == campaign.id, Character.name == name)
    ).one_or_none()
    if row is None:
        raise TacticianError(f"campaign {campaign.name!r} has no character named {name!r}")
    return row


def save_character(
    db: Database, campaign: CampaignInfo, name: str, sheet: dict[str, Any], who: str, what: str
) -> None:
    """Add or change a character's sheet, recording the change (a new character's
    name checked by ``store.names``)."""
    with db.write() as session:
        row = session.scalars(
            select(Character).where(Character.campaign_id == campaign.id,
                                    Character.name == name)
        ).one_or_none()
        before = None if row is None else dict(row.sheet)
        if row is None:
            check_name(name, "character")
            row = Character(campaign_id=campaign.id, name=name, sheet=sheet)
            session.add(row)
            session.flush()
        else:
            row.sheet = sheet
        session.add(CharacterChange(character_id=row.id, who=who, what=what, before=before,
                                    after=sheet))


def get_character(db: Database, campaign: CampaignInfo, name: str) -> dict[str, Any]:
    with db.read() as session:
        return dict(_character(session, campaign, name).sheet)


def list_characters(db: Database, campaign: CampaignInfo) -> dict[str, dict[str, Any]]:
    with db.read() as session:
        rows = session.scalars(
            select(Character).where(Character.campaign_id == campaign.id).order_by(Character.name)
        )
        return {r.name: dict(r.sheet) for r in rows}


def character_history(db: Database, campaign: CampaignInfo, name: str) -> list[Change]:
    with db.read() as session:
        row = _character(session, campaign, name)
        changes = session.scalars(
            select(CharacterChange).where(CharacterChange.character_id == row.id)
            .order_by(CharacterChange.id)
        )
        return [Change(c.at, c.who, c.what, c.before, c.after) for c in changes]


# --- the party store ---------------------------------------------------------------------


def get_store(db: Database, campaign: CampaignInfo) -> list[Any]:
    with db.read() as session:
        row = session.get(PartyStore, campaign.id)
        return list(row.items) if row is not None else []


def set_store(db: Database, campaign: CampaignInfo, items: list[Any]) -> None:
    with db.write() as session:
        row = session.get(PartyStore, campaign.id)
        if row is None:
            session.add(PartyStore(campaign_id=campaign.id, items=list(items)))
        else:
            row.items = list(items)


def change_with_store(
    db: Database, campaign: CampaignInfo, name: str,
    change: Callable[[dict[str, Any], list[Any]], tuple[dict[str, Any], list[Any]]],
    who: str, what: str,
) -> tuple[dict[str, Any], list[Any]]:
    """Change one character's sheet and the party store together, in one write
    transaction with both rows locked (an item moved between them is never lost or
    doubled when two players move items at once); ``change`` gets the sheet and the
    store as they are inside it and returns both new. Recorded as a change."""
    with db.write() as session:
        row = session.scalars(
            select(Character).where(Character.campaign_id == campaign.id,
                                    Character.name == name).with_for_update()
        ).one_or_none()
        if row is None:
            raise TacticianError(f"campaign {campaign.name!r} has no character named {name!r}")
        store = session.get(PartyStore, campaign.id, with_for_update=True)
        before = dict(row.sheet)
        sheet, items = change(before, list(store.items) if store is not None else [])
        row.sheet = sheet
        if store is None:
            session.add(PartyStore(campaign_id=campaign.id, items=list(items)))
        else:
            store.items = list(items)
        session.add(CharacterChange(character_id=row.id, who=who, what=what, before=before,
                                    after=sheet))
        return sheet, list(items)
