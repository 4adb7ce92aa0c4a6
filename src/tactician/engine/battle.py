"""A battle: start state + event log, with act, undo and replay.

The current state is never stored: it is the start state with every logged
action applied again on the dice recorded for it. ``act`` draws fresh dice from
the battle's seed (or takes the table's physical dice), applies the action and
appends it; a refused action appends nothing. ``undo`` drops the last entry.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tactician.dice.source import DiceSource, PhysicalDice, SeededDice
from tactician.engine.log import Draw, Entry
from tactician.engine.rules import BattleRules
from tactician.errors import TacticianError

FORMAT = 1


class Battle(BaseModel):
    """Everything needed to rebuild a battle: its start and its log."""

    model_config = ConfigDict(extra="forbid")

    format: int = FORMAT
    ruleset: str
    seed: int
    options: list[str] = Field(default_factory=list)  # the campaign's rulings (name=value)
    start: dict[str, Any]
    log: list[Entry] = Field(default_factory=list)
    # actions ever appended (undone ones included): each new action draws from a fresh
    # stream, so undoing and redoing an attack does not replay the same dice
    streams: int = 0


def action_dice(seed: int, stream: int) -> SeededDice:
    """The seeded dice for the ``stream``-th action of a battle."""
    digest = hashlib.sha256(f"{seed}/{stream}".encode()).digest()
    return SeededDice(int.from_bytes(digest[:8], "big"))


class ReplayMismatch(TacticianError):
    """A logged action no longer replays as recorded (changed content or rules)."""


def replay(battle: Battle, rules: BattleRules, upto: int | None = None) -> Any:
    """The state after the first ``upto`` entries (all by default), applying each
    action on exactly the dice recorded for it."""
    state = rules.load_state(battle.start)
    for entry in battle.log[:upto]:
        dice = PhysicalDice([d.value for d in entry.dice])
        try:
            state, outcome = rules.apply(state, entry.action, dice)
        except TacticianError as exc:
            raise ReplayMismatch(f"log entry {entry.seq} no longer applies: {exc}") from None
        recorded = [(d.sides, d.value, d.purpose) for d in entry.dice]
        drawn = [(d.sides, d.value, d.purpose) for d in dice.draws]
        if drawn != recorded:
            raise ReplayMismatch(f"log entry {entry.seq} drew different dice on replay")
        # the same dice must also do the same thing: an edited die or a changed rule
        # that still draws as many dice is caught here
        if outcome.summary != entry.summary or _as_json(outcome.records) != entry.records:
            raise ReplayMismatch(
                f"log entry {entry.seq} replays differently: logged {entry.summary!r}, "
                f"now {outcome.summary!r}"
            )
    return state


def _as_json(records: list[dict[str, Any]]) -> Any:
    return json.loads(json.dumps(records, default=str))


def act(
    battle: Battle,
    rules: BattleRules,
    action: dict[str, Any],
    dice: DiceSource | None = None,
    state: Any = None,
) -> tuple[Battle, Entry, Any]:
    """Apply ``action``; return the battle with it logged, the entry and the new state.

    The input battle is not modified; on refusal nothing is returned and the
    caller's battle stays as it was.
    """
    current = replay(battle, rules) if state is None else state
    physical = dice is not None
    source = dice if dice is not None else action_dice(battle.seed, battle.streams)
    new_state, outcome = rules.apply(current, action, source)
    entry = Entry(
        seq=len(battle.log) + 1,
        action=dict(action),
        dice=[Draw(sides=d.sides, value=d.value, purpose=d.purpose) for d in source.draws],
        summary=outcome.summary,
        records=_as_json(outcome.records),
        physical=physical,
    )
    updated = battle.model_copy(update={"log": [*battle.log, entry], "streams": battle.streams + 1})
    return updated, entry, new_state


def undo(battle: Battle) -> tuple[Battle, Entry]:
    """Drop the last action and its dice."""
    if not battle.log:
        raise TacticianError("nothing to undo: the log is empty")
    return battle.model_copy(update={"log": battle.log[:-1]}), battle.log[-1]
