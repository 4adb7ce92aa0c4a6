"""A battle: start state + event log, with act and replay (undo and redo: ``engine.undo``).

The current state is never stored: it is the start state with every logged
action applied again on the dice recorded for it. ``act`` draws fresh dice from
the battle's seed (or takes the table's physical dice), applies the action and
appends it, chained to the entry before it (``engine.chain``); a refused action
appends nothing, and a new action empties the redo list (``undone``: what
``engine.undo`` dropped, kept for ``redo`` until then).

The file format (``FORMAT`` 2, ``docs/battle-file.md``): ``format``, ``ruleset``,
``seed``, ``options``, ``start``, ``start_hash``, ``log`` (``engine.log.Entry``),
``streams`` and ``undone`` (entries undone since the last action, not in the
chain). Format 1 (before the hash chain) is refused: its dice and its start cannot
be verified, and reading it would let anyone strip a chain off.

A battle read from a snapshot on is a *tail* (``Battle.tail``): its ``log`` holds
only the entries after the one the snapshot was taken after (its ``anchor``), so an
action on a long campaign battle reads and verifies a few entries, not the whole log
(issue 28). The next entry is numbered from ``last_seq`` (the anchor's number and the
entries after it) and chained to ``chain.head``, never from ``len(log)``; what needs
every entry (``replay`` from the start, undo, a battle file) refuses a tail.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from tactician.dice.source import DiceSource, DieDraw, PhysicalDice, ShareOfTableDice
from tactician.engine.chain import action_dice, head, seal, start_digest, verify
from tactician.engine.gm_edit import apply_action
from tactician.engine.log import Entry
from tactician.engine.rules import BattleRules
from tactician.errors import ContentError, TacticianError

FORMAT = 2

__all__ = ["FORMAT", "Battle", "Reading", "ReplayMismatch", "UnknownFormat", "act", "action_dice",
           "act_steps", "replay", "replay_entries"]


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
    # entries undone since the last action, the next to redo first (``engine.undo``):
    # not part of the hash chain, each chained to the log's head as it was
    undone: list[Entry] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _known_format(cls, data: Any) -> Any:
        if isinstance(data, dict):
            check_format(data.get("format", FORMAT))
        return data

    # a tail's anchor: the last entry before ``log`` (verified when it was read), whose
    # number and hash the log continues from; None: ``log`` is the whole log
    _anchor: Entry | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _sealed_start(self) -> Battle:
        if not self.start_hash and not self.log:
            self.start_hash = start_digest(self.format, self.ruleset, self.seed, self.options,
                                           self.start)
        return self

    @classmethod
    def tail(cls, data: dict[str, Any], anchor: Entry | None) -> Battle:
        """The battle ``data`` (its fields, with ``log`` holding only the entries after
        ``anchor``) as a tail continuing from ``anchor``; with no anchor, the whole
        battle. The caller has verified those entries from the anchor
        (``chain.verify_entries``)."""
        battle = cls.model_validate(data)
        battle._anchor = anchor
        return battle

    @property
    def anchor(self) -> Entry | None:
        """The entry a tail's log continues from (None: the log is whole)."""
        return self._anchor

    @property
    def last_seq(self) -> int:
        """The number of the log's last entry (0: none), a tail's counted from its
        anchor: the next entry is ``last_seq + 1``."""
        return (self._anchor.seq if self._anchor is not None else 0) + len(self.log)

    def whole(self, what: str) -> Battle:
        """This battle, refused as a tail by ``what`` (which needs every entry)."""
        if self._anchor is not None:
            raise TacticianError(f"internal: {what} needs the whole log, and this battle "
                                 f"was read from entry {self._anchor.seq} on")
        return self


class ReplayMismatch(TacticianError):
    """A logged action no longer replays as recorded (changed content or rules)."""


def replay(battle: Battle, rules: BattleRules, upto: int | None = None) -> Any:
    """The state after the first ``upto`` entries (all by default), applying each
    action on exactly the dice recorded for it, once the chain is verified
    (``chain.verify``: sequence, seeded dice re-derived, hashes)."""
    verify(battle.whole("replay from the start"))
    return replay_entries(rules.load_state(battle.start), battle.log[:upto], rules)


class Reading(NamedTuple):
    """A logged entry that, on its recorded dice, now reads otherwise: its summary,
    records or dice purposes as this version of the rules words them (``now``) are not
    those logged (``logged``). The entry still applies on the same dice."""

    seq: int
    logged: str
    now: str


def replay_entries(state: Any, entries: Sequence[Entry], rules: BattleRules,
                   readings: list[Reading] | None = None) -> Any:
    """Apply logged ``entries`` to ``state`` (the start, or a snapshot taken after the
    entry before the first of them) on their recorded dice: the one replay check,
    shared by ``replay`` and by a campaign battle opened from a snapshot.

    An entry that no longer applies, or draws other dice (another number of dice,
    other sides or other values), is refused: the log cannot be rebuilt. An entry that
    applies on the same dice but reads otherwise (its summary, records or the dice's
    purposes) is not: those are words, and a newer version may word them better or a
    rules fix may change what the same dice did; a battle logged by an older version
    must still open. Each such entry is added to ``readings`` when the caller asks
    (``battle replay`` and ``campaign check`` report them)."""
    for entry in entries:
        dice = PhysicalDice([d.value for d in entry.dice])
        try:
            state, outcome = apply_action(rules, state, entry.action, dice)
        except TacticianError as exc:
            raise ReplayMismatch(f"log entry {entry.seq} no longer applies: {exc}") from None
        recorded = [(d.sides, d.value) for d in entry.dice]
        drawn = [(d.sides, d.value) for d in dice.draws]
        if drawn != recorded:
            raise ReplayMismatch(f"log entry {entry.seq} drew different dice on replay")
        if readings is not None and (
                outcome.summary != entry.summary
                or _as_json(outcome.records) != entry.records
                or [d.purpose for d in dice.draws] != [d.purpose for d in entry.dice]):
            readings.append(Reading(entry.seq, entry.summary, outcome.summary))
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
    # the dice its seat may not enter come from the stream (``EnteredDice``, also inside
    # the share of one step: ``ShareOfTableDice``)
    bind = getattr(dice, "bind", None)
    if callable(bind):
        bind(action_dice(battle.seed, battle.streams))
    new_state, outcome = apply_action(rules, current, action, source)
    entry = seal(head(battle), {
        "seq": battle.last_seq + 1,
        "stream": battle.streams,
        "action": _as_json(dict(action)),
        "dice": [_draw_json(d) for d in source.draws],
        "summary": outcome.summary,
        "records": _as_json(outcome.records),
        "physical": physical,
    })
    updated = battle.model_copy(update={"log": [*battle.log, entry], "streams": battle.streams + 1,
                                        "undone": []})
    return updated, entry, new_state


def act_steps(
    battle: Battle,
    rules: BattleRules,
    action: dict[str, Any],
    dice: DiceSource | None = None,
    state: Any = None,
) -> tuple[Battle, list[tuple[Entry, Any]]]:
    """``act`` of ``action``, after the step the rules take by themselves before it,
    logged as an entry of its own: a ruleset's rules may have ``due(state, action)``,
    the action due first (fe-tabletop: the Player turn's d100 order, 001 L42), so the
    roll belongs to its turn and an undo of the turn's first action keeps it. With the
    table's dice each entry draws its share of them, in turn. Returns the battle and
    each entry with the state after it; nothing is kept if either is refused."""
    current = replay(battle, rules) if state is None else state
    steps: list[tuple[Entry, Any]] = []
    due = getattr(rules, "due", None)
    first = due(current, action) if callable(due) else None
    for step in ([first] if first is not None else []) + [action]:
        share = None if dice is None else ShareOfTableDice(dice)
        battle, entry, current = act(battle, rules, step, share, current)
        steps.append((entry, current))
    return battle, steps


def _draw_json(die: DieDraw) -> dict[str, Any]:
    """A die as the log keeps it: whose roll and who entered it only when known."""
    shown: dict[str, Any] = {"sides": die.sides, "value": die.value, "purpose": die.purpose}
    if die.roller is not None:
        shown["roller"] = die.roller
    if die.by is not None:
        shown["by"] = die.by
    return shown

