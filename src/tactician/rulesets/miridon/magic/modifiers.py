"""Spell Casting Modifiers (004 L2650-2955): which may join a cast, what they cost, and the
cast time they leave.

Cast Spell: "The character can choose any [Spell Casting Modifiers] to add to the spell"
(L1762). Each modifier names the spells it fits ("Spell:"), its flair ("Pre-requisite:"),
its costs, and the modifiers it excludes; Shorten Spell 1 and 2 have "Pre-requisite: None"
(L2653, L2665). Shorten Spell 2's Speed Cost is 10 with Cheaper Shorten Spell (L1345-1349,
the modifier's ``cost_with``). Variant Spell (L1354) lets modifiers be added at activation:
``check_modifiers`` serves both moments.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.content.compendium import lookup
from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.models import Spell, SpellModifier


@dataclass(frozen=True, slots=True)
class ModifierCost:
    strength: int
    speed: int


def check_modifiers(
    compendium: Compendium, spell: Spell, names: tuple[str, ...], caster: Caster,
) -> tuple[SpellModifier, ...]:
    """The modifiers, or a RulesError naming the first that may not join this spell."""
    chosen: list[SpellModifier] = []
    for name in names:
        modifier = lookup(compendium.spell_modifiers, name, "spell casting modifier")
        if modifier in chosen:
            raise RulesError(f"{modifier.name} is chosen twice")
        if modifier.spells is not None and spell.name not in modifier.spells:
            raise RulesError(
                f"{modifier.name} fits {', '.join(modifier.spells)}, not {spell.name} "
                f"({modifier.cite})"
            )
        if modifier.requires_flair and not caster.has(modifier.requires_flair):
            raise RulesError(f"{modifier.name} needs the flair {modifier.requires_flair}")
        chosen.append(modifier)
    for modifier in chosen:
        clash = [m.name for m in chosen if m.name in modifier.excludes]
        if clash:
            raise RulesError(f"{modifier.name} cannot join {clash[0]} ({modifier.cite})")
    return tuple(chosen)


def modifier_cost(modifier: SpellModifier, caster: Caster) -> ModifierCost:
    """The modifier's Strength and Speed Cost; a flair tier (``cost_with``) replaces it."""
    cost = ModifierCost(modifier.strength_cost, modifier.speed_cost)
    for tier in modifier.cost_with:
        if caster.has(tier.flair):
            cost = ModifierCost(tier.strength_cost, tier.speed_cost)
    return cost


def total_cost(modifiers: tuple[SpellModifier, ...], caster: Caster) -> ModifierCost:
    costs = [modifier_cost(m, caster) for m in modifiers]
    return ModifierCost(sum(c.strength for c in costs), sum(c.speed for c in costs))


def cast_time(spell: Spell, modifiers: tuple[SpellModifier, ...], caster: Caster,
              base_zero: bool = False) -> int:
    """[Remaining Spell Cast Time] at the cast (L3251): the spell's cast time (0 for
    Possession with Eldritch Blast, L1458, and for any cast with ``base_zero``: Eldritch
    Strike, L1468) lowered by the modifiers (Shorten Spell L2656, L2668; Fast Gather Mist
    L2953); never below 0 (a DEFAULT: the text never goes lower)."""
    base = spell.cast_time
    if base_zero or (spell.name == "Possession" and caster.has("Eldritch Blast")):
        base = 0
    return max(0, base + sum(m.cast_time_change for m in modifiers))
