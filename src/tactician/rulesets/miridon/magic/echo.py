"""Echo Spell (004 L2104-2116): a Verbal Action that "can only be used in the same [Action
Block] that [Activate Spell] was used. This acts as [Cast Spell]. The [Spell Ghost Power] of
the [Spell] must be equal to the [Spell Ghost Power] of the previous [Spell] when [Activate
Spell] was used. The [Spell] must be the same as the previous [Spell].\""""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.miridon.magic.casting import Casting, CastRequest


def check_echo(previous: Casting | None, activated_block: int | None, request: CastRequest) -> None:
    """Refuse an Echo Spell that is not the same spell with the same Spell Ghost HP in the
    block of the activation; the caller then runs ``cast_spell`` with the request."""
    if previous is None or previous.status != "activated" or activated_block is None:
        raise RulesError("Echo Spell needs a spell activated with Activate Spell (L2108)")
    if activated_block != request.block:
        raise RulesError("Echo Spell only in the Action Block of the Activate Spell (L2108)")
    if request.spell.casefold() != previous.spell.casefold():
        raise RulesError(f"Echo Spell casts {previous.spell} again, not {request.spell} (L2114)")
    if request.spell_ghost != previous.spell_ghost:
        raise RulesError(
            f"Echo Spell invests {previous.spell_ghost} Spell Ghost HP as the previous spell, "
            f"not {request.spell_ghost} (L2112)"
        )
