"""Elemental Riposte (Duelist and Vessel, 004 L199-203; Bonus Action L2432-2445).

L203: "If the character is casting a spell and successfully hit a target with [Riposte],
then they can choose to activate the spell immediately. The spell will only affect a single
target, either the character or the target of the [Riposte]. The character's [Offensive
Spell Boost] and [Defensive Spell Boost] are both increased by the character's [Rank] in
[Elemental Riposte] for this spell." L2435/L2437: the spell is an [Elemental Spell], "not
wielding two weapons", [Remaining Spell Cast Time] <= rank. L2441: "adds and additional 1d6
[Damage Dealt] for each point the character's [Rank] in [Elemental Riposte] exceeds the
[Remaining Spell Cast Time]." The trigger is the Riposte hitting (L203; L2437 is copied
from Riposte, gap C14).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.effects import ElementalHit, elemental_spell


@dataclass(frozen=True, slots=True)
class RiposteActivation:
    casting: Casting
    hit: ElementalHit
    target: str


def riposte_bonus_dice(rank: int, remaining: int) -> int:
    return max(0, rank - remaining)


def can_riposte(casting: Casting, caster: Caster, two_weapons: bool, riposte_hit: bool) -> str:
    """"" if Elemental Riposte may fire, else why not."""
    if caster.elemental_riposte < 1:
        return "needs rank 1 in Elemental Riposte (L2433)"
    if two_weapons:
        return "not while wielding two weapons (L2433)"
    if casting.status != "casting" or casting.spell != "Elemental Spell":
        return "needs an Elemental Spell being cast (L2437)"
    if casting.remaining > caster.elemental_riposte:
        return (f"Remaining Spell Cast Time {casting.remaining} exceeds the rank "
                f"{caster.elemental_riposte} (L2435)")
    if not riposte_hit:
        return "the Riposte must hit (L203)"
    return ""


def elemental_riposte(
    chance: Any, casting: Casting, caster: Caster, target: str, target_sdr: int,
    two_weapons: bool = False, riposte_hit: bool = True,
) -> RiposteActivation:
    """Activate the Elemental Spell on ``target`` (the caster itself or the Riposte's target);
    OSB + rank (DSB + rank too, which Elemental Spell does not read), + the extra d6."""
    why = can_riposte(casting, caster, two_weapons, riposte_hit)
    if why:
        raise RulesError(f"Elemental Riposte: {why}")
    extra = riposte_bonus_dice(caster.elemental_riposte, casting.remaining)
    hit = elemental_spell(
        chance, caster, casting.element, target_sdr, osb_bonus=caster.elemental_riposte,
        extra_d6=extra,
    )
    return RiposteActivation(replace(casting, status="activated", remaining=0), hit, target)
