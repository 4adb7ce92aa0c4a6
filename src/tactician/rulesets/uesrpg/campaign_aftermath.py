"""What a UESRPG unit carries from an ended battle back to the campaign's roster.

003 keeps a character's hurts beyond the encounter: HP comes back only by healing
("Characters with no untreated wounds regenerate EB HP per Long Rest ...
Characters cannot heal naturally while they have untreated wounds"), a wound
stays until treated ("A wound can be treated with a successful Profession
[Medicine] test (takes ~1 hour). Once treated, the character can heal naturally
again"), a Maimed part is "permanently lost", and conditions run their own
course (those that end with the encounter, such as Frenzied, have already
ended when the battle does). So the roster keeps HP, Stamina, Magicka, every
wound, every lost part, the conditions still on, and whether the character died.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.rulesets.uesrpg.battle_state import UesrpgBattle
from tactician.rulesets.uesrpg.carried import carried_of, with_carried


def aftermath(state: UesrpgBattle) -> dict[str, dict[str, Any]]:
    """By character name: the unit's HP, SP, MP, wounds, lost parts, conditions and
    whether it is dead, as the battle left them."""
    return {unit.character.name: carried_of(unit) for unit in state.units}



def muster(state: UesrpgBattle, carried: Mapping[str, Mapping[str, Any]]) -> UesrpgBattle:
    """The battle's start with each roster character as its last battle left it: HP,
    SP, MP, wounds, lost parts and conditions carry on (003 heals them only by rest,
    magic and treatment). A character who died is refused ("death" is final: 003
    gives no return from it)."""
    from tactician.errors import RulesError
    from tactician.rulesets.uesrpg.battle_state import combat, with_combat

    changed = []
    for unit in state.units:
        kept = carried.get(unit.character.name)
        if not kept:
            continue
        if kept.get("dead"):
            raise RulesError(f"{unit.character.name} died in an earlier battle and cannot "
                             "take the field")
        changed.append(with_combat(unit, with_carried(combat(unit), kept)))
    return state.replace_units(*changed) if changed else state
