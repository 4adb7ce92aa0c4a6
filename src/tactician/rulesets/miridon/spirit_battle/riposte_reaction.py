"""Elemental Riposte as a reaction in battle (004 L199-203, L2432-2445; ``magic/riposte.py``).

L203: "If the character is casting a spell and successfully hit a target with [Riposte],
then they can choose to activate the spell immediately. The spell will only affect a single
target, either the character or the target of the [Riposte]." The battle offers it right
after a Riposte Melee Attack hits (C14), when the rules allow it (``can_riposte``: rank,
an Elemental Spell being cast with Remaining Spell Cast Time <= rank, L2435-2437). The
choice "can choose" is the reaction policy's (DEFAULT, like the other reactions under
``auto_reactions: policy``): it fires at the Riposte's target whenever the spell would deal
it any damage on average, never at the character itself.
"""

from __future__ import annotations

from tactician.rulesets.miridon.battle.costs import action_cost, affordable, pay
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.magic.effects import elemental_dice
from tactician.rulesets.miridon.magic.riposte import (
    can_riposte,
    elemental_riposte,
    riposte_bonus_dice,
)
from tactician.rulesets.miridon.spirit_battle.barriers import absorb_on
from tactician.rulesets.miridon.spirit_battle.spirit_hooks import after_damage
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    remember_activation,
    with_casting,
)

ACTION = "Elemental Riposte"


def after_riposte_hit(ctx: Context, state: MiridonBattle, defender_id: str, target_id: str
                      ) -> MiridonBattle:
    """``defender_id``'s Riposte just hit ``target_id``: fire its Elemental Spell if the
    rules allow it and the policy wants it."""
    if ctx.options.auto_reactions != "policy":
        return state
    unit, target = state.unit(defender_id), state.unit(target_id)
    casting = casting_of(unit)
    if casting is None or unit.down or target.status == "dead":
        return state
    caster = caster_of_unit(unit)
    if can_riposte(casting, caster, two_weapons=False, riposte_hit=True):
        return state
    cost = action_cost(ctx.book, ACTION, unit)
    if not affordable(unit, cost):
        return state
    extra = riposte_bonus_dice(caster.elemental_riposte, casting.remaining)
    dice = elemental_dice(caster, caster.elemental_riposte, extra)
    if 3.5 * dice.count <= target.profile.sdr:  # nothing to gain on average: let it be
        return state
    fired = elemental_riposte(ctx.chance, casting, caster, target.id, target.profile.sdr)
    unit = remember_activation(with_casting(pay(unit, cost, ACTION), None), fired.casting,
                               state.block)
    target, dealt, absorbed = absorb_on(target, "spell", fired.hit.damage_dealt)  # L3331
    hp = target.hp - dealt
    status: str = target.status
    if hp <= 0 and target.status == "ok":
        status = "unconscious"
    elif hp <= 0 and target.status == "unconscious":
        status = "dead"
    target = target.model_copy(update={"hp": max(0, hp), "status": status})
    ctx.say(f"{unit.id}: Elemental Riposte activates its {casting.spell} on {target.id}: "
            f"{fired.hit.rolled} rolled (+{caster.elemental_riposte} OSB, +{extra}d6), SDR "
            f"{fired.hit.spell_damage_reduction}, {fired.hit.damage_dealt} dealt"
            + (f", {absorbed} absorbed by its spell barrier" if absorbed else "")
            + " (L203, L2441)")
    ctx.records.append({"spell": "elemental_riposte", "unit": unit.id, "target": target.id,
                        "rolled": fired.hit.rolled, "dealt": dealt, "absorbed": absorbed})
    state = state.replace_units(unit, target)
    return after_damage(ctx, state, target.id, dealt) if dealt else state
