"""The checks every action shares: whose turn it is, which slot the action takes, the
lock-down of a grapple.

004 L1590 "each character can perform one [Offensive Action], one [Movement Action], and
one [Verbal Action]" in its [Turn] (L1598); "A character can perform unlimited [Bonus
Actions]" (L1710); L2968-2970: "While grappling, the character cannot perform [Offensive
Actions], [Movement Actions], [Verbal Actions], or [Defensive Actions]", the same for
the grappled, and "for the rest of the [Action Block]" once the grapple ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import held_down
from tactician.rulesets.miridon.battle.state import MiridonBattle, Slot, UnitState

# what a grappler or a grappled unit may still do (ruling grapple_lockdown, spec C9)
GRAPPLE_EXCEPTIONS = frozenset({"grapple_attack", "release", "break_grapple", "end_turn",
                                "restore_strength", "restore_speed"})


def started(state: MiridonBattle) -> None:
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    if not state.started:
        raise RulesError("the battle has not begun: the `begin` action rolls the turn order")


def acting(state: MiridonBattle, action: Mapping[str, Any], kind: str) -> UnitState:
    """The unit taking ``action`` on its own turn, or the refusal."""
    unit = state.unit(action.get("unit"))
    started(state)
    current = state.current
    assert current is not None
    if unit.id != current.id:
        raise RulesError(f"it is {current.id}'s turn, not {unit.id}'s")
    if unit.down:
        raise RulesError(f"{unit.id} is {unit.status} and cannot act (004 L1740)")
    locked = unit.grappling or unit.grappled_by is not None or unit.locked_block == state.block
    # the grappler's flairs lift the lock: Double Grapple a second Initiate Grapple (L651),
    # Moving Grapple movement with a single grappled target (L669-671)
    lifted = (kind == "grapple" and len(unit.grappling) == 1
              and unit.profile.has("Double Grapple") and unit.locked_block != state.block) or \
        (kind == "move" and len(unit.grappling) == 1 and unit.profile.has("Moving Grapple")
         and unit.locked_block != state.block)
    if locked and kind not in GRAPPLE_EXCEPTIONS and not lifted:
        why = ("grappling" if unit.grappling else "grappled" if unit.grappled_by
               else "just out of a grapple this block")
        raise RulesError(f"{unit.id} is {why} and cannot take {kind} (004 L2968-2970)")
    return unit


def use_slot(unit: UnitState, slot: Slot, what: str) -> UnitState:
    """Take the turn's one ``slot`` action (L1590)."""
    if slot == "movement" and unit.obstructed:
        raise RulesError(f"{unit.id} was obstructed and cannot take another movement action "
                         "this block (004 L2188)")
    if slot in unit.slots:
        raise RulesError(f"{unit.id} has already taken its {slot} action this turn (004 L1590)")
    if slot in ("offensive", "verbal") and held_down(unit):
        raise RulesError(f"{unit.id} returned to the surface this block: no {slot} action until "
                         "the next (Death Worm Burrow, 004 L1520; Tremor Sense lifts it, L1528)")
    return unit.model_copy(update={"slots": (*unit.slots, slot)})


def active(unit: UnitState, block: int) -> UnitState:
    """Mark that ``unit`` acted in ``block`` (Steady Shot reads it, L3538)."""
    if block in unit.active_blocks:
        return unit
    return unit.model_copy(update={"active_blocks": (*unit.active_blocks[-1:], block)})


def once(unit: UnitState, name: str, what: str) -> UnitState:
    """A bonus action allowed "once per [Action Block]" (L1710)."""
    if name in unit.once:
        raise RulesError(f"{unit.id} has already taken {what} this block (004 L1710)")
    return unit.model_copy(update={"once": (*unit.once, name)})
