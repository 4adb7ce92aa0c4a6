"""UESRPG's Attack action on the map: the rules package's one attack procedure
on the battle's dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.uesrpg.action_checks import actor, burning_gate
from tactician.rulesets.uesrpg.action_registry import ACTIONS, Result
from tactician.rulesets.uesrpg.attack import resolve
from tactician.rulesets.uesrpg.battle_combat import check_target, matchup, weapon_of
from tactician.rulesets.uesrpg.battle_options import Rulings
from tactician.rulesets.uesrpg.battle_state import UesrpgBattle, with_combat
from tactician.rulesets.uesrpg.battle_turns import Narrator, finish
from tactician.rulesets.uesrpg.locations import label


@ACTIONS.register("attack", keys=("target", "weapon", "defence"))
def attack(
    state: UesrpgBattle, action: Mapping[str, Any], narrator: Narrator, rules: Rulings
) -> Result:
    """Attack ``target`` with ``weapon`` (its last or first weapon by default): the
    rules package's one attack procedure on the battle's dice; the attacker pays
    ``attack_ap``, a defending target ``reaction_ap`` (``battle_combat``)."""
    unit = actor(state, action)
    target_id = action.get("target")
    if not isinstance(target_id, str):
        raise RulesError("attack needs 'target': the id of the unit to attack")
    target = state.unit(target_id)
    name = action.get("weapon")
    weapon = weapon_of(unit, name if isinstance(name, str) else None)
    check_target(unit, target, weapon)
    defence = action.get("defence")
    chosen = matchup(state, unit, target, rules, weapon,
                     defence if isinstance(defence, str) else None)
    failed = burning_gate(unit, narrator, rules, rules.battle_options.attack_ap)
    if failed is not None:
        return state.replace_units(failed), f"{unit.name} does not attack (Burning)", {}
    plan = chosen.plan  # a burning defender's Willpower test is in it (``defence_gate``)
    narrator.drain()
    resolution = resolve(plan, narrator.chance.dice)
    narrator.add_notes(resolution.notes)
    final = resolution.final
    attacker = with_combat(unit, resolution.attacker).model_copy(
        update={"weapon": weapon.name, "spent": unit.spent + rules.battle_options.attack_ap}
    )
    defender = with_combat(target, final.defender)
    attack_roll = resolution.chance.decisions[0].outcome if resolution.chance.decisions else None
    if plan.defence != "none" and not getattr(attack_roll, "passed", True):
        # no defence is made against an attack that failed its own test: the AP stay
        defender = defender.model_copy(
            update={"ap": defender.ap + rules.battle_options.reaction_ap}
        )
    state = finish(state.replace_units(attacker, defender))
    how = "" if plan.defence == "none" else f"; {target.name} tries to {plan.defence}"
    if final.hit:
        where = label(final.location or "body")
        text = f"hits the {where} for {final.damage} damage"
        if final.wounded:
            text += " and wounds"
    else:
        text = "misses"
    summary = f"{unit.name} attacks {target.name} with {weapon.name}{how}: {text}; " \
              f"{target.name} {defender.hp}/{defender.max_hp} HP"
    if defender.dead:
        summary += f"; {target.name} dies"
    elif defender.down and not target.down:
        summary += f"; {target.name} falls Unconscious"
    record = {
        "target": target.id,
        "weapon": weapon.name,
        "defence": plan.defence,
        "hit": final.hit,
        "location": final.location,
        "damage": final.damage,
        "wounded": final.wounded,
        "defence_hit_chances": {name: round(p, 6) for name, p in chosen.hits.items()
                                if len(chosen.hits) > 1},
    }
    return state, summary, record


