"""Whirlwind Strike (L2551-2568; flairs L778-805): a Melee / Combo Attack "performed at
the same time as a [Movement Action] moving at least 5 feet" (``attack`` with
``modifiers=whirlwind_strike to=x,y how=...``). It "attacks all targets in [Melee Range]
before the [Movement Action] begins and all targets in [Melee Range] after the [Movement
Action] ends"; a unit in range both times is struck once (spec C42, ruling
``whirlwind_double`` fixed); no Charge bonus (L2562). Obstructed, "the attack fails and
the [Strength Cost] and [Speed Cost] are lost" (L2557) — with Agile Whirlwind Strike it
becomes a Spinning Strike for the same costs (L795); with Advanced Agile Whirlwind Strike
it cannot be obstructed (L803).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.engine.actions import as_tile
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_plan import (
    ACTION_NAMES,
    attack_cost,
    kind_of,
    modifiers_of,
    plan_one,
    spinning_targets,
)
from tactician.rulesets.miridon.battle.checks import active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.move_actions import MOVES, cheapest, check_move, obstructor
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.battle.strike import strike


def whirlwind(ctx: Context, state: MiridonBattle, action: Mapping[str, Any],
              attacker: UnitState) -> MiridonBattle:
    weapon = attacker.profile.weapon(str(action.get("weapon") or attacker.weapon)).name
    kind = kind_of(ctx.book, attacker, weapon, action.get("kind"))
    modifiers = modifiers_of(action)
    if kind not in ("melee", "combo"):
        raise RulesError("a Whirlwind Strike is a Melee or Melee Combo Attack (004 L2553)")
    end = as_tile(action.get("to"), "to")
    how = str(action.get("how") or cheapest(ctx.book, state, ctx.options, attacker, end))
    direction, path = check_move(state, ctx.options, attacker, end, how)
    first = spinning_targets(ctx.options, state, attacker)
    # check the attack's own rules (flair, weapon, modifiers) before anything is paid
    if first:
        plan_one(ctx.book, ctx.options, state, {**action, "target": first[0].id}, weapon,
                  modifiers)
    elif not attacker.profile.has("Whirlwind Strike"):
        raise RulesError(f"{attacker.id} lacks the Whirlwind Strike flair (004 L2551)")
    name, move_name = ACTION_NAMES[kind], MOVES[how][0]
    cost = attack_cost(ctx.book, attacker, name, modifiers)
    move_cost = action_cost(ctx.book, move_name, attacker)
    unit = use_slot(use_slot(attacker, "offensive", name), "movement", move_name)
    unit = pay(pay(unit, cost, name), move_cost, move_name)
    unit = active(unit, state.block)
    state = state.replace_units(unit.model_copy(update={"weapon": weapon}))
    ctx.say(f"{unit.id}: Whirlwind Strike with a {move_name} to {end} ({text(cost)} + "
            f"{text(move_cost)})")
    blocker = None
    if not unit.profile.has("Advanced Agile Whirlwind Strike") and \
            action.get("obstruct", "auto") == "auto" and ctx.options.auto_reactions == "policy":
        blocker = obstructor(ctx.book, ctx.options, state, unit, end)
    strikes: list[dict[str, Any]] = []
    if blocker is not None:
        blocker_cost = action_cost(ctx.book, "Obstruct Movement", blocker)
        blocker = pay(blocker, blocker_cost, "Obstruct Movement").model_copy(
            update={"defensive": blocker.defensive + 1})
        state = state.replace_units(state.unit(unit.id).model_copy(update={"obstructed": True}),
                                    blocker)
        if not unit.profile.has("Agile Whirlwind Strike"):
            ctx.say(f"{blocker.id} obstructs the move: the Whirlwind Strike fails, its costs "
                    "are lost (L2557)")
            ctx.summary = f"{unit.id}'s Whirlwind Strike is obstructed by {blocker.id}"
            return state
        ctx.say(f"{blocker.id} obstructs the move: it becomes a Spinning Strike (L795)")
        return _strike_all(ctx, state, action, unit.id, weapon, modifiers, strikes, set())
    struck: set[str] = set()
    state = _strike_all(ctx, state, action, unit.id, weapon, modifiers, strikes, struck)
    moved = state.unit(unit.id)
    state = state.replace_units(moved.model_copy(update={"position": end}))
    ctx.say(f"{unit.id} moves to {end} ({direction})")
    from tactician.rulesets.miridon.battle.traps import enter

    assert moved.position is not None
    state = enter(ctx, state, unit.id, moved.position, path)
    return _strike_all(ctx, state, action, unit.id, weapon, modifiers, strikes, struck)


def _strike_all(ctx: Context, state: MiridonBattle, action: Mapping[str, Any], unit_id: str,
                weapon: str, modifiers: tuple[str, ...], strikes: list[dict[str, Any]],
                struck: set[str]) -> MiridonBattle:
    attacker = state.unit(unit_id)
    if attacker.down:
        return state
    for target in spinning_targets(ctx.options, state, attacker):
        if target.id in struck:
            continue
        struck.add(target.id)
        plan = plan_one(ctx.book, ctx.options, state, {**action, "target": target.id},
                         weapon, modifiers)
        state, _, record = strike(ctx, state, plan, "Whirlwind Strike", len(strikes) + 1)
        strikes.append(record)
    if ctx.records and ctx.records[-1].get("type") == "attack" and \
            ctx.records[-1]["strikes"] is strikes:
        return state
    ctx.records.append({"type": "attack", "strikes": strikes, "lines": []})
    return state
