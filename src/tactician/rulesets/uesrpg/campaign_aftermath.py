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
from dataclasses import asdict
from typing import Any

from tactician.rulesets.uesrpg.battle_state import UesrpgBattle


def aftermath(state: UesrpgBattle) -> dict[str, dict[str, Any]]:
    """By character name: the unit's HP, SP, MP, wounds, lost parts, conditions and
    whether it is dead, as the battle left them."""
    return {unit.character.name: carried_of(unit) for unit in state.units}


def carried_of(unit: Any) -> dict[str, Any]:
    """What a unit (a battle's ``UnitState`` or a ``CombatState``) carries: JSON-ready."""
    return {
        "hp": unit.hp,
        "sp": unit.sp,
        "mp": unit.mp,
        "wounds": [_plain(asdict(w)) for w in unit.wounds],
        "lost": sorted(unit.lost),
        "conditions": [_plain(asdict(c)) for c in unit.conditions],
        "dead": unit.dead,
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_plain(v) for v in value]
    return value


def muster(state: UesrpgBattle, carried: Mapping[str, Mapping[str, Any]]) -> UesrpgBattle:
    """The battle's start with each roster character as its last battle left it: HP,
    SP, MP, wounds, lost parts and conditions carry on (003 heals them only by rest,
    magic and treatment). A character who died is refused ("death" is final: 003
    gives no return from it)."""
    from tactician.errors import RulesError
    from tactician.rulesets.uesrpg.battle_state import combat, with_combat
    from tactician.rulesets.uesrpg.roster_care import with_carried

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
