"""Combat on the map: the fight of ``fight.py`` between two units where they stand.

002 L45-47 "First, a player must choose a foe to attack ... The player then
must choose which weapon they wish to use"; L49-51 "The defender will always use
the weapon which was last used, without being able to change it."; L139-141 the
counter only in range; L99-101 a weapon lost to a failed break check "is removed
from the units inventory". Terrain under each unit gives its Def and Avoid
(L173-177). A sleeping unit cannot counter (FE8); a silenced one cannot use
tomes or staves.
"""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.fe_classic import fight, staves
from tactician.rulesets.fe_classic.battle_state import ClassicBattle, ClassicUnit
from tactician.rulesets.fe_classic.combatant import Combatant, combatant, on_tile
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_common.compendium import FE8Weapon, load_fe8

MAGIC = ("anima", "light", "dark", "staff")


def weapons_of(unit: ClassicUnit) -> list[FE8Weapon]:
    fe8 = load_fe8()
    return [fe8.weapon(n) for n in unit.character.inventory if fe8.is_weapon(n)]


def usable(unit: ClassicUnit, weapon: FE8Weapon) -> bool:
    return not ("silence" in unit.statuses and weapon.type in MAGIC)


def fighter(state: ClassicBattle, unit: ClassicUnit, weapon: FE8Weapon | None,
            options: ClassicOptions) -> Combatant:
    character = unit.character.model_copy(update={"hp": unit.hp})
    c = combatant(character, load_fe8().klass(unit.class_name), weapon, options)
    return on_tile(c, state.tile_at(unit.position) if unit.position is not None else None)


def attack_weapon(unit: ClassicUnit, name: str | None, distance: int) -> FE8Weapon:
    """The named weapon, else the last one used if it reaches, else the first that does."""
    carried = weapons_of(unit)
    if name is not None:
        for weapon in carried:
            if weapon.name.casefold() == name.casefold():
                if not usable(unit, weapon):
                    raise RulesError(f"{unit.name} is silenced and cannot use {weapon.name}")
                return weapon
        raise RulesError(f"{unit.name} does not carry {name!r}; carries "
                         f"{', '.join(unit.character.inventory) or 'nothing'}")
    order = sorted(carried, key=lambda w: w.name != unit.equipped)
    for weapon in order:
        if weapon.type != "staff" and usable(unit, weapon) and fight.reaches(
                weapon, distance, unit.character.stats.pow):
            return weapon
    raise RulesError(f"{unit.name} has no weapon that reaches distance {distance}")


def defence_weapon(unit: ClassicUnit) -> FE8Weapon | None:
    """The weapon it last used (C-14), else its first non-staff weapon (G2-15); none
    while asleep or when silenced with a tome."""
    if "sleep" in unit.statuses:
        return None
    carried = weapons_of(unit)
    chosen = next((w for w in carried if w.name == unit.equipped and w.type != "staff"), None)
    chosen = chosen or next((w for w in carried if w.type != "staff"), None)
    return chosen if chosen is not None and usable(unit, chosen) else None


def plan_attack(state: ClassicBattle, attacker: ClassicUnit, target: ClassicUnit,
                weapon_name: str | None) -> fight.FightPlan:
    assert attacker.position is not None and target.position is not None
    distance = manhattan(attacker.position, target.position)
    options = state.rules_options()
    weapon = attack_weapon(attacker, weapon_name, distance)
    return fight.plan_fight(fighter(state, attacker, weapon, options),
                            fighter(state, target, defence_weapon(target), options),
                            distance, options)


def plan_staff(state: ClassicBattle, user: ClassicUnit, target: ClassicUnit,
               staff_name: str | None) -> staves.StaffPlan:
    assert user.position is not None and target.position is not None
    options = state.rules_options()
    offensive = [w for w in weapons_of(user) if staves.status_of(w.name) is not None
                 and (staff_name is None or w.name.casefold() == staff_name.casefold())]
    if not offensive:
        raise RulesError(f"{user.name} carries no offensive staff"
                         + (f" called {staff_name!r}" if staff_name else ""))
    if not usable(user, offensive[0]):
        raise RulesError(f"{user.name} is silenced and cannot use a staff")
    return staves.plan_staff(fighter(state, user, offensive[0], options),
                             fighter(state, target, None, options),
                             manhattan(user.position, target.position), options)


def without(unit: ClassicUnit, weapon: str) -> ClassicUnit:
    """The unit after a failed break check: the weapon is gone from its inventory."""
    inventory = list(unit.character.inventory)
    inventory.remove(next(n for n in inventory if n.casefold() == weapon.casefold()))
    character = unit.character.model_copy(update={"inventory": tuple(inventory)})
    equipped = None if unit.equipped and unit.equipped.casefold() == weapon.casefold() \
        else unit.equipped
    return unit.model_copy(update={"character": character, "equipped": equipped})
