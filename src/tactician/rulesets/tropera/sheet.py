"""The character sheet's derived numbers for each carried weapon.

Uses the same functions as combat (``numbers``), so the sheet never disagrees
with a forecast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.errors import TacticianError
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


def _weapon_rows(character: Any, compendium: Any) -> tuple[list[dict[str, Any]], str | None]:
    """Per-weapon numbers, or a note saying why they cannot be computed."""
    try:
        return list(weapon_rows(character, compendium)), None
    except TacticianError as exc:
        return [], f"weapon numbers unavailable: {exc}"


def sheet_data(character: Any, compendium: Any) -> dict[str, Any]:
    """The sheet as data: what ``show --json`` prints."""
    from tactician.rulesets.tropera.creation import character_problems, natural_weapons
    from tactician.rulesets.tropera.progression import (
        LAGUZ_KINDS,
        current_stats,
        item_slots,
        movement,
        relic_slots,
        weapon_slots,
    )

    problems = character_problems(character, compendium)
    rows, note = _weapon_rows(character, compendium) if not problems else ([], None)
    sheet: dict[str, Any] = {
        "name": character.name,
        "kind": character.kind,
        "level": character.level,
        "alt": character.alt,
        "stats": current_stats(character).as_dict(),
        "points": character.points.as_dict(),
        "growths": character.growths.as_dict(),
        "movement": movement(character),
        "feats": list(character.feats),
        "proficiencies": dict(character.proficiencies),
        "focus": character.focus,
        "inventory": {
            "weapons": [w if isinstance(w, str) else w.name for w in character.weapons],
            "weapon_slots": weapon_slots(character),
            "items": list(character.items),
            "item_slots": item_slots(character),
            "relic": character.relic,
            "relic_slots": relic_slots(character),
            "natural_weapons": [w.name for w in natural_weapons(character, compendium)],
            "equipped": character.equipped,
        },
        "weapons": rows,
        "problems": problems,
    }
    if character.kind in LAGUZ_KINDS:
        sheet["transformed"] = character.transformed
        sheet["movement_transformed"] = movement(character, transformed=True)
        sheet["movement_untransformed"] = movement(character, transformed=False)
    if note:
        sheet["note"] = note
    return sheet


def sheet_of(path: Path) -> dict[str, Any]:
    """The sheet of the unit file at ``path`` (the table layer's ``sheet`` service)."""
    from tactician.rulesets.tropera.compendium import load_compendium
    from tactician.rulesets.tropera.creation import load_character

    return sheet_data(load_character(path), load_compendium())
