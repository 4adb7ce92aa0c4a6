"""UESRPG's Turn actions: beginning the battle, ending a Turn, moving, standing up,
putting out flames and calming a frenzy.

A refused action raises ``RulesError`` and changes nothing. AP costs are
rulings from outside 003 (``BattleOptions``); 003's own words are quoted at
each handler.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.engine.actions import as_tile
from tactician.errors import RulesError
from tactician.rulesets.uesrpg.action_checks import actor, burning_gate, spend
from tactician.rulesets.uesrpg.action_registry import ACTIONS, Result
from tactician.rulesets.uesrpg.battle_moves import budget, reach
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, combat, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator, advance, begin, finish, settle
from tactician.rulesets.uesrpg.conditions import extinguish, remove_condition, resist_frenzy
from tactician.rulesets.uesrpg.numbers import has, speed


@ACTIONS.register("begin")
def begin_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """Roll initiative (core: "initiative = 1d6 + rating") and start round 1."""
    state = begin(state, narrator, rules.options)
    current = state.current
    who = f"{current.name}'s Turn" if current else "no one can act"
    return state, f"Initiative rolled; round 1: {who}", {"order": list(state.order)}


@ACTIONS.register("end_turn", aliases=("end_phase", "wait"))
def end_turn(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """End the current unit's Turn: its end-of-Turn edge (Bleeding, Burning, death
    test), the next units' Turns (the unconscious pass theirs with a death test) and,
    after the last, a new round (AP refill, Dazed, Stunned, durations)."""
    if not state.started:
        return begin_action(state, action, narrator, rules)
    current = state.current
    assert current is not None
    given = action.get("unit")
    if given is not None:
        actor(state, action)
    state = advance(state, narrator, rules.options)
    state = settle(state, narrator, rules.options)
    nxt = state.current
    summary = f"{current.name}'s Turn ends"
    if state.result == "ongoing" and nxt is not None:
        summary += f"; round {state.round}: {nxt.name}'s Turn"
    return state, summary, {"next": nxt.id if nxt else None, "round": state.round}


@ACTIONS.register("move", keys=("to",))
def move(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """Move to ``to``. A Move action (``move_ap``, default 1 AP; outside 003) buys
    Speed metres for this Turn; a move that fits in what is left costs no AP. 003's
    Prone/Hidden "2 m per 1 m", Slowed/Entangled "Speed halved (round up)",
    Immobilized "Cannot move" apply (``battle_moves``)."""
    unit = actor(state, action)
    goal = as_tile(action.get("to"), "to")
    options = rules.battle_options
    current = combat(unit)
    metres = speed(current)
    if metres == 0:
        why = [n for n in ("Immobilized", "Restrained", "Paralyzed") if has(current, n)]
        raise RulesError(f"{unit.name} cannot move" + (f" ({', '.join(why)})" if why else ""))
    board = state.map.board()
    if not board.in_bounds(goal):
        raise RulesError(f"{tuple(goal)} is off the {board.width}x{board.height} map")
    if goal == unit.position:
        raise RulesError(f"{unit.name} is already on {tuple(goal)}")
    total = budget(unit, options)
    found = reach(state, unit, options, total)
    steps = found.path(goal)
    if steps is None:
        raise RulesError(
            f"{unit.name} cannot reach {tuple(goal)}: {unit.move_left} m left of its Move "
            f"action and {current.ap} AP (Speed {metres} m, {options.metres_per_tile} m a "
            "tile; too far, blocked, impassable or occupied)"
        )
    spent = total - found.remaining[goal]
    left = unit.move_left
    paid = 0
    if spent > left:
        paid = options.move_ap
        left += metres
    failed = burning_gate(unit, narrator, rules, paid)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not move (Burning)", {}
    unit, current = spend(unit, current, paid)
    moved = with_combat(unit, current).model_copy(
        update={"position": goal, "move_left": left - spent, "moved": unit.moved + spent}
    )
    state = finish(state.replace_units(moved))
    record = {
        "path": [list(t) for t in steps],
        "spent": spent,
        "movement_left": left - spent,
        "ap_spent": paid,
    }
    cost = f", {paid} AP" if paid else ""
    return state, f"{unit.name} moves to {tuple(goal)} ({spent} m{cost})", record


@ACTIONS.register("stand", aliases=("arise",))
def stand(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003 Prone: "Standing up costs half base Speed in movement. If insufficient
    movement remains, must use Arise." Arise is 1 AP (UESRPG 3e core, outside 003)."""
    unit = actor(state, action)
    current = combat(unit)
    if current.condition("Prone") is None:
        raise RulesError(f"{unit.name} is not Prone")
    need = -(-current.profile.base_speed // 2)
    uses_movement = unit.move_left >= need
    if not uses_movement and current.ap < 1:
        raise RulesError(
            f"{unit.name} has {unit.move_left} m left (needs {need}) and no AP to Arise"
        )
    failed = burning_gate(unit, narrator, rules, 0 if uses_movement else 1)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not stand (Burning)", {}
    if uses_movement:
        unit = unit.model_copy(update={"move_left": unit.move_left - need,
                                       "moved": unit.moved + need})
        how = f"{need} m of movement"
    else:
        unit, current = spend(unit, current, 1)
        how = "Arise, 1 AP"
    current, records = remove_condition(current, "Prone", options=rules.options)
    narrator.add_records(records)
    return finish(state.replace_units(with_combat(unit, current))), \
        f"{unit.name} stands up ({how})", {}


@ACTIONS.register("extinguish", keys=("where",))
def extinguish_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003 Burning: "To extinguish: 1 AP, Str or Ag test at +20 with -10 per X beyond 1;
    fall Prone on attempt, lose condition on success." (``conditions.extinguish``)"""
    unit = actor(state, action)
    where = action.get("where")
    after, _, result = extinguish(
        combat(unit), narrator.chance, where if isinstance(where, str) else None, rules.options
    )
    unit = unit.model_copy(update={"spent": unit.spent + 1})
    state = finish(state.replace_units(with_combat(unit, after)))
    word = "puts out the flames" if result.passed else "fails to put out the flames"
    return state, f"{unit.name} {word} (falls Prone)", {}


@ACTIONS.register("calm")
def calm_action(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """003 Frenzied: "Ends when ... the character passes Willpower -20 as an action"
    (1 AP, a ruling)."""
    unit = actor(state, action)
    current = combat(unit)
    if current.ap < 1:
        raise RulesError(f"{unit.name} has no AP left to try to calm itself")
    failed = burning_gate(unit, narrator, rules, 1)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} cannot calm itself (Burning)", {}
    # the chance narrates every record of the test: adding them again wrote them twice
    after, _, result = resist_frenzy(current, narrator.chance, rules.options)
    moved = with_combat(unit, replace(after, ap=after.ap - 1)).model_copy(
        update={"spent": unit.spent + 1}
    )
    state = finish(state.replace_units(moved))
    outcome = "calms down" if result.passed else "stays Frenzied"
    return state, f"{unit.name} tries to master the frenzy: {outcome}", {"passed": result.passed}


