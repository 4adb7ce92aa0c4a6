"""Campaigns in and out of the database as bundles (``store.bundle``), and single
battles in and out as the engine's ``Battle`` (the JSON battle file).

An import is one transaction: the campaign, its roster with every recorded
change, its store, its battles with their logs and snapshots, or nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from tactician.engine.battle import Battle
from tactician.errors import TacticianError
from tactician.store import battles as stored
from tactician.store.bundle import (
    BattleFile,
    Bundle,
    CampaignFile,
    CharacterFile,
    StoreFile,
    utc,
)
from tactician.store.bundle import Change as ChangeFile
from tactician.store.campaigns import (
    CampaignInfo,
    character_history,
    get_store,
    list_characters,
)
from tactician.store.database import Database
from tactician.store.models import (
    BattleRow,
    Campaign,
    Character,
    CharacterChange,
    EntryRow,
    PartyStore,
    SnapshotRow,
)


def export_campaign(db: Database, campaign: CampaignInfo) -> Bundle:
    """The campaign as a bundle: characters and battles in order of name (code point
    order, the same on every database)."""
    characters = [
        CharacterFile(name=name, sheet=sheet, history=[
            ChangeFile(at=utc(c.at), who=c.who, what=c.what, before=c.before, after=c.after)
            for c in character_history(db, campaign, name)])
        for name, sheet in sorted(list_characters(db, campaign).items())
    ]
    battles = [BattleFile(name=info.name, status=info.status,
                          battle=stored.load_battle(db, info.id))
               for info in sorted(stored.list_battles(db, campaign), key=lambda b: b.name)]
    return Bundle(
        campaign=CampaignFile(name=campaign.name, ruleset=campaign.ruleset,
                              options=campaign.options, created=utc(campaign.created)),
        store=StoreFile(items=get_store(db, campaign)), characters=characters,
        battles=battles)


def import_campaign(db: Database, bundle: Bundle, name: str | None = None,
                    snapshots: Mapping[str, Mapping[int, tuple[dict[str, Any], bool]]]
                    | None = None) -> CampaignInfo:
    """Store ``bundle`` as a new campaign (named ``name`` or as in the bundle), with
    the given snapshots per battle name (seq -> (state, pinned)), in one
    transaction."""
    head = bundle.campaign
    title = name or head.name
    with db.write() as session:
        if session.scalars(select(Campaign.id).where(Campaign.name == title)).first():
            raise TacticianError(f"a campaign named {title!r} already exists; import it "
                                 "under another name (--name)")
        row = Campaign(name=title, ruleset=head.ruleset, options=list(head.options),
                       created=head.created)
        session.add(row)
        session.flush()
        session.add(PartyStore(campaign_id=row.id, items=list(bundle.store.items)))
        for character in _unique(bundle.characters, "character"):
            char = Character(campaign_id=row.id, name=character.name, sheet=character.sheet)
            session.add(char)
            session.flush()
            session.add_all(CharacterChange(character_id=char.id, at=c.at, who=c.who,
                                            what=c.what, before=c.before, after=c.after)
                            for c in character.history)
        for item in _unique(bundle.battles, "battle"):
            _add_battle(session, row.id, item, (snapshots or {}).get(item.name, {}))
        return CampaignInfo(row.id, row.name, row.ruleset, list(row.options), row.created)


def _unique(items: list[Any], kind: str) -> list[Any]:
    seen: set[str] = set()
    for item in items:
        if item.name in seen:
            raise TacticianError(f"the bundle has two {kind}s named {item.name!r}")
        seen.add(item.name)
    return items


def _add_battle(session: Any, campaign_id: int, item: BattleFile,
                states: Mapping[int, tuple[dict[str, Any], bool]]) -> None:
    data = item.battle.model_dump(mode="json")
    header = {k: v for k, v in data.items() if k not in stored.COLUMNS}
    row = BattleRow(campaign_id=campaign_id, name=item.name, ruleset=item.battle.ruleset,
                    seed=item.battle.seed, options=list(item.battle.options),
                    start=data["start"], header=header, streams=item.battle.streams,
                    last_seq=len(item.battle.log), status=item.status)
    session.add(row)
    session.flush()
    session.add_all(EntryRow(battle_id=row.id, seq=e["seq"], entry=e) for e in data["log"])
    session.add_all(SnapshotRow(battle_id=row.id, seq=seq, state=state, pinned=keep)
                    for seq, (state, keep) in sorted(states.items()))


def export_battle(db: Database, battle_id: int) -> Battle:
    """A stored battle as the engine's ``Battle`` (``engine.store_file.save_battle``
    writes it as the JSON battle file)."""
    return stored.load_battle(db, battle_id)


def import_battle(db: Database, campaign: CampaignInfo, name: str, battle: Battle,
                  status: str = "ongoing",
                  states: Mapping[int, tuple[dict[str, Any], bool]] | None = None
                  ) -> stored.BattleInfo:
    """A battle file's ``Battle`` stored in ``campaign`` as ``name`` (with snapshots
    ``states``, seq -> (state, pinned)), in one transaction."""
    if battle.ruleset != campaign.ruleset:
        raise TacticianError(f"battle is a {battle.ruleset!r} battle; campaign "
                             f"{campaign.name!r} plays {campaign.ruleset!r}")
    return stored.create_battle(db, campaign, name, battle, status, states)
