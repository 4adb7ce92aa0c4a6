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
from dataclasses import replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.burrow import check_targeting
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.magic_shield import after_deflection
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.insanity_conditions import may_cast
from tactician.rulesets.miridon.magic.activation import FLYING, Target, activate_spell
from tactician.rulesets.miridon.magic.casting import (
    SELF,
    Casting,
    CastRequest,
    activate,
    cancel,
    cast_spell,
    channel,
    lapse,
    spell_of,
)
from tactician.rulesets.miridon.magic.effects import gale_distance
from tactician.rulesets.miridon.magic.interruption import recover_ghost_power
from tactician.rulesets.miridon.magic.modifiers import check_modifiers, total_cost
from tactician.rulesets.miridon.racial_flairs import AFFINITY_POOL, dragon_kind
from tactician.rulesets.miridon.spirit_battle.barriers import absorb_on, raise_barriers
from tactician.rulesets.miridon.spirit_battle.control import release, take_control
from tactician.rulesets.miridon.spirit_battle.enchantments import enchant, enchanted_weapon
from tactician.rulesets.miridon.spirit_battle.gale_directions import (
    Path,
    caster_may_be_target,
    chosen_directions,
    path_text,
)
from tactician.rulesets.miridon.spirit_battle.gale_push import (
    Landing,
    chosen_distances,
    gale_targets,
    landings,
)
from tactician.rulesets.miridon.spirit_battle.spell_areas import AREA_KEYS, area_targets
from tactician.rulesets.miridon.spirit_battle.spell_deflection import spell_deflections
from tactician.rulesets.miridon.spirit_battle.spirit_hooks import after_damage, insanity
from tactician.rulesets.miridon.spirit_battle.staves import (
    cast_cost,
    staff_named,
    stored,
    with_stored,
)
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
    mind_of,
    remember_activation,
    with_casting,
    with_ghost,
)


def _names(value: object) -> tuple[str, ...]:
    if value in (None, ""):
        return ()
    if isinstance(value, (list, tuple)):
        return tuple(str(v).strip() for v in value)
    return tuple(part.strip() for part in str(value).split(",") if part.strip())


def _distance(ctx: Context, state: MiridonBattle, unit: UnitState, target: str) -> int:
    if target in (SELF, unit.id):
        return 0
    other = state.unit(target)
    check_targeting(unit, other)  # Death Worm Burrow (L1518)
    if unit.position is None or other.position is None:
        raise RulesError(f"{target} is not on the map")
    return distance_ft(unit.position, other.position, ctx.options)


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
    """Cast Spell's procedure (L1758-1770, L3245-3251) for ``unit``: the spell, its Spell
    Ghost HP (or a staff's, L3498), target and modifiers from ``action``; ``base`` the
    action's own cost, to which the modifiers' are added; the verbal action used."""
    if casting_of(unit) is not None:
        raise RulesError(f"{unit.id} is already casting a spell")
    caster = caster_of_unit(unit)
    target = str(action.get("target") or SELF)
    target = SELF if target == unit.id else target
    try:
        invest = int(action.get("ghost", 0))
    except (TypeError, ValueError):
        raise RulesError(f"ghost must be a whole number, not {action.get('ghost')!r}") from None
    staff = staff_named(ctx.book, unit, action.get("staff"))
    request = CastRequest(spell, invest, target,
                          _distance(ctx, state, unit, target), _names(action.get("modifiers")),
                          action.get("element") or None, block=state.block,
                          from_staff=staff is not None, base_zero=base_zero)
    done = cast_spell(ctx.book, caster, ghost_of(unit), request,
                      staff_storage=stored(unit, staff) if staff else 0,
                      disrupted=not may_cast(mind_of(unit)))
    cost = (base[0] + done.modifier_cost.strength, base[1] + done.modifier_cost.speed)
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


def _target(state: MiridonBattle, unit: UnitState, target_id: str) -> Target:
    other = unit if target_id in (SELF, unit.id) else state.unit(target_id)
    check_targeting(unit, other)  # Death Worm Burrow (L1518)
    return Target(other.id, hp=other.hp, sdr=other.profile.sdr, pdr=other.pdr,
                  casting=casting_of(other) is not None, strength=other.strength,
                  speed=other.speed, ghost=ghost_of(other),
                  resist_insanity=other.profile.talent("Resist Insanity"),
                  flairs=tuple(other.profile.flairs), affinity=other.pools.get(AFFINITY_POOL, 0))


def _weapons(state: MiridonBattle, unit: UnitState, casting: Casting, ids: tuple[str, ...],
             raw: object) -> dict[str, str]:
    """The weapon each target's enchantment goes on (L3360), checked for every target."""
    enchanting = {casting.spell, *casting.also} & {"Elemental Weapon", "Vampiric Weapon"}
    if not enchanting:
        if raw not in (None, ""):
            raise RulesError(f"weapon: {casting.spell} enchants no weapon (only Elemental and "
                             "Vampiric Weapon do, L3360, L3375)")
        return {}
    if isinstance(raw, Mapping):
        unknown = [str(k) for k in raw if str(k) not in ids]
        if unknown:
            raise RulesError(f"weapon: {unknown[0]!r} is not a target of this "
                             f"{casting.spell} (targets: {', '.join(ids)})")
    found = {}
    for t in ids:
        other = unit if t in (SELF, unit.id) else state.unit(t)
        chosen = raw.get(t, raw.get(other.id)) if isinstance(raw, Mapping) else raw
        found[other.id] = enchanted_weapon(other, chosen)
    return found


def _pushes(ctx: Context, state: MiridonBattle, unit: UnitState, casting: Casting,
            ids: tuple[str, ...], raw: object, raw_paths: object
            ) -> tuple[dict[str, Landing], dict[str, int], dict[str, Path]]:
    """Gale Burst's landings on the grid (L3313) with the chosen distances (L2718-2722) and
    directions (L1169-1195); the distance of a unit given legs is their total."""
    if casting.spell != "Gale Burst":
        for key, raw_value in (("distances", raw), ("directions", raw_paths)):
            if raw_value not in (None, "", {}, []):
                raise RulesError(f"{key}: only a Gale Burst knocks back, not {casting.spell} "
                                 "(L3313)")
        return {}, {}, {}
    pushed = list(ids)
    most = gale_distance(caster_of_unit(unit))
    chosen = chosen_distances(raw, casting.modifiers, pushed, most)
    paths = chosen_directions(raw_paths, unit, casting.modifiers, pushed, chosen, most)
    chosen.update({uid: sum(feet for _, feet in path) for uid, path in paths.items()})
    if unit.position is None or any(m in casting.modifiers for m in FLYING):
        return {}, chosen, paths  # Flying: "Targets ... are not knocked back" (L2736)
    return (landings(state, ctx.options, unit.position, pushed, most, chosen, paths), chosen,
            paths)


def variant(ctx: Context, unit: UnitState, casting: Casting, added: tuple[str, ...]
            ) -> tuple[UnitState, Casting]:
    """Variant Spell (L1353-1356): "The character can add a [Spell Casting Modifier] to a
    [Spell] when they perform [Activate Spell]": each checked with those of the cast (their
    fit and exclusions, L2650-2955) and paid now; a modifier that acts at the cast (Shorten
    Spell) changes nothing any more."""
    if not added:
        return unit, casting
    if not unit.profile.has("Variant Spell"):
        raise RulesError(f"modifiers: adding a casting modifier at Activate Spell needs the "
                         f"Variant Spell flair (004 L1353); {unit.id} lacks it")
    caster = caster_of_unit(unit)
    spell = spell_of(ctx.book, casting.spell)
    chosen = check_modifiers(ctx.book, spell, (*casting.modifiers, *added), caster)
    new = tuple(m for m in chosen if m.name not in casting.modifiers)
    cost = total_cost(new, caster)
    unit = pay(unit, (cost.strength, cost.speed), "Variant Spell")
    ctx.say(f"{unit.id} adds {', '.join(m.name for m in new)} at activation (Variant Spell, "
            f"L1355; {text((cost.strength, cost.speed))})")
    return unit, replace(casting, modifiers=tuple(m.name for m in chosen))


@ACTIONS.register("activate_spell", keys=("targets", "distances", "directions", "weapon",
                                          "deflect", "modifiers", *AREA_KEYS))
def activate_action(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]
                    ) -> MiridonBattle:
    unit = acting(state, action, "activate_spell")
    casting = _spell(unit)
    distance = _distance(ctx, state, unit, casting.target)
    casting = activate(casting, ctx.book, distance)
    unit, casting = variant(ctx, unit, casting, _names(action.get("modifiers")))
    ids = _names(action.get("targets")) or (
        () if casting.spell == "Gather Mist" else (casting.target,))
    area = area_targets(ctx.book, ctx.options, state, unit, casting, action,
                        _names(action.get("targets")))
    if area is not None:  # Explosive / Beam Spell and their flairs (L2682-2706, L1130-1155)
        ids = area
    if casting.spell == "Gale Burst":  # L3313: all other units within the radius
        ids = gale_targets(state, ctx.options, unit.id, _names(action.get("targets")),
                           spell_of(ctx.book, casting.spell).radius_ft or 0, casting.modifiers,
                           caster_may_be_target(unit, casting.modifiers))
    pushes, chosen, paths = _pushes(ctx, state, unit, casting, ids, action.get("distances"),
                                    action.get("directions"))
    weapons = _weapons(state, unit, casting, ids, action.get("weapon"))
    targets = [replace(_target(state, unit, t), room_ft=pushes[t].room, chosen_ft=chosen.get(t),
                       fall_ft=pushes[t].fallen)
               if t in pushes else _target(state, unit, t) for t in ids]
    deflecting = spell_deflections(ctx.book, ctx.options, state, casting.spell, unit.id,
                                   tuple(t.id for t in targets), action.get("deflect"))
    targets = [replace(t, deflect_sdr=deflecting[t.id][0], deflect_when=deflecting[t.id][1])
               if t.id in deflecting else t for t in targets]
    result = activate_spell(casting, caster_of_unit(unit), targets, ctx.chance, ghost_of(unit),
                            unit.hp, unit.profile.talent("Resist Insanity"),
                            caster_target=_target(state, unit, unit.id))
    state = state.replace_units(remember_activation(with_casting(unit, None), casting,
                                                    state.block))
    lines = []
    for effect in result.effects:
        other = state.unit(effect.target)
        update: dict[str, Any] = {}
        # a lasting barrier takes the hit first (L3331, L3339): a knockback's is physical
        kind = "physical" if casting.spell == "Gale Burst" else "spell"
        other, damage, absorbed = absorb_on(other, kind, effect.damage)
        if absorbed:
            lines.append(f"{other.id}'s {kind} barrier absorbs {absorbed}")
        if effect.healing:
            update["hp"] = min(other.profile.max_hp, other.hp + effect.healing)
            lines.append(f"{other.id} heals {effect.healing}" + (
                " (Dragon Recovery, L1384)" if casting.spell == "Elemental Spell" else ""))
        if effect.affinity is not None:
            update["pools"] = {**other.pools, AFFINITY_POOL: effect.affinity}
            lines.append(f"{other.id}'s Dragon Elemental Affinity -> {effect.affinity:+d}: "
                         f"{dragon_kind(effect.affinity)} (L1366-1374)")
        if damage:
            hp = other.hp - damage
            status = other.status
            if hp <= 0 and status == "ok":
                status = "unconscious"
            elif status == "unconscious":
                status = "dead"
            update.update({"hp": max(0, hp), "status": status})
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
