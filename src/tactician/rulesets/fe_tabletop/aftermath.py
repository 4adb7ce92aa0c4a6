"""What a fight leaves behind, written into the battle state and its log.

- Durability (001 L52): "Every time a weapon hits an enemy, the weapon loses
  durability. If the weapon's durability reaches 0, it breaks." The fight's
  end state holds each side's uses left; a broken weapon leaves the inventory
  (FE8) and the next carried weapon is equipped.
- Weapon ranks by use (L5): damaging hits counted per weapon type, "If a unit
  lands a killing blow, that hit counts twice", ranks rising at 10/30/60...
  (``ranks.add_uses``). Party units only (G1-61: enemies gain neither EXP nor ranks).
- Supports (L118-121): "Fights adjacent to each other": each party unit that
  fought counts one fight with every party ally next to it (one per pair per fight).
- EXP (L123-128) by the party chart: under ``exp_per = fight`` each fight that
  defeats enemy units awards the chart's amount for that many units "for the
  entire party" (``exp_award``: each member, or split); 100 EXP is a level-up,
  rolled now (the growth d100s logged, remainders carried, L13-26). Under
  ``battle`` the award comes once, when the battle is won (``award_battle``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tactician.counted import counted
from tactician.dice.source import DiceSource
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_common.battle import gains
from tactician.rulesets.fe_common.character import experience, ranks
from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER, Side
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.battle_units import equipped_weapon, klass
from tactician.rulesets.fe_tabletop.fight import FightPlan, FightResult
from tactician.rulesets.fe_tabletop.options import TabletopOptions

Records = list[dict[str, Any]]


def after_fight(
    state: TabletopBattle, ids: tuple[str, str], plan: FightPlan, result: FightResult,
    dice: DiceSource, options: TabletopOptions,
) -> tuple[TabletopBattle, Records]:
    """Durability, ranks, supports and EXP after one fight (attacker, defender ids)."""
    records: Records = []
    for index, side in enumerate((ATTACKER, DEFENDER)):
        state, more = _wear(state, ids[index], plan, result, side)
        records += more
    for index, side in enumerate((ATTACKER, DEFENDER)):
        state, more = _rank_uses(state, ids[index], plan, result, side)
        records += more
    state, more = _fought_together(state, ids)
    records += more
    if options.exp_per == "fight":
        fallen = [i for i in ids if state.unit(i).out and state.unit(i).side != state.party]
        if fallen:
            state, more = award(state, len(fallen), dice, options, "defeating")
            records += more
    return state, records


def _wear(state: TabletopBattle, unit_id: str, plan: FightPlan, result: FightResult,
          side: Side) -> tuple[TabletopBattle, Records]:
    fighter = plan.attacker if side == ATTACKER else plan.defender
    weapon = fighter.weapon
    left = result.end.uses[0 if side == ATTACKER else 1]
    unit = state.unit(unit_id)
    if weapon is None or left is None or unit.uses.get(weapon.name) == left:
        return state, []
    uses = {**unit.uses, weapon.name: left}
    if left > 0:
        return state.replace_units(unit.model_copy(update={"uses": uses})), []
    inventory = list(unit.character.inventory)
    inventory.remove(weapon.name)
    del uses[weapon.name]
    broken = unit.model_copy(update={
        "uses": uses, "character": unit.character.model_copy(
            update={"inventory": tuple(inventory)})})
    nxt = equipped_weapon(broken.model_copy(update={"equipped": None}))
    broken = broken.model_copy(update={"equipped": nxt.name if nxt else None})
    return state.replace_units(broken), [{"type": "weapon_broke", "unit": unit_id,
                                          "weapon": weapon.name,
                                          "text": f"{unit.name}'s {weapon.name} breaks"}]


def _rank_uses(state: TabletopBattle, unit_id: str, plan: FightPlan, result: FightResult,
               side: Side) -> tuple[TabletopBattle, Records]:
    unit = state.unit(unit_id)
    weapon = (plan.attacker if side == ATTACKER else plan.defender).weapon
    if unit.side != state.party or weapon is None:
        return state, []
    character, records = gains.rank_uses(unit.character, unit_id, weapon.type,
                                         result.rank_uses(side), unit.name)
    if not records:
        return state, []
    return state.replace_units(unit.with_character(character)), records


def add_rank_use(state: TabletopBattle, unit_id: str, weapon_type: str
                 ) -> tuple[TabletopBattle, Records]:
    """One counted use (a staff use, L5 "use the weapon/staff a certain amount of times")."""
    unit = state.unit(unit_id)
    if unit.side != state.party:
        return state, []
    character, ups = ranks.add_uses(unit.character, {weapon_type: 1})
    records: Records = [{"type": "rank_up", "unit": unit_id, "weapon_type": up.weapon_type,
                         "before": up.before, "after": up.after,
                         "text": f"{unit.name}'s {up.weapon_type} rank rises "
                                 f"{up.before} -> {up.after}"} for up in ups]
    return state.replace_units(unit.with_character(character)), records


def _fought_together(state: TabletopBattle, ids: Iterable[str]) -> tuple[TabletopBattle, Records]:
    """Each party fighter and every party ally next to it: one more fight together."""
    book = state.support_book()
    pairs: set[tuple[str, str]] = set()
    for unit_id in ids:
        unit = state.unit(unit_id)
        if unit.side != state.party or unit.position is None:
            continue
        for other in state.units:
            if (other.id != unit.id and other.side == state.party and other.on_map
                    and other.position is not None
                    and manhattan(other.position, unit.position) == 1):
                pairs.add((min(unit.id, other.id), max(unit.id, other.id)))
    records: Records = []
    for a, b in sorted(pairs):
        book = book.fought_together(a, b)
        fights = book.fights[(a, b)]
        ready = book.next_rank(a, b)
        records.append({"type": "support_fight", "units": [a, b], "fights": fights,
                        "text": f"{a} and {b} fought together ({counted(fights, 'fight')}"
                                + (f"; {ready} support ready" if ready else "") + ")"})
    return (state.with_supports(book) if pairs else state), records


def award(state: TabletopBattle, defeated: int, dice: DiceSource, options: TabletopOptions,
          why: str) -> tuple[TabletopBattle, Records]:
    """The party chart's EXP for ``defeated`` enemy units to every standing party unit."""
    members = [u for u in state.units if u.side == state.party and not u.out]
    amount = gains.party_exp(defeated, len(members), options)
    records: Records = [{"type": "exp", "amount": amount, "units": [u.id for u in members],
                         "text": f"the party gains {amount} EXP each for {why} "
                                 f"{counted(defeated, 'enemy unit')} (001 L125 chart)"}]
    for member in members:
        character, gain = experience.gain_exp(member.character, amount, klass(member), dice,
                                              options)
        unit = member.with_character(character)
        records += [gains.level_record(unit.id, unit.name, up) for up in gain.level_ups]
        state = state.replace_units(unit)
    return state, records
