"""What an activated spell does to its targets (Activate Spell L2417-2428; the nine spells
L3282-3392; the targeting modifiers L2676-2874): one function for every spell.

The battle layer finds the targets on the grid (who is within 5 ft of the point, on the
beam, in the 45 ft radius; how far each can fly back before a wall) and passes them as
``Target`` values; ``activate_spell`` checks their number against the spell and its
modifiers, rolls the effect through the ``Chance`` and returns each target's ``Effect`` and
the insanity checks the spell calls for (damage lowers HP, Possession and Gather Mist raise
ghosts: L3015, L3023-3027). Applying HP, ghosts and conditions is the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.ghost import Ghost, GhostChange, gather, possessed
from tactician.rulesets.miridon.insanity_roll import InsanityCheck, insanity_check
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.magic.effects import (
    Barrier,
    WeaponEnchantment,
    barrier,
    elemental_dice,
    enchantment,
    gale_distance,
    healing_dice,
    knockback_damage,
)
from tactician.rulesets.miridon.magic.possession import PossessionResult, possession
from tactician.rulesets.miridon.racial_flairs import (
    affinity_element,
    elemental_hit_on_dragon,
    has_affinity,
)
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

AREA = ("Explosive Spell", "Advanced Explosive Spell", "Beam Spell")  # L2682, L2694, L2706
SPREAD = {"Spread Enhancement": 2, "Advanced Spread Enhancement": 3,
          "Greater Spread Enhancement": 4}  # L2836-2874
FLYING = {"Flying": "Fly", "Advanced Flying": "Advanced Fly", "Greater Flying": "Greater Fly"}


@dataclass(frozen=True, slots=True)
class Target:
    """A unit the spell reaches, with what its effect reads."""

    id: str
    hp: int = 0
    sdr: int = 0
    pdr: int = 0
    casting: bool = False  # in the Spell Casting Stance (Counter Possession, L1280)
    strength: int = 0
    speed: int = 0
    ghost: Ghost = Ghost(0, 0)
    resist_insanity: int = 0
    room_ft: int | None = None  # Gale Burst: feet it can travel before a wall (None: free)
    chosen_ft: int | None = None  # Selective Gale Burst: the distance the caster picks
    fall_ft: int = 0  # Aerial Gale Burst: the feet it falls at the end (spec §2 Altitude)
    flairs: tuple[str, ...] = ()  # a dragon's Elemental Affinity and Recovery (L1358-1386)
    affinity: int = 0  # its [Dragon Elemental Affinity] (L1364)
    # Magic Shield Deflection against an Elemental Spell (L2202-2207): the SDR it adds if
    # taken, and when: "always" (chosen), "helps" (the policy: the roll exceeds its SDR)
    deflect_sdr: int = 0
    deflect_when: str = "never"


@dataclass(frozen=True, slots=True)
class Effect:
    target: str
    damage: int = 0
    healing: int = 0
    knockback_ft: int = 0
    barriers: tuple[Barrier, ...] = ()
    enchantments: tuple[WeaponEnchantment, ...] = ()
    possession: PossessionResult | None = None
    ghost: GhostChange | None = None
    flying: str | None = None
    affinity: int | None = None  # a dragon's new [Dragon Elemental Affinity] (L1366-1368)
    deflected: bool = False  # it took Magic Shield Deflection against this spell (L2205)
    redirected: bool = False  # the caster, added as a target by Magic Shield Redirection


@dataclass(frozen=True, slots=True)
class Activation:
    casting: Casting
    effects: tuple[Effect, ...]
    rolled: tuple[int, ...] = ()
    caster_ghost: GhostChange | None = None
    # (unit id, the check, how many rolls): resolve each with ``insanity_roll``
    insanity: tuple[tuple[str, InsanityCheck, int], ...] = field(default_factory=tuple)


def target_limit(casting: Casting) -> tuple[int, int | None]:
    """Fewest and most targets (None: every unit the area reaches)."""
    if casting.spell in ("Elemental Spell", "Health Recovery"):
        return (1, None) if any(m in casting.modifiers for m in AREA) else (1, 1)
    if casting.spell == "Gale Burst":
        return 0, None  # "All other units within the radius" (L3313)
    if casting.spell == "Gather Mist":
        return 0, 0
    for name, count in SPREAD.items():
        if name in casting.modifiers:
            return 1, count
    return 1, 1


def activate_spell(
    casting: Casting, caster: Caster, targets: Sequence[Target], chance: Any,
    caster_ghost: Ghost = Ghost(0, 0), caster_hp: int = 0, caster_resist: int = 0,
    options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS, caster_target: Target | None = None,
) -> Activation:
    """The effect of an activated ``casting`` (already ``activated`` by ``casting.activate``
    or Elemental Riposte) on ``targets``; ``caster_target`` is the caster as a target, for
    Magic Shield Redirection (L550-566)."""
    low, high = target_limit(casting)
    if len(targets) < low or (high is not None and len(targets) > high):
        most = "any number" if high is None else str(high)
        raise RulesError(f"{casting.spell} takes {low} to {most} targets, not {len(targets)}")
    handler = _SPELLS.get(casting.spell)
    if handler is None:
        raise RulesError(f"no spell is called {casting.spell!r}")
    result: Activation = handler(casting, caster, targets, chance, caster_ghost, caster_hp,
                                 caster_resist, options)
    if casting.spell == "Elemental Spell":
        result = _redirection(result, caster, targets, caster_target, chance, options)
    return result


def _rolls(event: Any, count: int, chance: Any, options: SpiritOptions) -> list[int]:
    """One roll shared by every target, or one each (``area_spell_roll``)."""
    if count == 0:
        return []
    if options.area_spell_roll == "per_target":
        return [int(chance.decide(event)) for _ in range(count)]
    shared = int(chance.decide(event))
    return [shared] * count


def _checks_for_damage(targets: Sequence[Target], effects: Sequence[Effect]) -> tuple[Any, ...]:
    checks = []
    for target, effect in zip(targets, effects, strict=True):
        if effect.damage > 0:
            # HP never goes below 0 in a battle (L1740), so neither does the check's
            checks.append((target.id, insanity_check(max(0, target.hp - effect.damage),
                                                     target.ghost.current,
                                                     target.resist_insanity), 1))
    return tuple(checks)


def _elemental(casting: Casting, caster: Caster, targets: Sequence[Target], chance: Any,
               *rest: Any) -> Activation:
    options: SpiritOptions = rest[-1]
    rolls = _rolls(elemental_dice(caster), len(targets), chance, options)
    effects = tuple(elemental_effect(casting, t, r) for t, r in zip(targets, rolls, strict=True))
    return Activation(casting, effects, tuple(rolls), insanity=_checks_for_damage(targets, effects))


def elemental_effect(casting: Casting, target: Target, rolled: int) -> Effect:
    """One target's share: "[Spell Damage Reduction] reduces this damage." (L3288); on a
    dragon (L1358-1386, ``racial_flairs.elemental_hit_on_dragon``) a hit of its affinity's
    element deals 0 (L1376) and, with Dragon Recovery, heals the roll "before any [Spell
    Damage Reduction] is applied" (L1384); a cold or fire hit moves its affinity (L1366-1368;
    a spell is one hit per target)."""
    nullified = has_affinity(target.flairs) and casting.element == affinity_element(
        target.affinity)
    # Magic Shield Deflection, chosen "after then [Damage Dealt] is rolled" (L2205): never
    # against a roll the dragon's affinity already makes 0 (L1376)
    deflected = not nullified and target.deflect_sdr > 0 and (
        target.deflect_when == "always"
        or (target.deflect_when == "helps" and rolled > target.sdr))
    dealt = max(0, rolled - target.sdr - (target.deflect_sdr if deflected else 0))
    if not has_affinity(target.flairs):
        return Effect(target.id, damage=dealt, deflected=deflected)
    hit = elemental_hit_on_dragon(target.flairs, target.affinity, casting.element, rolled, dealt)
    return Effect(target.id, damage=hit.damage_dealt, healing=hit.healed,
                  affinity=hit.affinity if hit.affinity != target.affinity else None,
                  deflected=deflected)


REDIRECTION = "Magic Shield Redirection"  # L550-558
ADVANCED_REDIRECTION = "Advanced Magic Shield Redirection"  # L562-566


def _redirection(result: Activation, caster: Caster, targets: Sequence[Target],
                 caster_target: Target | None, chance: Any, options: SpiritOptions
                 ) -> Activation:
    """Magic Shield Redirection (L550-558): "When a character performs [Magic Shield
    Deflection] against an [Elemental Spell] cast against the character, the character that
    originally cast [Elemental Spell] will be included as an additional target" - once,
    however many targets redirect; "The original caster reduces the [Damage Dealt] ... by
    their [Spell Damage Reduction] as if they were originally a target", unless the
    redirector has Advanced Magic Shield Redirection (L562-566: no SDR). As a target, its
    roll is the spell's one roll (``area_spell_roll`` once) or one of its own
    (``per_target``); it cannot deflect its own spell back."""
    redirectors = [t for t, e in zip(targets, result.effects, strict=True)
                   if e.deflected and REDIRECTION.casefold() in {f.casefold() for f in t.flairs}]
    if not redirectors:
        return result
    if caster_target is None:
        raise RulesError(f"{redirectors[0].id}'s {REDIRECTION} needs the caster as a target")
    advanced = any(ADVANCED_REDIRECTION.casefold() in {f.casefold() for f in t.flairs}
                   for t in redirectors)
    first = [t.id for t in targets].index(redirectors[0].id)
    rolled = int(chance.decide(elemental_dice(caster))) \
        if options.area_spell_roll == "per_target" else result.rolled[first]
    target = replace(caster_target, sdr=0 if advanced else caster_target.sdr, deflect_sdr=0)
    effect = replace(elemental_effect(result.casting, target, rolled), redirected=True)
    checks = _checks_for_damage([target], [effect])
    return replace(result, effects=(*result.effects, effect),
                   rolled=(*result.rolled, rolled) if options.area_spell_roll == "per_target"
                   else result.rolled, insanity=(*result.insanity, *checks))


def _healing(casting: Casting, caster: Caster, targets: Sequence[Target], chance: Any,
             *rest: Any) -> Activation:
    rolls = _rolls(healing_dice(caster), len(targets), chance, rest[-1])
    effects = tuple(Effect(t.id, healing=r) for t, r in zip(targets, rolls, strict=True))
    return Activation(casting, effects, tuple(rolls))


def _gale(casting: Casting, caster: Caster, targets: Sequence[Target], *_: Any) -> Activation:
    """L3313: knocked back the distance; a wall stops it: 1 damage per foot left, PDR off.
    Flying modifiers replace the knockback (L2734-2742); Selective Gale Burst picks each
    distance, 0..the effect (L2718-2722)."""
    fly = next((f for m, f in FLYING.items() if m in casting.modifiers), None)
    if fly is not None:
        return Activation(casting, tuple(Effect(t.id, flying=fly) for t in targets))
    distance = gale_distance(caster)
    selective = "Selective Gale Burst" in casting.modifiers
    effects = []
    for t in targets:
        want = distance
        if t.chosen_ft is not None:
            if not selective or not 0 <= t.chosen_ft <= distance:
                raise RulesError(
                    f"a chosen knockback needs Selective Gale Burst and 0..{distance} ft (L2720)"
                )
            want = t.chosen_ft
        travelled = want if t.room_ft is None else min(want, t.room_ft)
        hurt = knockback_damage(want, travelled, t.pdr) if travelled < want else 0
        if t.fall_ft:  # a fall "as if they hit a wall" (L1193; spec §2 Altitude DEFAULT)
            hurt += knockback_damage(t.fall_ft, 0, t.pdr)
        effects.append(Effect(t.id, damage=hurt, knockback_ft=travelled))
    return Activation(casting, tuple(effects), insanity=_checks_for_damage(targets, effects))


def _gather(casting: Casting, caster: Caster, targets: Sequence[Target], chance: Any,
            caster_ghost: Ghost, caster_hp: int, caster_resist: int, *_: Any) -> Activation:
    """L3324: Current Ghost := Maximum; an insanity roll "if [Maximum Ghost HP] exceeds the
    [Current Physical HP]"; Fast Gather Mist makes two (L2955), Advanced one (L1339)."""
    change = gather(caster_ghost)
    check = insanity_check(caster_hp, change.after.current, caster_resist)
    rolls = 1
    if "Fast Gather Mist" in casting.modifiers and not caster.has("Advanced Fast Gather Mist"):
        rolls = 2
    return Activation(casting, (), caster_ghost=change, insanity=(("caster", check, rolls),))


def _enhance(casting: Casting, caster: Caster, targets: Sequence[Target], *_: Any) -> Activation:
    """Barriers and weapon enchantments (L3328-3380), every spell of Multiple Enhancement on
    each target (L2796), each of the Spread targets (L2836)."""
    barriers: list[Barrier] = []
    enchantments: list[WeaponEnchantment] = []
    for spell in (casting.spell, *casting.also):
        if spell == "Spell Barrier":
            barriers.append(barrier("spell", caster))
        elif spell == "Physical Barrier":
            barriers.append(barrier("physical", caster))
        elif spell == "Elemental Weapon":
            enchantments.append(enchantment("elemental", caster, casting.element))
        else:
            enchantments.append(enchantment("vampiric", caster))
    effects = tuple(Effect(t.id, barriers=tuple(barriers), enchantments=tuple(enchantments))
                    for t in targets)
    return Activation(casting, effects)


def _possession(casting: Casting, caster: Caster, targets: Sequence[Target], chance: Any,
                *_: Any) -> Activation:
    t = targets[0]
    result = possession(chance, caster, casting, t.hp, t.casting, t.strength, t.speed)
    if not result.possessed:
        return Activation(casting, (Effect(t.id, possession=result),), (result.power,))
    change = possessed(t.ghost, result.gain)
    check = insanity_check(t.hp, change.after.current, t.resist_insanity)
    effect = Effect(t.id, possession=result, ghost=change)
    return Activation(casting, (effect,), (result.power,), insanity=((t.id, check, 1),))


_SPELLS: dict[str, Any] = {
    "Elemental Spell": _elemental,
    "Health Recovery": _healing,
    "Gale Burst": _gale,
    "Gather Mist": _gather,
    "Spell Barrier": _enhance,
    "Physical Barrier": _enhance,
    "Elemental Weapon": _enhance,
    "Vampiric Weapon": _enhance,
    "Possession": _possession,
}
