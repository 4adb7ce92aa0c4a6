"""The AI's threat term (``ai_preset=tactical``; 004 has no AI, gap M28; the design is
``docs/miridon-ai.md``).

The standard planner scores only what an action does now. The tactical preset adds the
damage the unit can expect to take next: the **threat** on a square is the sum, over
every conscious foe, of the best E[damage] of that foe's plain attack (each of its
weapons as its Melee / Gun Attack, with the unit's own reaction policy as the defender)
against the unit standing there, exactly as the forecast enumerates it. Foes are taken
where they stand (a foe that must move first is not counted: the look-ahead is one
attack deep, not a search of the enemy's turn). Then:

- a move's score loses ``THREAT_WEIGHT`` x (threat at the end square - threat here);
- an attack's score gains ``THREAT_WEIGHT`` x P(target out) x the target's threat on the
  unit (a foe knocked out attacks no more).
"""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

THREAT_WEIGHT = 0.5  # a point of damage taken next counts half a point dealt now


def foe_threat(book: Compendium, options: BattleOptions, state: MiridonBattle,
               foe: UnitState, unit: UnitState) -> float:
    """The best E[damage] of ``foe``'s plain attack on ``unit`` where both stand (0 when
    none reaches or the foe is down)."""
    if foe.status != "ok" or foe.position is None or unit.position is None:
        return 0.0
    best = 0.0
    for weapon in foe.profile.weapons:
        action: dict[str, Any] = {"type": "attack", "unit": foe.id, "target": unit.id,
                                  "weapon": weapon.name}
        try:
            plan, _ = plan_attack(book, options, state, action)
        except RulesError:
            continue
        best = max(best, odds(plan.spec).expected_damage)
    return best


def threat(book: Compendium, options: BattleOptions, state: MiridonBattle,
           unit: UnitState) -> float:
    """The damage ``unit`` can expect from every foe in reach of where it stands."""
    return sum(foe_threat(book, options, state, foe, unit) for foe in state.units
               if foe.side != unit.side)


def apply_threat(book: Compendium, options: BattleOptions, state: MiridonBattle,
                 unit: UnitState, candidates: list[Any]) -> None:
    """Add the threat term to each candidate's score (and its reason)."""
    here = threat(book, options, state, unit)
    for candidate in candidates:
        kind = candidate.action.get("type")
        if kind == "move" and candidate.tile is not None:
            moved = unit.model_copy(update={"position": tuple(candidate.tile)})
            there = threat(book, options, state.replace_units(moved), moved)
            candidate.score -= THREAT_WEIGHT * (there - here)
            candidate.why += f"; threat there {there:.2f} (here {here:.2f})"
            candidate.extra["threat"] = there
        elif candidate.target != "-" and candidate.defeat > 0:
            target = state.unit(candidate.target)
            if target.side == unit.side:
                continue
            removed = candidate.defeat * foe_threat(book, options, state, target, unit)
            candidate.score += THREAT_WEIGHT * removed
            candidate.why += f"; removes {removed:.2f} expected damage to {unit.id}"
            candidate.extra["threat_removed"] = removed
