"""One fight on the board: the same plan for the attack and its forecast.

001 L45-53 (``fight.plan_fight``) with what the board adds: each side's tile
(L72-76), its adjacent support (L118-121), its weapon's uses left (L52). The
attacker uses the weapon named or its equipped one, which its rank must allow
(L5, ruling ``weapon_rank_required``); the defender counters with its equipped
weapon when that reaches (L47).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.counted import counted
from tactician.errors import RulesError
from tactician.rulesets.fe_common.battle.combat import check_attack
from tactician.rulesets.fe_common.character.ranks import can_wield
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon
from tactician.rulesets.fe_tabletop import fight
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle, TabletopUnit
from tactician.rulesets.fe_tabletop.battle_units import equipped_weapon, fighter, weapons
from tactician.rulesets.fe_tabletop.options import TabletopOptions


def chosen_weapon(unit: TabletopUnit, name: Any, options: TabletopOptions) -> TabletopWeapon:
    """The named carried weapon (or the equipped one) that the unit may wield."""
    arms = weapons(unit)
    if name is not None:
        arms = [w for w in arms if w.name.casefold() == str(name).casefold()]
        if not arms:
            raise RulesError(f"{unit.name} carries no usable weapon {name!r}; carries "
                             f"{', '.join(unit.character.inventory) or 'nothing'}")
    if not arms:
        raise RulesError(f"{unit.name} carries no weapon that deals damage (001 L45)")
    ok, why = can_wield(unit.character, arms[0], options)
    if not ok:
        raise RulesError(why)
    return arms[0]


def plan_attack(state: TabletopBattle, action: Mapping[str, Any], options: TabletopOptions
                ) -> tuple[TabletopUnit, TabletopUnit, fight.FightPlan]:
    """The attacker, the target and the fight's plan, or the refusal naming why."""
    unit = state.unit(action.get("unit"))
    target = state.unit(action.get("target"))
    distance = check_attack(state, unit, target)
    weapon = chosen_weapon(unit, action.get("weapon"), options)
    if not weapon.reaches(distance, unit.character.stats.pow):
        raise RulesError(f"{target.name} is {counted(distance, 'square')} away; {unit.name}'s "
                         f"{weapon.name} reaches {weapon.min_range}-{weapon.max_range}")
    attacker = fighter(state, unit, weapon, options)
    defender = fighter(state, target, equipped_weapon(target), options)
    return unit, target, fight.plan_fight(attacker, defender, distance, options)
