"""Tropera's turn actions: Move, Wait, Dash, Defend, Equip, and ending the phase.

Source: 000 "Move Action: Move up to your maximum movement total ... Moving
does not end your turn"; Main Actions "Dash", "Defend"; Bonus Action "Equip".
A refused action raises ``RulesError``; the state it was given is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.actions import as_tile
from tactician.engine.effects import Effect
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.rulesets.tropera.action_checks import (
    actor,
    bonus_action,
    finish,
    main_action,
)
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.battle_state import TroperaBattle
from tactician.rulesets.tropera.battle_units import combatant, movement_left, route
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.phases import end_phase
from tactician.rulesets.tropera.progression import has_feat


@ACTIONS.register("move", keys=("to",))
def move(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Move up to the movement left (000 "Move up to your maximum movement total as
    allowed by the terrain. Moving does not end your turn."). After a main action
    only Canto ("use any remaining movement you have left for the turn after
    performing a main action") or a Dash lets the unit move on."""
    unit = actor(state, action)
    goal = as_tile(action.get("to"), "to")
    if unit.carried_by is not None:
        raise RulesError(f"{unit.name} is being carried and cannot move on its own")
    if unit.embarked is not None:
        raise RulesError(f"{unit.name} controls the {unit.embarked}; it must disembark to move")
    if unit.acted and not (unit.dashed or has_feat(unit.character, "Canto")):
        raise RulesError(f"{unit.name}'s main action ended its turn (no Canto)")
    board = state.map.board()
    if not board.in_bounds(goal):
        raise RulesError(f"{goal} is off the {board.width}x{board.height} map")
    left_before = movement_left(state, unit)
    found = route(state, unit, goal)
    if found is None:
        raise RulesError(
            f"{unit.name} cannot reach {goal} with {left_before} movement left "
            "(too far, blocked, impassable, or occupied)"
        )
    steps, spent = found
    moved = unit.model_copy(update={"position": goal, "moved": unit.moved + spent})
    changed = [moved]
    if unit.carrying:
        passenger = state.unit(unit.carrying)
        changed.append(passenger.model_copy(update={"position": goal}))
    new_state = state.replace_units(*changed)
    record = {
        "type": "move",
        "unit": unit.id,
        "path": [list(t) for t in steps],
        "spent": spent,
        "movement_left": left_before - spent,
    }
    return finish(new_state, Outcome(f"{unit.name} moves to {goal} ({spent} movement)", [record]))


@ACTIONS.register("wait")
def wait(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """End this unit's turn without a main action (000: "Main Action commands end
    your turn after being taken"; a turn already ended cannot end again)."""
    unit = actor(state, action)
    if unit.acted:
        raise RulesError(f"{unit.name} has already ended its turn (it acted or waited)")
    return finish(
        state.replace_units(unit.model_copy(update={"acted": True})),
        Outcome(f"{unit.name} waits", [{"type": "wait", "unit": unit.id}]),
    )


@ACTIONS.register("dash")
def dash(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Dash: "Sprint, doubling your movement distance for this turn." A main
    action: the unit may keep moving up to double its movement, but takes no
    other main action (ruling)."""
    unit = actor(state, action)
    main_action(unit, "Dash")
    dashed = unit.model_copy(update={"dashed": True, "acted": True})
    return finish(
        state.replace_units(dashed),
        Outcome(
            f"{unit.name} dashes ({movement_left(state, dashed)} movement left)",
            [{"type": "dash", "unit": unit.id}],
        ),
    )


@ACTIONS.register("defend")
def defend(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Defend: "adding your Skill to your Avoidance until the beginning of your next
    turn" (your side's next phase). Sentinel: "You can Defend as a bonus action".
    Fast Healer: "You recover hit points equal to 1/4 your level (rounded down,
    minimum 1) whenever you take the Defend action"."""
    unit = actor(state, action)
    sentinel = has_feat(unit.character, "Sentinel")
    if sentinel and not unit.bonus_used:
        bonus_action(unit, "Defend")
        update: dict[str, Any] = {"bonus_used": True}
    else:
        main_action(unit, "Defend")
        update = {"acted": True}
    effect = Effect(
        name="defend",
        unit=unit.id,
        ends="phase_start",
        ends_owner=unit.side,
        made_round=state.round,
        made_phase_owner=state.side,
    )
    if has_feat(unit.character, "Fast Healer"):
        update["hp"] = min(unit.max_hp, unit.hp + max(1, unit.character.level // 4))
    new_state = state.replace_units(unit.model_copy(update=update)).model_copy(
        update={
            "effects": (
                *[e for e in state.effects if not (e.unit == unit.id and e.name == "defend")],
                effect,
            )
        }
    )
    return finish(
        new_state, Outcome(f"{unit.name} defends", [{"type": "defend", "unit": unit.id}])
    )


@ACTIONS.register("equip", keys=("weapon",))
def equip(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Equip: "Switch which weapon you are wielding" (a bonus action)."""
    unit = actor(state, action)
    bonus_action(unit, "Equip")
    name = action.get("weapon")
    if not isinstance(name, str):
        raise RulesError("equip needs 'weapon'")
    combatant(state, unit, weapon=name)  # refuses a weapon not carried or not usable
    changed = unit.model_copy(update={"equipped": name, "bonus_used": True})
    return finish(
        state.replace_units(changed),
        Outcome(f"{unit.name} equips {name}", [{"type": "equip", "unit": unit.id, "weapon": name}]),
    )


@ACTIONS.register("end_phase")
def end_phase_action(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    new_state, lines = end_phase(state)
    summary = f"{state.side} phase ends; round {new_state.round}, {new_state.side} phase"
    return finish(new_state, Outcome(summary, [{"type": "end_phase", "events": lines}]))
