"""What a fe-classic fight gives the first side's units: 001's weapon ranks and EXP.

002 has no growth rules (L30 "that unit’s character card"): ranks and EXP are
001's, through ``fe_common.battle.gains``. Only the first side (the party)
gains (fe-tabletop's G1-61: enemies gain neither EXP nor ranks).

- Ranks (001 L5): each fighter's damaging hits count toward its weapon's type,
  a killing blow twice (001's words are quoted in ``fe_common.battle.gains``).
- EXP (001 L123-128) under ``exp_per = fight``: a fight that defeats enemy units
  gives the chart's award for that many units to every standing party unit on
  the map (``exp_award``: each, or split), level-ups rolled at once. Under
  ``battle`` no EXP is given in battle; the aftermath notes it as ``exp_due``.
"""

from __future__ import annotations

from typing import Any

from tactician.counted import counted
from tactician.dice.source import DiceSource
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_classic.fight import FightPlan, FightResult
from tactician.rulesets.fe_common.battle import gains
from tactician.rulesets.fe_common.character.ranks import hit_value
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER

Records = list[dict[str, Any]]


def _carded(unit: ClassicUnit, character: Unit) -> ClassicUnit:
    # a level-up raises max HP and HP on the card; the battle unit follows it
    return unit.model_copy(update={"character": character, "hp": character.hp,
                                   "max_hp": character.max_hp})


def after_fight(state: ClassicBattle, ids: tuple[str, str], plan: FightPlan,
                result: FightResult, dice: DiceSource) -> tuple[ClassicBattle, Records]:
    """Rank uses for both fighters, then the party's EXP if the fight defeated enemies."""
    party = state.sides[0]
    records: Records = []
    for unit_id, side in zip(ids, (ATTACKER, DEFENDER), strict=True):
        unit = state.classic_unit(unit_id)
        weapon = (plan.attacker if side == ATTACKER else plan.defender).weapon
        if unit.side != party or weapon is None:
            continue
        count = sum(hit_value(r.damage, r.target_hp == 0) for r in result.strikes
                    if r.side == side)
        character, more = gains.rank_uses(unit.character, unit.id, weapon.type, count)
        if more:
            state = state.replace_units(_carded(unit, character))
            records += more
    options = state.rules_options()
    defeated = sum(1 for i in ids if state.unit(i).out and state.unit(i).side != party)
    if options.exp_per != "fight" or defeated == 0:
        return state, records
    members = [u for u in state.units if isinstance(u, ClassicUnit) and u.side == party
               and u.on_map and not u.out]
    amount = gains.party_exp(defeated, len(members), options)
    if amount == 0:
        return state, records
    records.append({"type": "party_exp", "amount": amount, "units": [u.id for u in members],
                    "text": f"the party gains {amount} EXP each for defeating "
                            f"{counted(defeated, 'enemy unit')} (001 L125 chart)"})
    for member in members:
        character, more = gains.gain_exp(member.character, member.id, amount, dice, options)
        state = state.replace_units(_carded(member, character))
        records += more
    return state, records
