"""A campaign's roster for every interface: put a unit file on it, show a
character's sheet, advance it, and list every change made to it.

A roster sheet is ``{"unit": <the unit file's data>, "carried": <what the last
battle left on the character, from the ruleset's ``aftermath``>}``; the unit
data goes through the ruleset's own checks (``check_unit``, ``sheet``,
``advance``), which read unit files, so it is written to a private temporary
file for them. Every change is recorded (``store.campaigns.save_character``:
who, what, the sheet before and after).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tactician.content.files import read_text
from tactician.content.loader import read_yaml
from tactician.content.strict_yaml import load_yaml
from tactician.dice.source import DiceSource
from tactician.errors import RulesError, TacticianError
from tactician.rulesets.capabilities import Capability
from tactician.rulesets.contract import AdvanceRequest
from tactician.store.campaigns import (
    CampaignInfo,
    character_history,
    get_character,
    list_characters,
    save_character,
)
from tactician.store.database import Database
from tactician.store.lock_wait import LockHeld
from tactician.store.names import check_name
from tactician.table import sheets


def add_character(db: Database, campaign: CampaignInfo, path: Path, name: str | None = None,
                  who: str = "gm", replace: bool = False) -> str:
    """Put the unit file ``path`` on the roster (refused, every violation listed, if
    the ruleset refuses it); returns the roster name (default: the unit's name)."""
    verdict = sheets.check(campaign.ruleset, path)
    if not verdict.valid:
        raise RulesError([str(v) for v in verdict.violations])
    data = load_yaml(read_text(path, "unit file"), path)
    if not isinstance(data, dict):
        raise TacticianError(f"{path}: a unit file is a mapping")
    chosen = check_name(str(data.get("name") or path.stem) if name is None else name,
                        "character")
    exists = True
    try:
        get_character(db, campaign, chosen)
    except LockHeld:
        raise  # given up once: not "no such character" and a second wait to add it
    except TacticianError:
        exists = False
    if exists and not replace:
        raise TacticianError(f"campaign {campaign.name!r} already has a character named "
                             f"{chosen!r} (pass --replace to put this file in its place)")
    save_character(db, campaign, chosen, {"unit": data, "carried": {}}, who,
                   f"{'replaced from' if exists else 'added from'} {path.name}")
    return chosen


@contextmanager
def unit_file(sheet: dict[str, Any], name: str) -> Iterator[Path]:
    """The roster sheet's unit data as a temporary unit file (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="tactician-roster-") as folder:
        path = Path(folder) / "unit.yaml"
        path.write_text(yaml.safe_dump(unit_of(sheet, name), sort_keys=False,
                                       allow_unicode=True), encoding="utf-8")
        yield path


def unit_of(sheet: dict[str, Any], name: str) -> dict[str, Any]:
    unit = sheet.get("unit")
    if not isinstance(unit, dict):
        raise TacticianError(f"roster character {name!r} has no unit data")
    return unit


def current_unit(sheet: dict[str, Any], name: str) -> dict[str, Any]:
    """The character's unit data as it stands: a carried ``unit`` (the sheet its last
    battle or care left, which the next muster fields: Fire Emblem's levels and ranks
    won in battle) else the unit file's."""
    carried = sheet.get("carried") or {}
    unit = carried.get("unit") if isinstance(carried, dict) else None
    return unit if isinstance(unit, dict) else unit_of(sheet, name)


def _with_unit(sheet: dict[str, Any], unit: dict[str, Any]) -> dict[str, Any]:
    """``sheet`` with its unit replaced, where it stands (the carried one too, if any)."""
    carried = sheet.get("carried") or {}
    if isinstance(carried, dict) and isinstance(carried.get("unit"), dict):
        return {**sheet, "unit": unit, "carried": {**carried, "unit": unit}}
    return {**sheet, "unit": unit}


def show_character(db: Database, campaign: CampaignInfo, name: str) -> dict[str, Any]:
    """The character's sheet (the ruleset's) with what the last battle left on it."""
    stored = get_character(db, campaign, name)
    with unit_file({"unit": current_unit(stored, name)}, name) as path:
        data = sheets.sheet(campaign.ruleset, path)
    carried = stored.get("carried") or {}
    return {**_with_uses_left(data, carried), "roster_name": name, "carried": carried,
            "last_battle": stored.get("last_battle")}


def _with_uses_left(data: dict[str, Any], carried: dict[str, Any]) -> dict[str, Any]:
    """The sheet with a table's ``uses`` column as uses left / full where the last
    battle left a count (Fire Emblem's weapon uses carry to the next battle): the
    unit file holds a weapon's full uses, so the sheet alone said 45 while the roster
    fields 43 (issue 24, noticed on the evening's roster)."""
    left = carried.get("uses") if isinstance(carried, dict) else None
    if not isinstance(left, dict) or not left:
        return data
    sections = []
    for section in data.get("sections") or []:
        columns = list(section.get("columns") or [])
        if "uses" not in columns or not section.get("table"):
            sections.append(section)
            continue
        at = columns.index("uses")
        table = [[*row[:at], f"{_left(row[0], row[at], left)}/{row[at]}", *row[at + 1:]]
                 if row and str(row[at]).isdigit() else row
                 for row in section["table"]]
        sections.append({**section, "columns": [*columns[:at], "uses left", *columns[at + 1:]],
                         "table": table})
    return {**data, "sections": sections}


def _left(item: str, full: str, left: dict[str, Any]) -> str:
    """Uses left of ``item``: the carried count, else full (not used in battle yet)."""
    count = left.get(item)
    return str(count) if isinstance(count, int) and not isinstance(count, bool) else full


def advance_character(db: Database, campaign: CampaignInfo, name: str,
                      request: AdvanceRequest, dice: DiceSource,
                      who: str = "gm") -> sheets.Advanced:
    """Advance the roster character one step and store the new sheet, recording it."""
    stored = get_character(db, campaign, name)
    with unit_file({"unit": current_unit(stored, name)}, name) as path:
        result = sheets.advance(campaign.ruleset, path, request, dice)
    after = _with_unit(stored, dict(result.advancement.unit))
    how = _dice_words(result.dice) if result.advancement.rolled else "no dice"
    save_character(db, campaign, name, after, who, f"advanced ({how})")
    return result


def care_character(db: Database, campaign: CampaignInfo, name: str, kind: str,
                   details: dict[str, Any], dice: DiceSource, healer: str | None = None,
                   who: str = "gm") -> dict[str, Any]:
    """Give a roster character care between battles by the ruleset's rules
    (``Capability.CARE``: UESRPG's healing, wound treatment, Bleeding test) and store
    the result, recorded with the dice it used."""
    from tactician.rulesets.contract import CareRequest
    from tactician.rulesets.registry import contract

    stored = get_character(db, campaign, name)
    giver = get_character(db, campaign, healer) if healer is not None else None
    with unit_file(stored, name) as patient:
        if giver is not None and healer is not None:
            with unit_file(giver, healer) as healer_path:
                request = CareRequest(kind, patient, stored.get("carried") or {}, healer_path,
                                      giver.get("carried") or {}, details)
                result = contract(campaign.ruleset).care(request, campaign.options, dice)
        else:
            request = CareRequest(kind, patient, stored.get("carried") or {}, None, {}, details)
            result = contract(campaign.ruleset).care(request, campaign.options, dice)
    drawn = [{"sides": d.sides, "value": d.value, "purpose": d.purpose} for d in dice.draws]
    how = ", ".join(f"d{d['sides']} {d['value']}" for d in drawn) or "no dice"
    by = f" by {healer}" if healer is not None else ""
    save_character(db, campaign, name, {**stored, "carried": dict(result.carried)}, who,
                   f"{kind}{by} ({how})")
    return {"name": name, "kind": kind, "healer": healer or name, "lines": list(result.lines),
            "passed": result.passed, "dice": drawn, "carried": dict(result.carried)}


@dataclass
class Muster:
    """Who of a campaign's roster a battle fields (their sheets, by character name, for
    the ruleset to read in place of the units files' unit files: the scenario's
    ``characters``, ``engine.roster.from_roster``), what each carries, and who sits
    out or is let fight anyway."""

    characters: dict[str, dict[str, Any]]  # roster name -> the roster's unit data
    fighting: dict[str, dict[str, Any]]  # roster name -> its carried state
    sitting_out: list[str]  # kept out of this battle, as their last battle said
    fielded: list[str]  # sat out by the rules but fielded by the GM (--field)


def muster_units(db: Database, campaign: CampaignInfo, units: list[Path],
                 field: Sequence[str] = ()) -> Muster:
    """The roster's characters that ``units`` place (by ``name``, from a placement's
    ``file:`` or inline ``character:``): each fights with the roster's sheet, so a
    battle starts from the roster as it stands (level-ups, ranks...), while the
    GM's files are read as they are (every error names them). A character whose last
    battle says ``sits_out_next_battle`` is refused if placed, unless ``field`` names
    it (Tropera: "if their player has any alternate characters"; the GM says whether
    they have)."""
    roster = list_characters(db, campaign)
    characters: dict[str, dict[str, Any]] = {}
    fighting: dict[str, dict[str, Any]] = {}
    refused: list[str] = []
    fielded: list[str] = []
    for path in units:
        data = read_yaml(path, "units file")
        entries = data.get("units") if isinstance(data, dict) else None
        for entry in entries if isinstance(entries, list) else []:
            name = _character_name(path, entry) if isinstance(entry, dict) else None
            if name is None or name not in roster:
                continue
            stored = roster[name]
            carried = stored.get("carried") or {}
            if carried.get("sits_out_next_battle"):
                if name not in field:
                    refused.append(f"{name} ({carried.get('why') or 'sits out'})")
                    continue
                fielded.append(name)
            characters[name] = unit_of(stored, name)
            fighting[name] = carried
    if refused:
        raise RulesError(f"sits out this battle: {'; '.join(refused)}; leave them out of the "
                         "units, or pass --field NAME if their player has no alternate "
                         "characters")
    resting = sorted(n for n, s in roster.items() if n not in fighting
                     and (s.get("carried") or {}).get("sits_out_next_battle"))
    return Muster(characters, fighting, resting, fielded)


def _character_name(units: Path, entry: dict[str, Any]) -> str | None:
    inline = entry.get("character")
    if isinstance(inline, dict):
        return str(inline.get("name")) if inline.get("name") else None
    file = entry.get("file")
    if not isinstance(file, str):
        return None
    try:
        unit = read_yaml(units.parent / file, "unit file")
    except TacticianError:
        return None  # the ruleset refuses it, naming the file
    return str(unit.get("name")) if isinstance(unit, dict) and unit.get("name") else None


def rested(db: Database, campaign: CampaignInfo, battle: str, muster: Muster) -> None:
    """After a battle started: who sat it out has recovered, who was fielded anyway
    played it; their ``sits_out_next_battle`` is cleared, recorded."""
    for name in [*muster.sitting_out, *muster.fielded]:
        stored = get_character(db, campaign, name)
        carried = {**(stored.get("carried") or {}), "sits_out_next_battle": False, "why": ""}
        what = (f"sat out battle {battle!r}" if name in muster.sitting_out
                else f"fielded in battle {battle!r} though due to sit out")
        save_character(db, campaign, name, {**stored, "carried": carried}, "battle", what)


def _dice_words(dice: dict[str, Any]) -> str:
    if "seed" in dice:
        return f"seed {dice['seed']}"
    return "rolls " + ",".join(str(v) for v in dice.get("used", []))


def _changed(before: dict[str, Any], after: dict[str, Any], prefix: str = "") -> list[str]:
    """The fields that differ, one level into nested mappings (``unit.stats``)."""
    found: list[str] = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        if isinstance(old, dict) and isinstance(new, dict) and not prefix:
            found.extend(_changed(old, new, f"{key}."))
        else:
            found.append(f"{prefix}{key}")
    return found


def history(db: Database, campaign: CampaignInfo, name: str) -> list[dict[str, Any]]:
    """Every change to the character, oldest first: when, who, what, and which top-level
    fields of the sheet changed."""
    rows = []
    for change in character_history(db, campaign, name):
        before, after = change.before or {}, change.after or {}
        fields = _changed(before, after)
        rows.append({"at": change.at.isoformat(), "who": change.who, "what": change.what,
                     "changed": fields, "before": change.before, "after": change.after})
    return rows


def supply_move(db: Database, campaign: CampaignInfo, name: str, move: str, item: str,
                who: str = "gm") -> dict[str, Any]:
    """Move ``item`` between roster character ``name`` and the party's store by the
    ruleset's rules (``Capability.SUPPLY``: 001's Supply), one transaction, recorded."""
    from tactician.rulesets.registry import contract
    from tactician.store.campaigns import change_with_store

    rules = contract(campaign.ruleset)
    words = "to the Supply" if move == "deposit" else "from the Supply"
    sheet, items = change_with_store(
        db, campaign, name, lambda sheet, store: rules.supply_move(sheet, store, move, item),
        who, f"{move} {item} {words}")
    return {"name": name, "move": move, "item": item, "supply": items}


def supply_of(db: Database, campaign: CampaignInfo) -> list[Any]:
    """The party's store as it stands."""
    from tactician.rulesets.registry import contract
    from tactician.store.campaigns import get_store

    contract(campaign.ruleset).require(Capability.SUPPLY)
    return get_store(db, campaign)
