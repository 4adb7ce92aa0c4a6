"""One fe-tabletop fight on dice, told strike by strike: the records and the summary
line that ``tactician attack`` and the battle's ``attack`` both give.

001 L45 "roll a 1d100. If you hit, deal damage listed upon the damage dice for the
weapon"; L47 the counter. Each strike names its striker and target, the Hit and
Crit it was rolled against, every die that decided it, what it did and the
target's HP after; the summary says who attacked whom with what, what each strike
did and both sides' HP after, as the other rulesets' summaries do (``fight_summary``).
Written once, so the two commands cannot tell a fight differently.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactician.rulesets.fe_common.exchange import ATTACKER, DEFENDER, StrikeRecord
from tactician.rulesets.fe_tabletop import fight, numbers
from tactician.rulesets.fe_tabletop.options import TabletopOptions

# what a strike did, as the summary says it
DID = {"hit": "hits for {damage}", "crit": "crits for {damage}", "miss": "misses",
       "fumble": "fumbles"}


def strike_records(plan: fight.FightPlan, result: fight.FightResult, options: TabletopOptions,
                   names: tuple[str, str] | None = None) -> list[dict[str, Any]]:
    """Every strike of the resolved fight with the dice that decided it; ``names``
    (attacker, defender) label the two sides (default: the plan's own names)."""
    label = dict(zip((ATTACKER, DEFENDER), names or (plan.attacker.name, plan.defender.name),
                     strict=True))
    fighters = {ATTACKER: (plan.attacker, plan.defender), DEFENDER: (plan.defender, plan.attacker)}
    target_of = {ATTACKER: DEFENDER, DEFENDER: ATTACKER}
    notes = [n for n in result.chance.notes if isinstance(n.record, StrikeRecord)]
    strikes = []
    for number, note in enumerate(notes, start=1):
        r: StrikeRecord = note.record
        me, other = fighters[r.side]
        strikes.append({
            "number": number, "striker": label[r.side], "target": label[target_of[r.side]],
            "hit": numbers.hit_chance(me, other, options),
            "crit": numbers.crit_chance(me),
            "rolls": [{"purpose": d.purpose, "dice": list(d.faces), "value": d.value}
                      for d in note.decisions],
            "outcome": r.outcome, "damage": r.damage, "target_hp": r.target_hp,
            "weapon_broke": r.weapon_broke,
            "effects": ["weapon broke"] if r.weapon_broke else [],
        })
    return strikes


def fight_summary(names: tuple[str, str], weapon: str, strikes: Sequence[dict[str, Any]],
                  hp: tuple[int, int], max_hp: tuple[int, int]) -> str:
    """``Kyle attacks Fighter with Iron Lance: Kyle hits for 9, Fighter misses; Kyle
    15/15 HP, Fighter 10/19 HP``."""
    told = ", ".join(f"{s['striker']} " + DID.get(s["outcome"], s["outcome"]).format(
        damage=s["damage"]) for s in strikes) or "no strike lands"
    return (f"{names[0]} attacks {names[1]} with {weapon}: {told}; "
            f"{names[0]} {hp[0]}/{max_hp[0]} HP, {names[1]} {hp[1]}/{max_hp[1]} HP")
