"""Verbal actions with numbers in 004.

- ``healing_word`` (L2120-2126; the Skiffmaster / Vessel dual special, L177-180): restores
  1d6 per rank to the unit itself or "any single target within 30 feet"; capped at the
  Maximum HP (spec 004 §3.14 default); the dead "can no longer be healed by any means"
  (L1742); an unconscious unit healed to 1 HP or more wakes (spec default).
- ``guidance`` (L2131-2140; L191-196): another unit within 30 ft gets +rank on "all [To
  Hit Rolls] ... for the rest of the current [Action Block]" (a ``Guidance`` condition of
  one block, read by ``attack_numbers``).
- ``veil`` (the Verbal Action L2076, or with ``bonus=yes`` the Bonus Action L2520 whose
  "Trigger Action: Any action with a [Subtlety Modifier]" is the Cast Spell of this block):
  "If the character ... wants to conceal that they are casting a spell with [Veil], then
  this modifier is added to the [Stealth] or [Veil] roll." (L3273). DEFAULT (docs/rulings.md
  "Veil"): a charisma contest (ruling ``charisma_roll``, L1772-1784)
  against every conscious enemy on the map, the offence + the spell's Subtlety Modifier
  (L3287-3387); a side every one of whose units lost does not see the casting - the caster
  is kept out of that side's view (``veiled_from``; ``view.side_state``) while that spell
  is cast; one unit that saw it can tell its side
  (Battle Communication, L2041), so one win of a side's defence reveals it to all of it.
The charisma-roll verbal actions (Stunning Scream, Taunt, ...) are ``charisma_actions``
(their rolls and effects are not defined, gap M9). Teleport (it spends ghost power) is part 3's
(``spirit_battle``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import check_targeting
from tactician.rulesets.miridon.battle.charisma_actions import bonuses, contest, success_chance
from tactician.rulesets.miridon.battle.checks import acting, active, once, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.dice_events import D6Pool
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import Condition, MiridonBattle, UnitState
from tactician.rulesets.miridon.magic.casting import spell_of
from tactician.rulesets.miridon.spirit_battle.unit_slices import casting_of

REACH_FT = 30  # "any single target within 30 feet" (L2124, L2136)


def _near(ctx: Context, state: MiridonBattle, unit_id: str, target_id: object) -> Any:
    unit, target = state.unit(unit_id), state.unit(target_id)
    if unit.position is None or target.position is None or \
            distance_ft(unit.position, target.position, ctx.options) > REACH_FT:
        raise RulesError(f"{target.id} is not within 30 feet of {unit.id} (004 L2124)")
    check_targeting(unit, target)  # Death Worm Burrow (L1518)
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


VEILED = "Veiled"
VEIL = "Veil"
VEIL_BONUS = "Veil (Bonus Action)"


def veiled_from(unit: UnitState) -> list[str]:
    """The sides that do not see ``unit``'s casting: those its last Veil deceived, while the
    spell it veiled is still being cast (an activated or cancelled spell is seen)."""
    held = unit.condition(VEILED)
    casting = casting_of(unit)
    if held is None or casting is None or not casting.active:
        return []
    data = json.loads(held.source)
    if data.get("spell") != casting.spell or data.get("cast_block") != casting.cast_block:
        return []
    return [str(s) for s in data.get("sides", [])]


@ACTIONS.register("veil", keys=("bonus",))
def veil(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    if ctx.options.charisma_roll == "not_offered":
        raise RulesError("charisma skills are not offered (ruling charisma_roll=not_offered, "
                         "gap M9)")
    unit = acting(state, action, "veil")
    rank = unit.profile.skill(VEIL)
    if rank < 1:
        raise RulesError(f"{unit.id} has no rank in Veil (004 L2076)")
    casting = casting_of(unit)
    if casting is None or not casting.active:
        raise RulesError(f"{unit.id} is casting no spell to conceal (004 L3273)")
    bonus = str(action.get("bonus", "no")).casefold()
    if bonus not in ("yes", "no"):
        raise RulesError(f"bonus must be yes or no, not {action.get('bonus')!r}")
    name = VEIL_BONUS if bonus == "yes" else VEIL
    if name == VEIL_BONUS:
        if casting.cast_block != state.block:
            raise RulesError("the Bonus Action Veil follows an action with a Subtlety Modifier "
                             f"(004 L2522): {unit.id}'s {casting.spell} was cast in block "
                             f"{casting.cast_block}, not this one")
        unit = once(unit, name, name)
    else:
        unit = use_slot(unit, "verbal", name)
    cost = action_cost(ctx.book, name, unit)
    unit = active(pay(unit, cost, name), state.block)
    subtlety = spell_of(ctx.book, casting.spell).subtlety
    ctx.say(f"{unit.id}: {name} on its {casting.spell} ({text(cost)}; Subtlety Modifier "
            f"{subtlety:+d}, L3273)")
    seen: dict[str, bool] = {}
    outcomes: list[dict[str, Any]] = []
    for target in state.units:
        if target.side == unit.side or target.status != "ok" or target.position is None:
            continue
        offence, defence = bonuses(VEIL, unit, target)
        offence += subtlety
        odds = success_chance(offence, defence)
        attack, guard, won = contest(offence, defence, ctx.chance, (unit.id, target.id))
        seen[target.side] = seen.get(target.side, False) or not won
        ctx.say(f"Veil against {target.id}: Offensive Charisma Roll 2d6{offence:+d} = {attack} "
                f"vs Defensive 2d6{defence:+d} = {guard} ({round(100 * odds)}%): "
                + ("deceived" if won else "sees the casting (L1780)"))
        outcomes.append({"target": target.name, "offence": attack, "defence": guard,
                         "chance": round(100 * odds), "success": won})
    sides = sorted(side for side, saw in seen.items() if not saw)
    kept = tuple(c for c in unit.conditions if c.name != VEILED)
    held = Condition(name=VEILED, value=subtlety, source=json.dumps(
        {"sides": sides, "spell": casting.spell, "cast_block": casting.cast_block}))
    unit = unit.model_copy(update={"conditions": (*kept, held)})
    ctx.records.append({"type": "charisma", "skill": VEIL, "user": unit.name,
                        "contests": outcomes, "veiled_from": sides})
    ctx.summary = (f"{unit.id}'s {casting.spell} is veiled from {', '.join(sides)}" if sides
                   else f"{unit.id}'s Veil fails: every side sees the {casting.spell}")
    return state.replace_units(unit)
