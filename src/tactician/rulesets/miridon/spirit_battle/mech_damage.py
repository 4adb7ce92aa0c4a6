"""A hit on a mech (004 L3651-3663): at 0 HP or less it becomes Disabled (part spells
cancelled, parts' speed 0, PDR 0); a hit on a Disabled mech "is applied to both the [Mech]
and the character piloting the [Mech]", bypassing PDR and SDR.

A spell its Mech Spell Core is casting (``mech_spells``, docs/rulings.md "Spell cores")
loses the damage the mech takes, "If the spell caster receives damage, then the [Spell Ghost HP] is
reduced by the amount of damage taken." (L3257, the pilot's Concentration counting), and "When
a [Mech] becomes [Disabled], any spell that a [Mech Part] is currently casting is
cancelled." (L3653)."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.magic.casting import cancel
from tactician.rulesets.miridon.magic.interruption import damage_taken
from tactician.rulesets.miridon.mechs.mech import disable
from tactician.rulesets.miridon.spirit_battle.mech_units import mech_of, piloting, with_mech
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    with_casting,
)


def _drain(ctx: Context, state: MiridonBattle, unit: UnitState, dealt: int) -> UnitState:
    casting = casting_of(unit)
    if casting is None or not casting.active or dealt <= 0:
        return unit
    pilot = next((u for u in state.units if piloting(u) == unit.id), unit)
    casting, drain = damage_taken(casting, dealt, caster_of_unit(pilot))
    ctx.say(f"{unit.id}'s {casting.spell}: Spell Ghost HP {drain.before} -> {drain.after} "
            "(damage to the mech, L3257)")
    return with_casting(unit, casting)


def mech_damaged(ctx: Context, state: MiridonBattle, unit_id: str, dealt: int) -> MiridonBattle:
    unit = state.unit(unit_id)
    mech = mech_of(unit)
    if mech.disabled:
        # the hit lands on mech and pilot, bypassing PDR and SDR (L3663)
        pilot = next((u for u in state.units if piloting(u) == unit.id), None)
        state = state.replace_units(with_mech(unit, mech))
        if pilot is not None and dealt > 0:
            hp = pilot.hp - dealt
            status = "unconscious" if hp <= 0 and pilot.status == "ok" else \
                ("dead" if pilot.status == "unconscious" else pilot.status)
            state = state.replace_units(pilot.model_copy(update={"hp": max(0, hp),
                                                                 "status": status}))
            ctx.say(f"{unit.id} is Disabled: its pilot {pilot.id} takes {dealt} too (L3663)")
        return state
    unit = _drain(ctx, state, unit, dealt)
    if unit.hp <= 0:
        mech, cancelled = disable(mech)
        ctx.say(f"{unit.id} is DISABLED: parts' speed 0, PDR 0 (L3651-3657)")
        casting = casting_of(unit)
        if casting is not None and casting.active:
            unit = with_casting(unit, cancel(casting, "the mech is Disabled (L3653)"))
            ctx.say(f"{unit.id}'s {casting.spell} is cancelled: the mech is Disabled (L3653)")
    return state.replace_units(with_mech(unit, mech))
