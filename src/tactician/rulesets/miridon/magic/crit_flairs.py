"""Critical hits on a caster (004 L926-960): Disrupting, Cancelling, Backfire, Draining.

Disrupting (L930): "If a target hit with [Critical Hit] is currently casting a [Spell], then
the [Remaining Spell Cast Time] of the spell is increased by 1." Cancelling (L938-940): "the
[Spell] is cancelled. [Recover Ghost Power] cannot be used to negate this effect." Backfire
(L948-950): the target "will take [Spell Ghost Power] of the [Spell] in [Damage Dealt]",
bypassing PDR and SDR and separate from the crit's own damage. Draining (L958): "the target
will have their remaining [Current Ghost Power] reduced to 0". Cancelling needs Disrupting,
Backfire and Draining need Cancelling (their prerequisites), so Cancelling replaces the
delay. Without the flairs "A [Critical Hit] does not effect delay a spell." (L932).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tactician.rulesets.miridon.ghost import Ghost, GhostChange, drained
from tactician.rulesets.miridon.magic.caster import Caster
from tactician.rulesets.miridon.magic.casting import Casting, delay


@dataclass(frozen=True, slots=True)
class CritOnCaster:
    casting: Casting
    backfire_damage: int = 0  # unreducible Damage Dealt to the caster (L948-950)
    ghost: GhostChange | None = None  # Draining (L958)


def critical_hit_on_caster(casting: Casting, attacker: Caster, ghost: Ghost) -> CritOnCaster:
    """What an attacker's critical hit does to a target's spell being cast."""
    if not casting.active:
        return CritOnCaster(casting)
    if attacker.has("Cancelling Critical Hit"):
        cancelled = replace(
            casting, status="cancelled", recoverable=False,
            reason="Cancelling Critical Hit (L938)",
        )
        backfire = casting.spell_ghost if attacker.has("Backfire Critical Hit") else 0
        change = drained(ghost) if attacker.has("Draining Critical Hit") else None
        return CritOnCaster(cancelled, max(0, backfire), change)
    if attacker.has("Disrupting Critical Hit"):
        return CritOnCaster(delay(casting))
    return CritOnCaster(casting)
