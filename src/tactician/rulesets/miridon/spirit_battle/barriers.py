"""Barriers lasting on a unit in battle (004 L3326-3350; numbers in ``magic/effects``).

Spell Barrier: "Duration: 30 [Action Blocks]" (L3328), "Creates a barrier that absorbs 30
spell damage or other elemental damage before breaking." (L3331); Physical Barrier: "absorbs
30 physical damage before breaking." (L3339). A barrier is kept as the unit's ``barrier:
<kind>`` condition (its blocks counted down by the block's end, its value the damage it can
still absorb); ``absorb_on`` takes a spell's or a knockback's hit of that kind through it
(after DR, spec §3.17), ``spend`` what a weapon hit's procedure (``attack_roll``) found it
absorbed; it breaks at 0. A second barrier of the same kind replaces the first if it holds more
(new: the text does not say they stack).
"""

from __future__ import annotations

from collections.abc import Sequence

from tactician.rulesets.miridon.battle.state import Condition, UnitState
from tactician.rulesets.miridon.magic.effects import Barrier, absorb

PREFIX = "barrier: "


def barrier_of(unit: UnitState, kind: str) -> Barrier | None:
    held = unit.condition(PREFIX + kind)
    if held is None or held.value <= 0:
        return None
    return Barrier(kind, held.value, held.blocks if held.blocks is not None else 0)


def _with(unit: UnitState, shield: Barrier) -> UnitState:
    others = tuple(c for c in unit.conditions if c.name != PREFIX + shield.kind)
    if shield.left <= 0:
        return unit.model_copy(update={"conditions": others})
    held = Condition(name=PREFIX + shield.kind, blocks=shield.blocks, value=shield.left,
                     source="L3326-3350")
    return unit.model_copy(update={"conditions": (*others, held)})


def raise_barriers(unit: UnitState, shields: Sequence[Barrier]) -> UnitState:
    """``unit`` with the barriers a spell gave it (a weaker one does not replace a stronger)."""
    for shield in shields:
        old = barrier_of(unit, shield.kind)
        if old is None or shield.left >= old.left:
            unit = _with(unit, shield)
    return unit


def absorb_on(unit: UnitState, kind: str, damage: int) -> tuple[UnitState, int, int]:
    """The unit after its ``kind`` barrier takes ``damage`` (after DR): (unit, damage that
    gets through, damage absorbed)."""
    shield = barrier_of(unit, kind)
    if shield is None or damage <= 0:
        return unit, damage, 0
    after, through = absorb(shield, damage)
    return _with(unit, after), through, damage - through


def spend(unit: UnitState, kind: str, absorbed: int) -> UnitState:
    """``unit`` after its ``kind`` barrier absorbed ``absorbed`` of a weapon hit (worked out
    by ``attack_roll.lasting_hit``, the procedure the forecast enumerates); at 0 it breaks."""
    shield = barrier_of(unit, kind)
    if shield is None or absorbed <= 0:
        return unit
    after, _ = absorb(shield, absorbed)
    return _with(unit, after)
