"""The AI's threat term (``ai_preset=tactical``; 004 has no AI, gap M28; the design is
``docs/miridon-ai.md``).

The standard planner scores only what an action does now. The tactical preset adds the
damage the unit can expect to take in the foes' next blocks: the **threat** on a square is
the sum, over every conscious foe, of the best E[damage] of the plain attack (each of its
weapons as its Melee / Gun Attack, with the unit's own reaction policy as the defender)
that foe can make on the unit standing there in its next action block, exactly as the
forecast enumerates it: from where it stands, or after one movement action (the cheapest
legal move to a square the weapon reaches from: "In each [Action Block], each character
can perform one [Offensive Action], one [Movement Action], and one [Verbal Action]",
L1590), paying both out of the points it has now (an attack it could not afford does not
count; nothing refills but Restore, L1919-1921, L2031-2033). The look-ahead is one block
deep: the foe's reactions to the unit's move, its modifiers and bonus attacks, and where
else it could stand are not searched (the geometry of another square, a flank, is not
weighed). Then:

- a move's score loses ``THREAT_WEIGHT`` x (threat at the end square - threat here);
- an attack's score gains ``THREAT_WEIGHT`` x P(target out) x the target's threat on the
  unit (a foe knocked out attacks no more).
"""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_actions import plan_attack
from tactician.rulesets.miridon.battle.attack_numbers import reach_ft
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.costs import affordable
from tactician.rulesets.miridon.battle.geometry import distance_ft
from tactician.rulesets.miridon.battle.move_actions import legal_moves
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

THREAT_WEIGHT = 0.5  # a point of damage taken next counts half a point dealt now


def _attack(book: Compendium, options: BattleOptions, state: MiridonBattle,
            foe: UnitState, unit: UnitState, weapon: str) -> float | None:
    """E[damage] of ``foe``'s plain attack with ``weapon`` on ``unit`` as they stand, or
    None when it does not reach or ``foe`` cannot pay for it."""
    action: dict[str, Any] = {"type": "attack", "unit": foe.id, "target": unit.id,
                              "weapon": weapon}
    try:
        plan, cost = plan_attack(book, options, state, action)
    except RulesError:
        return None
    return odds(plan.spec).expected_damage if affordable(foe, cost) else None


def foe_threat(book: Compendium, options: BattleOptions, state: MiridonBattle,
               foe: UnitState, unit: UnitState) -> float:
    """The best E[damage] ``foe`` can deal ``unit`` in its next block (0 when the foe is
    down): each weapon from where the foe stands, or else from the cheapest square a legal
    move reaches within the weapon's reach (ties: the first found), the move and the attack
    both paid from its points."""
    if foe.status != "ok" or foe.position is None or unit.position is None:
        return 0.0
    best, moves = 0.0, None
    for weapon in foe.profile.weapons:
        found = _attack(book, options, state, foe, unit, weapon.name)
        if found is None:
            if moves is None:
                moves = sorted(legal_moves(book, state, options, foe),
                               key=lambda m: m[2][0] + m[2][1])
            reach = reach_ft(book.weapon(weapon.name))
            for _, end, cost in moves:
                if end == unit.position or distance_ft(end, unit.position, options) > reach:
                    continue
                moved = foe.model_copy(update={"position": end,
                                               "strength": foe.strength - cost[0],
                                               "speed": foe.speed - cost[1]})
                found = _attack(book, options, state.replace_units(moved), moved, unit,
                                weapon.name)
                if found is not None:
                    break
        best = max(best, found or 0.0)
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
    at: dict[tuple[int, ...], float] = {}  # moves that end on one square share its threat
    for candidate in candidates:
        kind = candidate.action.get("type")
        if kind == "move" and candidate.tile is not None:
            tile = tuple(candidate.tile)
            if tile not in at:
                moved = unit.model_copy(update={"position": tile})
                at[tile] = threat(book, options, state.replace_units(moved), moved)
            there = at[tile]
            candidate.score -= THREAT_WEIGHT * (there - here)
            candidate.why += f"; threat there {there:.2f} (here {here:.2f})"
            candidate.extra["threat"] = there
        elif candidate.target != "-" and candidate.defeat > 0:
            # one target, or each of a Shoot Through's / Spinning Strike's (``defeats``)
            outs = candidate.defeats or {candidate.target: candidate.defeat}
            foes = [(state.unit(name), p) for name, p in outs.items()]
            foes = [(target, p) for target, p in foes if target.side != unit.side and p > 0]
            if not foes:
                continue
            removed = sum(p * foe_threat(book, options, state, target, unit)
                          for target, p in foes)
            candidate.score += THREAT_WEIGHT * removed
            candidate.why += f"; removes {removed:.2f} expected damage to {unit.id}"
            candidate.extra["threat_removed"] = removed
