"""Mechs in battle (004 L3609-3681):

- ``mech_attack`` (the mech's turn; ``part``, ``target`` and the defender's reactions): the
  part's one action this block, paid in its own speed points (L3641), resolved as the
  character action it mirrors (L3647) with the part's weapon (``part_attacks``: the
  pilot's Mech Slash, L159); a miss on a mech its target pilots may be answered by Mech
  Counter (L210, ``mech_counter``; ``counter=no`` declines).
- ``enter_mech`` (the pilot's turn; ``mech``): within 5 ft (M18); parts at 0 speed, neither
  acts again this block, the mech's turn moves last (L3681).
- ``exit_mech`` (the mech's turn; ``to``): the body's action, allowed while Disabled
  (L3659); the pilot out with 0 strength and speed, no more actions, last in the order
  (L3677).

Hooks the battle calls: ``mechs_last`` after the turn order is rolled (L3613-3615),
``mech_turn`` when a mech's turn starts (regeneration, M31); ``mech_damage.mech_damaged`` after a
hit (Disabled at 0 HP; a disabled mech's damage goes to its pilot too, L3651-3663).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.battle.strike import strike
from tactician.rulesets.miridon.mechs.mech import mech_turn_start, part_action
from tactician.rulesets.miridon.mechs.piloting import enter_mech, exit_mech, mech_order, move_last
from tactician.rulesets.miridon.spirit_battle.mech_counter import mech_counter
from tactician.rulesets.miridon.spirit_battle.mech_fit import fit_refusal
from tactician.rulesets.miridon.spirit_battle.mech_units import (
    board,
    is_mech,
    leave,
    mech_of,
    piloting,
    with_mech,
)
from tactician.rulesets.miridon.spirit_battle.part_attacks import part_attack

ENTERED = "entered_block"  # pools key: the block its pilot entered it


@ACTIONS.register("mech_attack", keys=("part", "target", "dodge", "block", "shield", "riposte",
                                      "counter"))
def mech_attack(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "mech_attack")
    if not is_mech(unit):
        raise RulesError(f"{unit.id} is not a mech")
    found = part_attack(ctx.book, ctx.options, state, unit, str(action.get("part", "")), action)
    part, name = found.part, found.name
    mech = part_action(mech_of(unit), part.name, name)  # one action a block, own speed (L3641)
    state = state.replace_units(with_mech(unit, mech))
    ctx.say(f"{unit.id}'s {part.name}: {name} with {found.weapon} "
            f"({part.speed - mech.part(part.name).speed} of its speed points, L3641)")
    strikes: list[dict[str, Any]] = []
    state, result, record = strike(ctx, state, found.plan, f"{part.name} {name}")
    strikes.append(record)
    if not result.hits and action.get("counter", "auto") not in ("no", False):
        state = mech_counter(ctx, state, found.plan.target, unit.id, strikes)
    ctx.records.append({"type": "attack", "strikes": strikes})
    return state


@ACTIONS.register("enter_mech", keys=("mech",))
def enter(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    pilot = acting(state, action, "enter_mech")
    if pilot.profile.special("Mech Training") < 1:
        raise RulesError(f"{pilot.id} has no rank in Mech Training (L3593)")
    unit = state.unit(action.get("mech"))
    if not is_mech(unit) or unit.position is None or pilot.position is None:
        raise RulesError(f"{action.get('mech')!r} is not a mech on the map")
    refusal = fit_refusal(ctx.book, pilot.id, pilot.profile, mech_of(unit), ctx.options)
    if refusal is not None:  # L3593-3601, L224, L238
        raise RulesError(refusal)
    mech = enter_mech(mech_of(unit), pilot.id, distance_ft(pilot.position, unit.position,
                                                          ctx.options))
    entered = with_mech(unit, mech)
    entered = entered.model_copy(update={"pools": {**entered.pools, ENTERED: state.block}})
    state = state.replace_units(entered, board(pilot, unit.id))
    state = _last(state, unit.id)
    ctx.summary = f"{pilot.id} enters {unit.id}: its parts at 0 speed; {unit.id} moves last (L3681)"
    # inside it acts only through the parts (ruling pilot_acts, M32): its turn is done
    from tactician.rulesets.miridon.battle.turn_actions import pass_turn

    return pass_turn(ctx, state)


@ACTIONS.register("exit_mech", keys=("to",))
def exit_(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "exit_mech")
    if not is_mech(unit) or unit.position is None:
        raise RulesError(f"{unit.id} is not a mech")
    mech, _ = exit_mech(mech_of(unit))
    pilot = next(u for u in state.units if piloting(u) == unit.id)
    to = action.get("to")
    if not isinstance(to, (list, tuple)) or len(to) != 2:
        raise RulesError("exit_mech needs to=x,y: a square next to the mech")
    square = (int(to[0]), int(to[1]))
    if distance_ft(square, unit.position, ctx.options) > 5 or any(
            u.position == square for u in state.units):
        raise RulesError(f"{square} is not a free square next to {unit.id}")
    state = state.replace_units(with_mech(unit, mech), leave(pilot, square))
    state = _last(state, pilot.id)
    ctx.summary = (f"{pilot.id} exits {unit.id}: 0 strength and speed, no more actions this "
                   "block, last in the turn order (L3677)")
    return state


def _last(state: MiridonBattle, unit_id: str) -> MiridonBattle:
    """Move ``unit_id`` to the end of the order; the unit whose turn it is keeps it."""
    current = state.current
    order = move_last(state.order, unit_id)
    turn = order.index(current.id) if current is not None else 0
    return state.model_copy(update={"order": order, "turn": turn})


def mechs_last(ctx: Context, state: MiridonBattle) -> MiridonBattle:
    """L3613-3615: mechs after every character, ordered among themselves by 3d6."""
    mechs = [u.id for u in state.units if is_mech(u)]
    if not mechs:
        return state
    rolled = mech_order(mechs, ctx.chance)
    order = tuple(u for u in state.order if u not in mechs) + rolled
    ctx.say("Mechs go last (L3613): " + ", ".join(rolled))
    current = state.current
    turn = order.index(current.id) if current is not None else 0
    return state.model_copy(update={"order": order, "turn": turn})


def mech_turn(ctx: Context, state: MiridonBattle) -> MiridonBattle:
    """A mech's turn begins: HP, PDR and parts' speed regenerate (M31, L3621-3673)."""
    unit = state.current
    if unit is None or not is_mech(unit):
        return state
    if unit.pools.get(ENTERED) == state.block:
        ctx.say(f"{unit.id} was entered this block: no part acts (L3681)")
        return state
    before = mech_of(unit)
    mech = mech_turn_start(before)
    ctx.say(f"{unit.id}: HP {before.hp} -> {mech.hp}, PDR {before.pdr} -> {mech.pdr}"
            + ("; no longer Disabled (L3667)" if before.disabled and not mech.disabled else ""))
    return state.replace_units(with_mech(unit, mech))


def pilot_may_act(state: MiridonBattle, kind: str, unit_id: object) -> None:
    """M32 (``pilot_acts`` false): inside, the pilot acts only through the mech's parts."""
    if not state.started:
        return
    unit = next((u for u in state.units if u.id == unit_id), None)
    if unit is not None and piloting(unit) and kind not in ("end_turn",):
        raise RulesError(f"{unit.id} is inside {piloting(unit)} and acts only through its "
                         "parts (ruling pilot_acts, M32)")


# the Mech Spell Core's actions (mech_cast, mech_channel, mech_activate) register with these
from tactician.rulesets.miridon.spirit_battle import mech_spells  # noqa: E402, F401
