"""Ghost and racial actions in battle:

- ``teleport`` (movement; ``to``, ``face``): Vessel + Ghost Hunter's Teleport (L1974-1988):
  up to 5 ft per rank, any direction, bypassing obstacles, 1 Current Ghost HP per foot,
  any facing after; the end square must be free and standable.
- ``echo_spell`` (verbal): the spell just activated this block, cast again with the same
  Spell Ghost HP (L2104-2116).
- ``dragon_breath`` (verbal; ``target``): 1d6 per Maximum Speed Point of the dragon's
  element, one target within ``dragon_breath_range_ft`` (M25), SDR reduces it (L1390-1404);
  the target's insanity check follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon import racial_flairs
from tactician.rulesets.miridon.battle.burrow import check_targeting
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.geometry import DIRECTIONS, distance_ft
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, terrain_set
from tactician.rulesets.miridon.ghost import teleport
from tactician.rulesets.miridon.magic.casting import Casting, CastRequest, cast_spell
from tactician.rulesets.miridon.magic.echo import check_echo
from tactician.rulesets.miridon.spirit_battle.spirit_hooks import after_damage
from tactician.rulesets.miridon.spirit_battle.staves import cast_cost
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    LAST_SPELL,
    caster_of_unit,
    ghost_of,
    with_casting,
    with_ghost,
)
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS

AFFINITY = racial_flairs.AFFINITY_POOL


@ACTIONS.register("teleport", keys=("to", "face"))
def teleport_action(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]
                    ) -> MiridonBattle:
    unit = acting(state, action, "teleport")
    to = action.get("to")
    if not isinstance(to, (list, tuple)) or len(to) != 2 or unit.position is None:
        raise RulesError("teleport needs to=x,y")
    end = (int(to[0]), int(to[1]))
    board = state.board()
    if not board.in_bounds(end) or state.at(end) is not None or \
            terrain_set()[board.terrain_at(end).name].cost_for("default") is None:
        raise RulesError(f"{end} is not a free square to teleport to")
    feet = distance_ft(unit.position, end, ctx.options)
    change = teleport(ghost_of(unit), feet, unit.profile.special("Teleport"))
    cost = action_cost(ctx.book, "Teleport", unit)
    unit = active(pay(use_slot(unit, "movement", "Teleport"), cost, "Teleport"), state.block)
    face = str(action.get("face") or unit.facing)
    if face not in DIRECTIONS:
        raise RulesError(f"face must be one of {', '.join(DIRECTIONS)}")
    unit = with_ghost(unit, change.after).model_copy(update={"position": end, "facing": face})
    ctx.summary = (f"{unit.id} teleports {feet} ft to {end} for {feet} Current Ghost HP "
                   f"({change.after.current} left; {text(cost)}, L1978-1984)")
    return state.replace_units(unit)


@ACTIONS.register("echo_spell", keys=("target", "modifiers"))
def echo(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "echo_spell")
    held = unit.condition(LAST_SPELL)
    previous, block = None, None
    if held is not None:
        when, spell, target, element = held.source.split("|")
        block = int(when)
        previous = Casting(spell, (), held.value, 0, target, None, status="activated",
                           element=element or None)
    target = str(action.get("target") or (previous.target if previous else "self"))
    distance = 0
    if target not in ("self", unit.id):
        other = state.unit(target)
        if other.position is None or unit.position is None:
            raise RulesError(f"{target} is not on the map")
        distance = distance_ft(unit.position, other.position, ctx.options)
    request = CastRequest(previous.spell if previous else "", held.value if held else 0,
                          target, distance, element=previous.element if previous else None,
                          block=state.block)
    check_echo(previous, block, request)
    done = cast_spell(ctx.book, caster_of_unit(unit), ghost_of(unit), request)
    cost = cast_cost(ctx.book, unit, "Echo Spell")  # "acts as [Cast Spell]" (L2110, L3500)
    unit = active(pay(use_slot(unit, "verbal", "Echo Spell"), cost, "Echo Spell"), state.block)
    if done.ghost is not None:
        unit = with_ghost(unit, done.ghost.after)
    unit = with_casting(unit, done.casting)
    ctx.summary = (f"{unit.id} echoes {done.casting.spell} with {done.casting.spell_ghost} Spell "
                   f"Ghost HP ({text(cost)}, L2110-2114)")
    return state.replace_units(unit)


@ACTIONS.register("dragon_breath", keys=("target",))
def breath(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "dragon_breath")
    target = state.unit(action.get("target"))
    if unit.position is None or target.position is None:
        raise RulesError("both units must be on the map")
    check_targeting(unit, target)  # Death Worm Burrow (L1518)
    cost = action_cost(ctx.book, "Dragon Breath", unit)
    result = racial_flairs.dragon_breath(
        ctx.chance, unit.profile.flairs, unit.profile.max_speed, unit.pools.get(AFFINITY, 0),
        target.profile.sdr, distance_ft(unit.position, target.position, ctx.options),
        DEFAULT_SPIRIT_OPTIONS.dragon_breath_range_ft,
    )
    unit = active(pay(use_slot(unit, "verbal", "Dragon Breath"), cost, "Dragon Breath"),
                  state.block)
    state = state.replace_units(unit)
    target = state.unit(target.id)
    before = target.pools.get(AFFINITY, 0)
    # a dragon breathed on is "hit with the [..] element" (L1366-1368, L1376, L1384)
    hit = racial_flairs.elemental_hit_on_dragon(target.profile.flairs, before, result.element,
                                                result.rolled, result.damage_dealt)
    hp = min(target.profile.max_hp, target.hp + hit.healed) - hit.damage_dealt
    status = target.status
    if hit.damage_dealt and hp <= 0:
        status = "unconscious" if status == "ok" else "dead"
    state = state.replace_units(target.model_copy(update={
        "hp": max(0, hp), "status": status, "pools": {**target.pools, AFFINITY: hit.affinity},
    } if hit.affinity != before else {"hp": max(0, hp), "status": status}))
    state = after_damage(ctx, state, target.id, hit.damage_dealt)
    ctx.summary = (f"{unit.id} breathes {result.element} on {target.id}: {result.rolled} rolled, "
                   f"{hit.damage_dealt} after SDR ({text(cost)}, L1394-1402)" + _dragon_words(
                       target.profile.flairs, result.element, before, hit))
    return state


def _dragon_words(flairs: tuple[str, ...], element: str, before: int,
                  hit: racial_flairs.DragonHit) -> str:
    """The log's words for a breath on a dragon (L1366-1384)."""
    if not racial_flairs.has_affinity(flairs):
        return ""
    words = ""
    if element == racial_flairs.affinity_element(before):
        words += f"; its affinity is {element}: 0 damage (L1376)"
        if hit.healed:
            words += f", Dragon Recovery heals {hit.healed} (L1384)"
    if hit.affinity != before:
        words += (f"; Dragon Elemental Affinity {before:+d} -> {hit.affinity:+d}: "
                  f"{racial_flairs.dragon_kind(hit.affinity)} (L1366-1374)")
    return words
