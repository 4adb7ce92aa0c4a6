"""What follows damage and ghost gains in a battle (004 L3255-3257, L3015-3039): the spell
being cast loses Spell Ghost HP, then the insanity check rolls if it must, and its effects
are applied (``insanity_conditions``). Every roll is on the action's dice and narrated."""

from __future__ import annotations

from typing import Any

from tactician.dice.roller import rolled_by
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.insanity_conditions import apply_effect
from tactician.rulesets.miridon.insanity_roll import (
    InsanityCheck,
    insanity_check,
    resolve_insanity,
)
from tactician.rulesets.miridon.magic.casting import lapse
from tactician.rulesets.miridon.magic.crit_flairs import critical_hit_on_caster
from tactician.rulesets.miridon.magic.interruption import damage_taken
from tactician.rulesets.miridon.spirit_battle.control import (
    controlled,
    possessed_side,
    release,
    take_control,
)
from tactician.rulesets.miridon.spirit_battle.mech_damage import mech_damaged
from tactician.rulesets.miridon.spirit_battle.mech_units import is_mech
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
    mind_of,
    with_casting,
    with_ghost,
    with_mind,
)


def after_damage(ctx: Context, state: MiridonBattle, unit_id: str, dealt: int) -> MiridonBattle:
    """``unit_id`` just lost ``dealt`` Current HP (its HP already lowered)."""
    unit = state.unit(unit_id)
    if is_mech(unit):
        return mech_damaged(ctx, state, unit_id, dealt)
    if dealt <= 0:
        return state
    casting = casting_of(unit)
    if casting is not None and casting.active:
        casting, drain = damage_taken(casting, dealt, caster_of_unit(unit))
        ctx.say(f"{unit.id}'s {casting.spell}: Spell Ghost HP {drain.before} -> {drain.after} "
                f"(damage taken, L3257)")
        if casting.status == "threatened":
            ctx.say(f"{unit.id}'s {casting.spell} is at {casting.spell_ghost}: cancelled unless "
                    "Recover Ghost Power answers (L2507)")
        unit = with_casting(unit, casting)
        state = state.replace_units(unit)
    if unit.status == "dead":
        return state
    check = insanity_check(unit.hp, unit.ghost, unit.profile.talent("Resist Insanity"))
    return insanity(ctx, state, unit, check, "HP lowered (L3023)")


ANSWERS = ("recover_ghost_power", "let_spell_lapse", "cancel_spell")


def settle_threatened(ctx: Context, state: MiridonBattle, kind: str, unit_id: object
                      ) -> MiridonBattle:
    """Recover Ghost Power answers "Any action that reduces [Spell Ghost Power]" (L2504) at
    once: any other next action first cancels every spell still at 0 or less (L2509)."""
    changed = []
    for unit in state.units:
        casting = casting_of(unit)
        if casting is None or casting.status != "threatened":
            continue
        if kind in ANSWERS and unit.id == unit_id:
            continue
        ctx.say(f"{unit.id}'s {casting.spell} is cancelled: Spell Ghost HP "
                f"{casting.spell_ghost} and no Recover Ghost Power (L2509, L3269)")
        changed.append(with_casting(unit, lapse(casting)))
    return state.replace_units(*changed) if changed else state


def crit_on_caster(ctx: Context, state: MiridonBattle, attacker_id: str, target_id: str
                   ) -> MiridonBattle:
    """A critical hit on a unit casting a spell: Disrupting delays it, Cancelling ends it
    (Backfire: the invested ghost as unreducible damage; Draining: current ghost 0)."""
    target = state.unit(target_id)
    casting = casting_of(target)
    if casting is None:
        return state
    hit = critical_hit_on_caster(casting, caster_of_unit(state.unit(attacker_id)),
                                 ghost_of(target))
    if hit.casting == casting:
        return state
    target = with_casting(target, hit.casting)
    if hit.casting.status == "cancelled":
        ctx.say(f"{target.id}'s {casting.spell} is cancelled by the critical hit (L938)")
    else:
        ctx.say(f"{target.id}'s {casting.spell} is delayed to {hit.casting.remaining} (L930)")
    if hit.ghost is not None:
        target = with_ghost(target, hit.ghost.after)
        ctx.say(f"{target.id}'s Current Ghost HP drained to 0 (L958)")
    state = state.replace_units(target)
    state, released = release(state)  # 0 ghost ends a Possessed (L3198)
    for line in released:
        ctx.say(line)
    if hit.backfire_damage:
        hp = target.hp - hit.backfire_damage
        status = "unconscious" if hp <= 0 and target.status == "ok" else target.status
        state = state.replace_units(target.model_copy(update={"hp": max(0, hp),
                                                              "status": status}))
        ctx.say(f"{target.id} takes {hit.backfire_damage} backfire damage, bypassing PDR and "
                "SDR (L948-950)")
        state = after_damage(ctx, state, target.id, hit.backfire_damage)
    return state


def insanity(ctx: Context, state: MiridonBattle, unit: UnitState, check: InsanityCheck,
             cause: str, rolls: int = 1) -> MiridonBattle:
    """Roll and apply an insanity check (nothing if it does not roll)."""
    if not check.rolls:
        return state
    before = len(ctx.chance.decisions)
    with rolled_by(unit.id):  # the check and its effects' dice: the unit's own
        result = resolve_insanity(ctx.book, check, ctx.chance, rolls=rolls)
    ctx.say(f"{unit.id}: insanity check ({cause}): effective HP {check.effective_hp} < ghost "
            f"{check.current_ghost}; roll {check.bonus:+d} + 3d6 (L3035)")
    for look in result.lookups:
        ctx.say(f"  {look.cause}: {look.roll} -> row {look.row}: {look.effect}"
                f"{f' ({look.severity})' if look.severity else ''}")
    mind = mind_of(unit)
    applied: list[dict[str, Any]] = []
    for taken in result.taken:
        with rolled_by(unit.id):
            mind, done = apply_effect(mind, taken, ctx.chance, caster_of_unit(unit),
                                      unit.profile.sdr)
        ctx.say(f"  {unit.id}: {taken}: {done.what}")
        applied.append({"effect": taken.effect, "severity": done.severity, "extra": done.extra,
                        "what": done.what})
        if done.self_hit is not None:
            hp = unit.hp - done.self_hit.damage_dealt
            unit = unit.model_copy(update={"hp": max(0, hp),
                                           "status": "unconscious" if hp <= 0 and
                                           unit.status == "ok" else unit.status})
    unit = with_mind(unit, mind)
    if any(t.effect == "Possessed" for t in result.taken) and controlled(unit) is None:
        unit = take_control(unit, possessed_side(unit), "ai", None, "ghosts")
        ctx.say(f"  {unit.id} now fights for the ghosts (side {unit.side}, L3197)")
    rolls_made = [{"purpose": d.purpose, "dice": list(d.faces)}
                  for d in ctx.chance.decisions[before:]]
    ctx.records.append({"insanity": {
        "unit": unit.id, "cause": cause, "effective_hp": check.effective_hp,
        "ghost": check.current_ghost, "bonus": check.bonus,
        "lookups": [[look.roll, look.row, look.effect] for look in result.lookups],
        "effects": applied, "rolls": rolls_made,
    }})
    return state.replace_units(unit)
