"""What a resolved Attack Sequence leaves on the battlefield.

Shared by the Attack action and a prepared attack, so both apply HP, Miracle,
Shield, Guard Break, critical wounds and weapon charges the same way.
"""

from __future__ import annotations

from typing import Any

from tactician.engine.effects import Effect
from tactician.errors import RulesError
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.gear import WeaponLike
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.proficiency import spends_charge
from tactician.rulesets.tropera.sequence import Plan, Resolution
from tactician.rulesets.tropera.unit_table import replaced
from tactician.rulesets.tropera.wounds import reduce_to_zero


def charges_left(unit: Unit, weapon: WeaponLike) -> int:
    """Uses left of a weapon with charges, refusing one that has none left (000
    "Once all charges have been expended, the weapon cannot be used again for the
    remainder of the map")."""
    assert weapon.charges is not None
    left = unit.uses.get(weapon.name, weapon.charges)
    if left <= 0:
        raise RulesError(f"{weapon.name} has no charges left this map")
    return left


def settle(
    state: TroperaBattle,
    involved: list[Unit],
    plan: Plan,
    resolution: Resolution,
    options: TroperaOptions,
) -> tuple[TroperaBattle, list[str]]:
    """The state after ``resolution``: HP, Miracle and Shield spent, Guard Break
    ("their Avoidance is reduced by half your Strength until the start of your
    next phase. This effect does not stack"), critical wounds and defeats (a
    passenger of a fallen carrier is set down), the attacker's weapon charge.

    ``involved`` are the units in ``plan.units`` order.
    """
    changed: dict[str, Unit] = {}
    effects = list(state.effects)
    notes: list[str] = []
    final_hps, final_marks = resolution.final[1], resolution.final[2]
    for index, original in enumerate(involved):
        hp = final_hps[index]
        mark = final_marks[index]
        update: dict[str, Any] = {"hp": hp}
        if mark & 1 and original.miracle_round != state.round:
            update["miracle_round"] = state.round
        if mark & 2:
            update["shield_phase"] = state.phase_key
        breaker = (mark >> 2) - 1
        if breaker >= 0 and not state.effects_on(original.id, "guard_break"):
            breaker_unit = involved[breaker]
            effects.append(
                Effect(
                    name="guard_break",
                    unit=original.id,
                    source=breaker_unit.id,
                    value=numbers.half(plan.units[breaker].stats["str"], options),
                    ends="phase_start",
                    ends_owner=breaker_unit.side,
                    made_round=state.round,
                    made_phase_owner=state.side,
                )
            )
        current = original.model_copy(update=update)
        if hp == 0 and original.hp > 0:
            current, what = reduce_to_zero(current)
            notes.append(f"{original.name} {what}")
            if current.carrying:
                passenger = state.unit(current.carrying)
                changed[passenger.id] = passenger.model_copy(update={"carried_by": None})
                current = current.model_copy(update={"carrying": None})
        changed[current.id] = current
    weapon = plan.units[0].weapon
    first = involved[0]
    if (
        weapon is not None
        and weapon.charges is not None
        and spends_charge(first.character.proficiencies.get("staff"), weapon.type, weapon.rank)
    ):
        left = charges_left(first, weapon) - 1
        changed[first.id] = changed[first.id].model_copy(
            update={"uses": {**first.uses, weapon.name: left}}
        )
    # one copy of the state for both (``TroperaBattle.replace_units`` and the effects)
    units = replaced(state.units, changed)
    new_state = state.model_copy(update={"units": units, "effects": tuple(effects)})
    return new_state, notes
