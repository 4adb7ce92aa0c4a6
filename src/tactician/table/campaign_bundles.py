"""Export and import whole campaigns (``store.bundle``), checked by the rules.

An import is refused, naming the file and the fault, and the database left as
it was, when the bundle is malformed (``store.bundle.read``), names a ruleset
that is not installed, holds a character whose sheet the ruleset refuses, or a
battle whose log does not replay or whose ``status`` is not the one its log
replays to (a status is derived, never taken on trust). The whole bundle is
checked before the one write transaction. Snapshots are not part of a bundle:
they are rebuilt here by replaying each log.
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
from tactician.store.names import check_name
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
    if name is not None:
        check_name(name, "campaign")
    for number, character in enumerate(bundle.characters, start=1):
        _check_sheet(ruleset, character.name, character.sheet,
                     f"{source}: characters/{number:03}.yaml ({character.name!r})")
    snapshots = {}
    for number, item in enumerate(bundle.battles, start=1):
        where = f"{source}: battles/{number:03}.json ({item.name!r})"
        if item.battle.ruleset != ruleset:
            raise ContentError(f"{where}: a {item.battle.ruleset!r} battle in a {ruleset!r} "
                               "campaign")
        try:
            snapshots[item.name] = _snapshots(item.battle, every)
            derived = _status(item.battle, snapshots[item.name])
        except TacticianError as exc:
            raise ContentError(f"{where}: {exc}") from None
        if item.status != derived:
            raise ContentError(f"{where}: status {item.status!r}, but its log replays to "
                               f"{derived!r}; a battle's status is its log's, never set by "
                               "hand")
    return import_campaign(db, bundle, name, snapshots)


def _status(battle: Any, states: dict[int, tuple[dict[str, Any], bool]]) -> str:
    """The status the battle's log replays to (``ongoing`` for an empty log)."""
    if not battle.log:
        return "ongoing"
    rules = rules_for(battle.ruleset, battle.options)
    return status_of(rules.load_state(states[len(battle.log)][0]))


def _check_sheet(ruleset: str, name: str, sheet: dict[str, Any], where: str) -> None:
    """A roster sheet as ``character add`` leaves it (``table.roster``): its unit data
    checked by the ruleset, every violation listed."""
    from tactician.table import sheets
    from tactician.table.roster import unit_file

    if not isinstance(sheet.get("unit"), dict):
        return  # not a roster sheet of unit data (test rulesets keep their own shape)
    if not isinstance(sheet.get("carried", {}), dict):
        raise ContentError(f"{where}: sheet.carried must be a mapping")
    try:
        with unit_file(sheet, name) as path:
            verdict = sheets.check(ruleset, path)
    except TacticianError as exc:
        raise ContentError(f"{where}: sheet: {exc}") from None
    if not verdict.valid:
        raise ContentError(f"{where}: the ruleset refuses its sheet: "
                           f"{'; '.join(str(v) for v in verdict.violations)}")


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
