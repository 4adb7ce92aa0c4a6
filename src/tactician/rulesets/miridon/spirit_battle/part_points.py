"""What a mech part's speed points are worth to the AI (spec §3.23, DEFAULT design; the
character's point economy is ``battle/economy.py``)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.economy import FULL, point_value
from tactician.rulesets.miridon.mechs.mech import PartState


def part_cost_value(part: PartState, cost: int) -> float:
    """What ``cost`` of the part's speed is worth (L3641: its own pool). Unlike a
    character's battle-long pool, a part's "[Speed Points] regenerate by the [Speed Point
    Regen]" every turn (L3621): the points the next regeneration gives back are worth a full
    pool's (``FULL``), the rest as a character's point at the level the pool falls to."""
    refilled = min(cost, part.speed_regen)
    return refilled * FULL + (cost - refilled) * point_value(part.speed - cost, part.max_speed)
