"""The attacker's feat choices for one Attack action, checked against the map:
Grappler, Trample and Multishot; and Quick Draw, the defender's weapon switch.

Source (000 feats): Grappler: "When you make an attack, you can choose to
grapple your target instead of dealing damage"; Trample: "The first time you
deal damage to an enemy as part of your Attack action while you have at least
2 Movement remaining, you can deal extra damage equal to your Movement stat and
end your attack sequence in an empty space on the opposite side of your enemy";
Multishot: "Whenever you take the Attack action targeting an enemy that is not
adjacent to you, you can divide however many strikes you are eligible to make
against that target between any other targets within your attack range"; Quick
Draw: "Whenever you are attacked during the enemy's phase you will switch your
equipped weapon to the weapon with the most favorable effect on your chance to
avoid the attack and hit with a counterattack."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.errors import RulesError
from tactician.grid.ranges import manhattan
from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.battle_state import TroperaBattle, Unit
from tactician.rulesets.tropera.battle_units import (
    combatant,
    move_profile,
    movement_left,
)
from tactician.rulesets.tropera.combatant import Combatant, carried_weapons, usable_problem
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.movement import base_movement
from tactician.rulesets.tropera.options import TroperaOptions
from tactician.rulesets.tropera.progression import has_feat
from tactician.rulesets.tropera.sequence import Maneuver, strike_numbers

Tile = tuple[int, int]
TRAMPLE_NEED = 2  # "while you have at least 2 Movement remaining"


def trample_landing(state: TroperaBattle, unit: Unit, target: Unit) -> Tile:
    """The empty space on the opposite side of ``target``, or a refusal saying why not."""
    assert unit.position is not None and target.position is not None
    if manhattan(unit.position, target.position) != 1:
        raise RulesError("Trample needs the target adjacent (to end on its opposite side)")
    landing = (2 * target.position[0] - unit.position[0], 2 * target.position[1] - unit.position[1])
    board = state.map.board()
    if not board.in_bounds(landing):
        raise RulesError(f"Trample: the space beyond {target.name}, {landing}, is off the map")
    if state.at(landing) is not None:
        raise RulesError(f"Trample: the space beyond {target.name}, {landing}, is not empty")
    if move_profile(state, unit).step_for(board.terrain_at(landing).name) is None:
        raise RulesError(f"Trample: {unit.name} cannot stand on {landing}")
    return landing


def maneuver(
    state: TroperaBattle, unit: Unit, targets: list[Unit], action: Mapping[str, Any]
) -> tuple[Maneuver, Tile | None]:
    """The Maneuver an attack action asks for, and Trample's landing space."""
    grapple = bool(action.get("grapple", False))
    trample = 0
    landing = None
    if action.get("trample"):
        if not has_feat(unit.character, "Trample"):
            raise RulesError(f"{unit.name} needs the Trample feat to trample")
        if movement_left(state, unit) < TRAMPLE_NEED:
            raise RulesError(
                f"Trample needs at least 2 Movement remaining; {unit.name} has "
                f"{movement_left(state, unit)}"
            )
        landing = trample_landing(state, unit, targets[0])
        trample = base_movement(unit.character, unit.transformed, state.adverse_weather)
    shots: tuple[int, ...] = ()
    assignment = action.get("multishot")
    if assignment:
        ids = [t.id for t in targets]
        if not isinstance(assignment, list) or not all(isinstance(a, str) for a in assignment):
            raise RulesError("multishot lists target ids, one per strike: [a, b, a]")
        unknown = [a for a in assignment if a not in ids]
        if unknown:
            raise RulesError(f"multishot names {unknown}, which are not among the targets {ids}")
        shots = tuple(1 + ids.index(a) for a in assignment)
    return Maneuver(grapple=grapple, trample=trample, multishot=shots), landing


def multishot_in_range(
    state: TroperaBattle, attacker: Combatant, unit: Unit, targets: list[Unit]
) -> None:
    """Multishot's other targets must be "within your attack range"."""
    assert unit.position is not None
    for target in targets[1:]:
        assert target.position is not None
        if not numbers.in_range(
            attacker.weapon, attacker, manhattan(unit.position, target.position)
        ):
            raise RulesError(f"{target.name} is outside {unit.name}'s attack range")


def quick_draw(
    state: TroperaBattle,
    defender: Unit,
    attacker: Combatant,
    distance: int,
    options: TroperaOptions,
    compendium: Compendium,
) -> str | None:
    """The weapon a Quick Draw defender switches to: the best counter hit chance
    minus the attacker's hit chance (ties keep the equipped weapon), or None when
    the unit lacks the feat."""
    if not has_feat(defender.character, "Quick Draw"):
        return None
    best_name, best_score = defender.equipped, None
    for weapon in carried_weapons(defender.character, compendium):
        if weapon.heal is not None or usable_problem(
            defender.character, weapon, defender.transformed, options.weapon_rank_required
        ):
            continue
        armed = combatant(state, defender, weapon=weapon.name, compendium=compendium)
        against = strike_numbers(attacker, armed, options).hit
        back = (
            strike_numbers(armed, attacker, options).hit
            if numbers.in_range(weapon, armed, distance)
            else 0
        )
        score = back - against
        if (
            best_score is None
            or score > best_score
            or (score == best_score and weapon.name == defender.equipped)
        ):
            best_name, best_score = weapon.name, score
    return best_name
