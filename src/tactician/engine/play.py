"""The engine playing a battle: the one loop every interface and the simulator share.

A ruleset's ``Planner`` (``RulesetContract.planner``) proposes the next decision for
the side or unit to act; a ``Table`` applies its actions. The loop is the same
whether the actions are logged like a player's (``Logged``: ``engine.battle.act``,
on the battle's seeded streams or the table's own dice; ``battle enemy-phase``, the
web's enemy phase, the conformance kit) or played in memory and kept nowhere
(``Unlogged``: whole-battle simulation, issue 30: no log, no file, nothing
re-read). Both draw action N's dice from ``chain.action_dice(seed, N)``, so a copy
played in memory on a seed is the battle the log would hold on that seed.

Two procedures:

- ``play_phase``: what one ``battle enemy-phase`` plays. The planner plays on
  until it has nothing to play; a side-phase ruleset then ends the phase (its
  planner plays whichever phase it is asked to), while a turn-by-turn one (the
  planner ``ends_own_turns``) stops where a unit the players command has its Turn.
  With ``any_side`` (``--any-side``), the first Turn of a unit the players command
  that comes up is the engine's too (one unit, one round: the ``any_side``
  planner's decisions for it), then the engine's units' Turns after it, up to the
  next Turn of a unit the players command. So each call moves a turn-by-turn battle
  on by at least one Turn, as it moves a side-phase one by a phase.
- ``play_battle``: the whole battle with a planner on every side, to its end
  (every ruleset names a round cap, reached: a draw, ``engine.objectives``), to a
  bound on actions, or until the planner is stuck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from tactician.dice.source import PhysicalDice, ShareOfTableDice
from tactician.engine.battle import Battle, act_steps
from tactician.engine.chain import action_dice
from tactician.engine.log import Entry
from tactician.engine.rules import BattleRules, Outcome, Planner

__all__ = ["END_PHASE", "Logged", "Planner", "Played", "Table", "Unlogged", "ends_own_turns",
           "ongoing", "play_battle", "play_phase"]

END_PHASE: dict[str, Any] = {"type": "end_phase"}


class Table(Protocol):
    """Where the engine's actions are applied: the state now, and one action more."""

    @property
    def state(self) -> Any: ...

    @property
    def actions(self) -> int:
        """Actions applied so far (of the whole battle, for a logged one)."""
        ...

    def apply(self, action: dict[str, Any]) -> Any:
        """Apply ``action`` (refused: ``TacticianError``, nothing applied) and return
        what it left: the log ``Entry`` or the rules' ``Outcome``."""
        ...


@dataclass
class Logged:
    """Actions logged as a player's are (``engine.battle.act``): on the battle's seeded
    streams, or on the table's ``dice`` shared across the actions in turn (a missing
    roll is numbered across them). ``steps`` holds each entry and the state after it,
    for the one write that stores them all."""

    battle: Battle
    rules: BattleRules
    state: Any
    dice: PhysicalDice | None = None
    steps: list[tuple[Entry, Any]] = field(default_factory=list)
    # the table's check of an action before the rules see it (the ruleset's action
    # schema: ``table.actions.checked``), so the engine's actions reach the log in the
    # one shape a player's do; the engine itself knows no schema
    check: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    @property
    def actions(self) -> int:
        return self.battle.last_seq

    def apply(self, action: dict[str, Any]) -> Entry:
        """The action's entry (after the step its rules take first, ``act_steps``)."""
        if self.check is not None:
            action = self.check(action)
        source = None if self.dice is None else ShareOfTableDice(self.dice)
        self.battle, steps = act_steps(self.battle, self.rules, action, source, self.state)
        self.steps.extend(steps)
        entry, self.state = steps[-1]
        return entry


@dataclass
class Unlogged:
    """Actions applied in memory and kept nowhere, action N on the seeded stream N of
    ``seed`` (``chain.action_dice``, as ``act`` draws them): the state is all there is."""

    rules: BattleRules
    state: Any
    seed: int
    streams: int = 0

    @property
    def actions(self) -> int:
        return self.streams

    def apply(self, action: dict[str, Any]) -> Outcome:
        """The action's outcome, after the step its rules take first (``due``), each on
        its own stream as ``act_steps`` logs them."""
        due = getattr(self.rules, "due", None)
        first = due(self.state, action) if callable(due) else None
        for step in ([first] if first is not None else []) + [action]:
            self.state, outcome = self.rules.apply(self.state, step,
                                                   action_dice(self.seed, self.streams))
            self.streams += 1
        return outcome


@dataclass(frozen=True)
class Played:
    """One decision the engine played and what each of its actions left."""

    decision: dict[str, Any]
    applied: list[Any]


def ongoing(state: Any) -> bool:
    return getattr(state, "result", "ongoing") == "ongoing"


def ends_own_turns(planner: Planner) -> bool:
    return bool(getattr(planner, "ends_own_turns", False))


def play_phase(table: Table, planner: Planner, any_side: Planner | None = None
               ) -> list[Played]:
    """What one ``battle enemy-phase`` plays (module docstring), ``any_side`` being
    the planner that plays the players' units too (``--any-side``). The phase's end
    is one decision of its own (``{"unit": None, "reason": "phase over"}``)."""
    played: list[Played] = []
    lead: tuple[Any, int] | None = None  # the players' Turn this call plays
    while ongoing(table.state):
        decision = planner.next(table.state)
        if decision is None and any_side is not None:
            candidate = any_side.next(table.state)
            if candidate is not None:
                key = (candidate.get("unit"), table.state.round)
                if lead is None or key == lead:
                    lead, decision = key, candidate
        if decision is None:
            break
        played.append(Played(decision, [table.apply(a) for a in decision["actions"]]))
    if ongoing(table.state) and not ends_own_turns(planner):
        played.append(Played({"unit": None, "actions": [END_PHASE], "reason": "phase over"},
                             [table.apply(END_PHASE)]))
    return played


def play_battle(table: Table, planner: Planner, limit: int | None = None
                ) -> Iterator[Any]:
    """Play the battle with ``planner`` (built for every side) to its end, yielding
    what each action left; stop early after ``limit`` actions of the table, or when a
    planner that ends its own turns has nothing to play (stuck: the caller sees the
    state still ongoing)."""
    own_turns = ends_own_turns(planner)
    while ongoing(table.state) and (limit is None or table.actions < limit):
        decision = planner.next(table.state)
        if decision is None and own_turns:
            return
        for action in (decision["actions"] if decision is not None else [END_PHASE]):
            yield table.apply(action)
