"""Export and import whole campaigns (``store.bundle``), checked by the rules.

An import is refused, naming the file and the fault, and the database left as
it was, when the bundle is malformed (``store.bundle.read``), names a ruleset
that is not installed, or holds a battle whose log does not replay. Snapshots
are not part of a bundle: they are rebuilt here by replaying each log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.engine.battle import replay_entries
from tactician.errors import ContentError, TacticianError
from tactician.store import bundle as files
from tactician.store.battles import BattleInfo
from tactician.store.campaigns import CampaignInfo
from tactician.store.database import Database
from tactician.store.exchange import (
    export_battle,
    export_campaign,
    import_battle,
    import_campaign,
)
from tactician.table.campaigns import (
    DEFAULT_SNAPSHOT_EVERY,
    pinned,
    rules_for,
    status_of,
)


def export_to(db: Database, campaign: CampaignInfo, target: Path) -> Path:
    """Write ``campaign`` as a folder, or as a zip when ``target`` ends in ``.zip``."""
    bundle = export_campaign(db, campaign)
    if target.suffix.lower() == ".zip":
        files.write_zip(bundle, target)
    else:
        files.write_folder(bundle, target)
    return target


def import_from(db: Database, source: Path, name: str | None = None,
                every: int = DEFAULT_SNAPSHOT_EVERY) -> CampaignInfo:
    bundle = files.read(source)
    ruleset = bundle.campaign.ruleset
    try:
        rules_for(ruleset, bundle.campaign.options)
    except TacticianError as exc:
        raise ContentError(f"{source}: campaign.yaml: {exc}") from None
    snapshots = {}
    for number, item in enumerate(bundle.battles, start=1):
        where = f"{source}: battles/{number:03}.json ({item.name!r})"
        if item.battle.ruleset != ruleset:
            raise ContentError(f"{where}: a {item.battle.ruleset!r} battle in a {ruleset!r} "
                               "campaign")
        try:
            snapshots[item.name] = _snapshots(item.battle, every)
        except TacticianError as exc:
            raise ContentError(f"{where}: {exc}") from None
    return import_campaign(db, bundle, name, snapshots)


def _snapshots(battle: Any, every: int) -> dict[int, tuple[dict[str, Any], bool]]:
    """The state after each pinned entry and after the last (seq -> (state, pinned)),
    replayed: this is also the check that the log replays."""
    from tactician.engine.battle import replay

    rules = rules_for(battle.ruleset, battle.options)
    replay(battle, rules, upto=0)  # the engine's own checks of the whole log (if any)
    states: dict[int, tuple[dict[str, Any], bool]] = {}
    state = rules.load_state(battle.start)
    for entry in battle.log:
        state = replay_entries(state, [entry], rules)
        keep = pinned(entry, every)
        if keep or entry.seq == len(battle.log):
            states[entry.seq] = (rules.dump_state(state), keep)
    return states


def import_battle_file(db: Database, campaign: CampaignInfo, name: str, path: Path,
                       every: int = DEFAULT_SNAPSHOT_EVERY) -> BattleInfo:
    """A JSON battle file (``battle new --out``) stored in ``campaign`` as ``name``,
    refused unless its log replays; snapshots rebuilt on the way in."""
    from tactician.engine.store_file import load_battle

    battle = load_battle(path)
    try:
        states = _snapshots(battle, every)
    except TacticianError as exc:
        raise ContentError(f"{path}: {exc}") from None
    rules = rules_for(battle.ruleset, battle.options)
    last = rules.load_state(states[len(battle.log)][0]) if battle.log else None
    status = status_of(last) if last is not None else "ongoing"
    return import_battle(db, campaign, name, battle, status, states)


def export_battle_file(db: Database, battle_id: int, path: Path) -> Path:
    """A stored battle written as a JSON battle file (atomically)."""
    from tactician.engine.store_file import save_battle

    save_battle(export_battle(db, battle_id), path)
    return path
