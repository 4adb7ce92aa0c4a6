"""UESRPG's care actions: first aid and stabilising a dying unit.

003's words are quoted at each handler; the time each takes is a ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.uesrpg.action_checks import actor, burning_gate
from tactician.rulesets.uesrpg.action_registry import ACTIONS, Result
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator, finish
from tactician.rulesets.uesrpg.death import stabilise
from tactician.rulesets.uesrpg.state import CombatState
from tactician.rulesets.uesrpg.wounds import first_aid


def _patient(state: UesrpgBattle, unit: UnitState, action: Mapping[str, Any]) -> UnitState:
    target_id = action.get("target", unit.id)
    if not isinstance(target_id, str):
        raise RulesError("'target' is the id of the unit to tend")
    target = state.unit(target_id)
    if target.position is None or unit.position is None:
        raise RulesError(f"{target.name} is not on the map")
    if manhattan(unit.position, target.position) > 1:
        raise RulesError(f"{target.name} is not next to {unit.name}")
    if not unit.kit:
        raise RulesError(f"{unit.name} has no healer's kit (003: it \"requires a healer's kit\")")
    return target


def _care(
    state: UesrpgBattle,
    unit: UnitState,
    target: UnitState,
    done: tuple[CombatState, CombatState],
) -> UesrpgBattle:
    """Store the healer and the patient after a Turn of care: the healer's AP and
    Move action are spent (003 first aid: "1 Turn")."""
    patient_after, healer_after = done
    if target.id == unit.id:
        healer_after = patient_after
    spent = healer_after.ap
    healer = with_combat(unit, replace(healer_after, ap=0)).model_copy(
        update={"move_left": 0, "spent": unit.spent + spent}
    )
    if target.id == unit.id:
        return finish(state.replace_units(healer))
    return finish(state.replace_units(healer, with_combat(target, patient_after)))


@ACTIONS.register("first_aid", keys=("target", "wound"))
def first_aid_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003: "These effects can be removed by first aid (a Survival or Profession
    [Medicine] test, 1 Turn, requires a healer's kit)". The healer's Turn: it needs
    1 AP or more and spends all it has left (ruling)."""
    unit = actor(state, action)
    target = _patient(state, unit, action)
    healer = combat(unit)
    if healer.ap < 1:
        raise RulesError(f"{unit.name} has no AP left: first aid takes a Turn")
    patient = healer if target.id == unit.id else combat(target)
    wound = action.get("wound")
    failed = burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} gives no first aid (Burning)", {}
    after, _, result = first_aid(
        patient, healer, narrator.chance, wound_id=wound if isinstance(wound, int) else None,
        kit=True, options=rules.options,
    )
    state = _care(state, unit, target, (after, healer))
    word = "succeeds" if result.passed else "fails"
    return state, f"{unit.name} gives {target.name} first aid: {word}", {"target": target.id}


@ACTIONS.register("stabilise", keys=("target",), aliases=("stabilize",))
def stabilise_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003: "A character can be stabilized (Survival or Profession [Medicine] test +
    healer's kit) ... to stop testing." It takes the healer's Turn, as first aid does
    (ruling: the same test and kit, so the same time)."""
    unit = actor(state, action)
    if "target" not in action:
        raise RulesError("stabilise needs 'target': the dying unit")
    target = _patient(state, unit, action)
    healer = combat(unit)
    if healer.ap < 1:
        raise RulesError(f"{unit.name} has no AP left: stabilising takes a Turn")
    failed = burning_gate(unit, narrator, rules, healer.ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not stabilise (Burning)", {}
    after, _, result = stabilise(combat(target), healer, narrator.chance, kit=True,
                                 options=rules.options)
    state = _care(state, unit, target, (after, healer))
    word = "succeeds" if result.passed else "fails"
    return state, f"{unit.name} tries to stabilise {target.name}: {word}", {"target": target.id}


