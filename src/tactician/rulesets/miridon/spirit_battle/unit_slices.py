"""A ``UnitState``'s part-3 values: its spell being cast (a ``Casting`` kept as the unit's
"Casting" condition), its ghosts (current on ``ghost``, maximum in the ``max_ghost`` pool
once it differs from the profile), its caster profile, its insanity ``Mind``."""

from __future__ import annotations

import json
from dataclasses import asdict

from tactician.rulesets.miridon.battle.state import Condition, UnitState
from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.insanity_conditions import Condition as MindCondition
from tactician.rulesets.miridon.insanity_conditions import Mind
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting

CASTING = "Casting"
SPELL_STANCE = "Spell Casting Stance"  # L1760
MAX_GHOST = "max_ghost"
LAST_SPELL = "last activated"  # the spell a unit activated, with its block (Echo Spell)


def casting_of(unit: UnitState) -> Casting | None:
    held = unit.condition(CASTING)
    if held is None:
        return None
    data = json.loads(held.source)
    data["modifiers"] = tuple(data["modifiers"])
    data["also"] = tuple(data.get("also", ()))
    return Casting(**data)


def with_casting(unit: UnitState, casting: Casting | None) -> UnitState:
    """The unit with its casting stored (or cleared when it ended: No Stance, L2509, L2426)."""
    others = tuple(c for c in unit.conditions if c.name != CASTING)
    if casting is None or not casting.active:
        stance = "No Stance" if unit.stance == SPELL_STANCE else unit.stance
        return unit.model_copy(update={"conditions": others, "stance": stance})
    # no ``blocks``: the block's end must not count it down (C44, only Channel Spell does)
    held = Condition(name=CASTING, blocks=None, value=casting.spell_ghost,
                     source=json.dumps(asdict(casting), sort_keys=True))
    return unit.model_copy(update={"conditions": (*others, held), "stance": SPELL_STANCE})


def ghost_of(unit: UnitState) -> Ghost:
    return Ghost(unit.pools.get(MAX_GHOST, unit.profile.max_ghost_hp), unit.ghost)


def with_ghost(unit: UnitState, ghost: Ghost) -> UnitState:
    pools = dict(unit.pools)
    if ghost.maximum != unit.profile.max_ghost_hp or MAX_GHOST in pools:
        pools[MAX_GHOST] = ghost.maximum
    return unit.model_copy(update={"ghost": ghost.current, "pools": pools})


def caster_of_unit(unit: UnitState) -> Caster:
    p = unit.profile
    return Caster(
        offensive_boost=p.talent("Offensive Spell Boost"),
        defensive_boost=p.talent("Defensive Spell Boost"),
        general_boost=p.talent("General Spell Boost"),
        concentration=p.special("Concentration"),
        elemental_riposte=p.special("Elemental Riposte"),
        flairs=frozenset(p.flairs),
    )


INSANITY_PREFIX = "insanity: "


def mind_of(unit: UnitState) -> Mind:
    """The unit's insanity conditions (kept as ``insanity: <name>`` conditions)."""
    held = []
    for c in unit.conditions:
        if c.name.startswith(INSANITY_PREFIX):
            data = json.loads(c.source)
            if c.blocks is not None:  # the battle's block end counts these down
                data["remaining"] = c.blocks
            held.append(MindCondition(**data))
    return Mind(unit.strength, unit.speed, casting_of(unit), tuple(held),
                hardened=unit.pools.get("hardened", 0))


def with_mind(unit: UnitState, mind: Mind) -> UnitState:
    kept = tuple(c for c in unit.conditions if not c.name.startswith(INSANITY_PREFIX))
    added = tuple(
        Condition(name=INSANITY_PREFIX + c.name, blocks=c.remaining if c.unit == "blocks" else None,
                  value=c.severity or 0, source=json.dumps(asdict(c), sort_keys=True))
        for c in mind.conditions
    )
    pools = dict(unit.pools)
    if mind.hardened or "hardened" in pools:
        pools["hardened"] = mind.hardened
    status = "dead" if mind.dead else unit.status
    if any(c.name == "Unconscious" for c in mind.conditions) and status == "ok":
        status = "unconscious"
    updated = unit.model_copy(update={
        "strength": mind.current_strength, "speed": mind.current_speed,
        "conditions": kept + added, "pools": pools, "status": status,
        "position": None if mind.absent else unit.position,
    })
    return with_casting(updated, mind.casting)


def remember_activation(unit: UnitState, casting: Casting, block: int) -> UnitState:
    """Kept for Echo Spell: the spell activated and the block (L2108)."""
    others = tuple(c for c in unit.conditions if c.name != LAST_SPELL)
    held = Condition(name=LAST_SPELL, value=casting.spell_ghost,
                     source=f"{block}|{casting.spell}|{casting.target}|{casting.element or ''}")
    return unit.model_copy(update={"conditions": (*others, held)})
