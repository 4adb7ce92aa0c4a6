"""Attack (001 L45-53, a Standard action, L55) as a battle action.

The fight is ``battle_fight.plan_attack`` resolved on dice (every d100 and
damage die logged, 001's order: strike by strike), its HP written back
(``fe_common.battle.combat``), then ``aftermath.after_fight``: durability,
ranks, supports, EXP and level-ups. "If a weapon breaks on the unit's first
attack when they have two attacks, cancel the second attack and end the unit's
turn" (L52): the exchange cancels the strike, the turn ends here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.rulesets.fe_common.battle.combat import write_back
from tactician.rulesets.fe_common.battle.turn import after_standard
from tactician.rulesets.fe_common.exchange import ATTACKER
from tactician.rulesets.fe_tabletop import fight
from tactician.rulesets.fe_tabletop.aftermath import after_fight
from tactician.rulesets.fe_tabletop.battle_fight import plan_attack
from tactician.rulesets.fe_tabletop.battle_registry import ACTIONS
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.player_turns import check_player
from tactician.rulesets.fe_tabletop.strike_records import fight_summary, strike_records


@ACTIONS.register("attack", keys=("target", "weapon"))
def attack(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
           options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit, target, plan = plan_attack(state, action, options)
    check_player(state, unit)
    result = fight.resolve(plan, dice)
    weapon = plan.attacker.weapon
    assert weapon is not None
    strikes = strike_records(plan, result, options, (unit.name, target.name))
    armed = state.replace_units(unit.model_copy(update={"equipped": weapon.name}))
    after, fallen = write_back(armed, armed.unit(unit.id), target, result.end.hp)
    after = after.replace_units(after.unit(unit.id).with_hp(result.end.hp[0]),
                                after.unit(target.id).with_hp(result.end.hp[1]))
    after, records = after_fight(after, (unit.id, target.id), plan, result, dice, options)
    broke = result.turn_ends(ATTACKER)
    after = after.replace_units(after_standard(after.unit(unit.id), ends_turn=broke))
    told = fight_summary((unit.name, target.name), weapon.name, strikes, result.end.hp,
                         (unit.max_hp, target.max_hp))
    text = [told, *fallen, *(r["text"] for r in records)]
    return after, Outcome("; ".join(text), [
        {"type": "attack", "unit": unit.id, "target": target.id, "weapon": weapon.name,
         "strikes": strikes, "hp": {unit.id: result.end.hp[0], target.id: result.end.hp[1]},
         "defeated": [u for u in (unit.id, target.id) if after.unit(u).out]},
        *records])
