"""The spell actions in battle (004 L1758-1770, L1911-1915, L2417-2428, L2502-2515, L3269):

- ``cast_spell`` (verbal; keys ``spell``, ``ghost``, ``target``, ``modifiers``, ``element``,
  ``staff``): pays Cast Spell's 5/1 (a wielded staff's Cast Spell Strength Cost instead of
  the 5, L3500) and the modifiers' costs, invests the Spell Ghost HP (from the staff's
  storage with ``staff=yes``, L3498; ``staves``), enters the Spell Casting Stance.
- ``channel_spell`` (offensive): remaining cast time − 1.
- ``activate_spell`` (bonus; ``at`` / ``targets`` / ``explode`` for an Explosive or Beam
  Spell, ``spell_areas``; ``distances`` for Selective Gale
  Burst, L2718-2722; ``directions`` for Multi-Directional / Aerial Gale Burst, L1169-1195,
  ``gale_directions``; ``weapon`` for Elemental / Vampiric Weapon, L3360): the effect on its
  targets, then the insanity checks the effect calls for. ``distances`` maps each target to
  the feet it is knocked back (0..the spell's, ``gale_push.chosen_distances``); ``weapon``
  names the weapon each target's enchantment goes on ("This effect can be placed on either
  a weapon or a character", L3360: ``Unarmed`` for the character; one name for every
  target or a mapping per target; default the weapon it holds ready); ``deflect`` the
  targets' Magic Shield Deflection against an Elemental Spell (L2202, ``spell_deflection``;
  a redirecting target adds the caster as a target, L550-566). Every such choice is
  checked before anything changes.
- ``recover_ghost_power`` (bonus; ``strength``, ``speed``): answers a drop to 0 or less.
- ``cancel_spell``: the caster ends its spell at will (no refund).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.magic_shield import after_deflection
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.magic.activation import activate_spell
from tactician.rulesets.miridon.magic.casting import (
    Casting,
    activate,
    cancel,
    channel,
    lapse,
)
from tactician.rulesets.miridon.magic.interruption import recover_ghost_power
from tactician.rulesets.miridon.racial_flairs import AFFINITY_POOL, dragon_kind
from tactician.rulesets.miridon.spirit_battle.barriers import raise_barriers
from tactician.rulesets.miridon.spirit_battle.cast_plan import plan_cast, spell_distance
from tactician.rulesets.miridon.spirit_battle.control import release, take_control
from tactician.rulesets.miridon.spirit_battle.enchantments import enchant
from tactician.rulesets.miridon.spirit_battle.gale_directions import (
    path_text,
)
from tactician.rulesets.miridon.spirit_battle.spell_aim import (
    aim_spell,
    landed,
    names,
    variant_modifiers,
)
from tactician.rulesets.miridon.spirit_battle.spell_areas import AREA_KEYS
from tactician.rulesets.miridon.spirit_battle.spirit_hooks import after_damage, insanity
from tactician.rulesets.miridon.spirit_battle.staves import (
    cast_cost,
    with_stored,
)
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
    remember_activation,
    with_casting,
    with_ghost,
)


def _spell(unit: UnitState) -> Casting:
    casting = casting_of(unit)
    if casting is None:
        raise RulesError(f"{unit.id} is not casting a spell (L1760)")
    return casting


@ACTIONS.register("cast_spell", keys=("spell", "ghost", "target", "modifiers", "element",
                                      "staff"))
def cast(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "cast_spell")
    # a staff's Cast Spell Strength Cost replaces the default (L3500)
    return begin_cast(ctx, state, unit, action, str(action.get("spell", "")),
                      cast_cost(ctx.book, unit), "Cast Spell")


def begin_cast(ctx: Context, state: MiridonBattle, unit: UnitState, action: Mapping[str, Any],
               spell: str, base: tuple[int, int], what: str, base_zero: bool = False
               ) -> MiridonBattle:
    """Cast Spell's procedure (L1758-1770, L3245-3251) for ``unit`` (``cast_plan``): the
    verbal action used, the cost paid, the Spell Ghost HP invested, the stance entered."""
    planned = plan_cast(ctx.book, ctx.options, state, unit, action, spell, base, base_zero)
    done, cost, staff, target = planned.done, planned.cost, planned.staff, planned.target
    unit = active(pay(use_slot(unit, "verbal", what), cost, what), state.block)
    if done.ghost is not None:
        unit = with_ghost(unit, done.ghost.after)
    if staff is not None and done.staff_left is not None:
        unit = with_stored(unit, staff, done.staff_left)
    unit = with_casting(unit, done.casting)
    mods = f" with {', '.join(done.casting.modifiers)}" if done.casting.modifiers else ""
    paid = "" if staff is None else f" from its {staff} ({done.staff_left} left, L3498)"
    how = "" if what == "Cast Spell" else f" with {what}"
    ctx.summary = (f"{unit.id} casts {done.casting.spell}{mods}{how} at {target}: "
                   f"{done.casting.spell_ghost} Spell Ghost HP{paid}, {done.casting.remaining} "
                   f"blocks to go ({text(cost)}, L3247-3251)")
    ctx.records.append({"spell": "cast", "unit": unit.id, "spell_name": done.casting.spell,
                        "spell_ghost": done.casting.spell_ghost,
                        "remaining": done.casting.remaining, "target": target})
    return state.replace_units(unit)


@ACTIONS.register("channel_spell")
def channel_action(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "channel_spell")
    casting = channel(_spell(unit))
    cost = action_cost(ctx.book, "Channel Spell", unit)
    unit = active(pay(use_slot(unit, "offensive", "Channel Spell"), cost, "Channel Spell"),
                  state.block)
    unit = with_casting(unit, casting)
    ctx.summary = f"{unit.id} channels {casting.spell}: {casting.remaining} to go (L1915)"
    return state.replace_units(unit)


@ACTIONS.register("cancel_spell")
def cancel_action(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = state.unit(action.get("unit"))
    casting = cancel(_spell(unit))
    ctx.summary = f"{unit.id} cancels its {casting.spell}; no refund (L3269)"
    return state.replace_units(with_casting(unit, casting))


@ACTIONS.register("recover_ghost_power", keys=("strength", "speed"))
def recover(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = state.unit(action.get("unit"))
    casting = _spell(unit)
    try:
        strength, speed = int(action.get("strength", 0)), int(action.get("speed", 0))
    except (TypeError, ValueError):
        raise RulesError("strength and speed must be whole numbers") from None
    unit = pay(unit, (strength, speed), "Recover Ghost Power")
    casting, drain = recover_ghost_power(casting, caster_of_unit(unit), strength, speed)
    ctx.summary = (f"{unit.id} recovers ghost power: {drain.before} -> {drain.after} "
                   f"({strength} str / {speed} spd, L2513); {casting.status}")
    return state.replace_units(with_casting(unit, casting))


@ACTIONS.register("let_spell_lapse")
def let_lapse(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = state.unit(action.get("unit"))
    casting = lapse(_spell(unit))
    ctx.summary = f"{unit.id}'s {casting.spell} is cancelled (Spell Ghost HP 0 or less, L3269)"
    return state.replace_units(with_casting(unit, casting))


def variant(ctx: Context, unit: UnitState, casting: Casting, added: tuple[str, ...]
            ) -> tuple[UnitState, Casting]:
    """Variant Spell's modifiers added now (``spell_aim.variant_modifiers``), paid."""
    casting, cost, new = variant_modifiers(ctx.book, unit, casting, added)
    if not new:
        return unit, casting
    unit = pay(unit, cost, "Variant Spell")
    ctx.say(f"{unit.id} adds {', '.join(new)} at activation (Variant Spell, L1355; "
            f"{text(cost)})")
    return unit, casting


@ACTIONS.register("activate_spell", keys=("targets", "distances", "directions", "weapon",
                                          "deflect", "modifiers", *AREA_KEYS))
def activate_action(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]
                    ) -> MiridonBattle:
    unit = acting(state, action, "activate_spell")
    casting = _spell(unit)
    distance = spell_distance(ctx.options, state, unit, casting.target)
    casting = activate(casting, ctx.book, distance)
    unit, casting = variant(ctx, unit, casting, names(action.get("modifiers")))
    aim = aim_spell(ctx.book, ctx.options, state, unit, casting, action)
    pushes, paths, weapons = aim.pushes, aim.paths, aim.weapons
    result = activate_spell(casting, caster_of_unit(unit), aim.targets, ctx.chance,
                            ghost_of(unit), unit.hp, unit.profile.talent("Resist Insanity"),
                            caster_target=aim.caster)
    state = state.replace_units(remember_activation(with_casting(unit, None), casting,
                                                    state.block))
    lines = []
    for effect in result.effects:
        other = state.unit(effect.target)
        land = landed(other, effect, casting.spell)
        other, damage = land.unit, land.damage
        update: dict[str, Any] = {"hp": land.hp, "status": land.status}
        if land.absorbed:
            lines.append(f"{other.id}'s {land.barrier} barrier absorbs {land.absorbed}")
        if effect.healing:
            lines.append(f"{other.id} heals {effect.healing}" + (
                " (Dragon Recovery, L1384)" if casting.spell == "Elemental Spell" else ""))
        if effect.affinity is not None:
            update["pools"] = {**other.pools, AFFINITY_POOL: effect.affinity}
            lines.append(f"{other.id}'s Dragon Elemental Affinity -> {effect.affinity:+d}: "
                         f"{dragon_kind(effect.affinity)} (L1366-1374)")
        if damage:
            lines.append(f"{other.id} takes {damage}")
        if effect.possession is not None:
            p = effect.possession
            lines.append(f"Spell Power {p.power}{' (doubled)' if p.doubled else ''} vs "
                         f"{other.id}'s {p.target_hp} HP: "
                         f"{'possessed, ghost +' + str(p.gain) if p.possessed else 'resisted'}")
            update["strength"] = other.strength - p.strength_lost
            update["speed"] = other.speed - p.speed_lost
        if other.id in pushes and (effect.knockback_ft or pushes[other.id].fallen):
            landing = pushes[other.id]
            update["position"] = landing.tile
            lines.append(f"{other.id} is knocked back {effect.knockback_ft} ft"
                         + (f" along {path_text(paths[other.id])} (L1172-1178)"
                            if other.id in paths else "") + f" to {landing.tile}"
                         + (", stopped (L3313, L1193)" if landing.room is not None else "")
                         + (f", falls {landing.fallen} ft" if landing.fallen else "")
                         + (f": {effect.damage} damage" if effect.damage else ""))
        other = other.model_copy(update=update)
        if effect.deflected:  # paid, one defensive action, the stance without the shield
            other, line = after_deflection(ctx.book, other)
            lines.append(f"{other.id}: {line}")
        if effect.redirected:
            lines.append(f"{other.id} is an additional target of its own Elemental Spell "
                         "(Magic Shield Redirection, L552-554)")
        if effect.possession is not None and effect.possession.possessed and \
                effect.possession.control_blocks is not None:
            until = state.block + effect.possession.control_blocks
            other = take_control(other, unit.side, unit.controller, until, unit.id)
            lines.append(f"{unit.id} controls {other.id} until block {until} ends (L2914)")
        if effect.ghost is not None:
            other = with_ghost(other, effect.ghost.after)
        for shield in effect.barriers:
            lines.append(f"{other.id} gains a {shield.kind} barrier of {shield.left} for "
                         f"{shield.blocks} blocks (L3328)")
        other = raise_barriers(other, effect.barriers)
        if effect.enchantments:
            other = enchant(other, effect.enchantments, weapons[other.id])
            for spell in effect.enchantments:
                what = (f"+1d6+{spell.flat} {spell.element or 'elemental'} damage per hit"
                        if spell.kind == "elemental" else f"heals 1d6+{spell.flat} per hit")
                lines.append(f"{other.id}'s {weapons[other.id]} is enchanted ({spell.kind}: "
                             f"{what}) for {spell.blocks} blocks (L3356-3377)")
        state = state.replace_units(other)
        if damage:
            state = after_damage(ctx, state, other.id, damage)
    if result.caster_ghost is not None:
        state = state.replace_units(with_ghost(state.unit(unit.id), result.caster_ghost.after))
        lines.append(f"{unit.id}'s Current Ghost HP -> {result.caster_ghost.after.current}")
    for uid, check, rolls in result.insanity:
        who = state.unit(unit.id if uid == "caster" else uid)
        if any(e.damage and e.target == who.id for e in result.effects):
            continue  # after_damage already checked it
        state = insanity(ctx, state, who, check, f"{casting.spell} (L3025-3027)", rolls)
    state, released = release(state)  # a ghost drained to 0 ends a Possessed (L3198)
    lines.extend(released)
    ctx.summary = f"{unit.id} activates {casting.spell}: " + ("; ".join(lines) or "done")
    ctx.records.append({"spell": "activate", "unit": unit.id, "spell_name": casting.spell,
                        "rolled": list(result.rolled), "effects": lines})
    return state
