"""The checks UESRPG battle actions share: whose Turn it is, paying AP, and
Burning's test before acting.

AP costs are rulings from outside 003 (``BattleOptions``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, UnitState, combat, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator
from tactician.rulesets.uesrpg.conditions import burning_action_test
from tactician.rulesets.uesrpg.state import CombatState


def actor(state: UesrpgBattle, action: Mapping[str, Any]) -> UnitState:
    """The acting unit, checked: the battle has begun and it is this unit's Turn."""
    current = state.current
    if current is None:
        raise RulesError(
            "initiative has not been rolled: begin the battle first (`battle end-phase`, "
            "or the begin action)"
        )
    unit_id = action.get("unit")
    if not isinstance(unit_id, str):
        raise RulesError("the action needs 'unit': the id of the unit whose Turn it is")
    unit = state.unit(unit_id)
    if unit.id != current.id:
        raise RulesError(f"it is {current.name}'s Turn ({current.id}), not {unit.name}'s")
    return unit


def spend(unit: UnitState, state: CombatState, ap: int) -> tuple[UnitState, CombatState]:
    return unit.model_copy(update={"spent": unit.spent + ap}), replace(state, ap=state.ap - ap)


def burning_gate(
    unit: UnitState, narrator: Narrator, rules: Rulings, cost: int
) -> UnitState | None:
    """003 Burning: "Must pass Willpower -20 to take any action other than
    extinguishing." On a failure the action is lost: its AP (at least 1 while any
    are left) and the metres left of the Move action. Returns the unit after a
    failure, None when it may act."""
    current = combat(unit)
    if current.condition("Burning") is None:
        return None
    _, _, result = burning_action_test(current, narrator.chance, rules.options)
    if result.passed:
        return None
    lost = min(current.ap, max(1, cost))
    narrator.say(unit.name, "turn", f"fails to act through the flames (loses {lost} AP)")
    unit = unit.model_copy(update={"move_left": 0, "spent": unit.spent + lost})
    return with_combat(unit, replace(current, ap=current.ap - lost))
