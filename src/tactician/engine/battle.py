"""A battle: start state + event log, with act, undo and replay.

The current state is never stored: it is the start state with every logged
action applied again on the dice recorded for it. ``act`` draws fresh dice from
the battle's seed (or takes the table's physical dice), applies the action and
appends it, chained to the entry before it (``engine.chain``); a refused action
appends nothing. ``undo`` drops the last entry, ``undo_to`` keeps entries 1..N,
``undo_phase`` drops back to the start of the current (or last) phase.

The file format (``FORMAT`` 2, ``docs/battle-file.md``): ``format``, ``ruleset``,
``seed``, ``options``, ``start``, ``start_hash``, ``log`` (``engine.log.Entry``)
and ``streams``. Format 1 (before the hash chain) is refused: its dice and its
start cannot be verified, and reading it would let anyone strip a chain off.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.dice.source import DiceSource, DieDraw, EnteredDice, PhysicalDice
from tactician.engine.chain import action_dice, head, seal, start_digest, verify
from tactician.engine.log import Entry
from tactician.engine.rules import BattleRules
from tactician.errors import ContentError, TacticianError

FORMAT = 2

__all__ = ["FORMAT", "Battle", "ReplayMismatch", "UnknownFormat", "act", "action_dice",
           "phase_start", "replay", "replay_entries", "undo", "undo_phase", "undo_to"]


class UnknownFormat(ContentError):
    """A battle file of a format this version does not read."""


def check_format(value: Any) -> None:
    """Refuse any battle format but ``FORMAT``, saying what to do about it."""
    if value == FORMAT and not isinstance(value, bool):
        return
    if value == 1 and not isinstance(value, bool):
        raise UnknownFormat(
            "battle format 1 (written before the log was hash-chained) is not read: its "
            f"dice and start cannot be verified; start it again with `tactician battle new` "
            f"(this version reads format {FORMAT})"
        )
    raise UnknownFormat(f"unknown battle format {value!r} (this version reads format {FORMAT})")


class Battle(BaseModel):
    """Everything needed to rebuild a battle: its start and its log.

    ``start_hash`` seals the start (``chain.start_digest``); built in Python with
    an empty log and no ``start_hash``, a battle computes its own.
    """

    model_config = ConfigDict(extra="forbid")

    format: int = FORMAT
    ruleset: str
    seed: int
    options: list[str] = Field(default_factory=list)  # the campaign's rulings (name=value)
    start: dict[str, Any]
    start_hash: str = ""
    log: list[Entry] = Field(default_factory=list)
    # actions ever appended (undone ones included): each new action draws from a fresh
    # stream, so undoing and redoing an attack does not replay the same dice
    streams: int = Field(default=0, ge=0)

    @model_validator(mode="before")
    @classmethod
    def _known_format(cls, data: Any) -> Any:
        if isinstance(data, dict):
            check_format(data.get("format", FORMAT))
        return data

    @model_validator(mode="after")
    def _sealed_start(self) -> Battle:
        if not self.start_hash and not self.log:
            self.start_hash = start_digest(self.format, self.ruleset, self.seed, self.options,
                                           self.start)
        return self


class ReplayMismatch(TacticianError):
    """A logged action no longer replays as recorded (changed content or rules)."""


def replay(battle: Battle, rules: BattleRules, upto: int | None = None) -> Any:
    """The state after the first ``upto`` entries (all by default), applying each
    action on exactly the dice recorded for it, once the chain is verified
    (``chain.verify``: sequence, seeded dice re-derived, hashes)."""
    verify(battle)
    return replay_entries(rules.load_state(battle.start), battle.log[:upto], rules)


def replay_entries(state: Any, entries: Sequence[Entry], rules: BattleRules) -> Any:
    """Apply logged ``entries`` to ``state`` (the start, or a snapshot taken after the
    entry before the first of them) on their recorded dice: the one replay check,
    shared by ``replay`` and by a campaign battle opened from a snapshot. An entry
    that no longer applies, draws other dice or does something else is refused."""
    for entry in entries:
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


def _as_json(records: Any) -> Any:
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
    if isinstance(dice, EnteredDice):  # the dice its seat may not enter: the stream's
        dice.bind(action_dice(battle.seed, battle.streams))
    new_state, outcome = rules.apply(current, action, source)
    entry = seal(head(battle), {
        "seq": len(battle.log) + 1,
        "stream": battle.streams,
        "action": _as_json(dict(action)),
        "dice": [_draw_json(d) for d in source.draws],
        "summary": outcome.summary,
        "records": _as_json(outcome.records),
        "physical": physical,
    })
    updated = battle.model_copy(update={"log": [*battle.log, entry], "streams": battle.streams + 1})
    return updated, entry, new_state


def _draw_json(die: DieDraw) -> dict[str, Any]:
    """A die as the log keeps it: whose roll and who entered it only when known."""
    shown: dict[str, Any] = {"sides": die.sides, "value": die.value, "purpose": die.purpose}
    if die.roller is not None:
        shown["roller"] = die.roller
    if die.by is not None:
        shown["by"] = die.by
    return shown


def undo(battle: Battle) -> tuple[Battle, Entry]:
    """Drop the last action and its dice (its stream is not drawn from again)."""
    if not battle.log:
        raise TacticianError("nothing to undo: the log is empty")
    return battle.model_copy(update={"log": battle.log[:-1]}), battle.log[-1]


def undo_to(battle: Battle, keep: int) -> tuple[Battle, list[Entry]]:
    """Keep entries 1..``keep`` and drop the rest; return the dropped entries."""
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
    return battle.model_copy(update={"log": battle.log[:keep]}), battle.log[keep:]


def phase_start(log: list[Entry]) -> int:
    """How many entries come before the current phase, or before the last one when
    the log ends with a phase end (``Entry.ends_phase``): what ``undo_phase`` keeps."""
    body = log[:-1] if log and log[-1].ends_phase else log
    ends = [position for position, entry in enumerate(body, start=1) if entry.ends_phase]
    return ends[-1] if ends else 0


def undo_phase(battle: Battle) -> tuple[Battle, list[Entry]]:
    """Drop back to the start of the current phase; if the last entry ended a phase
    (``battle enemy-phase`` ends with one), drop that whole phase."""
    if not battle.log:
        raise TacticianError("nothing to undo: the log is empty")
    return undo_to(battle, phase_start(battle.log))
