"""The Heal skill in battle (001 L100), a Standard action.

001 L100: "Heal: 3d6+Skill. Can be used to negate poison, or heal up to half HP as a
standard action once per day." L89: "All skills require a 3d6 roll + a unit's select
stat with the likelihood of success is as follows: (... Normal: 20 ...)". Rulings
(G1-46, docs/rulings.md): the healer must have the skill (``skill_checks = listed``);
it heals itself or an adjacent ally; the check is Normal (20); on a success the
target regains up to half its max HP, rounded down (``amount`` takes less), never
above its max; the attempt, success or not, spends the Standard action and the day's
use, and a battle is one day (the unit's ``heal_used``). "negate poison" does nothing
in battle: 001 has no poison.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_common.battle.turn import after_standard, check_standard
from tactician.rulesets.fe_common.character.checks import DIFFICULTIES, roll_check, success_chance
from tactician.rulesets.fe_common.character.skills import has_skill
from tactician.rulesets.fe_tabletop.battle_registry import ACTIONS
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle, TabletopUnit
from tactician.rulesets.fe_tabletop.healing import heal, heal_skill_amount
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.player_turns import check_player

HEAL_DC = DIFFICULTIES["normal"]  # G1-46: "heal up to half HP" is a Normal check


def _patient(state: TabletopBattle, unit: TabletopUnit, action: Mapping[str, Any]
             ) -> TabletopUnit:
    target = state.unit(action.get("target", unit.id))
    if target.side != unit.side or not target.on_map or target.out:
        raise RulesError(f"{unit.name} can heal itself or an ally on the map, not "
                         f"{target.name}")
    assert unit.position is not None and target.position is not None
    if manhattan(unit.position, target.position) > 1:
        raise RulesError(f"{target.name} is not next to {unit.name}")
    if target.hp >= target.max_hp:
        raise RulesError(f"{target.name} has full HP")
    return target


def _amount(action: Mapping[str, Any], most: int) -> int:
    """L100 "up to half HP": half the target's max HP, or less if asked."""
    raw = action.get("amount")
    if raw is None:
        return most
    if not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= most:
        raise RulesError(f"amount {raw!r}: the Heal skill restores 1 to {most} HP here "
                         "(001 L100 'up to half HP')")
    return raw


@ACTIONS.register("heal_skill", keys=("target", "amount"))
def heal_skill(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
               options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    check_standard(state, unit)
    check_player(state, unit)
    if options.skill_checks == "listed" and has_skill(unit.character.skills, "Heal") is None:
        raise RulesError(f"{unit.name} has no Heal skill (001 L90, L100); its skills: "
                         f"{', '.join(unit.character.skills) or 'none listed'}")
    if unit.heal_used:
        raise RulesError(f"{unit.name} has used the Heal skill today (001 L100 'once per "
                         "day'; a battle is one day)")
    target = _patient(state, unit, action)
    amount = _amount(action, heal_skill_amount(target.max_hp))
    skill = unit.character.stats.skl
    chance = success_chance(skill, HEAL_DC)
    check = roll_check(skill, HEAL_DC, dice)
    healer = after_standard(unit).model_copy(update={"heal_used": True})
    roll = f"3d6 {'+'.join(map(str, check.faces))} + Skl {skill} = {check.total} against " \
           f"{HEAL_DC} ({chance:.0%})"
    record: dict[str, Any] = {"type": "heal_skill", "unit": unit.id, "target": target.id,
                              "faces": list(check.faces), "total": check.total,
                              "dc": HEAL_DC, "success": check.success, "healed": 0}
    if not check.success:
        after = state.replace_units(healer)
        return after, Outcome(f"{unit.name}'s Heal fails ({roll})", [record])
    healed = heal(target.hp, target.max_hp, amount)
    if target.id == unit.id:
        healer = healer.with_hp(healed)
        after = state.replace_units(healer)
    else:
        after = state.replace_units(healer, target.with_hp(healed))
    record["healed"] = healed - target.hp
    return after, Outcome(f"{unit.name} heals {target.name} ({roll}): +{healed - target.hp} "
                          f"HP ({healed}/{target.max_hp})", [record])
