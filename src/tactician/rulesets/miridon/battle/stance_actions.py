"""Stance actions on a unit's own turn, and Reload / Quick Reload.

- ``block`` with ``tier`` = block | heavy | super (and ``shield=yes``): "This [Defensive
  Action] can also be performed as a [Bonus Action] on the character's own [Turn]"
  (L2149, L2162, L2175); the stance lasts to the start of the unit's next turn (ruling
  ``block_stance_exit``). With ``shield=yes`` the Shield Block follows at once
  (L2450-2469): the matching shield stance, not after a melee attack with that shield
  this block (L2461).
- ``shield_block``: "in place of the [Offensive Action]" while in a block stance (L2457).
- ``reload`` (offensive, L1903-1907) and ``quick_reload`` (bonus, L2406-2413): refill a
  gun; no gun has a capacity in 004 (gap M22): counted only with ruling ``track_ammo``
  for the magazines a units file gives (``battle/ammo.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.ammo import refill
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.reactions import block_cost
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.stances import TIER_NAMES, TIERS, free_shield, tier_of
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState


@ACTIONS.register("block", keys=("tier", "shield"))
def block(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "block")
    tier = TIER_NAMES.get(str(action.get("tier", "block")))
    if tier is None:
        raise RulesError(f"tier must be one of {', '.join(TIER_NAMES)}, not "
                         f"{action.get('tier')!r}")
    shield = str(action.get("shield", "no")) in ("yes", "true", "1")
    if shield and free_shield(unit, ctx.book) is None:
        raise RulesError(f"{unit.id} has no shield free for Shield Block (004 L2457-2461)")
    cost = block_cost(ctx.book, unit, tier, shield)
    unit = pay(unit, cost, TIERS[tier][0])
    stance = TIERS[tier][2 if shield else 1]
    ctx.summary = f"{unit.id} takes {stance} ({text(cost)}, L2149)"
    return state.replace_units(unit.model_copy(update={"stance": stance,
                                                       "stance_block": state.block}))


@ACTIONS.register("shield_block")
def shield_block(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "shield_block")
    tier = tier_of(ctx.book, unit.stance)
    if tier == 0 or unit.stance.startswith(("Shield", "Heavy Shield", "Super Shield")):
        raise RulesError(f"{unit.id} is not in a block stance to turn into a shield stance "
                         "(004 L2457)")
    if free_shield(unit, ctx.book) is None:
        raise RulesError(f"{unit.id} has no shield free for Shield Block (004 L2457-2461)")
    cost = action_cost(ctx.book, "Shield Block (Offensive Action)", unit)
    unit = active(pay(use_slot(unit, "offensive", "Shield Block"), cost, "Shield Block"),
                  state.block)
    stance = TIERS[tier][2]
    ctx.summary = f"{unit.id} takes {stance} in place of its offensive action (L2457)"
    return state.replace_units(unit.model_copy(update={"stance": stance}))


def _gun(ctx: Context, unit: UnitState, action: Mapping[str, Any]) -> str:
    weapon = unit.profile.weapon(str(action.get("weapon") or unit.weapon)).name
    if ctx.book.weapon(weapon).attack != "gun":
        raise RulesError(f"{weapon} is not a gun (004 L1905)")
    return weapon


@ACTIONS.register("reload", keys=("weapon",))
def reload(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    """Reload (offensive, L1903-1907): "reload a gun to full ammo" (``ammo.refill``)."""
    unit = acting(state, action, "reload")
    weapon = _gun(ctx, unit, action)
    cost = action_cost(ctx.book, "Reload", unit)
    unit = active(pay(use_slot(unit, "offensive", "Reload"), cost, "Reload"), state.block)
    unit, full = refill(unit, weapon)
    ctx.summary = f"{unit.id} reloads {weapon} ({text(cost)}; {full})"
    return state.replace_units(unit)


@ACTIONS.register("quick_reload", keys=("weapon",))
def quick_reload(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]
                 ) -> MiridonBattle:
    """Quick Reload (L2406-2413): "This [Bonus Action] can be used to reload a gun to full
    ammo", with the Quick Reload flair (L756-759); "Trigger Action: None", so it is taken
    on the unit's own turn, uses no slot of the block and is paid each time (0/2)."""
    unit = acting(state, action, "quick_reload")
    if not unit.profile.has("Quick Reload"):
        raise RulesError(f"{unit.id} lacks the Quick Reload flair (004 L756-759)")
    weapon = _gun(ctx, unit, action)
    cost = action_cost(ctx.book, "Quick Reload", unit)
    unit = active(pay(unit, cost, "Quick Reload"), state.block)
    unit, full = refill(unit, weapon)
    ctx.summary = f"{unit.id} quick-reloads {weapon} as a bonus action ({text(cost)}; {full})"
    return state.replace_units(unit)
