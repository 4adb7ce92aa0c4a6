"""L3259 in battle: "If the spell caster performs an action, then the [Spell Ghost HP] is
reduced by the sum of the speed points and the strength points that are used to perform an
action." Called by the point economy's ``pay`` for every cost a unit pays (a 0/1 Dodge
drains 1); Channel Spell, Activate Spell and Recover Ghost Power never drain (C47)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.state import UnitState
from tactician.rulesets.miridon.magic.interruption import action_paid
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of, with_casting


def drain_for_action(unit: UnitState, cost: tuple[int, int], what: str) -> UnitState:
    casting = casting_of(unit)
    if casting is None or not casting.active or casting.status == "threatened":
        return unit
    casting, _ = action_paid(casting, what, cost[0], cost[1])
    return with_casting(unit, casting)
