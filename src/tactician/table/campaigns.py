"""Campaigns for every interface: open the database, create and choose campaigns,
store battles in them, open a battle from its newest snapshot, apply actions one
transaction each, and check that every log replays and every snapshot matches.

The store (``tactician.store``) knows no ruleset; this module brings the rules:
it dumps the state after each action as the newest snapshot (``dump_state``) and
loads it back (``load_state``) when the battle is opened again, replaying only
the entries after it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource, secret_seed
from tactician.engine.battle import Battle, act_steps, replay, replay_entries
from tactician.engine.chain import head
from tactician.engine.log import Entry
from tactician.errors import TacticianError
from tactician.store import battles as store
from tactician.store.battles import BattleInfo
from tactician.store.campaigns import CampaignInfo, create_campaign
from tactician.store.damage import DamagedData
from tactician.store.database import Database
from tactician.table import map_place
from tactician.table.actions import checked
from tactician.table.held import HOLDER, Held, key_of, load
from tactician.table.stored_battle import (
    DEFAULT_SNAPSHOT_EVERY,
    open_tail,
    pinned,
    rules_for,
    snapshot_states,
    status_of,
)

# kept importable from here with the rest of the campaign service (``stored_battle``)
__all__ = ["DEFAULT_SNAPSHOT_EVERY", "OpenBattle", "check_battle", "check_campaign",
           "committed", "new_campaign", "open_battle", "perform", "perform_many", "pinned",
           "redo", "replay_from", "rules_for", "start_battle", "status_of", "store_steps",
           "take_back"]

def new_campaign(db: Database, name: str, ruleset: str, options: list[str]) -> CampaignInfo:
    """A campaign on a known ruleset whose rulings that ruleset accepts."""
    rules_for(ruleset, options)  # refuses an unknown ruleset or ruling before writing
    return create_campaign(db, name, ruleset, options)


@dataclass
class OpenBattle:
    info: BattleInfo
    rules: Any
    state: Any
    battle: Battle | None = None  # the whole log, read only when asked for (undo, replay)
    # read without the whole log: the battle from its newest snapshot on, the entries
    # after it only (``Battle.tail``), what an action appends to
    tail: Battle | None = None
    head: str = ""  # the hash the log ends on (what ``--at N:HASH`` names)


def start_battle(db: Database, campaign: CampaignInfo, name: str, map_path: Path,
                 units: list[Path], seed: int | None = None,
                 options: list[str] | None = None, from_roster: bool = False,
                 field: Sequence[str] = ()) -> OpenBattle:
    """Build a battle from a map and units files and store it in ``campaign`` (its
    rulings are the campaign's, then ``options``). ``from_roster``: the units whose
    characters are on the roster fight as the roster has them, with what their last
    battle left on them (``table.roster.muster_units``, the ruleset's ``muster``);
    who sits out is refused unless in ``field``, and who sat out has recovered."""
    chosen = [*campaign.options, *(options or [])]
    rules = rules_for(campaign.ruleset, chosen)
    if not from_roster:
        state = rules.start_state({"map": str(map_path), "units": [str(u) for u in units]})
        opened = _store_start(db, campaign, name, rules, state, chosen, seed)
        map_place.remember(db, opened.info.id, map_path)  # its pictures, for the web board
        return opened
    from tactician.engine.roster import CHARACTERS
    from tactician.rulesets.registry import contract
    from tactician.table.roster import muster_units, rested

    muster = muster_units(db, campaign, units, field)
    state = rules.start_state({"map": str(map_path), "units": [str(u) for u in units],
                               CHARACTERS: muster.characters})
    state = contract(campaign.ruleset).muster(state, muster.fighting)
    opened = _store_start(db, campaign, name, rules, state, chosen, seed)
    map_place.remember(db, opened.info.id, map_path)
    rested(db, campaign, name, muster)
    return opened


def _store_start(db: Database, campaign: CampaignInfo, name: str, rules: Any, state: Any,
                 options: list[str], seed: int | None) -> OpenBattle:
    battle = Battle(ruleset=campaign.ruleset,
                    seed=seed if seed is not None else secret_seed(),
                    options=options, start=rules.dump_state(state))
    info = store.create_battle(db, campaign, name, battle, status_of(state))
    return OpenBattle(info, rules, state, battle)


def open_battle(db: Database, battle_id: int, whole_log: bool = False) -> OpenBattle:
    """The battle's current state from its newest snapshot and the entries after it
    (one read), with the battle as a tail from that snapshot on (``tail``: what an
    action appends to, numbered and chained from the snapshot's entry); ``whole_log``
    also reads every entry (undo and replay need them).

    What is read is verified first (``engine.chain``): the whole chain with
    ``whole_log``, else the entries after the snapshot, chained to the entry it was
    taken after (or to the start, itself checked against its hash); then those
    entries are replayed by the engine's own check (``engine.battle.replay_entries``).
    """
    tail = store.load_tail(db, battle_id, whole_log)
    rules = rules_for(tail.info.ruleset, tail.info.options)
    whole = store.assemble(tail) if whole_log else None
    state, battle = open_tail(tail, rules, whole)
    return OpenBattle(tail.info, rules, state, whole, battle, _head(tail))


def _head(tail: store.Tail) -> str:
    """The hash the log ends on: its last entry's (read, or the snapshot's own), else
    the start's."""
    if tail.entries and tail.entries[-1].seq == tail.info.last_seq:
        return tail.entries[-1].hash
    if tail.anchor is not None and tail.anchor.seq == tail.info.last_seq:
        return tail.anchor.hash
    return str(tail.header.get("start_hash", "")) if tail.info.last_seq == 0 else ""


# the engine's one replay check, applied from a snapshot (kept under its old name)
replay_from = replay_entries


def perform(db: Database, battle_id: int, action: dict[str, Any],
            dice: DiceSource | None = None, expected_seq: int | None = None,
            every: int = DEFAULT_SNAPSHOT_EVERY) -> tuple[Entry, Any]:
    """Apply one action as one transaction. ``expected_seq`` is the last entry the
    player saw (default: the one just read); a battle that moved on since is refused
    with ``StaleBattle`` and nothing is applied."""
    entries, state = perform_many(db, battle_id, [action], dice, expected_seq, every)
    return entries[-1], state  # the action's own (an entry before it is a step it was due)


def perform_many(db: Database, battle_id: int, actions: list[dict[str, Any]],
                 dice: DiceSource | None = None, expected_seq: int | None = None,
                 every: int = DEFAULT_SNAPSHOT_EVERY) -> tuple[list[Entry], Any]:
    """Apply ``actions`` in order and store them in one transaction, or none of them
    if any is refused (a phase the engine plays is recorded whole). The battle is
    read once; snapshots are kept after each entry ``pinned`` names and after the
    last."""
    if dice is not None and len(actions) != 1:
        raise TacticianError("the table's own dice go with one action at a time")
    info, rules, battle, state, held = _for_action(db, battle_id)
    seen = info.last_seq if expected_seq is None else expected_seq
    if seen != info.last_seq:
        raise store.StaleBattle(info.last_seq)
    steps: list[tuple[Entry, Any]] = []
    for action in actions:  # each after any step its rules take first (``act_steps``)
        battle, done = act_steps(battle, rules, checked(info.ruleset, action), dice, state)
        steps.extend(done)
        state = done[-1][1]
    stored = store_steps(db, battle_id, rules, seen, steps, every)
    assert stored is not None
    HOLDER.put(db, battle_id, battle, stored.states[battle.log[-1].seq], held, stored.info)
    return [entry for entry, _ in steps], state


def _for_action(db: Database, battle_id: int
                ) -> tuple[BattleInfo, Any, Battle, Any, Held | None]:
    """The battle to act on: the one this process holds if the store's head is still
    the one it was stored at (``table.held``: one small read), else opened whole
    (every entry read and verified)."""
    info, last_hash = store.head(db, battle_id)
    rules = rules_for(info.ruleset, info.options)
    held = HOLDER.get(db, battle_id, (info.last_seq, info.streams, last_hash))
    text = held.state_text(info.last_seq) if held is not None else None
    if held is not None and text is not None:
        return info, rules, held.battle, load(rules, text), held
    opened = open_battle(db, battle_id, whole_log=True)
    assert opened.battle is not None
    # held from now on, so that an undo of this action finds the state it goes back to
    HOLDER.put(db, battle_id, opened.battle, opened.rules.dump_state(opened.state))
    return (opened.info, opened.rules, opened.battle, opened.state,
            HOLDER.get(db, battle_id, key_of(opened.battle)))


@dataclass(frozen=True)
class Stored:
    info: BattleInfo  # the battle's header as committed
    states: dict[int, dict[str, Any]]  # the dumped states stored, by entry


def store_steps(db: Database, battle_id: int, rules: Any, seen: int,
                steps: list[tuple[Entry, Any]], every: int = DEFAULT_SNAPSHOT_EVERY,
                redo: bool = False) -> Stored | None:
    """Store logged entries decided on the battle at entry ``seen``, with the state
    after each pinned one and after the last as snapshots, in one transaction
    (``StaleBattle`` if the battle moved on); ``redo``: they are the next undone
    entries, put back. Returns what was committed."""
    if not steps:
        return None
    states, pins, status = snapshot_states(rules, steps, every)
    carry = None
    if status != "ongoing":  # the battle ends here: its characters carry their state back
        from tactician.rulesets.registry import contract

        carry = contract(store.get_battle(db, battle_id).ruleset).aftermath(steps[-1][1])
    info = store.append_entries(db, battle_id, seen, [entry for entry, _ in steps], states,
                                pins, status, carry, redo)
    return Stored(info, states)


def committed(db: Database, battle_id: int, entry: Entry) -> BattleInfo | None:
    """The header this process committed with ``entry`` as the battle's newest entry
    (None if it has committed another since): what a caller publishing the
    action's board needs, without reading the battle again after the commit."""
    held = HOLDER.get_any(db, battle_id)
    if held is None or held.info is None or not held.battle.log:
        return None
    return held.info if held.battle.log[-1].hash == entry.hash else None


def take_back(db: Database, battle_id: int, keep: int | None = None,
              expected_seq: int | None = None, expected_head: str | None = None,
              expected_streams: int | None = None) -> list[Entry]:
    """Undo the last entry (or every entry after ``keep``); the dropped entries go to
    the redo list and the state it goes back to is stored as the newest snapshot, so
    the next open replays nothing. ``expected_seq`` is the last entry the player saw
    (default: the one read now), ``expected_head`` its hash and ``expected_streams``
    the stream counter then (the web's ``version``): a battle that moved on since,
    even back to that number by an undo and another action, is refused with
    ``StaleBattle``."""
    info, last_hash = store.head(db, battle_id)
    if expected_head is not None and expected_seq == info.last_seq != 0 \
            and expected_head != last_hash:
        raise store.StaleBattle(info.last_seq)
    if expected_streams is not None and expected_seq == info.last_seq \
            and expected_streams != info.streams:
        raise store.StaleBattle(info.last_seq)
    if info.last_seq == 0:
        raise TacticianError("nothing to undo: the log is empty")
    kept = info.last_seq - 1 if keep is None else keep
    if not 0 <= kept < info.last_seq:
        raise TacticianError(f"cannot undo to entry {kept}: the log has entries "
                             f"1..{info.last_seq}, so keep 0..{info.last_seq - 1} of them")
    rules = rules_for(info.ruleset, info.options)
    held = HOLDER.get(db, battle_id, (info.last_seq, info.streams, last_hash))
    text = held.state_text(kept) if held is not None else None
    if held is not None and text is not None:  # the state it goes back to is held
        dumped: dict[str, Any] = json.loads(text)
        state = rules.load_state(dumped)
    else:
        tail = store.load_tail(db, battle_id, upto=kept)
        base = tail.snapshot if tail.snapshot is not None else tail.start
        state = replay_entries(rules.load_state(base), tail.entries, rules)
        dumped = rules.dump_state(state)
    seen = info.last_seq if expected_seq is None else expected_seq
    dropped = store.drop_entries(db, battle_id, seen, kept, dumped, status_of(state),
                                 expected_streams=info.streams if seen == info.last_seq
                                 else None, expected_head=last_hash)
    if held is not None and seen == info.last_seq:
        battle = held.battle.model_copy(update={"log": held.battle.log[:kept]})
        HOLDER.put(db, battle_id, battle, dumped, held)  # no header: an undo publishes none
    return dropped


def redo(db: Database, battle_id: int, count: int | None = 1, expected_seq: int | None = None,
         expected_head: str | None = None, expected_streams: int | None = None
         ) -> tuple[list[Entry], Any]:
    """Put back the next ``count`` undone entries (None: all of them), each applied
    again on its recorded dice (``engine.undo.redo``), in one transaction; decided on
    the battle at ``expected_seq`` (and ``expected_head``, ``expected_streams``, as
    ``take_back``), else ``StaleBattle``. A redo that ends the battle carries its
    aftermath back to the roster, as the action did."""
    from tactician.engine.undo import redo as redo_entries

    info, rules, battle, state, held = _for_action(db, battle_id)
    seen = info.last_seq if expected_seq is None else expected_seq
    if seen != info.last_seq or (expected_head is not None and expected_head != head(battle)) \
            or (expected_streams is not None and expected_streams != info.streams):
        raise store.StaleBattle(info.last_seq)
    battle = battle.model_copy(update={"undone": store.undone_entries(db, battle_id)})
    battle, steps = redo_entries(battle, rules, state,
                                 len(battle.undone) if count is None else count)
    stored = store_steps(db, battle_id, rules, seen, steps, redo=True)
    assert stored is not None
    HOLDER.put(db, battle_id, battle.model_copy(update={"undone": []}),
               stored.states[battle.log[-1].seq], held, stored.info)
    return [entry for entry, _ in steps], steps[-1][1]


def check_battle(db: Database, battle_id: int) -> list[str]:
    """What is wrong with one stored battle: its log does not replay from the start,
    or a snapshot differs from the state replay gives at its entry."""
    info = store.get_battle(db, battle_id)
    where = f"battle {info.name!r}"
    try:
        battle = store.load_battle(db, battle_id)
        rules = rules_for(info.ruleset, info.options)
        replay(battle, rules)
    except DamagedData as exc:  # it names the battle and the row itself
        return [exc.fault]
    except TacticianError as exc:
        return [f"{where}: {exc}"]
    problems: list[str] = []
    state, done = rules.load_state(battle.start), 0
    try:
        kept = store.snapshots(db, battle_id)
    except DamagedData as exc:
        return [exc.fault]
    for seq, dumped in kept:
        if seq > len(battle.log):
            problems.append(f"{where}: snapshot at entry {seq} is past the log's end")
            continue
        state = replay_entries(state, battle.log[done:seq], rules)
        done = seq
        if rules.dump_state(state) != dumped:
            problems.append(f"{where}: snapshot at entry {seq} differs from the replayed state")
    return problems


def check_campaign(db: Database, campaign: CampaignInfo) -> list[str]:
    """Every problem found in ``campaign`` (an empty list: it is sound)."""
    problems: list[str] = []
    for info in store.list_battles(db, campaign):
        problems.extend(check_battle(db, info.id))
    return problems
