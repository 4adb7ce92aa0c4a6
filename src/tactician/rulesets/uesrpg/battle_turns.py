"""Initiative, rounds and Turns: the edges of a UESRPG battle, and the log lines.

From outside the text (UESRPG 3e core): "initiative = 1d6 + rating"; "each
character has one Turn per round; AP refill at the start of the round". The
order is rolled once, by the ``begin`` action (a start state has no dice), and
kept for the battle; ties go to the higher initiative rating, then to the unit
listed first (a ruling, docs/rulings.md).

The edges (``engine.clock.InitiativeClock``) call the rules package:
``start_of_round`` for every unit at each round start (AP refill, Dazed,
Stunned, Silenced, durations, blood-loss countdowns) and ``end_of_turn`` for
the unit whose Turn ends (003: the death test "Each Turn they must pass an
Endurance test"; Bleeding and Burning "At the end of each Turn"; blood loss).
A unit that cannot act (003 Unconscious: "May not take any actions") has its
Turn pass at once, so its death test is rolled at its Turn's end without anyone
asking; the dead are skipped. Every record goes to the log with its dice.
"""

from __future__ import annotations

from typing import Any

from tactician.dice.chance import Note, SampledChance
from tactician.dice.source import DiceSource
from tactician.engine.clock import Edge, InitiativeClock
from tactician.engine.objectives import status
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.battle_state import (
    UesrpgBattle,
    UnitState,
    can_take_turn,
    combat,
    with_combat,
)
from tactician.rulesets.uesrpg.numbers import initiative_rating
from tactician.rulesets.uesrpg.options import UesrpgOptions
from tactician.rulesets.uesrpg.state import CombatState, Record
from tactician.rulesets.uesrpg.turns import end_of_turn, roll_initiative, start_of_round

KEEP_DEATH_TESTS = 6


def _dice_text(note: Note) -> str:
    faces = [f for d in note.decisions for f in d.faces]
    if not faces:
        return ""
    return f" [rolled {', '.join(map(str, faces))}]"


def event_of(note: Note) -> dict[str, Any]:
    """A note (a rule's record with the dice since the previous one) as log data."""
    record = note.record
    kind: str
    if isinstance(record, Record):
        unit, kind, text = record.unit, record.kind, record.text
    else:  # the attack's own summary line
        unit = f"{getattr(record, 'attacker', '?')} → {getattr(record, 'defender', '?')}"
        kind, text = "attack", str(getattr(record, "text", record))
    return {
        "unit": unit,
        "kind": kind,
        "text": text,
        "dice": [list(d.faces) for d in note.decisions if d.faces],
        "line": f"{unit}: {text}{_dice_text(note)}",
    }


class Narrator:
    """One action's dice and everything it logged, in order."""

    def __init__(self, dice: DiceSource) -> None:
        self.chance = SampledChance(dice)
        self.events: list[dict[str, Any]] = []
        self._seen = 0

    def drain(self) -> None:
        notes = self.chance.notes
        self.events.extend(event_of(n) for n in notes[self._seen :])
        self._seen = len(notes)

    def add_notes(self, notes: list[Note]) -> None:
        self.drain()
        self.events.extend(event_of(n) for n in notes)

    def add_records(self, records: tuple[Record, ...]) -> None:
        """Records from rule calls made without dice (not narrated by the chance)."""
        self.drain()
        for r in records:
            self.events.append(
                {"unit": r.unit, "kind": r.kind, "text": r.text, "dice": [],
                 "line": f"{r.unit}: {r.text}"}
            )

    def say(self, unit: str, kind: str, text: str) -> None:
        self.drain()
        self.events.append(
            {"unit": unit, "kind": kind, "text": text, "dice": [], "line": f"{unit}: {text}"}
        )

    def lines(self, start: int = 0) -> list[str]:
        self.drain()
        return [e["line"] for e in self.events[start:]]


def finish(state: UesrpgBattle) -> UesrpgBattle:
    """Check the objectives (victory, defeat) after anything that changed the board.
    A unit is out when it is down: unconscious or dead."""
    if state.result != "ongoing":
        return state
    result, why = status(state.objectives, state.tokens(), state.round)
    if result == "ongoing":
        return state
    return state.model_copy(update={"result": result, "result_reason": why})


def _death_lines(before: int, narrator: Narrator, state: UesrpgBattle) -> UesrpgBattle:
    narrator.drain()
    found = [
        f"round {state.round}: {e['line']}"
        for e in narrator.events[before:]
        if e["kind"] == "death" or "Death test" in e["text"]
    ]
    if not found:
        return state
    kept = (*state.death_tests, *found)[-KEEP_DEATH_TESTS:]
    return state.model_copy(update={"death_tests": kept})


def _ticks(before: CombatState, after: CombatState, narrator: Narrator) -> None:
    """Say which X-conditions ticked at the end of the Turn (003 Bleeding: "take X
    damage ...; then X decreases by 1"; Burning: "then X increases by 1")."""
    for name in ("Bleeding", "Burning"):
        old = before.condition(name)
        if old is None or after.dead and after.hp == before.hp:
            continue
        new = after.condition(name)
        if new is None or new.x == old.x:
            continue  # the rules say "Bleeding stops" themselves
        narrator.say(before.name, "condition",
                     f"{name} ({old.x}) ticks at the end of its Turn; X is now {new.x}")


def run_edges(
    state: UesrpgBattle, edges: list[Edge], narrator: Narrator, options: UesrpgOptions
) -> UesrpgBattle:
    """Apply what happens at each edge, in order."""
    for edge in edges:
        if edge.kind == "turn_end":
            unit = state.unit(str(edge.owner))
            before = len(narrator.events)
            if not unit.dead:
                current = combat(unit)
                after, _ = end_of_turn(current, narrator.chance, options)
                _ticks(current, after, narrator)
                unit = with_combat(unit, after)
            state = state.replace_units(unit.model_copy(update={"acted": True}))
            state = _death_lines(before, narrator, state)
        elif edge.kind == "round_start":
            narrator.say("round", "round", f"round {edge.round} begins")
            changed: list[UnitState] = []
            for unit_id in state.order:
                unit = state.unit(unit_id)
                if not unit.dead:
                    after, _ = start_of_round(combat(unit), narrator.chance, options)
                    unit = with_combat(unit, after)
                changed.append(unit.model_copy(update={"acted": False}))
            state = state.replace_units(*changed)
        elif edge.kind == "turn_start":
            unit = state.unit(str(edge.owner))
            state = state.replace_units(
                unit.model_copy(update={"move_left": 0, "moved": 0, "spent": 0})
            )
        state = finish(state)
    return state


def advance(state: UesrpgBattle, narrator: Narrator, options: UesrpgOptions) -> UesrpgBattle:
    """End the current Turn and start the next one."""
    clock, edges = state.clock.advance()
    state = state.model_copy(update={"round": clock.round, "turn": clock.index})
    return run_edges(state, edges, narrator, options)


def settle(state: UesrpgBattle, narrator: Narrator, options: UesrpgOptions) -> UesrpgBattle:
    """Pass the Turns of units that cannot act (the dead silently; the unconscious
    with their end-of-Turn death test) until a unit that can act has its Turn."""
    guard = 0
    while state.result == "ongoing":
        unit = state.current
        assert unit is not None
        if can_take_turn(unit):
            return state
        if guard > 100 * len(state.order):  # every unit down and the objectives silent
            return state.model_copy(
                update={"result": "draw", "result_reason": "no unit can act any more"}
            )
        if not unit.dead:
            narrator.say(unit.name, "turn", "is Unconscious: its Turn passes")
        state = advance(state, narrator, options)
        guard += 1
    return state


def begin(
    state: UesrpgBattle, narrator: Narrator, options: UesrpgOptions
) -> UesrpgBattle:
    """Roll initiative for every unit (1d6 + rating, in the order listed) and start
    round 1 with the first unit's Turn."""
    if state.started:
        raise RulesError("initiative is already rolled: the battle has begun")
    rolled: list[tuple[int, int, int, UnitState]] = []
    for index, unit in enumerate(state.units):
        if unit.dead:
            continue
        current = combat(unit)
        value, _ = roll_initiative(current, narrator.chance, options)
        rating = initiative_rating(current, options)
        rolled.append((value, rating, index, unit.model_copy(update={"initiative": value})))
    if not rolled:
        raise RulesError("no unit is alive to fight")
    rolled.sort(key=lambda r: (-r[0], -r[1], r[2]))
    order = tuple(r[3].id for r in rolled)
    state = state.replace_units(*(r[3] for r in rolled)).model_copy(
        update={"order": order, "round": 1, "turn": 0}
    )
    narrator.say("initiative", "turn", "order: " + ", ".join(
        f"{r[3].name} {r[0]}" for r in rolled
    ))
    state = run_edges(state, InitiativeClock(order).opening_edges(), narrator, options)
    return settle(finish(state), narrator, options)
