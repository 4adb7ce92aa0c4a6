"""Stored battles as the web table plays them: the example battles a GM can open,
the board of a stored battle, its forecasts, the engine's phase and the log.

Everything goes through the ruleset's contract (``board_view``,
``battle_forecast``, ``planner``) and ``table.campaigns`` (one transaction per
action, the stale check on the sequence number a command was decided on), the
same procedures the CLI uses; this module only adds what a table in a browser
needs on top: a battle opened by id, and the engine's phase stored in one
transaction (``play_side``, the database twin of ``table.battles.play_side``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactician.dice.source import PhysicalDice, secret_seed
from tactician.engine.log import Entry
from tactician.engine.play import END_PHASE, Logged, Played, ends_own_turns, play_phase
from tactician.errors import TacticianError
from tactician.rulesets.capabilities import Capability
from tactician.rulesets.registry import all_rulesets, contract
from tactician.store import battles as store
from tactician.store.battles import BattleInfo
from tactician.store.campaigns import CampaignInfo, get_campaign, list_campaigns
from tactician.store.database import Database
from tactician.table.actions import checked
from tactician.table.battles import decisions_of
from tactician.table.campaigns import (
    new_campaign,
    open_battle,
    rules_for,
    start_battle,
    store_steps,
)


@dataclass(frozen=True)
class Example:
    ruleset: str
    name: str
    map: Path
    units: tuple[Path, ...]
    seed: int
    options: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.ruleset}/{self.name}"


def examples() -> list[Example]:
    """The example battles of every ruleset that has battles (``Examples.battles``)."""
    found: list[Example] = []
    for ruleset in all_rulesets():
        if not ruleset.has(Capability.BATTLES):
            continue
        for b in ruleset.contract().examples().battles:
            found.append(Example(ruleset.id, b.name, b.map, b.units, b.seed, b.options))
    return found


def example(key: str) -> Example:
    for found in examples():
        if found.key == key:
            return found
    known = ", ".join(e.key for e in examples()) or "none"
    raise TacticianError(f"no example battle {key!r} (examples: {known})")


def contract_of(ruleset: str) -> Any:
    """The ruleset's contract (imported on first use)."""
    return contract(ruleset)


def _campaign_for(db: Database, ruleset: str) -> CampaignInfo:
    """The campaign ``web <ruleset>`` that example battles opened on the web go to."""
    name = f"web {ruleset}"
    if any(c.name == name for c in list_campaigns(db)):
        return get_campaign(db, name)
    return new_campaign(db, name, ruleset, [])


def start_example(db: Database, key: str) -> BattleInfo:
    """Store a fresh copy of example battle ``key`` (named ``<example> <n>``), on a
    secret seed (``secret_seed``): the example's own seed is for the CLI's reproducible
    demos, and a table on it would let anyone who read the example foresee every die
    (issue 25, hole 4)."""
    chosen = example(key)
    campaign = _campaign_for(db, chosen.ruleset)
    taken = {b.name for b in store.list_battles(db, campaign)}
    number = 1
    while f"{chosen.name} {number}" in taken:
        number += 1
    opened = start_battle(db, campaign, f"{chosen.name} {number}", chosen.map,
                          list(chosen.units), secret_seed(), list(chosen.options))
    return opened.info


def battles(db: Database) -> list[tuple[CampaignInfo, BattleInfo]]:
    return [(c, b) for c in list_campaigns(db) for b in store.list_battles(db, c)]


def info(db: Database, battle_id: int) -> BattleInfo:
    return store.get_battle(db, battle_id)


def board(db: Database, battle_id: int, reach_unit: str | None = None,
          side: str | None = None) -> tuple[BattleInfo, dict[str, Any]]:
    """The battle's board as the ruleset's ``board_view`` gives it (optionally with a
    unit's reach; with ``side``, as that side sees it: a reach drawn around only the
    units it sees), and the header it was read at."""
    opened = open_battle(db, battle_id)
    data = contract(opened.info.ruleset).board_view(opened.state, reach_unit, side)
    data["log_length"] = opened.info.last_seq
    return opened.info, data


def board_state(db: Database, battle_id: int) -> tuple[BattleInfo, Any, dict[str, Any]]:
    """The battle's header, its state now and the GM's board of it, from one read."""
    opened = open_battle(db, battle_id)
    return opened.info, opened.state, view_of(opened.info.ruleset, opened.state,
                                               opened.info.last_seq)


def start_state(db: Database, battle_id: int) -> Any:
    """The battle's state before its first entry."""
    tail = store.load_tail(db, battle_id, upto=0)
    return rules_for(tail.info.ruleset, tail.info.options).load_state(tail.start)


def battle_file(db: Database, battle_id: int) -> dict[str, Any]:
    """The whole battle as a battle file (``docs/battle-file.md``): seed, start, every
    entry with its hash, which ``tactician battle log --battle FILE`` verifies."""
    data: dict[str, Any] = store.load_battle(db, battle_id).model_dump(mode="json")
    return data


def view_of(ruleset: str, state: Any, last_seq: int) -> dict[str, Any]:
    """The board view of a state already in hand (the one an action just produced),
    shaped as ``board`` gives it."""
    data = contract(ruleset).board_view(state, None)
    data["log_length"] = last_seq
    return data


def side_view_of(ruleset: str, state: Any, last_seq: int, side: str) -> dict[str, Any]:
    """The board of a state in hand as ``side`` knows it (``board_view(state, None,
    side)``: built from what it sees)."""
    data = contract(ruleset).board_view(state, None, side)
    data["log_length"] = last_seq
    return data


def reaches(db: Database, battle_id: int, units: list[str], side: str | None = None
            ) -> dict[str, dict[str, Any]]:
    """Each named unit's reach (``board_view``'s ``reach``, as ``side`` sees it) from
    one read of the battle; a unit the rules give no reach (not on the map) is left
    out."""
    opened = open_battle(db, battle_id)
    rules = contract(opened.info.ruleset)
    found: dict[str, dict[str, Any]] = {}
    for unit in units:
        try:
            found[unit] = rules.board_view(opened.state, unit, side)["reach"]
        except TacticianError:
            continue
    return found


def forecast(db: Database, battle_id: int, action: dict[str, Any]) -> dict[str, Any]:
    opened = open_battle(db, battle_id)
    ruleset = opened.info.ruleset
    return contract(ruleset).battle_forecast(opened.state, checked(ruleset, action),
                                             opened.rules)


def log(db: Database, battle_id: int) -> list[Entry]:
    return store.load_battle(db, battle_id).log


def log_after(db: Database, battle_id: int, after: int) -> list[dict[str, Any]]:
    """The battle's log entries from entry ``after`` on (as stored JSON, oldest first):
    what a reader that holds the first ``after`` needs, with entry ``after`` itself to
    check it still holds the same one (an undo and a new action reuse a number)."""
    from sqlalchemy import select

    from tactician.store.models import EntryRow

    with db.read() as session:
        rows = session.scalars(select(EntryRow.entry).where(
            EntryRow.battle_id == battle_id, EntryRow.seq >= after).order_by(EntryRow.seq))
        return [dict(r) for r in rows]


def commanded(view: dict[str, Any]) -> list[str]:
    """Units the players command (no enemy tier), as the CLI's enemy-phase check has it."""
    return [u["id"] for u in view["units"] if u.get("tier") is None]


def acting_players(view: dict[str, Any]) -> list[str]:
    """The players' units whose phase (or Turn) it is now, still standing."""
    acting = view.get("acting")
    return [u["id"] for u in view["units"]
            if (u["id"] in acting if acting is not None else u["side"] == view["phase"])
            and u.get("tier") is None and u["hp"] > 0]


def play_side(db: Database, battle_id: int, expected_seq: int,
              dice: PhysicalDice | None = None) -> list[dict[str, Any]]:
    """Let the engine play the phase (or Turns) of the side whose turn it is, then end
    the phase, stored as one transaction decided on ``expected_seq`` (``StaleBattle``
    if the battle moved on). Each decision keeps the planner's reasons and scored
    candidates (``--explain``) and its log entries. Refused while the players'
    units have the turn (as ``battle enemy-phase`` without ``--any-side``)."""
    opened, ruleset = _engine_turn(db, battle_id, expected_seq)
    assert opened.battle is not None
    table = Logged(opened.battle, opened.rules, opened.state, dice,
                   check=lambda action: checked(opened.info.ruleset, action))
    decisions = decisions_of(play_phase(table, ruleset.planner(opened.rules, False)))
    # one transaction, snapshots pinned as every action's are, and the aftermath
    # carried back to the roster when the phase ends the battle
    store_steps(db, battle_id, opened.rules, expected_seq, table.steps)
    return decisions


def _engine_turn(db: Database, battle_id: int, expected_seq: int) -> tuple[Any, Any]:
    """The battle opened whole, decided on ``expected_seq``, while the engine's side has
    the turn (refused once it is over, or while the players' units have it)."""
    opened = open_battle(db, battle_id, whole_log=True)
    if opened.info.last_seq != expected_seq:
        raise store.StaleBattle(opened.info.last_seq)
    ruleset = contract(opened.info.ruleset)
    before = ruleset.board_view(opened.state)
    if before["result"] != "ongoing":
        raise TacticianError(f"the battle is over ({before['result']}: "
                             f"{before['result_reason']})")
    if acting_players(before):
        raise TacticianError("the players' units have the turn: act with them and end "
                             "the phase first")
    return opened, ruleset


def enemy_step(db: Database, battle_id: int, expected_seq: int, apply: bool = False,
               dice: PhysicalDice | None = None) -> dict[str, Any]:
    """The engine's next decision in the phase it plays (``play_side`` one step at a
    time), with its reasons and scored candidates: shown (``apply`` False: nothing is
    logged) or played and stored as one transaction (its ``entries``). Both are decided
    on ``expected_seq``; the planner decides on the state alone, so the step applied on
    the board it was shown on is the step shown. Once the planner has nothing left,
    the step is the phase's end (``{"unit": None, "reason": "phase over"}``)."""
    opened, ruleset = _engine_turn(db, battle_id, expected_seq)
    assert opened.battle is not None
    planner = ruleset.planner(opened.rules, False)
    decision = planner.next(opened.state)
    if decision is None:
        if ends_own_turns(planner):
            raise TacticianError("the engine has nothing left to play this turn")
        decision = {"unit": None, "actions": [END_PHASE], "reason": "phase over"}
    if not apply:
        return {**decision, "entries": []}
    table = Logged(opened.battle, opened.rules, opened.state, dice,
                   check=lambda action: checked(opened.info.ruleset, action))
    played = Played(decision, [table.apply(a) for a in decision["actions"]])
    store_steps(db, battle_id, opened.rules, expected_seq, table.steps)
    return decisions_of([played])[0]


def terrain(ruleset: str) -> dict[str, dict[str, Any]]:
    """Each terrain's numbers (cost, avoid, defence, healing, description) from the
    ruleset's compendium, for the board's legend and hover; empty where it has none."""
    rules = contract(ruleset)
    if not rules.has(Capability.COMPENDIUM) or "terrain" not in rules.compendium_kinds():
        return {}
    return {str(e["name"]): e for e in rules.compendium_entries("terrain")}


def example_units(ruleset: str) -> list[Path]:
    """The ruleset's example unit files (``Examples.units``), for the sheets page."""
    return list(contract(ruleset).examples().units)
