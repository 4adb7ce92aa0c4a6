"""A legal level-1 Tropera character to vary in creation and level-up tests."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.tropera.models import Character

# 35 points: 5+6+0+7+8+4+3+2
POINTS = {"hp": 5, "str": 6, "mag": 0, "skl": 7, "spd": 8, "lck": 4, "def": 3, "res": 2}
GROWTHS = {"hp": 3, "str": 2, "mag": 0, "skl": 3, "spd": 3, "lck": 2, "def": 1, "res": 1}


def make(**changes: Any) -> Character:
    """Aria, with ``changes``; ``points`` and ``growths`` are merged over hers."""
    data: dict[str, Any] = {
        "name": "Aria",
        "points": dict(POINTS),
        "growths": dict(GROWTHS),
        "feats": ["Adept"],
        "proficiencies": {"sword": "D"},
        "weapons": ["Iron Sword"],
        "items": ["Vulnerary"],
        "equipped": "Iron Sword",
    }
    for key, value in changes.items():
        data[key] = {**data[key], **value} if key in ("points", "growths") else value
    return Character.model_validate(data)
