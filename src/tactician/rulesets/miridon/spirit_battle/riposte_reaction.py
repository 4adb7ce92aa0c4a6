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
from tactician.rulesets.miridon.battle.magic_shield import after_deflection
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import MiridonBattle
from tactician.rulesets.miridon.magic.activation import Effect, Target, elemental_effect
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.effects import elemental_dice
from tactician.rulesets.miridon.magic.riposte import (
    can_riposte,
    elemental_riposte,
    riposte_bonus_dice,
)
from tactician.rulesets.miridon.racial_flairs import AFFINITY_POOL, dragon_kind
from tactician.rulesets.miridon.spirit_battle.barriers import absorb_on
from tactician.rulesets.miridon.spirit_battle.spell_deflection import spell_deflections
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
    effect = _on_target(ctx, state, casting, target.id, fired.hit.rolled * fired.hit.multiplier)
    notes = []
    if effect.deflected:
        target, line = after_deflection(ctx.book, target)
        notes.append(line)
    if effect.affinity is not None:
        target = target.model_copy(update={"pools": {**target.pools,
                                                     AFFINITY_POOL: effect.affinity}})
        notes.append(f"Dragon Elemental Affinity -> {effect.affinity:+d}: "
                     f"{dragon_kind(effect.affinity)} (L1366-1374)")
    if effect.healing:
        target = target.model_copy(update={"hp": min(target.profile.max_hp,
                                                     target.hp + effect.healing)})
        notes.append(f"Dragon Recovery heals {effect.healing} (L1384)")
    target, dealt, absorbed = absorb_on(target, "spell", effect.damage)  # L3331
    hp = target.hp - dealt
    status: str = target.status
    if hp <= 0 and target.status == "ok":
        status = "unconscious"
    elif hp <= 0 and target.status == "unconscious":
        status = "dead"
    target = target.model_copy(update={"hp": max(0, hp), "status": status})
    ctx.say(f"{unit.id}: Elemental Riposte activates its {casting.spell} on {target.id}: "
            f"{fired.hit.rolled} rolled (+{caster.elemental_riposte} OSB, +{extra}d6), SDR "
            f"{fired.hit.spell_damage_reduction}, {effect.damage} dealt"
            + (f", {absorbed} absorbed by its spell barrier" if absorbed else "")
            + " (L203, L2441)" + "".join(f"; {n}" for n in notes))
    ctx.records.append({"spell": "elemental_riposte", "unit": unit.id, "target": target.id,
                        "rolled": fired.hit.rolled, "dealt": dealt, "absorbed": absorbed})
    state = state.replace_units(unit, target)
    return after_damage(ctx, state, target.id, dealt) if dealt else state


def _on_target(ctx: Context, state: MiridonBattle, casting: Casting, target_id: str,
               rolled: int) -> Effect:
    """What the riposte's roll does to its target: the Elemental Spell's one procedure
    (``activation.elemental_effect``): SDR, the target's Magic Shield Deflection ("Trigger
    Action: ... [Elemental Riposte]", L2202; the reaction policy's choice, as every reaction
    here: a roll above its SDR), a dragon's affinity (L1366-1384). Magic Shield Redirection
    does not add the caster: "The spell will only affect a single target" (L203)."""
    target = state.unit(target_id)
    found = spell_deflections(ctx.book, ctx.options, state, "Elemental Spell", "",
                              (target_id,), "auto")
    sdr, when = found.get(target_id, (0, "never"))
    return elemental_effect(casting, Target(
        target_id, hp=target.hp, sdr=target.profile.sdr, flairs=tuple(target.profile.flairs),
        affinity=target.pools.get(AFFINITY_POOL, 0), deflect_sdr=sdr, deflect_when=when),
        rolled)
