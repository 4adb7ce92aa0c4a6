"""Battles in the database: the start and header on one row, the log one row per
entry (UNIQUE(battle_id, seq)), snapshots of the state along the way.

Each change is one transaction, wholly recorded or not at all. A writer names
the sequence number its action was decided on (the last entry it saw): if the
battle has moved on since, ``StaleBattle`` is raised and nothing is applied.
The check runs inside the transaction, after SQLite's ``BEGIN IMMEDIATE`` or
PostgreSQL's ``SELECT ... FOR UPDATE`` on the battle row has made this writer
the only one; the unique constraint stands behind it.

Undo keeps what it drops (``battle_undone``, the redo list) until the battle's next
action, which deletes it; a redo moves those entries back, unchanged, checking in its
transaction that they are still the ones it replayed.

Snapshots: the caller pins the ones to keep (``table.campaigns``: every N-th
entry and each phase end); the state after the newest entry is kept too, until
the next one replaces it, so opening a battle loads one snapshot and replays
the few entries after it, if any.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from pydantic import ValidationError
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, defer

from tactician.engine.battle import Battle
from tactician.engine.log import Entry
from tactician.errors import StaleBattle, TacticianError

# the plain values, kept importable from here (``battle_rows``: no SQLAlchemy)
from tactician.store.battle_rows import BattleInfo, Tail
from tactician.store.battle_rows import as_tail as as_tail
from tactician.store.campaigns import CampaignInfo
from tactician.store.damage import damaged_battle_row, damaged_row
from tactician.store.database import Database, StoreConflict
from tactician.store.models import BattleRow, EntryRow, Setting, SnapshotRow, UndoneRow
from tactician.store.names import check_name

# Battle fields with a column or a table of their own (the redo list: ``battle_undone``;
# a stored or imported battle starts with none), not kept in the ``header`` JSON
COLUMNS = ("ruleset", "seed", "options", "start", "streams", "log", "undone")


# a battle's row without its start and header JSON: what finding and listing battles
# need (and a battle whose start was damaged does not stop the others being listed)
_HEADER_ONLY = (defer(BattleRow.start), defer(BattleRow.header))


def _info(row: BattleRow) -> BattleInfo:
    return BattleInfo(row.id, row.campaign_id, row.name, row.ruleset, row.seed,
                      list(row.options), row.streams, row.last_seq, row.status)


def _row(session: Session, battle_id: int, lock: bool = False) -> BattleRow:
    """The battle's row; locked (``FOR UPDATE``) for a writer, which then needs only
    its header columns: the start and header JSON are not read (the start is the
    largest part of the row, parsed again on every write before this)."""
    query = select(BattleRow).where(BattleRow.id == battle_id)
    if lock:
        query = query.options(defer(BattleRow.start), defer(BattleRow.header)).with_for_update()
    try:  # a lock another process holds is waited for out loud (store.pg_lock_wait)
        row = session.scalars(query).one_or_none()
    except json.JSONDecodeError as exc:  # its start or header was damaged
        raise damaged_battle_row(session, battle_id, exc) from None
    if row is None:
        raise TacticianError(f"no battle with id {battle_id}")
    return row


def _entries(session: Session, battle_id: int, after: int = 0) -> list[Entry]:
    return _read_entries(session, battle_id, "battle_entry", select(
        EntryRow.seq, EntryRow.entry).where(EntryRow.battle_id == battle_id,
                                            EntryRow.seq > after).order_by(EntryRow.seq),
        after)


def _read_entries(session: Session, battle_id: int, table: str, query: Any,
                  after: int = 0) -> list[Entry]:
    """The entries ``query`` selects (seq, entry), each read as the engine's ``Entry``;
    a damaged one is named (``store.damage``), never a JSON or validation traceback."""
    try:
        rows = session.execute(query).all()
    except json.JSONDecodeError as exc:
        raise damaged_row(session, battle_id, table, exc, after=after) from None
    entries = []
    for seq, data in rows:
        try:
            entries.append(Entry.model_validate(data))
        except ValidationError as exc:
            raise damaged_row(session, battle_id, table, exc, seq=seq) from None
    return entries


def create_battle(db: Database, campaign: CampaignInfo, name: str, battle: Battle,
                  status: str = "ongoing",
                  states: Mapping[int, tuple[dict[str, Any], bool]] | None = None
                  ) -> BattleInfo:
    """Store ``battle`` (its log too, for an import) under ``name`` in ``campaign``,
    with snapshots ``states`` (seq -> (state, pinned)), in one transaction."""
    check_name(name, "battle")
    data = battle.model_dump(mode="json")
    header = {k: v for k, v in data.items() if k not in COLUMNS}
    with db.write() as session:
        taken = select(BattleRow.id).where(BattleRow.campaign_id == campaign.id,
                                           BattleRow.name == name)
        if session.scalars(taken).first() is not None:
            raise TacticianError(f"campaign {campaign.name!r} already has a battle {name!r}")
        row = BattleRow(campaign_id=campaign.id, name=name, ruleset=battle.ruleset,
                        seed=battle.seed, options=list(battle.options), start=data["start"],
                        header=header, streams=battle.streams, last_seq=len(battle.log),
                        status=status)
        session.add(row)
        session.flush()
        session.add_all(EntryRow(battle_id=row.id, seq=e["seq"], entry=e) for e in data["log"])
        session.add_all(SnapshotRow(battle_id=row.id, seq=seq, state=state, pinned=keep)
                        for seq, (state, keep) in sorted((states or {}).items()))
        return _info(row)


def find_battle(db: Database, campaign: CampaignInfo, name: str) -> BattleInfo:
    with db.read() as session:
        row = session.scalars(select(BattleRow).options(*_HEADER_ONLY).where(
            BattleRow.campaign_id == campaign.id, BattleRow.name == name)).one_or_none()
        if row is None:
            known = ", ".join(session.scalars(select(BattleRow.name).where(
                BattleRow.campaign_id == campaign.id).order_by(BattleRow.name)))
            raise TacticianError(
                f"campaign {campaign.name!r} has no battle {name!r} (battles: {known or 'none'})")
        return _info(row)


def current_key(campaign: CampaignInfo) -> str:
    """The setting naming a campaign's current battle (``battle use``)."""
    return f"current_battle/{campaign.id}"


def use_battle(db: Database, campaign: CampaignInfo, name: str) -> BattleInfo:
    """Make ``name`` the campaign's current battle (the default of battle commands)."""
    info = find_battle(db, campaign, name)
    with db.write() as session:
        session.merge(Setting(key=current_key(campaign), value=name))
    return info


def current_battle(db: Database, campaign: CampaignInfo) -> BattleInfo:
    """The battle ``battle use`` (or ``battle new``) chose, or the only one there is."""
    with db.read() as session:
        chosen = session.get(Setting, current_key(campaign))
        name = chosen.value if chosen is not None else None
        if name is not None:
            row = session.scalars(select(BattleRow).options(*_HEADER_ONLY).where(
                BattleRow.campaign_id == campaign.id, BattleRow.name == name)).one_or_none()
            if row is not None:
                return _info(row)
        rows = list(session.scalars(select(BattleRow).options(*_HEADER_ONLY).where(
            BattleRow.campaign_id == campaign.id).limit(2)))
    if len(rows) == 1:
        return _info(rows[0])
    hint = ("start one with `tactician battle new NAME --map MAP --units UNITS`" if not rows
            else "choose one with `tactician battle use NAME` or --name NAME")
    raise TacticianError(f"campaign {campaign.name!r} has no current battle: {hint}")


def list_battles(db: Database, campaign: CampaignInfo) -> list[BattleInfo]:
    with db.read() as session:
        rows = session.scalars(select(BattleRow).options(*_HEADER_ONLY)
                               .where(BattleRow.campaign_id == campaign.id)
                               .order_by(BattleRow.name))
        return [_info(r) for r in rows]


def delete_battle(db: Database, battle_id: int) -> None:
    with db.write() as session:
        session.delete(_row(session, battle_id))


def load_battle(db: Database, battle_id: int) -> Battle:
    """The whole battle as the engine's model (start, header and every entry)."""
    with db.read() as session:
        row = _row(session, battle_id)
        return _assemble(row, _entries(session, battle_id))


def _assemble(row: BattleRow, log: list[Entry]) -> Battle:
    return _battle(dict(row.header), _info(row), row.start, log)


def assemble(tail: Tail) -> Battle:
    """The engine's ``Battle`` from a tail read with ``whole_log``."""
    return _battle(tail.header, tail.info, tail.start, tail.entries)


def _battle(header: dict[str, Any], info: BattleInfo, start: dict[str, Any],
            log: list[Entry]) -> Battle:
    return Battle.model_validate({**header, "ruleset": info.ruleset, "seed": info.seed,
                                  "options": list(info.options), "start": start,
                                  "streams": info.streams, "log": log})


_INFO = (BattleRow.id, BattleRow.campaign_id, BattleRow.name, BattleRow.ruleset,
         BattleRow.seed, BattleRow.options, BattleRow.streams, BattleRow.last_seq,
         BattleRow.status)


def get_battle(db: Database, battle_id: int) -> BattleInfo:
    """The battle's header columns only (not its start or header JSON): the web table
    checks it on every change."""
    with db.read() as session:
        row = session.execute(select(*_INFO).where(BattleRow.id == battle_id)).one_or_none()
        if row is None:
            raise TacticianError(f"no battle with id {battle_id}")
        return BattleInfo(row.id, row.campaign_id, row.name, row.ruleset, row.seed,
                          list(row.options), row.streams, row.last_seq, row.status)


def head(db: Database, battle_id: int) -> tuple[BattleInfo, str]:
    """The battle's header columns and the hash its log ends on (the last entry's,
    or the start's for an empty log), in one read: what a process holding the
    battle in memory (``table.held``) checks before acting on it. The hash chains
    the start, seed, ruleset, options and every entry, so equal hashes at equal
    sequence number and stream counter mean the same battle."""
    with db.read() as session:
        try:
            row = session.execute(select(*_INFO, BattleRow.header).where(
                BattleRow.id == battle_id)).one_or_none()
        except json.JSONDecodeError as exc:
            raise damaged_battle_row(session, battle_id, exc) from None
        if row is None:
            raise TacticianError(f"no battle with id {battle_id}")
        info = BattleInfo(row.id, row.campaign_id, row.name, row.ruleset, row.seed,
                          list(row.options), row.streams, row.last_seq, row.status)
        if info.last_seq == 0:
            return info, str(row.header.get("start_hash", ""))
        try:
            last = session.scalar(select(EntryRow.entry).where(
                EntryRow.battle_id == battle_id, EntryRow.seq == info.last_seq))
        except json.JSONDecodeError as exc:
            raise damaged_row(session, battle_id, "battle_entry", exc,
                              seq=info.last_seq) from None
        if last is not None and not isinstance(last, dict):
            raise damaged_row(session, battle_id, "battle_entry",
                              ValueError("not an entry"), seq=info.last_seq)
        return info, str((last or {}).get("hash", ""))


def load_tail(db: Database, battle_id: int, whole_log: bool = False,
              upto: int | None = None) -> Tail:
    """The newest snapshot and the entries after it, in one read transaction (with
    ``upto``: as of entry ``upto``, the entries after it left out)."""
    with db.read() as session:
        row = _row(session, battle_id)
        limit = row.last_seq if upto is None else min(upto, row.last_seq)
        try:
            snap = session.scalars(
                select(SnapshotRow).where(SnapshotRow.battle_id == battle_id,
                                          SnapshotRow.seq <= limit)
                .order_by(SnapshotRow.seq.desc()).limit(1)
            ).one_or_none()
        except json.JSONDecodeError as exc:
            newest = session.scalar(select(func.max(SnapshotRow.seq)).where(
                SnapshotRow.battle_id == battle_id, SnapshotRow.seq <= limit))
            raise damaged_row(session, battle_id, "snapshot", exc, seq=newest) from None
        seq = snap.seq if snap is not None else 0
        entries = [e for e in _entries(session, battle_id, 0 if whole_log else max(seq - 1, 0))
                   if e.seq <= limit]
        anchor = next((e for e in entries if e.seq == seq), None) if seq else None
        if not whole_log and anchor is not None:
            entries = entries[1:]
        return Tail(_info(row), row.start, dict(row.header), seq,
                    snap.state if snap is not None else None, entries, anchor)


def snapshots(db: Database, battle_id: int) -> list[tuple[int, dict[str, Any]]]:
    """Every snapshot of the battle, oldest first: (seq, state)."""
    with db.read() as session:
        try:
            rows = session.execute(select(SnapshotRow.seq, SnapshotRow.state).where(
                SnapshotRow.battle_id == battle_id).order_by(SnapshotRow.seq)).all()
        except json.JSONDecodeError as exc:
            raise damaged_row(session, battle_id, "snapshot", exc) from None
        return [(seq, state) for seq, state in rows]


def append_entry(db: Database, battle_id: int, expected_seq: int, entry: Entry,
                 state: dict[str, Any] | None = None, pinned: bool = False,
                 status: str | None = None) -> BattleInfo:
    """Append one entry decided on the battle as it stood at ``expected_seq`` (and,
    when given, the dumped ``state`` after it as the newest snapshot)."""
    snaps = {entry.seq: state} if state is not None else {}
    return append_entries(db, battle_id, expected_seq, [entry], snaps,
                          {entry.seq} if pinned else set(), status)


def append_entries(db: Database, battle_id: int, expected_seq: int, entries: Sequence[Entry],
                   states: Mapping[int, dict[str, Any]] | None = None,
                   pinned: Collection[int] = (), status: str | None = None,
                   carry: Mapping[str, dict[str, Any]] | None = None,
                   redo: bool = False) -> BattleInfo:
    """Append ``entries`` (seq ``expected_seq + 1`` on) in one transaction, or none.

    ``states`` maps a sequence number to the dumped state after that entry: each
    one is stored as a snapshot, kept for good if its number is in ``pinned``; an
    older unpinned snapshot is dropped (it was the newest state before these
    entries). ``carry`` (character name -> carried state) is what the battle's
    characters carry back to the roster when these entries end it: each roster
    character of that name gets it as its sheet's ``carried``, recorded as a change,
    in the same transaction (names not on the roster are left out).

    New entries empty the battle's redo list; with ``redo`` the entries are the next
    undone ones put back (refused as stale unless they still are, hash for hash).
    """
    try:
        with db.write() as session:
            row = _row(session, battle_id, lock=True)
            _check_fresh(session, row, expected_seq, entries, redo)
            if redo:
                session.execute(delete(UndoneRow).where(
                    UndoneRow.battle_id == battle_id,
                    UndoneRow.seq.in_([entry.seq for entry in entries])))
            else:
                session.execute(delete(UndoneRow).where(UndoneRow.battle_id == battle_id))
            # the replaced snapshot goes first, so that the rows added below are
            # flushed once, at the commit (a statement run after them would flush first)
            if states:
                session.execute(delete(SnapshotRow).where(
                    SnapshotRow.battle_id == battle_id, SnapshotRow.seq <= expected_seq,
                    SnapshotRow.pinned.is_(False)))
            for entry in entries:
                session.add(EntryRow(battle_id=battle_id, seq=entry.seq,
                                     entry=entry.model_dump(mode="json")))
            last = expected_seq + len(entries)
            for seq, dumped in sorted((states or {}).items()):
                session.add(SnapshotRow(battle_id=battle_id, seq=seq, state=dumped,
                                        pinned=seq in pinned))
            row.last_seq = last
            row.streams = _streams_after(row.streams, entries)
            if status is not None:
                row.status = status
            if carry:
                carry_back(session, row, carry)
            return _info(row)
    except StoreConflict:
        # another writer got the same sequence number in first (the unique constraint)
        with db.read() as session:
            raise StaleBattle(_row(session, battle_id).last_seq) from None


def carry_back(session: Session, row: BattleRow, carry: Mapping[str, dict[str, Any]]) -> None:
    """Give each roster character named in ``carry`` its carried state (in the
    caller's transaction), recording each change. The shared key ``unit`` (the card
    as the battle left it: level, EXP, ranks...) becomes the sheet's ``unit``, so the
    character's sheet, its advancement and its next battle read it."""
    from tactician.store.models import Character, CharacterChange

    characters = session.scalars(select(Character).where(
        Character.campaign_id == row.campaign_id, Character.name.in_(sorted(carry))))
    for character in characters:
        before = dict(character.sheet)
        carried = dict(carry[character.name])
        card = carried.pop("unit", None)
        after = {**before, "carried": carried,
                 "last_battle": {"name": row.name, "result": row.status}}
        if isinstance(card, dict):
            after["unit"] = card
        character.sheet = after
        session.add(CharacterChange(
            character_id=character.id, who="battle",
            what=f"carried back from battle {row.name!r} ({row.status})",
            before=before, after=after))


def take_back_carry(session: Session, row: BattleRow) -> None:
    """Undo what an ended battle carried to the roster (the undo that makes it
    ongoing again): each character whose sheet names this battle as its last gets
    back the ``carried`` and ``last_battle`` it had before, and the card (``unit``) it
    had if the battle's is still the one it has, recorded as a change. Nothing else
    goes back, so a level-up the GM gave since is kept."""
    from tactician.store.models import Character, CharacterChange

    characters = session.scalars(select(Character).where(
        Character.campaign_id == row.campaign_id))
    for character in characters:
        last = character.sheet.get("last_battle")
        if not isinstance(last, dict) or last.get("name") != row.name:
            continue
        carried = session.scalars(select(CharacterChange).where(
            CharacterChange.character_id == character.id, CharacterChange.who == "battle")
            .order_by(CharacterChange.id.desc())).first()
        earlier = (carried.before or {}) if carried is not None else {}
        before = dict(character.sheet)
        after = {key: value for key, value in before.items()
                 if key not in ("carried", "last_battle")}
        for key in ("carried", "last_battle"):
            if key in earlier:
                after[key] = earlier[key]
        written = (carried.after or {}).get("unit") if carried is not None else None
        if "unit" in earlier and written is not None and before.get("unit") == written:
            after["unit"] = earlier["unit"]
        character.sheet = after
        session.add(CharacterChange(
            character_id=character.id, who="battle",
            what=f"undo: battle {row.name!r} is ongoing again, its carried state taken back",
            before=before, after=after))


def _streams_after(streams: int, entries: Sequence[Entry]) -> int:
    """The battle's stream counter after ``entries``: each action drew from a fresh
    stream (its own ``stream`` where the entry names it, else the next one)."""
    for entry in entries:
        value = getattr(entry, "stream", None)
        streams = streams + 1 if value is None else max(streams, int(value) + 1)
    return streams


def _check_fresh(session: Session, row: BattleRow, expected_seq: int,
                 entries: Sequence[Entry], redo: bool = False) -> None:
    last = session.scalar(select(func.max(EntryRow.seq)).where(EntryRow.battle_id == row.id))
    now = last or 0
    if now != expected_seq or row.last_seq != expected_seq:
        raise StaleBattle(now)
    # the undone entries put back by a redo, as they are now: the same ones, or the
    # battle moved on (their streams are spent: that is why they were undone)
    undone = {e.seq: e.hash for e in _undone(session, row.id)} if redo else {}
    streams = row.streams
    for offset, entry in enumerate(entries, start=1):
        if entry.seq != expected_seq + offset:
            raise TacticianError(
                f"entry {entry.seq} cannot follow entry {expected_seq + offset - 1}")
        if redo:
            if undone.get(entry.seq) != entry.hash:
                raise StaleBattle(now)
            continue
        stream = getattr(entry, "stream", None)
        # the same seq after an undo and a new action: the stream tells them apart
        if stream is not None and stream < streams:
            raise StaleBattle(now)
        streams = _streams_after(streams, [entry])


def drop_entries(db: Database, battle_id: int, expected_seq: int, keep: int,
                 state: dict[str, Any] | None = None, status: str = "ongoing",
                 expected_streams: int | None = None,
                 expected_head: str | None = None) -> list[Entry]:
    """Undo: keep entries 1..``keep``, move the rest to the redo list (before what it
    held) and drop their snapshots (the stream counter stays: a new action never draws
    an undone action's dice); ``state``, the dumped state after entry ``keep``, becomes
    the newest snapshot. With ``expected_streams`` (the stream counter the undo was
    decided on) or ``expected_head`` (the hash of the last entry it was decided on) an
    undo and a new action elsewhere since, which leave the sequence number as it was,
    are refused too: ``state`` was computed from the entries as they were then."""
    with db.write() as session:
        row = _row(session, battle_id, lock=True)
        if row.last_seq != expected_seq or (expected_streams is not None
                                            and row.streams != expected_streams):
            raise StaleBattle(row.last_seq)
        if not 0 <= keep <= row.last_seq:
            raise TacticianError(f"cannot keep {keep} entries of {row.last_seq}")
        dropped = _entries(session, battle_id, keep)
        if expected_head is not None and dropped and dropped[-1].hash != expected_head:
            raise StaleBattle(row.last_seq)
        session.add_all(UndoneRow(battle_id=battle_id, seq=e.seq, entry=e.model_dump(mode="json"))
                        for e in dropped)
        session.execute(delete(EntryRow).where(EntryRow.battle_id == battle_id,
                                               EntryRow.seq > keep))
        session.execute(delete(SnapshotRow).where(SnapshotRow.battle_id == battle_id,
                                                  SnapshotRow.seq > keep))
        if state is not None and keep > 0 and session.scalars(select(SnapshotRow.id).where(
                SnapshotRow.battle_id == battle_id, SnapshotRow.seq == keep)).first() is None:
            session.add(SnapshotRow(battle_id=battle_id, seq=keep, state=state))
        row.last_seq = keep
        if row.status != "ongoing" and status == "ongoing":
            take_back_carry(session, row)
        row.status = status
        return dropped


def _undone(session: Session, battle_id: int) -> list[Entry]:
    return _read_entries(session, battle_id, "battle_undone", select(
        UndoneRow.seq, UndoneRow.entry).where(UndoneRow.battle_id == battle_id)
        .order_by(UndoneRow.seq))


def undone_entries(db: Database, battle_id: int) -> list[Entry]:
    """The battle's redo list: the entries undone since its last action, the next to
    redo first."""
    with db.read() as session:
        return _undone(session, battle_id)


def set_status(db: Database, battle_id: int, status: str) -> None:
    with db.write() as session:
        _row(session, battle_id, lock=True).status = status
