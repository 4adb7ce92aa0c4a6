"""The lasting spells a weapon hit meets (004 L3326-3380), as steps of ``attack_roll``'s
one procedure (the battle resolves them on dice, the forecast enumerates them).

- The target's barrier of the hit's kind: "Creates a barrier that absorbs 30 physical
  damage before breaking." (Physical Barrier, L3347); "absorbs 30 spell damage or other
  elemental damage" (Spell Barrier, L3334) - a tesla's damage, reduced by SDR (L1658), is
  elemental (spec §3.17 DEFAULT). It absorbs the hit's [Damage Dealt]: after the reduction
  and after a critical's doubling (L1664, L1672 give [Damage Dealt] with both; spec §3.17
  DEFAULT "after DR"). A shotgun's bullets wear it down in turn.
- An Elemental Weapon on the weapon used: "an additional 1d6 elemental damage to any target
  hit by this weapon ... This damage is reduced separately than the damage from the weapon
  attack. [Spell Damage Reduction] reduces this damage." (L3362), + the boosts (L3364-3365).
  Not doubled by a critical (L1672 doubles the Base, the Bonus and the reduction, not it);
  it goes through the Spell Barrier.
- A Vampiric Weapon: "heal the wielder for 1d6 damage when they hit a target with this
  weapon. The attack must deal more than 0 damage." (L3377), + the boosts (L3379-3380);
  the Elemental Weapon's damage counts (L3362: "the weapon is considered to have dealt more
  than 0 damage"), what a barrier absorbed does not (not damage taken, spec §3.17).

- Magic Shield Deflection (L2201-2215; ``magic_shield``): "The character can choose to use
  this ability after then [Damage Dealt] is rolled." - the Elemental Weapon's roll is the
  damage "that would be reduced with [Spell Damage Reduction]" (L2205); taken, it raises the
  SDR by ``deflect_sdr`` "for this single attack" (L2207): that hit and the later bullets.
  The choice is the defender's, made on the roll: ``always`` (the action said yes), ``helps``
  (the policy: when the rolled damage exceeds the SDR, so the deflection cuts something) or
  ``never``.
- A dragon whose affinity is the enchantment's element: "All attacks against the character
  with the element of the character's [Dragon Elemental Affinity] have their [Damage Dealt]
  reduced to 0." (L1376): the Elemental Weapon's damage, the hit's elemental part (L3362
  "reduced separately"), is 0 (``elemental_nullified``; the die is still rolled and logged).
  With Dragon Recovery "they recover a [Damage Healed] to their [Current Health Points] equal
  to the [Damage Dealt] they would have received before any [Spell Damage Reduction] is
  applied" (L1384): the 1d6 + flat as rolled (``recovered``), which ``attack_roll._finish``
  adds to the HP the attack leaves, up to ``elemental_recovers_to`` (its Maximum HP): the
  damage and the healing of one attack land together, so the unit is unconscious only if
  the net leaves it at 0 (DEFAULT, docs/rulings.md).

``Lasting`` is what the attack meets (fixed before the to-hit roll, like the rest of the
``AttackSpec``); ``Worn`` is what the hits did so far. Each roll is its own step so the
forecast merges equal states between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from tactician.rulesets.miridon.battle.dice_events import D6Pool

BarrierKind = Literal["physical", "spell"]
DeflectWhen = Literal["never", "helps", "always"]
ELEMENTAL_ROLL, VAMPIRIC_ROLL = 3, 4  # ``Result.pending`` after the damage roll


@dataclass(frozen=True, slots=True)
class Lasting:
    barrier: int = 0  # what the target's Physical Barrier still absorbs (L3347)
    spell_barrier: int = 0  # what its Spell Barrier still absorbs (L3334)
    barrier_kind: BarrierKind = "physical"  # the weapon damage's barrier ("spell": a tesla)
    elemental_flat: int | None = None  # Elemental Weapon: 1d6 + this per hit (L3362-3365)
    elemental_reduction: int = 0  # the target's SDR against it, "reduced separately"
    vampiric_flat: int | None = None  # Vampiric Weapon: heals 1d6 + this (L3377-3380)
    elemental_element: str | None = None  # the Elemental Weapon's element (L3358)
    elemental_nullified: bool = False  # a dragon of that affinity: its damage is 0 (L1376)
    elemental_recovers_to: int | None = None  # Dragon Recovery: heals the roll up to this
    deflect_sdr: int = 0  # Magic Shield Deflection's SDR bonus if taken (0: not possible)
    deflect_when: DeflectWhen = "never"  # the defender's choice on the roll (L2205)


class Worn(NamedTuple):
    """What the lasting spells did so far (a tuple: part of the forecast's merged state)."""

    absorbed: int = 0  # by the Physical Barrier
    absorbed_spell: int = 0  # by the Spell Barrier
    elemental: int = 0  # the Elemental Weapon's damage that got through
    healed: int = 0  # the Vampiric Weapon's healing, as rolled
    dealt: int = 0  # the damage of the hit being worked out (the Vampiric Weapon reads it)
    deflected: bool = False  # Magic Shield Deflection taken in this attack (L2207)
    recovered: int = 0  # Dragon Recovery: the nullified rolls the target heals (L1384)


def through(spells: Lasting, worn: Worn, kind: BarrierKind, damage: int) -> tuple[int, Worn]:
    """``damage`` through the ``kind`` barrier, its room what ``worn`` has not yet taken."""
    if kind == "physical":
        taken = min(spells.barrier - worn.absorbed, max(0, damage))
        return damage - taken, worn._replace(absorbed=worn.absorbed + taken)
    taken = min(spells.spell_barrier - worn.absorbed_spell, max(0, damage))
    return damage - taken, worn._replace(absorbed_spell=worn.absorbed_spell + taken)


def weapon_hit(spells: Lasting, worn: Worn, dealt: int) -> tuple[int, Worn]:
    """The weapon's ``dealt`` through its barrier; the hit's damage so far is what passes."""
    dealt, worn = through(spells, worn, spells.barrier_kind, dealt)
    return dealt, worn._replace(dealt=dealt)


def next_roll(spells: Lasting, done: int) -> int:
    """The lasting spell's roll after step ``done`` (2: the damage roll; 0: none left)."""
    if done < ELEMENTAL_ROLL and spells.elemental_flat is not None:
        return ELEMENTAL_ROLL
    if done < VAMPIRIC_ROLL and spells.vampiric_flat is not None:
        return VAMPIRIC_ROLL
    return 0


def deflects(spells: Lasting, rolled: int, reduction: int) -> bool:
    """Whether the defender takes Magic Shield Deflection on this roll (L2205)."""
    if not spells.deflect_sdr or spells.deflect_when == "never":
        return False
    return spells.deflect_when == "always" or rolled > reduction


def lasting_roll(spells: Lasting, worn: Worn, which: int, chance: Any) -> tuple[int, Worn]:
    """The ``which`` roll of a hit: (damage it adds, what the spells did)."""
    if which == ELEMENTAL_ROLL:
        assert spells.elemental_flat is not None
        rolled = chance.decide(D6Pool.of(1, spells.elemental_flat, 0, "Elemental Weapon damage"))
        if spells.elemental_nullified:  # L1376: the dragon's own element deals it nothing
            if spells.elemental_recovers_to is not None:  # L1384: the roll, before SDR
                worn = worn._replace(recovered=worn.recovered + rolled)
            return 0, worn
        reduction = spells.elemental_reduction
        if not worn.deflected and deflects(spells, rolled, reduction):
            worn = worn._replace(deflected=True)
        if worn.deflected:
            reduction += spells.deflect_sdr  # "for this single attack" (L2207)
        added, worn = through(spells, worn, "spell", max(0, rolled - reduction))
        return added, worn._replace(elemental=worn.elemental + added, dealt=worn.dealt + added)
    if spells.vampiric_flat is not None and worn.dealt > 0:
        healed = chance.decide(D6Pool.of(1, spells.vampiric_flat, 0, "Vampiric Weapon healing"))
        return 0, worn._replace(healed=worn.healed + healed)
    return 0, worn
