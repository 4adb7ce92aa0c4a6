"""The checks every Tropera action shares: who may act, and what a main or bonus
action costs; and the battle-end check after an action.

Source: 000 "Main Action commands end your turn after being taken"; "You may
take one Bonus Action on your turn"; "A wounded character cannot move or take
any actions"; "A character who has been healed from a critical wound may move,
but not take any main or bonus actions on the same turn that they are healed".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.engine.objectives import status
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.progression import has_feat


def actor(state: TroperaBattle, action: Mapping[str, Any]) -> Unit:
    """The acting unit, checked: exists, on its side's phase, able to act."""
    unit_id = action.get("unit")
    if not isinstance(unit_id, str):
        raise RulesError("the action needs 'unit': the id of the unit that acts")
    unit = state.unit(unit_id)
    if unit.side != state.side:
        raise RulesError(f"{unit.name} is on the {unit.side} side; it is the {state.side} phase")
    if unit.hp == 0:
        raise RulesError(
            f"{unit.name} is at 0 HP: 000 'A wounded character cannot move or take any actions'"
        )
    if state.effects_on(unit.id, "asleep"):
        raise RulesError(f"{unit.name} is asleep and cannot act until its status ends")
    return unit


def main_action(unit: Unit, what: str) -> None:
    """Refuse a main action the unit cannot take now."""
    if unit.acted:
        raise RulesError(f"{unit.name} already took a main action this turn; {what} is one too")
    if unit.healed_this_turn:
        raise RulesError(
            f"{unit.name} was healed from a critical wound this turn and 'may move, but not "
            "take any main or bonus actions'"
        )
    if unit.carried_by is not None:
        raise RulesError(f"{unit.name} is being carried by {unit.carried_by}")


def bonus_action(unit: Unit, what: str) -> None:
    """Refuse a bonus action the unit cannot take now (Canto keeps the turn open)."""
    if unit.bonus_used:
        raise RulesError(f"{unit.name} already took a bonus action this turn ({what} is one)")
    if unit.healed_this_turn:
        raise RulesError(f"{unit.name} was healed from a critical wound this turn and cannot act")
    if unit.acted and not has_feat(unit.character, "Canto"):
        raise RulesError(f"{unit.name}'s turn ended with its main action")


def finish(state: TroperaBattle, outcome: Outcome) -> tuple[TroperaBattle, Outcome]:
    """The state after an action, with the battle's result when an objective is met."""
    result, why = status(state.objectives, state.tokens(), state.round)
    if result != "ongoing" and state.result == "ongoing":
        state = state.model_copy(update={"result": result, "result_reason": why})
        summary = f"{outcome.summary} — {result.upper()}: {why}"
        # 000 Crippled: "if their player has any alternate characters, cannot
        # participate in the next battle while they take time to recover"
        crippled = [u.name for u in state.units if u.crippled and u.tier is None]
        records = list(outcome.records)
        if crippled:
            summary += f"; crippled ({', '.join(crippled)}): a player with an alt deploys it next"
            records.append({"type": "battle_end", "result": result, "crippled": crippled})
        outcome = Outcome(summary, records)
    return state, outcome
