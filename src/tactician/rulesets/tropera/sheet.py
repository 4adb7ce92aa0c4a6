"""The character sheet's derived numbers for each carried weapon.

Uses the same functions as combat (``numbers``), so the sheet never disagrees
with a forecast.
"""

from __future__ import annotations

from typing import Any

from tactician.rulesets.tropera import numbers
from tactician.rulesets.tropera.combatant import build_combatant, carried_weapons, usable_problem
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.options import TroperaOptions


def weapon_rows(
    character: Character, compendium: Compendium, options: TroperaOptions | None = None
) -> list[dict[str, Any]]:
    """Hit, Avoid, Crit, Crit Avoid, damage stat (attack before the target's
    defense) and attack speed for every weapon the character carries."""
    options = options or TroperaOptions()
    unit = build_combatant(character, compendium, weapon=None)
    transformed = unit.transformed
    rows = []
    for weapon in carried_weapons(character, compendium):
        problem = usable_problem(character, weapon, transformed, options.weapon_rank_required)
        rows.append(
            {
                "weapon": weapon.name,
                "type": weapon.type,
                "might": weapon.might,
                "range": f"{weapon.range[0]}-{weapon.range[1]}"
                if weapon.range[0] != weapon.range[1]
                else str(weapon.range[0]),
                "hit": numbers.hit(unit, weapon),
                "avoid": numbers.avoid(unit),
                "crit": numbers.crit(unit, weapon, options),
                "crit_avoid": numbers.crit_avoid(unit),
                "damage_stat": numbers.damage_stat(unit, weapon, options)
                + numbers.might(unit, weapon, None),
                "targets": "Res" if numbers.targets_resistance(weapon) else "Def",
                "attack_speed": numbers.attack_speed(unit, weapon, options),
                "usable": problem is None,
                "note": problem or "",
            }
        )
    return rows
