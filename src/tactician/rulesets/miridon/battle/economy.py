"""What a strength or speed point is worth to a unit (spec 004 §3.23, a Tactician
design): points are a battle-long pool with no refill but the Restore actions (L1919-1921,
L2031-2033), so a point grows dearer as the pool empties: a point of a full pool is worth a
quarter of 1 HP of damage, of an empty one 1.5 (points buy nothing but actions, so a
full pool's point is cheap; an empty pool's point is the next attack). The reactions'
policy and the AI both read this, so the defender's choices and the attacker's plans
value points the same way.
"""

from __future__ import annotations

from tactician.rulesets.miridon.battle.costs import Cost
from tactician.rulesets.miridon.battle.state import UnitState

FULL = 0.25
EMPTY_EXTRA = 1.25


def point_value(current: int, maximum: int) -> float:
    if maximum <= 0:
        return FULL + EMPTY_EXTRA
    return FULL + EMPTY_EXTRA * (1.0 - max(0, min(current, maximum)) / maximum)


def cost_value(unit: UnitState, cost: Cost) -> float:
    strength, speed = cost
    return (strength * point_value(unit.strength - strength, unit.profile.battle_strength)
            + speed * point_value(unit.speed - speed, unit.profile.battle_speed))
