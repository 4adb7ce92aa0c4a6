"""Siege spaces: Embark and Disembark, and the siege weapon an embarked unit uses.

Source: 000 Bonus Actions: "Embark/Disembark: Take or abandon control of a siege
vehicle or special space, such as a ballista or mage tower." Enemy tiers: Mob
"Main Actions ... Embark/Disembark"; Army and Elite list it among "Bonus
Actions".

A siege space is terrain tagged ``siege`` whose entry names its weapon with a
tag ``weapon:<name>`` (``data/terrain.yaml``: ballista, iron ballista, killer
ballista, mage tower). Core terrain has no weapon field and never reads tags;
this module reads them. Rulings (``docs/rulings.md``, Tropera "Battles"):

* while embarked the unit attacks (and counterattacks) with the space's weapon
  only; the siege weapon is the space's, never in the unit's inventory;
* an embarked unit cannot move until it disembarks (being picked up by a
  rescuer abandons the space too);
* wielding a ballista needs Bow proficiency at the weapon's rank (FE8 ballistae
  are bows); a mage tower's spell needs any tome proficiency (Light, Anima or
  Dark) at the spell's rank, if it has one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.grid.terrain import TerrainType
from tactician.rulesets.tropera.action_checks import actor, bonus_action, finish, main_action
from tactician.rulesets.tropera.action_registry import ACTIONS
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.combatant import usable_problem
from tactician.rulesets.tropera.compendium import Compendium, load_compendium
from tactician.rulesets.tropera.models import MAGIC_TYPES, Character, Weapon
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.stats import rank_index

SIEGE_TAG = "siege"
WEAPON_TAG = "weapon:"


def siege_weapon_name(terrain: TerrainType) -> str | None:
    """The weapon a siege space offers (its ``weapon:<name>`` tag), or None."""
    if not terrain.has_tag(SIEGE_TAG):
        return None
    for tag in terrain.tags:
        if tag.casefold().startswith(WEAPON_TAG):
            name = tag[len(WEAPON_TAG) :].strip()
            if name:
                return name
    return None


def siege_problem(
    character: Character, weapon: Weapon, transformed: bool, rank_required: bool = True
) -> str | None:
    """Why ``character`` cannot work the siege ``weapon``, or None.

    A ballista is a bow: the ordinary check (Bow proficiency, the weapon's rank,
    no beast form). A tome (a mage tower's spell): any tome proficiency (ruling),
    at the spell's rank if it has one.
    """
    if weapon.type not in MAGIC_TYPES:
        return usable_problem(character, weapon, transformed, rank_required)
    if character.kind.startswith("laguz") and transformed:
        return f"{character.name} is in beast form and can only use natural weapons"
    ranks = [r for p, r in character.proficiencies.items() if p in MAGIC_TYPES]
    if not ranks:
        return (
            f"{character.name} has no tome proficiency (light, anima or dark) to work "
            f"the {weapon.name}"
        )
    best = max(ranks, key=rank_index)
    if rank_required and weapon.rank and rank_index(best) < rank_index(weapon.rank):
        return f"{weapon.name} needs tome rank {weapon.rank}; {character.name} has {best}"
    return None


def siege_weapon(unit: Unit, compendium: Compendium | None = None) -> Weapon | None:
    """The siege weapon ``unit`` fights with while embarked, or None."""
    if unit.embarked is None or unit.carried_by is not None:
        return None
    return (compendium or load_compendium()).weapon(unit.embarked)


def check_weapon_choice(unit: Unit, weapon: Any) -> None:
    """An embarked unit attacks with its siege weapon: naming another is refused."""
    if unit.embarked is None or weapon is None:
        return
    if not isinstance(weapon, str) or weapon.casefold() != unit.embarked.casefold():
        raise RulesError(
            f"{unit.name} is embarked on the {unit.embarked} and attacks with it; "
            "disembark first to use another weapon"
        )


def abandon(unit: Unit) -> Unit:
    """``unit`` off its siege space: not embarked, and a siege weapon recorded as
    equipped (attacking "automatically equips" the weapon used) put back, so the
    unit wields its first usable weapon again."""
    if unit.embarked is None:
        return unit
    update: dict[str, Any] = {"embarked": None}
    if unit.equipped is not None and unit.equipped.casefold() == unit.embarked.casefold():
        update["equipped"] = None
    return unit.model_copy(update=update)


def _spend(unit: Unit, what: str) -> dict[str, Any]:
    """Embark/Disembark is a bonus action; a Mob's main action ("Mob ... Main
    Actions ... Embark/Disembark")."""
    if unit.tier == "mob":
        main_action(unit, what)
        return {"acted": True}
    bonus_action(unit, what)
    return {"bonus_used": True}


@ACTIONS.register("embark")
def embark(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Embark ``{unit}``: "Take ... control of a siege vehicle or special space,
    such as a ballista or mage tower" — the space the unit stands on (terrain
    tagged ``siege`` naming its ``weapon:``). A bonus action (a Mob's main action)."""
    unit = actor(state, action)
    if unit.carried_by is not None or unit.position is None:
        raise RulesError(f"{unit.name} is being carried and stands on no space")
    if unit.embarked is not None:
        raise RulesError(f"{unit.name} already controls the {unit.embarked}")
    terrain = state.map.board().terrain_at(unit.position)
    name = siege_weapon_name(terrain)
    if name is None:
        raise RulesError(
            f"{unit.name} stands on {terrain.name}; only a siege space such as a ballista "
            "or mage tower (terrain tagged siege with a weapon:) can be embarked"
        )
    weapon = load_compendium().weapon(name)
    problem = siege_problem(unit.character, weapon, unit.transformed, options.weapon_rank_required)
    if problem is not None:
        raise RulesError(problem)
    update = _spend(unit, "Embark")
    main = "acted" in update
    update["embarked"] = weapon.name
    return finish(
        state.replace_units(unit.model_copy(update=update)),
        Outcome(
            f"{unit.name} embarks on the {terrain.name} at {unit.position} ({weapon.name})",
            [
                {
                    "type": "embark",
                    "unit": unit.id,
                    "tile": list(unit.position),
                    "terrain": terrain.name,
                    "weapon": weapon.name,
                    "main_action": main,
                }
            ],
        ),
    )


@ACTIONS.register("disembark")
def disembark(
    state: TroperaBattle, action: Mapping[str, Any], dice: DiceSource, options: TroperaOptions
) -> tuple[TroperaBattle, Outcome]:
    """Disembark ``{unit}``: "abandon control of a siege vehicle or special space".
    A bonus action (a Mob's main action); the unit stays on the space and may move
    on with the movement it has left."""
    unit = actor(state, action)
    if unit.embarked is None:
        raise RulesError(f"{unit.name} is not embarked on a siege space")
    update = _spend(unit, "Disembark")
    main = "acted" in update
    weapon = unit.embarked
    changed = abandon(unit).model_copy(update=update)
    return finish(
        state.replace_units(changed),
        Outcome(
            f"{unit.name} disembarks from the {weapon}",
            [{"type": "disembark", "unit": unit.id, "weapon": weapon, "main_action": main}],
        ),
    )
