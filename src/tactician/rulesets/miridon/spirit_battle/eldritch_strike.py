"""Eldritch Strike in battle (004 L1464-1472; flair of the Eldritch Beast Mutation).

"If the character hits a target with a [Melee Attack] or [Melee Combo Attack] while wielding
the [Unarmed] weapon before using their [Verbal Action] for that [Action Block], then the
character can use their [Verbal Action] to perform an [Eldritch Strike]. With the [Eldritch
Strike], a character casts the [Possession] spell with a base [Spell Cast Time] of 0. The
[Possession] spell cast with [Eldritch Strike] costs 0 [Strength Points] and 0 [Speed
Points]."

``eldritch_strike`` (verbal; ``ghost``, ``target``, ``modifiers``, ``staff``): Cast Spell's
procedure (``spell_actions.begin_cast``) for Possession, at Eldritch Strike's 0/0 (the
action's data) - the casting modifiers chosen still add their own costs (they are the
modifiers', not the spell's) - with a base cast time of 0, so Activate Spell may follow at
once (L2422). The hit is any Melee / Melee Combo Attack with Unarmed this block (the unit's
``unarmed_hit_block`` pool, set by ``follow_ups.after_attack``); its target need not be the
one hit (the text ties the strike to the hit only as its trigger) but must be within
Possession's range (L3249).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting
from tactician.rulesets.miridon.battle.costs import action_cost
from tactician.rulesets.miridon.battle.follow_ups import UNARMED_HIT
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.racial_flairs import eldritch_strike_allowed
from tactician.rulesets.miridon.spirit_battle.spell_actions import begin_cast


def may_strike(unit: UnitState, block: int) -> bool:
    """L1466: an Unarmed melee hit this block, the verbal action still free."""
    return eldritch_strike_allowed(unit.profile.flairs, unit.pools.get(UNARMED_HIT) == block,
                                   "verbal" in unit.slots)


@ACTIONS.register("eldritch_strike", keys=("ghost", "target", "modifiers", "staff"))
def eldritch_strike(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]
                    ) -> MiridonBattle:
    unit = acting(state, action, "eldritch_strike")
    if not unit.profile.has("Eldritch Strike"):
        raise RulesError(f"{unit.id} lacks the Eldritch Strike flair (004 L1464)")
    if not may_strike(unit, state.block):
        raise RulesError(f"{unit.id} has made no Unarmed Melee Attack hit this block before its "
                         "Verbal Action: no Eldritch Strike (004 L1466)")
    return begin_cast(ctx, state, unit, action, "Possession",
                      action_cost(ctx.book, "Eldritch Strike", unit), "Eldritch Strike",
                      base_zero=True)
