"""The AI's mech turn (spec §3.23, DEFAULT design; 004 has no AI, gap M28): a mech acts
through its parts, "1 action each [Action Block]" each, paid in the part's own speed
(L3641), after every character (L3613). Its candidates are scored like a character's
(``battle/ai.py``) so the planner picks among them the same way:

- a part's attack (``mech_attack``, each part with a Melee / Gun Attack, each foe):
  E[damage] + ``KNOCKOUT`` x P(knocked out) + ``DEATH`` x P(dead) + the spell-cancelling and
  insanity terms (``ai_threats.threat_terms``) - the value of the part's speed points, from
  the very plan ``mech_attack`` resolves (``plan_attack`` with the part's weapon), so the
  forecast is the resolution's;
- a part's move (``mech_move``, every legal one, ``legal_mech_moves``):
  ``MOVE_DISCOUNT`` x the best part attack from the new square - the part's points; when no
  better attack opens, ``APPROACH`` per square closer to the nearest foe while out of reach.

- a Mech Spell Core's Cast / Channel / Activate Spell (``ai_mech_spells``): the spells'
  worths, as a character caster's.

A part's point is valued against its own pool, the next regeneration's points at a full
pool's value (``part_cost_value``). A Disabled or unpiloted mech has no candidates (L3659):
it ends its turn.
"""

from __future__ import annotations

from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.attack_numbers import reach_ft
from tactician.rulesets.miridon.battle.attack_roll import odds
from tactician.rulesets.miridon.battle.burrow import underground
from tactician.rulesets.miridon.battle.geometry import direction_of, distance_ft
from tactician.rulesets.miridon.battle.move_actions import MOVES
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.battle.verbal_actions import veiled_from
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.mechs.mech import part_action
from tactician.rulesets.miridon.spirit_battle.ai_mech_spells import core_candidates
from tactician.rulesets.miridon.spirit_battle.ai_spells import Candidate
from tactician.rulesets.miridon.spirit_battle.ai_threats import threat_terms
from tactician.rulesets.miridon.spirit_battle.mech_move import legal_mech_moves
from tactician.rulesets.miridon.spirit_battle.mech_units import is_mech, mech_of, with_mech
from tactician.rulesets.miridon.spirit_battle.part_attacks import PART_ATTACKS, part_attack
from tactician.rulesets.miridon.spirit_battle.part_points import part_cost_value

KNOCKOUT = 12.0  # as a character's attack (battle/ai.py KNOCKOUT_VALUE)
DEATH = 6.0
MOVE_DISCOUNT = 0.9
APPROACH = 1.0


def _foes(state: MiridonBattle, unit: UnitState) -> list[UnitState]:
    found = [u for u in state.units if u.side != unit.side and u.position is not None
             and u.status != "dead" and not underground(u)  # L1518
             and unit.side not in veiled_from(u)]  # a Veil keeps it from this side (L3273)
    awake = [u for u in found if u.status == "ok"]
    return awake or found  # hit an unconscious foe only when no conscious one is left


def attack_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                      unit: UnitState) -> list[Candidate]:
    found: list[Candidate] = []
    mech = mech_of(unit)
    if mech.disabled or mech.pilot is None:
        return found
    for part in mech.parts:
        name = next((a for a, _ in part.actions if a in PART_ATTACKS), None)
        if name is None or part.acted or dict(part.actions)[name] > part.speed:
            continue
        cost = dict(part.actions)[name]
        for foe in _foes(state, unit):
            action: dict[str, Any] = {"type": "mech_attack", "unit": unit.id,
                                      "part": part.name, "target": foe.id}
            try:  # the plan ``mech_attack`` resolves (the pilot's Mech Slash in it)
                found_attack = part_attack(book, options, state, unit, part.name, action)
            except RulesError:
                continue
            plan, weapon = found_attack.plan, found_attack.weapon
            chance = odds(plan.spec)
            knocked = chance.unconscious if foe.status == "ok" else 0.0
            spirit, why_spirit = threat_terms(book, unit, foe, chance.damage)
            score = chance.expected_damage + KNOCKOUT * knocked + DEATH * chance.dead + \
                spirit - part_cost_value(part, cost)
            found.append(Candidate(action, score, f"{part.name} {name} on {foe.id} with "
                                   f"{weapon}: P(hit) {chance.hit:.0%}, E[damage] "
                                   f"{chance.expected_damage:.2f}, P(out) "
                                   f"{knocked + chance.dead:.0%}, {cost} of its speed"
                                   + why_spirit, foe.id, chance.expected_damage,
                                   knocked + chance.dead))
    return found


def move_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    unit: UnitState, best_now: float) -> list[Candidate]:
    found: list[Candidate] = []
    foes = [f for f in _foes(state, unit) if f.status == "ok" and f.position is not None]
    if not foes or unit.position is None:
        return found
    reach = max(reach_ft(book.weapon(w.name)) for w in unit.profile.weapons)
    before = min(distance_ft(unit.position, f.position, options) for f in foes
                 if f.position is not None)
    for part, how, end, cost in legal_mech_moves(state, options, unit):
        name, _, factor, cone = MOVES[how]
        mech = part_action(mech_of(unit), part, name)
        facing = unit.facing
        if cone:
            facing = direction_of(unit.position, end) or unit.facing
        moved = with_mech(unit, mech).model_copy(update={"position": end, "facing": facing,
                                                         "charge": factor or unit.charge})
        trial = state.replace_units(moved)
        best = max((c.score for c in attack_candidates(book, options, trial, moved)),
                   default=0.0)
        spent = part_cost_value(mech_of(unit).part(part), cost)
        nearest = min(distance_ft(end, f.position, options) for f in foes
                      if f.position is not None)
        score = MOVE_DISCOUNT * best - spent
        if best <= best_now:
            closer = (before - nearest) / max(1, options.square_feet)
            score = APPROACH * closer - spent if before > reach else -1.0
        found.append(Candidate({"type": "mech_move", "unit": unit.id, "part": part,
                                "to": list(end), "how": how}, score,
                               f"{part}: {name} to {end} ({cost} of its speed): best part "
                               f"attack there scores {best:.2f}"))
    return found


def mech_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                    unit: UnitState) -> list[Candidate]:
    """Every scored part action of the mech whose turn it is (none for another unit)."""
    if not is_mech(unit):
        return []
    attacks = attack_candidates(book, options, state, unit)
    best_now = max((c.score for c in attacks), default=0.0)
    return attacks + move_candidates(book, options, state, unit, best_now) + \
        core_candidates(book, options, state, unit)
