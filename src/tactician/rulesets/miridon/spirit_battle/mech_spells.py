"""A Mech Spell Core's spells in battle (004 L224, L3641, L3647, L3653; docs/rulings.md
"Spell cores").

What the text says: Mech Spell Training "The character can use a additional [Mech Part] in
any [Mech] that they pilot. This [Mech Part] must be a [Mech Spell Core]." (L224); "Each
[Mech Part] can only perform 1 action each [Action Block] chosen by the pilot ... Each
action uses a set amount of [Speed Points]." (L3641); "Many actions that can be performed
by a [Mech Part] have an equivalent action that can be performed by a character. The rules
for the [Mech Part] performing the action are similar to if the character performed the
action" (L3647); "When a [Mech] becomes [Disabled], any spell that a [Mech Part] is
currently casting is cancelled." (L3653). No core, and no rule of how a part's spell is
paid or aimed, is given (gap M17). DEFAULTs, each the character's rule moved onto the mech:

- ``mech_cast`` (``part``, ``spell``, ``ghost``, ``target``, ``element``, ``modifiers``): the
  core's Cast Spell, paid in the core's speed (its data's cost, L3641) instead of Cast
  Spell's 5/1; the Spell Ghost HP is "deducted from the [Current Ghost HP] of the
  character" (L3247) - the pilot; the pilot's Spell Boosts and flairs are the caster's (the
  pilot "chooses" the action, L3641), so are the casting modifiers its flairs allow; their
  speed costs come from the core's speed too, and one costing strength points (which a
  mech has none of) is refused; the range is measured from the mech. No Gather Mist (it
  fills the caster's own ghosts, L3324, and a core has none). One spell per mech at a time
  (the Spell Casting Stance is the mech's, as a character's one spell).
- ``mech_channel`` (``part``): the casting core's Channel Spell (L1911-1915).
- ``mech_activate`` (``part``, ``targets``, ``at``, ``explode``): the casting core's
  Activate Spell, resolved by the character's very procedure
  (``spell_actions.activate_action``) with the pilot's boosts.
- Damage to the mech is damage its spell "receives" (L3257: ``mech_damage``); a Disabled
  mech's spell is cancelled (L3653). Recover Ghost Power cannot save it (the mech has no
  strength or speed points of its own, L2513), so a drop to 0 ends it (L3269).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.counted import counted
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting, active
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.insanity_conditions import may_cast
from tactician.rulesets.miridon.magic.casting import (
    GATHER_MIST,
    SELF,
    CastRequest,
    cast_spell,
    channel,
)
from tactician.rulesets.miridon.mechs.mech import Mech, PartState, part_action
from tactician.rulesets.miridon.spirit_battle.mech_units import (
    is_mech,
    mech_of,
    piloting,
    replace_part,
    with_mech,
)
from tactician.rulesets.miridon.spirit_battle.spell_aim import names
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    caster_of_unit,
    casting_of,
    ghost_of,
    mind_of,
    with_casting,
    with_ghost,
)

CAST, CHANNEL, ACTIVATE = "Cast Spell", "Channel Spell", "Activate Spell"


def pilot_of(state: MiridonBattle, unit: UnitState) -> UnitState:
    pilot = next((u for u in state.units if piloting(u) == unit.id), None)
    if pilot is None:
        raise RulesError(f"{unit.id} has no pilot to cast through its spell core (L224)")
    return pilot


def _core(unit: UnitState, action: Mapping[str, Any], what: str) -> tuple[Mech, PartState]:
    if not is_mech(unit) or unit.position is None:
        raise RulesError(f"{unit.id} is not a mech on the map")
    mech = mech_of(unit)
    part = mech.part(str(action.get("part", "")))
    if what not in dict(part.actions):
        raise RulesError(f"{part.name} cannot perform {what}; it can: "
                         f"{', '.join(a for a, _ in part.actions)} (L3641)")
    return mech, part


def _spent(before: PartState, mech: Mech) -> int:
    return before.speed - mech.part(before.name).speed


def with_pilot_boosts(unit: UnitState, pilot: UnitState) -> UnitState:
    """The mech as the caster of its core's spell: the pilot's talents, specials and flairs
    (Spell Boosts L322-336, Strong Spell, Concentration) on the mech's profile."""
    p = pilot.profile
    return unit.model_copy(update={"profile": unit.profile.model_copy(update={
        "talents": p.talents, "specials": p.specials, "flairs": p.flairs})})


@ACTIONS.register("mech_cast", keys=("part", "spell", "ghost", "target", "element",
                                      "modifiers"))
def mech_cast(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "mech_cast")
    mech, part = _core(unit, action, CAST)
    if part.kind != "spell_core":
        raise RulesError(f"{part.name} is not a Mech Spell Core (L224)")
    if casting_of(unit) is not None:
        raise RulesError(f"{unit.id} is already casting a spell")
    spell = str(action.get("spell", ""))
    if spell.casefold() == GATHER_MIST.casefold():
        raise RulesError("a Mech Spell Core has no ghosts to gather: Gather Mist is the "
                         "pilot's own (docs/rulings.md 'Spell cores', L3324)")
    pilot = pilot_of(state, unit)
    target = str(action.get("target") or SELF)
    target = SELF if target == unit.id else target
    distance = 0
    if target != SELF:
        other = state.unit(target)
        if other.position is None:
            raise RulesError(f"{target} is not on the map")
        distance = distance_ft(unit.position, other.position, ctx.options)  # type: ignore[arg-type]
    try:
        invest = int(action.get("ghost", 0))
    except (TypeError, ValueError):
        raise RulesError(f"ghost must be a whole number, not {action.get('ghost')!r}") from None
    mech = part_action(mech, part.name, CAST)  # once a block, the core's speed (L3641)
    request = CastRequest(spell, invest, target, distance, names(action.get("modifiers")),
                          action.get("element") or None, block=state.block)
    done = cast_spell(ctx.book, caster_of_unit(pilot), ghost_of(pilot), request,
                      disrupted=not may_cast(mind_of(pilot)))
    mech = replace_part(mech, replace(mech.part(part.name), casting=True))
    mech = _pay_modifiers(mech, part.name, done.modifier_cost.strength,
                          done.modifier_cost.speed)
    unit = active(with_casting(with_mech(unit, mech), done.casting), state.block)
    if done.ghost is not None:
        pilot = with_ghost(pilot, done.ghost.after)
    ctx.summary = (f"{unit.id}'s {part.name} casts {done.casting.spell} at {target}: "
                   f"{done.casting.spell_ghost} Spell Ghost HP from {pilot.id}, "
                   f"{counted(done.casting.remaining, 'block')} to go ({_spent(part, mech)} of its "
                   "speed "
                   "points, L3641, L3247)")
    ctx.records.append({"spell": "cast", "unit": unit.id, "part": part.name,
                        "spell_name": done.casting.spell, "spell_ghost": done.casting.spell_ghost,
                        "remaining": done.casting.remaining, "target": target,
                        "ghost_from": pilot.id})
    return state.replace_units(unit, pilot)


def _pay_modifiers(mech: Mech, core: str, strength: int, speed: int) -> Mech:
    """The casting modifiers' costs (L2650-2955) from the core's own speed points, as its
    Cast Spell's (L3641); a strength cost the mech has no points to pay is refused."""
    if strength:
        raise RulesError(f"the casting modifiers cost {strength} strength points, which a "
                         "Mech Spell Core has none of (docs/rulings.md 'Spell cores')")
    part = mech.part(core)
    if speed > part.speed:
        raise RulesError(f"{part.name} has {part.speed} speed points left; the casting "
                         f"modifiers cost {speed} (L3641)")
    return replace_part(mech, replace(part, speed=part.speed - speed))


def _casting_core(unit: UnitState, action: Mapping[str, Any], what: str) -> tuple[Mech,
                                                                                  PartState]:
    mech, part = _core(unit, action, what)
    casting = casting_of(unit)
    if casting is None or not part.casting:
        raise RulesError(f"{part.name} is casting no spell (L1760)")
    return mech, part


@ACTIONS.register("mech_channel", keys=("part",))
def mech_channel(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]
                 ) -> MiridonBattle:
    unit = acting(state, action, "mech_channel")
    mech, part = _casting_core(unit, action, CHANNEL)
    casting = channel(casting_of(unit))  # type: ignore[arg-type]
    mech = part_action(mech, part.name, CHANNEL)
    unit = with_casting(with_mech(unit, mech), casting)
    ctx.summary = (f"{unit.id}'s {part.name} channels {casting.spell}: {casting.remaining} to "
                   f"go ({_spent(part, mech)} of its speed points, L1915)")
    return state.replace_units(unit)


@ACTIONS.register("mech_activate", keys=("part", "targets", "at", "explode"))
def mech_activate(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]
                  ) -> MiridonBattle:
    from tactician.rulesets.miridon.spirit_battle.spell_actions import activate_action

    unit = acting(state, action, "mech_activate")
    mech, part = _casting_core(unit, action, ACTIVATE)
    mech = part_action(mech, part.name, ACTIVATE)
    mech = replace_part(mech, replace(mech.part(part.name), casting=False))
    own = unit.profile
    caster = with_pilot_boosts(with_mech(unit, mech), pilot_of(state, unit))
    where = {k: action[k] for k in ("targets", "at", "explode") if action.get(k)}
    after = activate_action(ctx, state.replace_units(caster),
                            {"type": "activate_spell", "unit": unit.id, **where})
    ctx.summary = f"{unit.id}'s {part.name}: " + ctx.summary
    return after.replace_units(after.unit(unit.id).model_copy(update={"profile": own}))
