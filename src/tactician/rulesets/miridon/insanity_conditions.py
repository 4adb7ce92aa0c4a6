"""The 18 insanity effects (004 L3141-3241) applied as conditions with severities and
durations.

``insanity_roll`` yields the effects taken with their severities as printed; ``apply_effect``
rolls a dice severity (through the same ``Chance``), then changes a ``Mind`` - the slice of a
unit these effects act on (points, the spell being cast, conditions, mutation guard). The
battle layer copies those fields to and from its unit. Severity units follow the text: days
(Phobia L3150, Minor Insanity L3155), blocks (Disruption L3171), hours (Unconscious L3190),
a count (Hardened L3224), a multiplier (Spell Backfire L3176), points (Spell Drain L3167).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from tactician.counted import counted
from tactician.dice.distribution import DiceSum
from tactician.errors import RulesError
from tactician.rulesets.miridon.insanity_roll import Taken
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting, cancel
from tactician.rulesets.miridon.magic.effects import ElementalHit, elemental_spell
from tactician.rulesets.miridon.magic.interruption import spell_drain

Unit = Literal["days", "hours", "blocks", "permanent", "until"]
CHARISMA_PENALTY = 5  # L3151, L3157
MUTATION_GUARDED = ("Mutant Transformation", "Vanity Transformation")  # L3224


@dataclass(frozen=True, slots=True)
class Condition:
    """A lasting effect: ``remaining`` in ``unit`` (None for "permanent" / "until")."""

    name: str
    severity: int | None
    unit: Unit
    remaining: int | None
    line: int
    ends_when: str = ""


@dataclass(frozen=True, slots=True)
class Mind:
    current_strength: int
    current_speed: int
    casting: Casting | None = None
    conditions: tuple[Condition, ...] = ()
    hardened: int = 0
    transformations: tuple[str, ...] = ()
    dead: bool = False
    absent: bool = False  # dematerialized by Mist Form: out of the battle

    def has(self, name: str) -> bool:
        return any(c.name == name for c in self.conditions)


@dataclass(frozen=True, slots=True)
class Applied:
    """One effect as applied: the rolled severity, any extra roll, and what it did."""

    taken: Taken
    severity: int | None
    extra: int | None
    what: str
    self_hit: ElementalHit | None = None


def roll_severity(taken: Taken, chance: Any) -> int | None:
    """A printed severity: a number, or dice rolled now ("1d6" etc.)."""
    if taken.severity is None:
        return None
    text = taken.severity.strip()
    if text.isdigit():
        return int(text)
    return int(chance.decide(DiceSum.parse(text, f"{taken.effect} severity")))


def _with(mind: Mind, condition: Condition) -> Mind:
    return replace(mind, conditions=mind.conditions + (condition,))


def apply_effect(
    mind: Mind, taken: Taken, chance: Any, caster: Caster | None = None,
    spell_damage_reduction: int = 0,
) -> tuple[Mind, Applied]:
    """Apply one effect of Table 7.1 to ``mind``."""
    severity = roll_severity(taken, chance)
    handler = _HANDLERS.get(taken.effect)
    if handler is None:
        raise RulesError(f"no insanity effect is called {taken.effect!r} (L3141-3241)")
    return handler(mind, taken, severity, chance, caster or Caster(), spell_damage_reduction)


def _none(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    return mind, Applied(taken, sev, None, "no effect (L3142)")


def _days(line: int, penalty: bool) -> Any:
    def handler(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
        condition = Condition(taken.effect, sev, "days", sev, line,
                              "chosen by the GM; -5 to Defensive Charisma Rolls" if penalty else "")
        return _with(mind, condition), Applied(taken, sev, None,
                                             f"{taken.effect} for {counted(sev or 0, 'day')}")
    return handler


def _curse(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    """L3160-3163: "Seemingly no effect. The character is now cursed." A flag for the GM."""
    condition = Condition("Curse", None, "permanent", None, 3162, "manifested by the GM")
    return _with(mind, condition), Applied(taken, sev, None, "cursed (the GM decides how)")


def _spell_drain(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    if mind.casting is None or not mind.casting.active:
        return mind, Applied(taken, sev, None, "no spell being cast: no effect (L3167)")
    casting, drain = spell_drain(mind.casting, sev or 0)
    return replace(mind, casting=casting), Applied(
        taken, sev, None, f"Spell Ghost HP {drain.before} -> {drain.after}"
    )


def _disruption(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    condition = Condition("Disruption", sev, "blocks", sev, 3171, "no Cast Spell or Echo Spell")
    return _with(mind, condition), Applied(taken, sev, None,
                                         f"no casting for {counted(sev or 0, 'block')}")


def _backfire(
    mind: Mind, taken: Taken, sev: int | None, chance: Any, caster: Caster, sdr: int,
) -> tuple[Mind, Applied]:
    """L3174-3176: an Elemental Spell "activates with the caster as the sole target"; any
    other spell "is cancelled"; "The damage dealt by the spell is multiplied by [Severity]"
    - applied to the self-targeted Elemental Spell (C49)."""
    casting = mind.casting
    if casting is None or not casting.active:
        return mind, Applied(taken, sev, None, "no spell being cast: no effect (L3174)")
    if casting.spell == "Elemental Spell":
        hit = elemental_spell(chance, caster, casting.element, sdr, multiplier=sev or 1)
        done = replace(casting, status="activated", target="self", reason="Spell Backfire")
        return replace(mind, casting=done), Applied(
            taken, sev, None, f"Elemental Spell backfires for {hit.damage_dealt}", hit
        )
    return replace(mind, casting=cancel(casting, "Spell Backfire (L3176)")), Applied(
        taken, sev, None, f"{casting.spell} cancelled"
    )


def _stun(mind: Mind, taken: Taken, sev: int | None, chance: Any, *_: Any) -> tuple[Mind, Applied]:
    """L3182-3186: 1 halves current speed and strength (round down); 2 sets both to 0; 3 also
    bars Restore Speed/Strength Points "in the current [Action Block] or the next 1d6"."""
    if sev == 1:
        new = replace(mind, current_strength=mind.current_strength // 2,
                      current_speed=mind.current_speed // 2)
        return new, Applied(taken, sev, None, "speed and strength halved")
    new = replace(mind, current_strength=0, current_speed=0)
    if sev == 2:
        return new, Applied(taken, sev, None, "speed and strength 0")
    if sev != 3:
        raise RulesError(f"Stun has severity 1, 2 or 3, not {sev} (L3180-3186)")
    extra = int(chance.decide(DiceSum(((1, 6),), 0, "Stun (3) blocks")))
    condition = Condition("No Restore", 3, "blocks", 1 + extra, 3186,
                          "no Restore Speed Points or Restore Strength Points")
    return _with(new, condition), Applied(
        taken, sev, extra, f"speed and strength 0; no Restore this block and the next {extra}"
    )


def _unconscious(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    condition = Condition("Unconscious", sev, "hours", sev, 3190, "healing does not wake it")
    return _with(mind, condition), Applied(taken, sev, None,
                                         f"unconscious for {counted(sev or 0, 'hour')}")


def _possessed(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    """L3197-3203: the ghosts control the character until 0 Current Ghost HP (1; no Gather
    Mist) or 0 Maximum Ghost HP (2; may Gather Mist)."""
    until = "current ghost 0" if sev == 1 else "maximum ghost 0"
    condition = Condition("Possessed", sev, "until", None, 3197 if sev == 1 else 3201, until)
    return _with(mind, condition), Applied(taken, sev, None, f"the ghosts control it until {until}")


def _transform(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    """L3206-3219: "The character transforms into a mutant." etc. - recorded; the GM picks the
    kind (gap M20). Hardened (L3224) spares the next Mutant or Vanity Transformations."""
    if taken.effect in MUTATION_GUARDED and mind.hardened > 0:
        return replace(mind, hardened=mind.hardened - 1), Applied(
            taken, sev, None, "hardened: no effect (L3224)"
        )
    kind = taken.effect.removesuffix(" Transformation")
    new = replace(mind, transformations=mind.transformations + (kind,))
    return new, Applied(taken, sev, None, f"transforms ({kind}; the GM decides into what)")


def _hardened(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    return replace(mind, hardened=mind.hardened + (sev or 0)), Applied(
        taken, sev, None, f"hardened against the next {counted(sev or 0, 'transformation')}"
    )


def _mist_form(
    mind: Mind, taken: Taken, sev: int | None, chance: Any, *_: Any
) -> tuple[Mind, Applied]:
    """L3230-3236: dematerializes; reappears in 24 hours 1d6 miles away (1) or in 7 days 3d6
    miles away (2). Its extra insanity roll is part of the table procedure."""
    if sev not in (1, 2):
        raise RulesError(f"Mist Form has severity 1 or 2, not {sev} (L3228-3236)")
    unit: Unit
    dice, unit, wait = ("1d6", "hours", 24) if sev == 1 else ("3d6", "days", 7)
    miles = int(chance.decide(DiceSum.parse(dice, "Mist Form miles")))
    condition = Condition("Mist Form", sev, unit, wait, 3231 if sev == 1 else 3235,
                          f"reappears {counted(miles, 'mile')} away")
    return replace(_with(mind, condition), absent=True), Applied(
        taken, sev, miles,
        f"dematerialized; back in {wait} {unit}, {counted(miles, 'mile')} away"
    )


def _dematerialize(mind: Mind, taken: Taken, sev: int | None, *_: Any) -> tuple[Mind, Applied]:
    return replace(mind, dead=True), Applied(taken, sev, None, "dematerialized: dead (L3241)")


_HANDLERS: dict[str, Any] = {
    "None": _none,
    "Phobia": _days(3150, True),
    "Minor Insanity": _days(3155, True),
    "Curse": _curse,
    "Spell Drain": _spell_drain,
    "Disruption": _disruption,
    "Spell Backfire": _backfire,
    "Stun": _stun,
    "Unconscious": _unconscious,
    "Possessed": _possessed,
    "Mutant Transformation": _transform,
    "Vanity Transformation": _transform,
    "Husk Transformation": _transform,
    "Awakened Transformation": _transform,
    "Hardened": _hardened,
    "Mist Form": _mist_form,
    "Dematerialize": _dematerialize,
}
EFFECTS = tuple(_HANDLERS)  # the 17 that are not Increase Roll (resolved in the table)


def charisma_defence_penalty(mind: Mind) -> int:
    """Phobia and Minor Insanity: "any [Defensive Charisma Roll] ... is reduced by 5"."""
    return CHARISMA_PENALTY if mind.has("Phobia") or mind.has("Minor Insanity") else 0


def may_cast(mind: Mind) -> bool:
    """Disruption (L3171) bars Cast Spell and Echo Spell."""
    return not mind.has("Disruption")


def may_restore(mind: Mind) -> bool:
    """Stun (3) bars Restore Speed/Strength Points for its blocks (L3186)."""
    return not mind.has("No Restore")


def possessed_by_ghosts(mind: Mind, current_ghost: int, max_ghost: int) -> int | None:
    """The severity of a Possessed condition still in force, or None (L3198, L3202)."""
    for c in mind.conditions:
        in_force = (c.severity == 1 and current_ghost > 0) or (c.severity == 2 and max_ghost > 0)
        if c.name == "Possessed" and in_force:
            return c.severity
    return None


def end_block(mind: Mind) -> tuple[Mind, tuple[Condition, ...]]:
    """An Action Block ends: block durations fall by one; returns the mind and what expired."""
    kept: list[Condition] = []
    expired: list[Condition] = []
    for c in mind.conditions:
        if c.unit == "blocks" and c.remaining is not None:
            left = c.remaining - 1
            (kept if left > 0 else expired).append(replace(c, remaining=left))
        else:
            kept.append(c)
    return replace(mind, conditions=tuple(kept)), tuple(expired)
