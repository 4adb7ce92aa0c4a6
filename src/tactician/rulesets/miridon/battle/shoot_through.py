"""The Shoot Through flairs that change the targets after the first hit (004 L847-876).

- Surprise Shoot Through (L849): "after the first target is successfully hit via a [To
  Hit Roll], all future targets in the line can not perform a [Dodge] action."
- Piercing Shoot Through (L859): "... all future targets in the line do not gain
  additional [Physical Damage Reduction] from a [Block Stance], a [Heavy Block Stance], a
  [Super Block Stance], a [Shield Block Stance], a [Heavy Shield Block Stance], or a
  [Super Shield Block Stance]." Both the stance a target is already in and a block it
  takes on the hit (L1730) add nothing; a block the policy would pay for nothing is not
  taken (one the action names is still paid and entered).
- Advanced Piercing Shoot Through (L872): "... all future targets in the line that are in
  a [Block Stance] ... will leave their stance and enter [No Stance]. [Shield
  Deflection] can still be used."

"For shotguns, each bullet is calculated individually for factoring if the bullet hit a
previous target" (L851, L861, L874): a shot's bullets are one spec here, so ruling
``shoot_through_shotgun`` (docs/rulings.md) decides when a shotgun's later targets count
as after a hit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactician.rulesets.miridon.battle.attack_numbers import AttackPlan
from tactician.rulesets.miridon.battle.attack_roll import Result
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.stances import tier_of
from tactician.rulesets.miridon.battle.state import NO_STANCE, MiridonBattle, UnitState

SURPRISE = "Surprise Shoot Through"
PIERCING = "Piercing Shoot Through"
ADVANCED = "Advanced Piercing Shoot Through"


def counts_as_hit(ctx: Context, plan: AttackPlan, result: Result) -> bool:
    """Whether this strike makes the later targets "after the first target is
    successfully hit" (L849): a hit, or for a shotgun as ``shoot_through_shotgun`` says."""
    if plan.spec.bullets and ctx.options.shoot_through_shotgun == "off":
        return False
    return result.hits > 0


def later_action(shooter: UnitState, action: Mapping[str, Any]) -> dict[str, Any]:
    """The action as a later target after a hit faces it: no Dodge with Surprise (L849);
    no policy block with Piercing, a block adding no PDR (L859)."""
    later = dict(action)
    if shooter.profile.has(SURPRISE):
        later["dodge"] = "no"
    if shooter.profile.has(PIERCING) and str(action.get("block", "auto")).casefold() == "auto":
        later["block"] = "none"
    return later


def break_stance(ctx: Context, state: MiridonBattle, shooter: UnitState,
                 target: UnitState) -> MiridonBattle:
    """Advanced Piercing Shoot Through (L872): a later target in a block stance leaves it."""
    if not shooter.profile.has(ADVANCED) or not tier_of(ctx.book, target.stance):
        return state
    ctx.say(f"{target.id} leaves {target.stance} for {NO_STANCE} (Advanced Piercing Shoot "
            "Through, L872)")
    return state.replace_units(target.model_copy(update={"stance": NO_STANCE}))


def pierce(ctx: Context, shooter: UnitState, target: UnitState, plan: AttackPlan) -> AttackPlan:
    """Piercing Shoot Through (L859): the later target's PDR without any block stance's."""
    if not shooter.profile.has(PIERCING) or ctx.book.weapon(plan.weapon).category == "tesla":
        return plan  # a tesla is reduced by SDR, which no stance raises (L1658)
    spec = replace(plan.spec, reduction=target.pdr, block_pdr=0, block_pdr_crit=0)
    return replace(plan, spec=spec, notes=(*plan.notes, "no block-stance PDR (L859)"))
