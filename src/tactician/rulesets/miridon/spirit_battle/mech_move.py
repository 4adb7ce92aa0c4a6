"""A mech part's movement (004 L3641, L3647; Sidestep L206-212).

"Each [Mech Part] can only perform 1 action each [Action Block] chosen by the pilot of the
[Mech]. Each action uses a set amount of [Speed Points]." (L3641) and "The rules for the
[Mech Part] performing the action are similar to if the character performed the action"
(L3647): ``mech_move`` (``part``, ``to``) has a part whose actions include Sidestep ("move
5 feet in a straight line", L212) move the whole mech one square, paid in that part's own
speed points, once a block; the square must be free and passable as for a character's move
(``move_actions.path_of``). The pilot inside goes with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.engine.actions import as_tile
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.move_actions import path_of
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.mechs.mech import part_action
from tactician.rulesets.miridon.spirit_battle.mech_units import is_mech, mech_of, with_mech

MOVE = "Sidestep"
STEP_FT = 5  # L212


@ACTIONS.register("mech_move", keys=("part", "to"))
def mech_move(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "mech_move")
    if not is_mech(unit) or unit.position is None:
        raise RulesError(f"{unit.id} is not a mech on the map")
    mech = mech_of(unit)
    part = mech.part(str(action.get("part", "")))
    end = as_tile(action.get("to"), "to")
    if distance_ft(unit.position, end, ctx.options) > STEP_FT or end == unit.position:
        raise RulesError(f"a mech's {MOVE} moves it {STEP_FT} ft to a next square, not to "
                         f"{end} (L212)")
    path_of(state, unit, end)  # passable and free, as for a character (L3647)
    mech = part_action(mech, part.name, MOVE)  # its own speed, once a block (L3641)
    moved = with_mech(unit, mech).model_copy(update={"position": end})
    ctx.summary = (f"{unit.id}'s {part.name}: {MOVE} to {end} "
                   f"({part.speed - mech.part(part.name).speed} of its speed points, L3641)")
    return state.replace_units(moved)
