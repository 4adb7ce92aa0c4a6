"""One attack applied to the battle: the plan resolved on the action's dice (the same
``attack_roll`` procedure the forecast enumerates), the defender's reactions paid, the
damage and the on-hit losses applied, every die narrated.

L1736-1742: the target loses the [Damage Dealt]; at 0 HP or less it is [Unconscious],
and any further damage while unconscious makes it [Dead]. HP is kept at 0 or more (the
text never reads a negative HP; ruling in docs/rulings.md). An unconscious unit's grapple
ends (spec 004 §3.14 default). L1730: the block stance is entered on the hit, before the
damage roll, and its costs paid then; a Dodge is paid when declared (L1718).

Lasting spells (L3326-3380, worked out in ``attack_roll.lasting_hit``): what the target's
barriers absorbed is taken from them - "absorbs 30 physical damage before breaking" (L3347):
at 0 the barrier is gone - and is not damage taken (no spell drain, no insanity check, spec
§3.17); a Vampiric Weapon's roll heals the wielder, "heal the wielder for 1d6 damage"
(L3377), up to its Maximum HP as Health Recovery's "Restore 6d6 health" (L3301) does in
battle (ruling). A Magic Shield Deflection taken on the Elemental Weapon's roll is paid and
its stance left after the attack (L2209-2213, ``magic_shield``); the hits of an Elemental
Weapon move a dragon's affinity (L1366-1368).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tactician.dice.roller import rolled_by
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle import ghastly
from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.attack_roll import Odds, Result, odds, resolve
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.magic_shield import after_deflection
from tactician.rulesets.miridon.battle.reactions import block_cost
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.stances import TIERS
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.racial_flairs import (
    AFFINITY_POOL,
    affinity_after_hits,
    dragon_kind,
)
from tactician.rulesets.miridon.spirit_battle.barriers import barrier_of, spend
from tactician.rulesets.miridon.spirit_battle.spirit_hooks import after_damage, crit_on_caster


def release_grapples(state: MiridonBattle, unit: UnitState) -> MiridonBattle:
    """End every grapple ``unit`` is in (it fell unconscious or died); both are locked for
    the rest of the block (L2970)."""
    changed: list[UnitState] = []
    for other in state.units:
        if other.id in unit.grappling or other.id == unit.grappled_by:
            changed.append(other.model_copy(update={
                "grappling": tuple(g for g in other.grappling if g != unit.id),
                "grappled_by": None if other.grappled_by == unit.id else other.grappled_by,
                "stance": "No Stance" if other.stance in ("Grappling Stance", "Grappled Stance")
                and not [g for g in other.grappling if g != unit.id] else other.stance,
                "locked_block": state.block}))
    if unit.grappling or unit.grappled_by:
        changed.append(unit.model_copy(update={"grappling": (), "grappled_by": None,
                                               "locked_block": state.block}))
    return state.replace_units(*changed) if changed else state


def _lasting(target: UnitState, result: Result) -> tuple[UnitState, list[str]]:
    """The target's barriers after the hit (L3334, L3347), and the log's words."""
    lines = []
    for kind, absorbed, rule in (("physical", result.absorbed, "L3347"),
                                 ("spell", result.absorbed_spell, "L3334")):
        if absorbed:
            target = spend(target, kind, absorbed)
            left = barrier_of(target, kind)
            lines.append(f"{kind} barrier absorbs {absorbed} ({rule}): "
                         + (f"{left.left} left" if left else "broken"))
    if result.elemental:
        lines.append(f"Elemental Weapon: {result.elemental} of the damage (L3362)")
    if result.recovered:
        lines.append(f"Dragon Recovery: {target.id} heals the Elemental Weapon's "
                     f"{result.recovered} rolled, before SDR (L1384)")
    return target, lines


def _affinity(plan: AttackPlan, target: UnitState, hits: int) -> tuple[UnitState, list[str]]:
    """An Elemental Weapon's hits move a dragon's affinity, once each (L1366-1368; after the
    attack, each hit judged against the affinity it met: the DEFAULT of
    ``racial_flairs.elemental_hit_on_dragon``)."""
    spells = plan.spec.lasting
    if spells is None or spells.elemental_flat is None or not hits:
        return target, []
    before = target.pools.get(AFFINITY_POOL, 0)
    after = affinity_after_hits(target.profile.flairs, before, spells.elemental_element, hits)
    if after == before:
        return target, []
    target = target.model_copy(update={"pools": {**target.pools, AFFINITY_POOL: after}})
    return target, [f"Dragon Elemental Affinity {before:+d} -> {after:+d} ({hits} "
                    f"{spells.elemental_element} hit{'s' if hits > 1 else ''}, L1366-1368): "
                    f"{dragon_kind(after)} (L1370-1374)"]


def _vampiric(state: MiridonBattle, wielder_id: str, healed: int) -> tuple[MiridonBattle, str]:
    wielder = state.unit(wielder_id)
    hp = min(wielder.profile.max_hp, wielder.hp + healed)
    line = f"Vampiric Weapon: {wielder.id} heals {hp - wielder.hp} of {healed} (L3377)"
    return state.replace_units(wielder.model_copy(update={"hp": hp})), line


def strike(ctx: Context, state: MiridonBattle, plan: AttackPlan, label: str,
           number: int = 1, *, resolver: Callable[[Any], Result] | None = None,
           shown: Odds | None = None) -> tuple[MiridonBattle, Result, dict[str, Any]]:
    """Resolve ``plan`` and apply it; returns the state, the result and the strike record.
    ``resolver`` rolls the attack when it is not ``plan.spec`` alone (a Shoot Through's
    bullets that hit an earlier target, ``shoot_through``), ``shown`` its odds."""
    target = state.unit(plan.target)
    was = target.status
    reacted: list[str] = []
    if plan.dodge:
        try:
            target = pay(target, action_cost(ctx.book, "Dodge", target), "Dodge")
        except RulesError as exc:
            raise RulesError(f"dodge: {exc}") from None
        target = target.model_copy(update={"defensive": target.defensive + 1})
        reacted.append("Dodge (Active Evasion)")
        ctx.say(f"{target.id} dodges: Evasion {plan.spec.evasion} (Active, L1718)")
    # the record's hit and critical chances: the lasting spells act after the hit, so the
    # attack without them has the same (and is quicker to enumerate)
    chance = shown or odds(replace(plan.spec, lasting=None))
    before = len(ctx.chance.decisions)
    with rolled_by(plan.attacker):  # to hit, damage, a lasting spell's: the attacker's
        result = resolver(ctx.chance) if resolver else resolve(plan.spec, ctx.chance)
    decisions = ctx.chance.decisions[before:]
    rolls = [{"purpose": d.purpose, "dice": list(d.faces), "value": sum(d.faces) or None}
             for d in decisions]
    crit = result.crits > 0
    tier = plan.block_on_crit if crit else plan.block_on_hit
    if result.hits and tier:
        cost = block_cost(ctx.book, target, tier, plan.shield_block)
        target = pay(target, cost, TIERS[tier][0])
        stance = TIERS[tier][2 if plan.shield_block else 1]
        target = target.model_copy(update={"stance": stance, "stance_block": state.block,
                                           "defensive": target.defensive + 1})
        reacted.append(f"{TIERS[tier][0]}{' + Shield Block' if plan.shield_block else ''} "
                       f"-> {stance} ({text(cost)})")
        ctx.say(f"{target.id} takes {stance} before the damage roll (L1730; {text(cost)})")
    effects: list[str] = list(reacted)
    update: dict[str, Any] = {"hp": result.hp, "status": result.status}
    if result.pdr_loss:
        update["pdr"] = max(0, target.pdr - result.pdr_loss)
        effects.append(f"PDR -{result.pdr_loss} (drill, L3438)")
    if result.speed_loss:
        loss = min(target.speed, result.speed_loss)
        update["speed"] = target.speed - loss
        if ctx.book.weapon(plan.weapon).category == "hammer" and \
                ctx.options.hammer_sp_damage == "temporary":
            update["hammer_loss"] = target.hammer_loss + loss
        effects.append(f"speed -{loss} (L3460, L3578)")
    if result.strength_loss:
        loss = min(target.strength, result.strength_loss)
        update["strength"] = target.strength - loss
        effects.append(f"strength -{loss} (L3576)")
    if result.status != target.status:
        effects.append(result.status.upper() + (" (L1740)" if result.status == "unconscious"
                                                else " (L1742)"))
        if result.status == "unconscious":
            update["stance"] = "No Stance"
    target = target.model_copy(update=update)
    target, lasting = _lasting(target, result)
    effects.extend(lasting)
    if result.worn is not None and result.worn.deflected:
        target, line = after_deflection(ctx.book, target)
        effects.append(line)
    target, moved = _affinity(plan, target, result.hits)
    effects.extend(moved)
    state = state.replace_units(target)
    if result.healed:
        state, line = _vampiric(state, plan.attacker, result.healed)
        effects.append(line)
    attacker = state.unit(plan.attacker)
    back = ghastly.regained(attacker, ctx.options, plan, was, result.status)
    if back is not None:  # L152
        state = state.replace_units(back)
        effects.append(f"Ghastly Strength: {back.id} recovers {back.strength - attacker.strength}"
                       f" str / {back.speed - attacker.speed} spd (L152)")
    # part 3: a crit on a caster (L926-960); the spell drains, the insanity check (L3015)
    if crit:
        state = crit_on_caster(ctx, state, plan.attacker, target.id)
    state = after_damage(ctx, state, target.id, result.damage)
    target = state.unit(target.id)
    if target.down:
        state = release_grapples(state, target)
    outcome = "crit" if crit else ("hit" if result.hits else "miss")
    attacker = state.unit(plan.attacker)
    rolled = [sum(d.faces) for d in decisions if d.purpose == "to hit"]
    found = max(0, rolled[0] + plan.spec.to_hit - plan.spec.evasion) \
        if result.hits and rolled and not plan.spec.bullets else None
    margin = "" if found is None else f", margin {found}"
    ctx.say(f"{label}: {attacker.id} -> {target.id} with {plan.weapon}: to hit "
            f"{plan.spec.to_hit:+d} vs Evasion {plan.spec.evasion}: {outcome.upper()}"
            f"{margin}; {result.damage} damage; {target.id} at {target.hp} HP")
    record = {
        "number": number, "striker": attacker.name, "target": target.name,
        "hit": round(100 * chance.hit), "crit": round(100 * chance.crit), "rolls": rolls,
        "effects": effects, "outcome": outcome, "damage": result.damage,
        "target_hp": target.hp, "kind": label, "weapon": plan.weapon,
        "to_hit": plan.spec.to_hit, "evasion": plan.spec.evasion, "margin": found,
        "hits": result.hits, "status": target.status,
        "absorbed": result.absorbed + result.absorbed_spell, "elemental": result.elemental,
        "healed": result.healed, "recovered": result.recovered,
    }
    return state, result, record
