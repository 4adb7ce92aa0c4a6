"""The exchange as a battle action: who may attack whom, and writing its end back.

001 L45-47 (002 L44-58): a unit attacks an enemy in its weapon's range as its
standard action; the defender counters if it can. The fight itself (hit,
damage, the strike order) is the ruleset's ``fe_common.exchange.Exchange``;
this module checks the attack is legal on the board and, once the fight is
resolved, writes the HP back, lets a fallen rescuer's charge down and says who
fell.
"""

from __future__ import annotations

from typing import TypeVar

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_common.battle.rescue import fallen_carrier
from tactician.rulesets.fe_common.battle.state import FeBattle, FeUnit
from tactician.rulesets.fe_common.battle.turn import check_standard

B = TypeVar("B", bound=FeBattle)


def check_attack(state: FeBattle, attacker: FeUnit, target: FeUnit) -> int:
    """The attack is allowed now (weapon range is the ruleset's); returns the distance."""
    check_standard(state, attacker)
    if not state.hostile(attacker, target):
        raise RulesError(f"{target.name} is an ally of {attacker.name}")
    if not target.on_map:
        raise RulesError(f"{target.name} is not standing on the map")
    assert attacker.position is not None and target.position is not None
    return manhattan(attacker.position, target.position)


def write_back(state: B, attacker: FeUnit, defender: FeUnit, hp: tuple[int, int]
               ) -> tuple[B, list[str]]:
    """Both units' HP after the fight; the fallen are named (and drop what they carry)."""
    a = attacker.model_copy(update={"hp": hp[0]})
    d = defender.model_copy(update={"hp": hp[1]})
    after = state.replace_units(a, d)
    lines = []
    for unit in (a, d):
        if unit.out:
            lines.append(f"{unit.name} falls")
            after = fallen_carrier(after, unit)
    return after, lines
