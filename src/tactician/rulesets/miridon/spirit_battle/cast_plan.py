"""What a Cast Spell would do before it is done (004 L1758-1770, L3245-3251): the casting,
the Spell Ghost HP paid (or a staff's, L3498), the cost with the modifiers'. The action
(``spell_actions.begin_cast``) and the spell forecast (``spell_forecast``) both read it, so
a forecast refuses what the cast would refuse, in the same words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import check_targeting
from tactician.rulesets.miridon.battle.costs import Cost
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity_conditions import may_cast
from tactician.rulesets.miridon.magic.casting import SELF, Cast, CastRequest, cast_spell
from tactician.rulesets.miridon.spirit_battle.spell_aim import names
from tactician.rulesets.miridon.spirit_battle.staves import staff_named, stored
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
    mind_of,
)


def spell_distance(options: BattleOptions, state: MiridonBattle, unit: UnitState,
                   target: str) -> int:
    """Feet from the caster to its spell's target (0 for itself); an underground target or
    caster is refused (Death Worm Burrow, L1518)."""
    if target in (SELF, unit.id):
        return 0
    other = state.unit(target)
    check_targeting(unit, other)
    if unit.position is None or other.position is None:
        raise RulesError(f"{target} is not on the map")
    return distance_ft(unit.position, other.position, options)


@dataclass(frozen=True)
class PlannedCast:
    done: Cast
    cost: Cost  # the action's own and the modifiers'
    staff: str | None  # the staff whose ghost power pays (L3498)
    target: str


def plan_cast(book: Compendium, options: BattleOptions, state: MiridonBattle, unit: UnitState,
              action: Mapping[str, Any], spell: str, base: Cost,
              base_zero: bool = False) -> PlannedCast:
    """``action``'s cast (keys ``ghost``, ``target``, ``modifiers``, ``element``, ``staff``)
    of ``spell`` by ``unit``, ``base`` the action's own cost; or the refusal."""
    if casting_of(unit) is not None:
        raise RulesError(f"{unit.id} is already casting a spell")
    target = str(action.get("target") or SELF)
    target = SELF if target == unit.id else target
    try:
        invest = int(action.get("ghost", 0))
    except (TypeError, ValueError):
        raise RulesError(f"ghost must be a whole number, not {action.get('ghost')!r}") from None
    staff = staff_named(book, unit, action.get("staff"))
    request = CastRequest(spell, invest, target, spell_distance(options, state, unit, target),
                          names(action.get("modifiers")), action.get("element") or None,
                          block=state.block, from_staff=staff is not None, base_zero=base_zero)
    done = cast_spell(book, caster_of_unit(unit), ghost_of(unit), request,
                      staff_storage=stored(unit, staff) if staff else 0,
                      disrupted=not may_cast(mind_of(unit)))
    cost = (base[0] + done.modifier_cost.strength, base[1] + done.modifier_cost.speed)
    return PlannedCast(done, cost, staff, target)
