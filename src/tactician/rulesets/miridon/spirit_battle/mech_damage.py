"""A hit on a mech (004 L3651-3663): at 0 HP or less it becomes Disabled (part spells
cancelled, parts' speed 0, PDR 0); a hit on a Disabled mech "is applied to both the [Mech]
and the character piloting the [Mech]", bypassing PDR and SDR."""

from __future__ import annotations

from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.mechs.mech import disable
from tactician.rulesets.miridon.spirit_battle.mech_units import mech_of, piloting, with_mech


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
    if unit.hp <= 0:
        mech, cancelled = disable(mech)
        ctx.say(f"{unit.id} is DISABLED: parts' speed 0, PDR 0 (L3651-3657)")
    return state.replace_units(with_mech(unit, mech))
