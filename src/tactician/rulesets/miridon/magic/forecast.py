"""Exact spell forecasts (spec §3.22 item 6): the distribution of what an activation does,
enumerated from ``activation.activate_spell`` itself (dice/enumerate.py), and for
Possession P(success), the ghost gain and the target's insanity outcome.

P(the spell survives until it activates) is not forecast - it depends on what enemies do -
but ``casting_status`` shows what the player sees: Spell Ghost HP and remaining time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactician.dice.enumerate import distribution
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.ghost import Ghost
from tactician.rulesets.miridon.insanity_roll import Taken, insanity_distribution
from tactician.rulesets.miridon.magic.activation import Activation, Target, activate_spell
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions


def activation_distribution(
    casting: Casting, caster: Caster, targets: Sequence[Target], caster_ghost: Ghost = Ghost(0, 0),
    caster_hp: int = 0, caster_resist: int = 0, options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
    caster_target: Target | None = None,
) -> dict[Activation, float]:
    """Every activation result with its exact probability (``caster_target``: the caster as
    a target, for Magic Shield Redirection)."""
    found: dict[Activation | None, float] = distribution(
        None,
        lambda _s, chance: activate_spell(casting, caster, targets, chance, caster_ghost,
                                          caster_hp, caster_resist, options, caster_target),
        lambda state: state is not None,
    )
    return {a: p for a, p in found.items() if a is not None}


def per_target(outcomes: dict[Activation, float], target: str, what: str) -> dict[int, float]:
    """The distribution of one number (``damage``, ``healing``, ``knockback_ft``) for one
    target."""
    dist: dict[int, float] = {}
    for activation, p in outcomes.items():
        for effect in activation.effects:
            if effect.target == target:
                value = int(getattr(effect, what))
                dist[value] = dist.get(value, 0.0) + p
    return dist


@dataclass(frozen=True, slots=True)
class PossessionForecast:
    p_success: float
    gain: dict[int, float]  # ghost gained -> probability (0: not possessed)
    p_insanity_roll: float
    insanity: dict[tuple[Taken, ...], float]  # () = no roll


def possession_forecast(
    compendium: Compendium, casting: Casting, caster: Caster, target: Target,
    options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> PossessionForecast:
    outcomes = activation_distribution(casting, caster, [target], options=options)
    gain: dict[int, float] = {}
    insanity: dict[tuple[Taken, ...], float] = {}
    p_roll = 0.0
    for activation, p in outcomes.items():
        result = activation.effects[0].possession
        amount = result.gain if result is not None else 0
        gain[amount] = gain.get(amount, 0.0) + p
        rolled = [c for _, c, _ in activation.insanity if c.rolls]
        if not rolled:
            insanity[()] = insanity.get((), 0.0) + p
            continue
        p_roll += p
        for taken, q in insanity_distribution(compendium, rolled[0].bonus, options=options).items():
            insanity[taken] = insanity.get(taken, 0.0) + p * q
    success = sum(p for g, p in gain.items() if g > 0)
    return PossessionForecast(success, gain, p_roll, insanity)


@dataclass(frozen=True, slots=True)
class CastingStatus:
    spell: str
    spell_ghost: int
    remaining: int
    status: str


def casting_status(casting: Casting) -> CastingStatus:
    return CastingStatus(casting.spell, casting.spell_ghost, casting.remaining, casting.status)
