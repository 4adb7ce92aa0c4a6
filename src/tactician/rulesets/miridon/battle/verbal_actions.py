"""Verbal actions with numbers in 004.

- ``healing_word`` (L2120-2126; the Skiffmaster / Vessel dual special, L177-180): restores
  1d6 per rank to the unit itself or "any single target within 30 feet"; capped at the
  Maximum HP (spec 004 §3.14 default); the dead "can no longer be healed by any means"
  (L1742); an unconscious unit healed to 1 HP or more wakes (spec default).
- ``guidance`` (L2131-2140; L191-196): another unit within 30 ft gets +rank on "all [To
  Hit Rolls] ... for the rest of the current [Action Block]" (a ``Guidance`` condition of
  one block, read by ``attack_numbers``).
The charisma-roll verbal actions (Stunning Scream, Taunt, ...) are ``charisma_actions``
(their rolls and effects are not defined, gap M9). Teleport (it spends ghost power) is part 3's
(``spirit_battle``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.dice_events import D6Pool
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import Condition, MiridonBattle

REACH_FT = 30  # "any single target within 30 feet" (L2124, L2136)


def _near(ctx: Context, state: MiridonBattle, unit_id: str, target_id: object) -> Any:
    unit, target = state.unit(unit_id), state.unit(target_id)
    if unit.position is None or target.position is None or \
            distance_ft(unit.position, target.position, ctx.options) > REACH_FT:
        raise RulesError(f"{target.id} is not within 30 feet of {unit.id} (004 L2124)")
    return target


@ACTIONS.register("healing_word", keys=("target",))
def healing_word(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "healing_word")
    rank = unit.profile.special("Healing Word")
    if rank < 1:
        raise RulesError(f"{unit.id} has no rank in Healing Word (004 L2126)")
    target = _near(ctx, state, unit.id, action.get("target") or unit.id)
    if target.status == "dead":
        raise RulesError(f"{target.id} is dead and can no longer be healed (004 L1742)")
    cost = action_cost(ctx.book, "Healing Word", unit)
    unit = active(pay(use_slot(unit, "verbal", "Healing Word"), cost, "Healing Word"),
                  state.block)
    state = state.replace_units(unit)
    target = state.unit(target.id)
    healed = ctx.chance.decide(D6Pool(rank, 0, 0, "Healing Word"))
    hp = min(target.profile.max_hp, target.hp + healed)
    status = "ok" if target.status == "unconscious" and hp >= 1 else target.status
    ctx.summary = (f"{unit.id}: Healing Word on {target.id} ({text(cost)}): +{healed}, "
                   f"{target.hp} -> {hp} HP" + (", awake" if status != target.status else ""))
    return state.replace_units(target.model_copy(update={"hp": hp, "status": status}))


@ACTIONS.register("guidance", keys=("target",))
def guidance(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "guidance")
    rank = unit.profile.special("Guidance")
    if rank < 1:
        raise RulesError(f"{unit.id} has no rank in Guidance (004 L2140)")
    target = _near(ctx, state, unit.id, action.get("target"))
    if target.id == unit.id:
        raise RulesError("Guidance cannot target the character using it (004 L2136)")
    cost = action_cost(ctx.book, "Guidance", unit)
    unit = active(pay(use_slot(unit, "verbal", "Guidance"), cost, "Guidance"), state.block)
    state = state.replace_units(unit)
    target = state.unit(target.id)
    kept = tuple(c for c in target.conditions if c.name != "Guidance")
    condition = Condition(name="Guidance", blocks=1, value=rank, source=unit.id)
    ctx.summary = f"{unit.id}: Guidance on {target.id}, +{rank} To Hit this block (L2134)"
    return state.replace_units(target.model_copy(update={"conditions": (*kept, condition)}))
