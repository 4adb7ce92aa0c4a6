"""The nine spells' effects (004 L3282-3392): "a combination of the spell's [Base Effect]
and all bonuses from [Offensive Spell Boost], [Defensive Spell Boost], and [General Spell
Boost]" (L2424). Spells "automatically hit the target" (L3280).

Dice are decided through a ``Chance`` (``StrongDice``, with Strong Spell's rerolls for
Elemental Spell, Health Recovery and Possession, L633-646), so a forecast enumerates the
same function. Possession is in ``possession.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.strong_dice import StrongDice, reroll_level

BARRIER_BLOCKS = 30  # L3330, L3343, L3356, L3371: "Duration: 30 [Action Blocks]"


def strong_level(caster: Caster) -> int:
    return reroll_level(caster.has("Strong Spell"), caster.has("Advanced Strong Spell"))


def elemental_dice(caster: Caster, osb_bonus: int = 0, extra_d6: int = 0) -> StrongDice:
    """Elemental Spell (L3288-3292): 6d6, + 2d6 per Offensive Spell Boost rank, + 1d6 per
    General Spell Boost rank; Elemental Riposte adds its rank to OSB (L203) and 1d6 per
    point it exceeds the remaining cast time (L2441, ``extra_d6``)."""
    count = 6 + 2 * (caster.offensive_boost + osb_bonus) + caster.general_boost + extra_d6
    return StrongDice(count, strong_level(caster), "Elemental Spell damage")


@dataclass(frozen=True, slots=True)
class ElementalHit:
    element: str | None
    rolled: int
    multiplier: int
    spell_damage_reduction: int

    @property
    def damage_dealt(self) -> int:
        """"[Spell Damage Reduction] reduces this damage." (L3288); Spell Backfire's
        multiplier (L3176) applies to the rolled damage first (C49)."""
        return max(0, self.rolled * self.multiplier - self.spell_damage_reduction)


def elemental_spell(
    chance: Any, caster: Caster, element: str | None, spell_damage_reduction: int,
    multiplier: int = 1, osb_bonus: int = 0, extra_d6: int = 0,
) -> ElementalHit:
    rolled = chance.decide(elemental_dice(caster, osb_bonus, extra_d6))
    return ElementalHit(element, rolled, multiplier, spell_damage_reduction)


def healing_dice(caster: Caster, dsb_bonus: int = 0) -> StrongDice:
    """Health Recovery (L3300-3304): 6d6, + 2d6 per Defensive, + 1d6 per General Spell
    Boost rank."""
    count = 6 + 2 * (caster.defensive_boost + dsb_bonus) + caster.general_boost
    return StrongDice(count, strong_level(caster), "Health Recovery healing")


def health_recovery(chance: Any, caster: Caster, dsb_bonus: int = 0) -> int:
    return int(chance.decide(healing_dice(caster, dsb_bonus)))


def gale_distance(caster: Caster) -> int:
    """Gale Burst (L3313-3315): knocked back 30 ft, + 5 ft per Offensive Spell Boost rank."""
    return 30 + 5 * caster.offensive_boost


def knockback_damage(distance_ft: int, travelled_ft: int, physical_damage_reduction: int) -> int:
    """L3313: "Should this cause the target to hit a wall or stationary object, the target
    will take 1 damage per foot left to travel as physical damage. [Physical Damage
    Reduction] reduces this damage.\""""
    if not 0 <= travelled_ft <= distance_ft:
        raise RulesError(f"a unit travels 0..{distance_ft} ft of a knockback, not {travelled_ft}")
    return max(0, distance_ft - travelled_ft - physical_damage_reduction)


@dataclass(frozen=True, slots=True)
class Barrier:
    """Spell Barrier / Physical Barrier (L3328-3350): absorbs ``left`` damage of its kind
    for ``blocks`` Action Blocks."""

    kind: str  # "spell" (spell or elemental damage) or "physical"
    left: int
    blocks: int = BARRIER_BLOCKS


def barrier(kind: str, caster: Caster) -> Barrier:
    """30, + 5 per Defensive, + 2 per General Spell Boost rank (L3334-3337, L3347-3350)."""
    if kind not in ("spell", "physical"):
        raise RulesError(f"a barrier is a spell or physical barrier, not {kind!r}")
    return Barrier(kind, 30 + 5 * caster.defensive_boost + 2 * caster.general_boost)


def absorb(shield: Barrier, damage: int) -> tuple[Barrier, int]:
    """The barrier after a hit of ``damage`` (after DR, DEFAULT) and what gets through."""
    taken = min(shield.left, max(0, damage))
    return Barrier(shield.kind, shield.left - taken, shield.blocks), damage - taken


def tick(shield: Barrier) -> Barrier | None:
    """One Action Block passes (L3277); None when the duration has elapsed."""
    return None if shield.blocks <= 1 else Barrier(shield.kind, shield.left, shield.blocks - 1)


@dataclass(frozen=True, slots=True)
class WeaponEnchantment:
    """Elemental Weapon (L3354-3365) or Vampiric Weapon (L3369-3380): 1d6 + ``flat`` per
    hit that deals more than 0 damage, for 30 blocks."""

    kind: str  # "elemental" (extra damage) or "vampiric" (wielder heals)
    flat: int
    element: str | None = None
    blocks: int = BARRIER_BLOCKS


def enchantment(kind: str, caster: Caster, element: str | None = None) -> WeaponEnchantment:
    """Elemental: + 2 per Offensive, + 1 per General Spell Boost rank; Vampiric: + 2 per
    Defensive, + 1 per General Spell Boost rank."""
    if kind == "elemental":
        return WeaponEnchantment(kind, 2 * caster.offensive_boost + caster.general_boost, element)
    if kind == "vampiric":
        return WeaponEnchantment(kind, 2 * caster.defensive_boost + caster.general_boost)
    raise RulesError(f"a weapon enchantment is elemental or vampiric, not {kind!r}")


def enchantment_roll(chance: Any, spell: WeaponEnchantment) -> int:
    """The 1d6 (+ boosts) of one hit; for Elemental Weapon "reduced by [Spell Damage
    Reduction] separately" by the caller."""
    return int(chance.decide(StrongDice(1, 0, f"{spell.kind} weapon"))) + spell.flat
