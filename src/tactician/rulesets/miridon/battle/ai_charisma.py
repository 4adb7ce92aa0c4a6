"""The AI and the charisma verbal actions (L2046-2092; ``charisma_actions``): scored, and
listed by ``--explain``, but never taken while a success has no effect.

"If the [Offensive Charisma Roll] is greater than or equal to the [Defensive Charisma
Roll], then the [Charisma Skill] is successful" (L1780), and what a success does is on the
missing "Charisma Skills" page (gap M9): in Tactician it changes nothing (ruling
``charisma_roll``; the GM's). A skill's worth to the AI is therefore P(success) x
``EFFECT_VALUE`` of the skill (0 for all seven) - value(its cost): never above 0, so never
chosen (the planner takes only what scores above 0). Giving a skill an effect in the
engine means giving it a value here; then the AI weighs it like any other action.
"""

from __future__ import annotations

from tactician.rulesets.miridon.battle.ai_candidate import Candidate
from tactician.rulesets.miridon.battle.charisma_actions import SKILLS, bonuses, success_chance
from tactician.rulesets.miridon.battle.costs import action_cost, affordable
from tactician.rulesets.miridon.battle.economy import cost_value
from tactician.rulesets.miridon.battle.options import BattleOptions
from tactician.rulesets.miridon.battle.state import MiridonBattle, UnitState
from tactician.rulesets.miridon.compendium import Compendium

# what a success is worth, in HP of damage: nothing, while it has no mechanical effect (M9)
EFFECT_VALUE: dict[str, float] = dict.fromkeys(SKILLS, 0.0)


def charisma_candidates(book: Compendium, options: BattleOptions, state: MiridonBattle,
                        unit: UnitState) -> list[Candidate]:
    """Each skill the unit has a rank in, on each conscious foe, with its exact P(success)."""
    found: list[Candidate] = []
    if options.charisma_roll == "not_offered" or "verbal" in unit.slots:
        return found
    for skill in SKILLS:
        if unit.profile.skill(skill) < 1:
            continue
        cost = action_cost(book, skill, unit)
        if not affordable(unit, cost):
            continue
        for target in state.units:
            if target.side == unit.side or target.status != "ok" or target.position is None:
                continue
            chance = success_chance(*bonuses(skill, unit, target))
            score = chance * EFFECT_VALUE[skill] - cost_value(unit, cost)
            found.append(Candidate(
                {"type": "charisma", "unit": unit.id, "skill": skill.lower().replace(" ", "_"),
                 "target": target.id}, score,
                f"{skill} on {target.id}: P(success) {chance:.0%}, but a success has no "
                f"mechanical effect in Tactician (M9): worth {EFFECT_VALUE[skill]:.0f}, cost "
                f"{cost[0]}/{cost[1]} worth {cost_value(unit, cost):.2f}: not taken",
                target.id, "-", unit.position, chance))
    return found
