"""UESRPG battle actions: look the action up, check it, apply it.

An action is a dict with ``type`` and ``unit`` (the unit whose Turn it is):
``begin`` (roll initiative), ``move`` {to}, ``attack`` {target, weapon?,
defence?}, ``first_aid`` {target?, wound?}, ``stabilise`` {target}, ``heal``,
``treat_wound``, ``treat_bleeding`` (``care_actions``), ``extinguish`` {where?},
``stand``, ``calm``, ``end_turn`` (also ``wait`` and ``end_phase``; before
initiative, ``end_phase`` begins the battle). A refused action raises
``RulesError`` and changes nothing. Each action module registers itself in
``action_registry.ACTIONS``; importing the modules below loads the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.rulesets.uesrpg import (  # noqa: F401  (each registers its actions)
    attack_action,
    care_actions,
    turn_actions,
)
from tactician.rulesets.uesrpg import battle_frenzy as frenzy
from tactician.rulesets.uesrpg.action_registry import ACTIONS
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_sight import new_observers
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, combat, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator, finish
from tactician.rulesets.uesrpg.conditions import end_encounter


def apply(
    state: UesrpgBattle,
    action: Mapping[str, Any],
    dice: DiceSource,
    rules: Rulings,
) -> tuple[UesrpgBattle, Outcome]:
    """Apply one action dict (``{"type": "attack", "unit": ..., ...}``): an unknown
    action or key is refused naming what the action takes."""
    entry = ACTIONS.checked(action)
    name, handler = entry.name, entry.handler
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    unit_id = action.get("unit")
    if name != "begin" and isinstance(unit_id, str) and state.started:
        frenzy.check(state, state.unit(unit_id), name, action)
    narrator = Narrator(dice)
    new_state, summary, record = handler(state, action, narrator, rules)
    if new_state.started and new_state.result == "ongoing":
        new_state = finish(new_observers(new_state, narrator, rules))
    if new_state.result != "ongoing":
        new_state = encounter_ends(new_state, narrator, rules)
        summary += f" — {new_state.result.upper()}: {new_state.result_reason}"
    lines = narrator.lines()
    if lines and name == "end_turn":
        summary += " (" + "; ".join(_short(line) for line in lines) + ")"
    full = {
        "type": name,
        "unit": action.get("unit"),
        **record,
        "lines": lines,
        "details": narrator.events,
    }
    return new_state, Outcome(summary, [full])


def _short(line: str) -> str:
    return line.split(" [rolled", 1)[0]


def encounter_ends(state: UesrpgBattle, narrator: Narrator, rules: Rulings) -> UesrpgBattle:
    """What ends with the encounter (VICTORY or DEFEAT): 003 Frenzied "Ends when the
    encounter ends (lose 2 SP)" (``conditions.end_encounter``)."""
    changed = []
    for unit in state.units:
        current = combat(unit)
        if current.condition("Frenzied") is None:
            continue
        after, records = end_encounter(current, rules.options)
        narrator.add_records(records)
        changed.append(with_combat(unit, after))
    return state.replace_units(*changed) if changed else state

