"""Who controls a unit another has taken over (004 L2912-2940, L3195-3203).

- Controlling Possession: "the character will control the target for the remainder of the
  current [Action Block]" (L2914); Advanced: "and the entirety of the next [Action Block]"
  (L2926); Greater: "and the entirety of the next 1d6 [Action Blocks]" (L2938). "The
  character can decide every action for the target as well as who the target would target
  with their [Actions]." (L2915) - so the target takes the caster's side and controller,
  and its foes are the caster's foes, until the block ``until`` ends.
- Possessed (insanity): "ghosts possess the character. The ghosts control the character
  until the character is reduced to 0 [Current Ghost HP]" (severity 1, L3197-3198) or "0
  [Maximum Ghost HP]" (2, L3201-3202): the unit is handed to the AI as its own hostile side
  ``ghosts:<id>`` (spec §3.16) while ``possessed_by_ghosts`` says it is in force.

The unit's own side and controller are kept in a "Controlled" condition and given back when
the control ends: checked at every block's end (``release``, from the battle's block end) and
after any change to the unit's ghosts (``after_ghosts``).
"""

from __future__ import annotations

import json

from tactician.rulesets.miridon.battle.state import Condition, MiridonBattle, UnitState
from tactician.rulesets.miridon.insanity_conditions import possessed_by_ghosts
from tactician.rulesets.miridon.spirit_battle.unit_slices import ghost_of, mind_of

CONTROLLED = "Controlled"
GHOSTS = "ghosts:"  # the side of a unit the ghosts possess


def controlled(unit: UnitState) -> dict[str, object] | None:
    held = unit.condition(CONTROLLED)
    return None if held is None else dict(json.loads(held.source))


def take_control(unit: UnitState, side: str, controller: str, until: int | None,
                 by: str) -> UnitState:
    """``unit`` now acts for ``side`` under ``controller`` until block ``until`` ends (None:
    while the Possessed condition is in force). A unit already controlled keeps its own
    side on record, so the last release gives it back."""
    own = controlled(unit) or {"side": unit.side, "controller": unit.controller}
    record = {**own, "until": until, "by": by}
    others = tuple(c for c in unit.conditions if c.name != CONTROLLED)
    held = Condition(name=CONTROLLED, source=json.dumps(record, sort_keys=True))
    return unit.model_copy(update={"side": side, "controller": controller,
                                   "conditions": (*others, held)})


def possessed_side(unit: UnitState) -> str:
    return GHOSTS + unit.id


def _ended(unit: UnitState, record: dict[str, object], block_over: int | None) -> bool:
    until = record.get("until")
    if until is None:
        ghost = ghost_of(unit)
        return possessed_by_ghosts(mind_of(unit), ghost.current, ghost.maximum) is None
    return block_over is not None and isinstance(until, int) and block_over >= until


def _released(unit: UnitState, record: dict[str, object]) -> UnitState:
    others = tuple(c for c in unit.conditions if c.name != CONTROLLED)
    return unit.model_copy(update={"side": record["side"], "controller": record["controller"],
                                   "conditions": others})


def release(state: MiridonBattle, block_over: int | None = None) -> tuple[MiridonBattle,
                                                                          list[str]]:
    """Give back every unit whose control ended (``block_over``: the block that just
    ended); returns the state and a line for each."""
    changed, lines = [], []
    for unit in state.units:
        record = controlled(unit)
        if record is None or not _ended(unit, record, block_over):
            continue
        changed.append(_released(unit, record))
        lines.append(f"{unit.id} is no longer controlled by {record['by']}: back to side "
                     f"{record['side']} (L2914, L3198)")
    return (state.replace_units(*changed) if changed else state), lines
