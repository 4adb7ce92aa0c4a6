"""Small Tropera battle states for rule tests."""

from __future__ import annotations

from typing import Any

from tactician.engine.objectives import Objectives
from tactician.rulesets.tropera.battle_state import MapState, TroperaBattle, Unit
from tactician.rulesets.tropera.models import Character

LEGEND = {
    ".": "plain",
    "F": "forest",
    "M": "mountain",
    "~": "shallows",
    "f": "fort",
    "C": "cliff",
    "X": "wall",
}


def character(name: str, **changes: Any) -> Character:
    data: dict[str, Any] = {
        "name": name,
        "points": {"hp": 10, "str": 6, "skl": 6, "spd": 5, "lck": 3, "def": 4, "res": 1},
        "growths": {},
        "feats": ["Adept"],
        "proficiencies": {"sword": "D", "axe": "D", "lance": "D"},
        "weapons": ["Iron Sword"],
        "items": ["Vulnerary"],
    }
    data.update(changes)
    return Character.model_validate(data)


def unit(uid: str, at: tuple[int, int] | None, side: str = "player", **changes: Any) -> Unit:
    char_changes = changes.pop("character", {})
    c = character(changes.pop("name", uid.title()), **char_changes)
    from tactician.rulesets.tropera.progression import current_stats

    fields: dict[str, Any] = {
        "id": uid,
        "side": side,
        "number": changes.pop("number", 1),
        "character": c,
        "position": at,
        "hp": current_stats(c).get("hp"),
        "equipped": c.weapons[0] if c.weapons else None,
    }
    if side != "player":
        fields["tier"] = changes.pop("tier", "mob")
    fields.update(changes)
    return Unit(**fields)


def battle(rows: list[str], *units: Unit, **changes: Any) -> TroperaBattle:
    cells = tuple(LEGEND[ch] for row in rows for ch in row)
    return TroperaBattle(
        map=MapState(width=len(rows[0]), height=len(rows), cells=cells),
        units=units,
        objectives=changes.pop("objectives", Objectives()),
        **changes,
    )
