"""Battles for every interface: create, open, act, undo, replay, let the engine
play a side, and describe the board.

A battle lives in a JSON file (start state + event log; see
``engine.store_file``) until the storage layer lands; the log is the single
source of truth, so storage can adopt it unchanged. Every function here reads
the file, works on immutable values and writes the file back at most once, atomically,
only when everything it was asked to do was accepted: a command that applies
several actions (``play_side``) saves them all together or none of them.

Opening a battle verifies its hash chain and replays its log (``engine.chain``,
``engine.battle.replay``) and removes leftover temporary files of killed saves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource, DieDraw, PhysicalDice
from tactician.engine.battle import (
    Battle,
    UnknownFormat,
    act,
    replay,
    undo,
    undo_phase,
    undo_to,
)
from tactician.engine.chain import BrokenChain
from tactician.engine.log import Entry
from tactician.engine.store_file import cleanup, load_battle, save_battle
from tactician.errors import ContentError, TacticianError
from tactician.rulesets.registry import contract
from tactician.table.start_check import check_start


@dataclass
class Opened:
    path: Path
    battle: Battle
    rules: Any
    state: Any


def _rules(ruleset: str, options: list[str]) -> Any:
    return contract(ruleset).battle_rules(options)


def new_battle(
    ruleset: str,
    map_path: Path,
    units: list[Path],
    out: Path,
    seed: int | None = None,
    options: list[str] | None = None,
    overwrite: bool = False,
) -> Opened:
    """Start a battle and write it to ``out`` (refusing to overwrite unless asked)."""
    if out.is_dir():
        raise TacticianError(f"{out}: is a folder; --out names the battle file to write")
    if out.exists() and not overwrite:
        raise TacticianError(f"{out} already exists; choose another --out or pass --force")
    rules = _rules(ruleset, options or [])
    state = rules.start_state({"map": str(map_path), "units": [str(u) for u in units]})
    battle = Battle(
        ruleset=ruleset,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
        options=list(options or []),
        start=rules.dump_state(state),
    )
    save_battle(battle, out)
    return Opened(out, battle, rules, state)


def open_battle(path: Path) -> Opened:
    """Read, verify and replay the battle at ``path`` (refused, naming the file and the
    first entry that fails, if it was edited)."""
    cleanup(path)
    try:
        battle = load_battle(path)
        rules = _rules(battle.ruleset, battle.options)
        check_start(path, battle, rules)
        return Opened(path, battle, rules, replay(battle, rules))
    except BrokenChain as exc:
        raise ContentError(f"{path}: the log does not verify, it was edited: {exc}") from None
    except UnknownFormat as exc:
        raise ContentError(f"{path}: {exc}") from None


def perform(
    path: Path, action: dict[str, Any], dice: DiceSource | None = None
) -> tuple[Entry, Any]:
    """Apply one action and save; a refused action leaves the file untouched."""
    opened = open_battle(path)
    battle, entry, state = act(opened.battle, opened.rules, action, dice, opened.state)
    save_battle(battle, path)
    return entry, state


def check(path: Path, action: dict[str, Any], dice: DiceSource | None = None) -> None:
    """Refuse ``action`` now, in the rules' own words, if it would be refused; nothing
    is saved and the outcome is not kept (used before asking a player to commit)."""
    opened = open_battle(path)
    act(opened.battle, opened.rules, action, dice, opened.state)


def take_back(path: Path, to: int | None = None, phase: bool = False) -> list[Entry]:
    """Drop the last entry, or every entry after ``to``, or back to the start of the
    current (or last) phase; return the dropped entries, oldest first."""
    opened = open_battle(path)
    if to is not None and phase:
        raise TacticianError("undo takes --to N or --phase, not both")
    if to is not None:
        battle, dropped = undo_to(opened.battle, to)
    elif phase:
        battle, dropped = undo_phase(opened.battle)
    else:
        battle, entry = undo(opened.battle)
        dropped = [entry]
    save_battle(battle, path)
    return dropped


def rebuild(path: Path) -> Opened:
    """Replay the whole log on its recorded dice (raises if any entry disagrees)."""
    return open_battle(path)


def play_side(
    path: Path, dice: PhysicalDice | None = None, every_side: bool = False
) -> list[dict[str, Any]]:
    """Let the engine play the side whose phase it is, then end the phase (unless
    the ruleset's planner says it ``ends_own_turns``: then it plays until a unit
    the players command has the turn).

    Each decision's actions are applied and logged like a player's; the
    returned list holds each decision with its explanation and log entries.
    With the table's physical ``dice``, every action takes its dice from them in
    order (numbered across the phase). The whole phase is one atomic write at the
    end: when the dice run out (``NeedRoll``), a supplied die is refused, or any
    action is refused, nothing is saved, and a killed run leaves the battle as it
    was before the phase. ``every_side`` lets the engine play the units the
    players command too.
    """
    opened = open_battle(path)
    planner = contract(opened.battle.ruleset).planner(opened.rules, every_side)
    battle, state = opened.battle, opened.state
    decisions: list[dict[str, Any]] = []
    while getattr(state, "result", "ongoing") == "ongoing":
        decision = planner.next(state)
        if decision is None:
            break
        entries = []
        for action in decision["actions"]:
            battle, entry, state = _act_on(battle, opened.rules, action, dice, state)
            entries.append(entry.model_dump(mode="json"))
        decisions.append({**decision, "entries": entries})
    # a planner that ends its own turns (turn-by-turn rulesets) stops where the
    # players' turn begins: no end_phase is appended for it
    ends_own_turns = bool(getattr(planner, "ends_own_turns", False))
    if getattr(state, "result", "ongoing") == "ongoing" and not ends_own_turns:
        battle, entry, state = _act_on(battle, opened.rules, {"type": "end_phase"}, dice, state)
        decisions.append(
            {
                "unit": None,
                "actions": [{"type": "end_phase"}],
                "entries": [entry.model_dump(mode="json")],
                "reason": "phase over",
            }
        )
    save_battle(battle, path)
    return decisions


def _act_on(
    battle: Battle, rules: Any, action: dict[str, Any], dice: PhysicalDice | None, state: Any
) -> tuple[Battle, Entry, Any]:
    """``act`` on the table's ``dice`` shared across the phase: each entry logs its
    own draws, and a missing or impossible roll is numbered across the phase."""
    return act(battle, rules, action, None if dice is None else _Share(dice), state)


@dataclass
class _Share:
    """The part of the table's dice one action draws (a ``DiceSource``)."""

    table: PhysicalDice
    draws: list[DieDraw] = field(default_factory=list)

    def draw(self, sides: int, purpose: str) -> int:
        value = self.table.draw(sides, purpose)
        self.draws.append(self.table.draws[-1])
        return value


def view(path: Path, reach_unit: str | None = None, side: str | None = None) -> dict[str, Any]:
    """The board as data: map, units, clock, and optionally a unit's ranges; with
    ``side``, only what that side sees (fog of war)."""
    opened = open_battle(path)
    data = contract(opened.battle.ruleset).board_view(opened.state, reach_unit, side)
    data["log_length"] = len(opened.battle.log)
    data["seed"] = opened.battle.seed
    return data


def preview_attack(path: Path, action: dict[str, Any]) -> dict[str, Any]:
    """The exact forecast of an attack action in the battle, before committing it."""
    opened = open_battle(path)
    return contract(opened.battle.ruleset).battle_forecast(opened.state, action, opened.rules)
