"""What a fe-classic battle leaves a campaign's characters, and what they bring back.

002 L56-58 "If a unit reaches 0HP in combat, they die, and cannot be resurrected
in any way barring a miracle or a particularly kind DM": a fallen player unit is
carried back as dead and refused at the next muster (the DM's miracle is an
edit of the roster). L100-101 a weapon lost to a failed break check "is removed
from the units inventory": the inventory is carried as the battle left it. HP
is not carried: 002 has no rule for healing between battles, and GBA units
start every chapter whole (a Tactician reading). EXP is 001's (002 has none):
the party chart for the battle's enemy count (001 L125-128, ``party_award``),
each surviving member's share (``exp_award``) noted as ``exp_due`` for the GM to
give with a level-up's dice (001 L123: 100 EXP a level, the rest carried).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_common.character.experience import party_award, share


def aftermath(state: ClassicBattle) -> dict[str, dict[str, Any]]:
    first = state.sides[0]
    mine = [u for u in state.units if isinstance(u, ClassicUnit) and u.side == first]
    fought = [u for u in mine if u.deployed]
    enemies = sum(1 for u in state.units if u.side != first)
    options = state.rules_options()
    survivors = [u for u in fought if not u.out]
    due = share(party_award(enemies, options), len(survivors), options) if survivors else 0
    return {u.character.name: {"dead": u.out, "inventory": list(u.character.inventory),
                               "exp_due": due if u in survivors else 0}
            for u in mine}


def muster(state: ClassicBattle, carried: Mapping[str, Mapping[str, Any]]) -> ClassicBattle:
    changed = []
    for unit in state.units:
        assert isinstance(unit, ClassicUnit)
        mine = carried.get(unit.character.name)
        if mine is None:
            continue
        if mine.get("dead"):
            raise RulesError(f"{unit.character.name} died in battle and cannot be resurrected "
                             "(002 L56-58); take them off the roster")
        inventory = mine.get("inventory")
        if isinstance(inventory, list):
            items = tuple(str(i) for i in inventory)
            character = unit.character.model_copy(update={"inventory": items})
            equipped = unit.equipped if unit.equipped in items else None
            changed.append(unit.model_copy(update={"character": character,
                                                   "equipped": equipped}))
    return state.replace_units(*changed)
