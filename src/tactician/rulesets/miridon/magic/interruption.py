"""What drains a spell being cast (004 L3255-3261, L3167, L97) and how Recover Ghost Power
answers (L2502-2515, L617-629).

"After beginning to cast a spell, the [Spell Ghost HP] can now be reduced by actions that
interrupt the spell casting process." (L3255). Each drain returns the new casting and a
``Drain`` record for the log; a drop to 0 or less leaves the spell ``threatened`` (Recover
Ghost Power may answer, L2507) or, if recovery is barred, cancelled.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tactician.errors import RulesError
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

CONCENTRATION_PER_RANK = 3  # L97
FEET_PER_REDIRECT_POINT = 5  # L3261
# actions that never drain: their cost is 0/0 by default (C47) or they answer a drain
NON_DRAINING = ("Channel Spell", "Activate Spell", "Recover Ghost Power")


@dataclass(frozen=True, slots=True)
class Drain:
    cause: str
    amount: int
    before: int
    after: int
    line: int


def _drain(casting: Casting, amount: int, cause: str, line: int) -> tuple[Casting, Drain]:
    if not casting.active:
        raise RulesError(f"the {casting.spell} is {casting.status}; nothing to drain")
    if amount < 0:
        raise RulesError(f"a drain is 0 or more, not {amount}")
    after = casting.spell_ghost - amount
    status = casting.status
    reason = casting.reason
    if after <= 0:
        status = "threatened" if casting.recoverable else "cancelled"
        if status == "cancelled":
            reason = "Spell Ghost HP 0 or less (L3269)"
    new = replace(casting, spell_ghost=after, status=status, reason=reason)
    return new, Drain(cause, amount, casting.spell_ghost, after, line)


def damage_taken(casting: Casting, damage: int, caster: Caster) -> tuple[Casting, Drain]:
    """L3257: "If the spell caster receives damage, then the [Spell Ghost HP] is reduced by
    the amount of damage taken." Concentration (L97, C48): each instance loses 3 × rank less,
    never below 0."""
    loss = max(0, damage - CONCENTRATION_PER_RANK * caster.concentration)
    return _drain(casting, loss, "damage taken", 3257)


def action_paid(
    casting: Casting, action: str, strength: int, speed: int,
    options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> tuple[Casting, Drain]:
    """L3259: "If the spell caster performs an action, then the [Spell Ghost HP] is reduced
    by the sum of the speed points and the strength points that are used to perform an
    action." (a 0/1 Dodge drains 1). C47: Channel Spell drains only with ``channel_drains``;
    Activate Spell and Recover Ghost Power never."""
    if action in NON_DRAINING and not (action == "Channel Spell" and options.channel_drains):
        return casting, Drain(action, 0, casting.spell_ghost, casting.spell_ghost, 3259)
    return _drain(casting, strength + speed, action, 3259)


def redirect(casting: Casting, feet: int, new_distance_ft: int) -> tuple[Casting, Drain]:
    """L3261: "If the target moves out of range of the spell, then the caster can choose to
    redirect the spell. The [Spell Ghost HP] is reduced by 1 for every 5 feet the trajectory
    is redirected. The spell cannot be redirected past the maximum range of the spell." A
    part of 5 ft counts as 5 (DEFAULT ``redirect_rounding``: up)."""
    if feet <= 0:
        raise RulesError(f"a redirection moves the trajectory more than 0 ft, not {feet}")
    if casting.range_ft is None:
        raise RulesError(f"{casting.spell} has no trajectory to redirect")
    if new_distance_ft > casting.range_ft:
        raise RulesError(
            f"cannot redirect the {casting.spell} past its range of {casting.range_ft} ft (L3261)"
        )
    cost = -(-feet // FEET_PER_REDIRECT_POINT)
    return _drain(casting, cost, f"redirected {feet} ft", 3261)


def spell_drain(casting: Casting, severity: int) -> tuple[Casting, Drain]:
    """Spell Drain (L3167): "If the character is casting a spell, the [Spell Ghost HP] is
    reduced by [Severity].\""""
    return _drain(casting, severity, "Spell Drain", 3167)


def recovery_rate(caster: Caster) -> int:
    """Spell Ghost HP per point spent: 1 (L2513), 2 with Efficient Recover Ghost Power
    (L618), 3 with Advanced Efficient Recover Ghost Power (L627)."""
    if caster.has("Advanced Efficient Recover Ghost Power"):
        return 3
    if caster.has("Efficient Recover Ghost Power"):
        return 2
    return 1


def points_to_save(casting: Casting, caster: Caster) -> int:
    """The fewest points that bring a threatened spell back to 1 (L2515)."""
    short = 1 - casting.spell_ghost
    rate = recovery_rate(caster)
    return max(0, -(-short // rate))


def recover_ghost_power(
    casting: Casting, caster: Caster, strength: int, speed: int,
) -> tuple[Casting, Drain]:
    """Recover Ghost Power (L2502-2515): a Bonus Action "if the [Spell Ghost Power] of a spell
    that is currently being cast is reduced to 0 or less"; "If the [Spell Ghost Power] is
    restored to 1 or more, then the spell will not be cancelled and the character will remain
    in the [Spell Casting Stance]." Otherwise it is cancelled. Not after Cancelling Critical
    Hit (L940)."""
    if casting.status != "threatened":
        raise RulesError(
            f"Recover Ghost Power answers a drop to 0 or less; the {casting.spell} is "
            f"{casting.status} (L2507)"
        )
    if not casting.recoverable:
        raise RulesError("Recover Ghost Power cannot negate a Cancelling Critical Hit (L940)")
    if strength < 0 or speed < 0 or strength + speed == 0:
        raise RulesError("Recover Ghost Power spends 1 or more strength or speed points")
    gained = recovery_rate(caster) * (strength + speed)
    after = casting.spell_ghost + gained
    if after >= 1:
        new = replace(casting, spell_ghost=after, status="casting")
    else:
        new = replace(casting, spell_ghost=after, status="cancelled",
                      reason="Recover Ghost Power fell short (L2515)")
    return new, Drain("Recover Ghost Power", -gained, casting.spell_ghost, after, 2513)
