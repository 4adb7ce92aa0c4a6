"""Battles for every interface: act, undo, replay, let the engine play a side, and
describe the board, wherever the battle lives (``battle_places``: a campaign's
database or a JSON file; starting and opening a file is ``battle_files``).

Every action is checked against its ruleset's action schema first (``table.actions``),
the engine's own too. The log is the single source of truth. Every function here
reads the battle once, works on immutable values and writes at most once, naming the
entry it decided on, only when everything it was asked to do was accepted: a command
that applies several actions (``play_side``) stores them all together or none of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.dice.source import DiceSource, PhysicalDice
from tactician.engine.battle import Reading, act_steps, replay_entries
from tactician.engine.log import Entry
from tactician.engine.play import Logged, Played, ongoing
from tactician.engine.play import play_phase as engine_phase
from tactician.engine.undo import undo, undo_phase, undo_to
from tactician.errors import TacticianError
from tactician.rulesets.registry import contract
from tactician.table import board_cache
from tactician.table.actions import checked
from tactician.table.battle_files import Opened, new_battle, open_battle
from tactician.table.battle_places import At, FilePlace, Loaded, Place, Step

# starting and opening a battle file live in ``battle_files``; callers keep importing
# them here with the rest of the battle commands
__all__ = ["Loaded", "Opened", "Place", "Where", "board_of", "check", "decisions_of", "load",
           "new_battle", "open_battle", "perform", "perform_steps", "place_of", "play_phase",
           "play_side", "preview_attack", "readings", "rebuild", "redo", "take_back",
           "undo_plan", "view"]

Where = Path | Place


def place_of(where: Where) -> Place:
    """A battle file path as a ``FilePlace``; a ``Place`` as it is."""
    return FilePlace(where) if isinstance(where, Path) else where


def load(where: Where, whole_log: bool = True) -> Loaded:
    """Read the battle once (a command decides everything on this one read)."""
    return place_of(where).load(whole_log)


def _loaded(where: Where, loaded: Loaded | None, whole_log: bool = True) -> Loaded:
    if loaded is not None and (loaded.battle is not None or not whole_log):
        return loaded
    return load(where, whole_log)


def perform(
    where: Where, action: dict[str, Any], dice: DiceSource | None = None,
    expected_seq: int | At | None = None, loaded: Loaded | None = None,
) -> tuple[Entry, Any]:
    """Apply one action and save it, decided on the battle at ``expected_seq`` (default:
    as read now; ``loaded``: as the caller read it). A refused action saves nothing; a
    battle that moved on is refused with ``StaleBattle`` and nothing is applied.
    Returns the action's entry (``perform_steps`` also gives a step due before it)."""
    entries, state = perform_steps(where, action, dice, expected_seq, loaded)
    return entries[-1], state


def perform_steps(
    where: Where, action: dict[str, Any], dice: DiceSource | None = None,
    expected_seq: int | At | None = None, loaded: Loaded | None = None,
) -> tuple[list[Entry], Any]:
    """``perform``, giving every entry saved: a step the rules take by themselves
    before the action (``engine.battle.act_steps``: fe-tabletop's Player turn order
    roll), then the action's own; all saved in one write, or none."""
    opened = _loaded(where, loaded, whole_log=False)
    opened.expect(expected_seq)
    battle, steps = act_steps(opened.actable(), opened.rules, checked(opened.ruleset, action),
                              dice, opened.state)
    opened.place.append(opened, battle, [Step(entry, state) for entry, state in steps])
    return [entry for entry, _ in steps], steps[-1][1]


def check(where: Where, action: dict[str, Any], dice: DiceSource | None = None,
          loaded: Loaded | None = None) -> None:
    """Refuse ``action`` now, in the rules' own words, if it would be refused; nothing
    is saved and the outcome is not kept (used before asking a player to commit)."""
    opened = _loaded(where, loaded, whole_log=False)
    act_steps(opened.actable(), opened.rules, checked(opened.ruleset, action), dice, opened.state)


def undo_plan(where: Where, to: int | None = None, phase: bool = False,
              loaded: Loaded | None = None) -> list[Entry]:
    """The entries ``take_back`` would drop, oldest first (nothing is changed): what an
    interface shows before it asks."""
    if to is not None and phase:
        raise TacticianError("undo takes --to N or --phase, not both")
    opened = _loaded(where, loaded)
    battle = opened.whole()
    # the engine's checks and messages decide what may be kept
    if to is not None:
        return undo_to(battle, to)[1]
    if phase:  # the phase (or Turn) as the ruleset draws it (``ends_phase``)
        return undo_phase(battle, opened.rules)[1]
    return [undo(battle)[1]]


def take_back(where: Where, to: int | None = None, phase: bool = False,
              expected_seq: int | At | None = None, loaded: Loaded | None = None) -> list[Entry]:
    """Drop the last entry, or every entry after ``to``, or back to the start of the
    current (or last) phase; return the dropped entries, oldest first. They can be
    redone (``redo``) until the battle's next action."""
    opened = _loaded(where, loaded)
    opened.expect(expected_seq)
    dropped = undo_plan(where, to, phase, opened)
    return opened.place.undo(opened, dropped[0].seq - 1)


def redo(where: Where, count: int | None = 1, to: int | None = None,
         expected_seq: int | At | None = None, loaded: Loaded | None = None) -> list[Entry]:
    """Put back the next undone entry (``count`` of them; None: all; ``to``: until the
    log ends at entry ``to``), each on its recorded dice; return them, oldest first."""
    opened = _loaded(where, loaded)
    opened.expect(expected_seq)
    if to is not None:
        if to <= opened.seq:
            raise TacticianError(f"cannot redo to entry {to}: the log already ends at "
                                 f"entry {opened.seq}")
        count = to - opened.seq
    return opened.place.redo(opened, count)


def rebuild(where: Where) -> Loaded:
    """Replay the whole log from its start on its recorded dice, after verifying the
    chain (raises if any entry disagrees), even where a snapshot would do."""
    return place_of(where).rebuild()


def readings(loaded: Loaded) -> list[Reading]:
    """The entries of a rebuilt battle that, on their recorded dice, read otherwise now
    (``engine.battle.Reading``: a newer wording, or a rules change): ``battle replay``
    reports them; the battle opens and plays on whatever they say."""
    battle = loaded.whole()
    found: list[Reading] = []
    replay_entries(loaded.rules.load_state(battle.start), battle.log, loaded.rules, found)
    return found


def play_side(
    where: Where, dice: PhysicalDice | None = None, every_side: bool = False,
    expected_seq: int | At | None = None, loaded: Loaded | None = None,
) -> list[dict[str, Any]]:
    """``play_phase`` returning its decisions only."""
    return play_phase(where, dice, every_side, expected_seq, loaded)[0]


def play_phase(
    where: Where, dice: PhysicalDice | None = None, every_side: bool = False,
    expected_seq: int | At | None = None, loaded: Loaded | None = None,
) -> tuple[list[dict[str, Any]], Any, int]:
    """Let the engine play what one ``battle enemy-phase`` plays (``engine.play.
    play_phase``): the side whose phase it is, then the phase's end; in a turn-by-turn
    ruleset the engine's units' Turns up to the next Turn of a unit the players
    command. ``every_side`` (``--any-side``) plays the players' units whose Turn or
    phase it is too.

    Each decision's actions are applied and logged like a player's; the
    returned list holds each decision with its explanation and log entries (then
    the state it left and its last sequence number).
    With the table's physical ``dice``, every action takes its dice from them in
    order (numbered across the phase). The whole phase is one atomic write at the
    end: when the dice run out (``NeedRoll``), a supplied die is refused, or any
    action is refused, nothing is saved, and a killed run leaves the battle as it
    was before the phase. A battle that is over, or one the engine finds nothing to
    play in, is refused and nothing is saved.
    """
    opened = _loaded(where, loaded, whole_log=False)
    opened.expect(expected_seq)
    if not ongoing(opened.state):
        raise TacticianError(f"the battle is over ({opened.state.result}: "
                             f"{opened.state.result_reason})")
    rules = contract(opened.ruleset)
    table = Logged(opened.actable(), opened.rules, opened.state, dice,
                   check=lambda action: checked(opened.ruleset, action))
    played = engine_phase(table, rules.planner(opened.rules, False),
                          rules.planner(opened.rules, True) if every_side else None)
    if not table.steps:
        raise TacticianError("the engine has nothing to play now (no unit of the engine's "
                             "has the turn): act with the players' units, or pass --any-side")
    opened.place.append(opened, table.battle, [Step(e, s) for e, s in table.steps])
    return decisions_of(played), table.state, table.battle.last_seq


def decisions_of(played: list[Played]) -> list[dict[str, Any]]:
    """The engine's decisions as reported: each with its reason, scored candidates
    (``--explain``) and the log entries of its actions."""
    return [{**p.decision, "entries": [e.model_dump(mode="json") for e in p.applied]}
            for p in played]


def view(where: Where, reach_unit: str | None = None, loaded: Loaded | None = None,
         after: tuple[Any, int] | None = None, side: str | None = None) -> dict[str, Any]:
    """The board as data: map, units, clock, and optionally a unit's ranges; with
    ``after`` = (state, seq), of the state an action just left (no second read);
    with ``side``, only what that side sees (fog of war)."""
    opened = _loaded(where, loaded, whole_log=False)
    state, seq = after if after is not None else (opened.state, opened.seq)
    head = opened.head if after is None else ""
    return board_of(opened.ruleset, state, seq, opened.seed, reach_unit, side, head)


def board_of(ruleset: str, state: Any, seq: int, seed: int,
             reach_unit: str | None = None, side: str | None = None,
             head: str = "") -> dict[str, Any]:
    """``view`` of a state in hand (e.g. a battle just started): ``board_cache``'s,
    the one every writer keeps for ``battle show``."""
    return board_cache.board_of(ruleset, state, seq, seed, reach_unit, side, head)


def preview_attack(where: Where, action: dict[str, Any],
                   loaded: Loaded | None = None) -> dict[str, Any]:
    """The exact forecast of an attack action in the battle, before committing it."""
    opened = _loaded(where, loaded, whole_log=False)
    return contract(opened.ruleset).battle_forecast(opened.state,
                                                    checked(opened.ruleset, action),
                                                    opened.rules)
