"""Undo and redo: entries leave the log and come back on exactly their dice.

``undo`` drops the last entry, ``undo_to`` keeps entries 1..N, ``undo_phase`` drops
back to the start of the current phase (or Turn). What is dropped is kept as the
battle's ``undone`` entries (the next to redo first) until a new action is taken
(``engine.battle.act`` empties them): ``redo`` puts them back one by one, each applied
again on its recorded dice, the same entry with the same hash, so a battle undone to
its start and redone to its end is the battle it was, bit for bit. Undone entries are
not part of the hash chain (the log's head is its last entry's); each still chains to
the log's head, and ``chain.verify`` checks that they do.

Where a phase (or a Turn) ends is the ruleset's to say: its rules may have
``ends_phase(entry)`` (Miridon's turns end by the ``end_turn`` action, whose records
have no type of their own; fe-classic's set-up ends with ``start``); without it an
entry ends one when a record's type is in ``engine.log.PHASE_ENDS``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tactician.engine.battle import Battle, replay_entries
from tactician.engine.chain import head, last_entry, verify_entries
from tactician.engine.log import Entry
from tactician.engine.rules import BattleRules
from tactician.errors import TacticianError

__all__ = ["ends_phase", "phase_start", "redo", "undo", "undo_phase", "undo_to"]

EndsPhase = Callable[[Entry], bool]


def undo(battle: Battle) -> tuple[Battle, Entry]:
    """Drop the last action and its dice (its stream is not drawn from again by a new
    action; ``redo`` brings the entry back as it was)."""
    battle = battle.whole("undo")
    if not battle.log:
        raise TacticianError("nothing to undo: the log is empty")
    kept, dropped = _cut(battle, len(battle.log) - 1)
    return kept, dropped[0]


def undo_to(battle: Battle, keep: int) -> tuple[Battle, list[Entry]]:
    """Keep entries 1..``keep`` and drop the rest; return the dropped entries."""
    battle = battle.whole("undo")
    size = len(battle.log)
    if not battle.log:
        raise TacticianError("nothing to undo: the log is empty")
    if keep == size:
        raise TacticianError(f"nothing to undo: entry {size} is already the last entry")
    if not 0 <= keep < size:
        raise TacticianError(
            f"cannot undo to entry {keep}: the log has entries 1..{size}, so keep "
            f"0..{size - 1} of them (0 drops them all)"
        )
    return _cut(battle, keep)


def _cut(battle: Battle, keep: int) -> tuple[Battle, list[Entry]]:
    dropped = battle.log[keep:]
    kept = battle.model_copy(update={"log": battle.log[:keep],
                                     "undone": [*dropped, *battle.undone]})
    return kept, list(dropped)


def ends_phase(rules: BattleRules | None) -> EndsPhase:
    """The ruleset's test of an entry closing a phase or a Turn (see the module)."""
    judge = getattr(rules, "ends_phase", None)
    if callable(judge):
        return lambda entry: bool(judge(entry))
    return lambda entry: entry.ends_phase


def phase_start(log: Sequence[Entry], ends: EndsPhase | None = None) -> int:
    """How many entries come before the current phase, or before the last one when
    the log ends with a phase end: what ``undo_phase`` keeps."""
    closes = ends or (lambda entry: entry.ends_phase)
    body = log[:-1] if log and closes(log[-1]) else log
    found = [position for position, entry in enumerate(body, start=1) if closes(entry)]
    return found[-1] if found else 0


def undo_phase(battle: Battle, rules: BattleRules | None = None) -> tuple[Battle, list[Entry]]:
    """Drop back to the start of the current phase (or Turn, by the ruleset's
    ``ends_phase``); if the last entry ended one (``battle enemy-phase`` ends with
    one), drop that whole phase."""
    battle = battle.whole("undo")
    if not battle.log:
        raise TacticianError("nothing to undo: the log is empty")
    return undo_to(battle, phase_start(battle.log, ends_phase(rules)))


def redo(battle: Battle, rules: BattleRules, state: Any, count: int = 1
         ) -> tuple[Battle, list[tuple[Entry, Any]]]:
    """Put the next ``count`` undone entries back, each applied to ``state`` (the
    battle's current state) on its recorded dice and checked as a replay is (the same
    dice, summary and records), each still chained to the log's head; returns the
    battle and each entry with the state after it."""
    if not battle.undone:
        raise TacticianError("nothing to redo: no entry was undone since the last action")
    if not 1 <= count <= len(battle.undone):
        raise TacticianError(f"cannot redo {count} entries: {len(battle.undone)} can be "
                             "redone")
    steps: list[tuple[Entry, Any]] = []
    log = list(battle.log)
    for entry in battle.undone[:count]:
        verify_entries(battle.seed, battle.streams, head(battle), [entry],
                       after=log[-1] if log else last_entry(battle))
        state = replay_entries(state, [entry], rules)
        log.append(entry)
        battle = battle.model_copy(update={"log": list(log)})
        steps.append((entry, state))
    return battle.model_copy(update={"undone": battle.undone[count:]}), steps
