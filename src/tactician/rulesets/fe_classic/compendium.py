"""fe-classic's compendium: the 44 terrain rows, the FE8 classes with their 002
unit type, the FE8 weapons and items (002 names weapons, L50 "an Iron Sword",
without numbers: FE8's fill them, spec §3.2)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.fe_classic.fumbles import load_fumbles
from tactician.rulesets.fe_classic.terrain import load_terrain
from tactician.rulesets.fe_classic.unit_types import LABELS, class_tags, unit_type
from tactician.rulesets.fe_common.compendium import load_fe8


def compendium() -> dict[str, dict[str, Any]]:
    fe8 = load_fe8()
    classes = {
        key: entry.model_dump(mode="json", by_alias=True)
        | {"unit_type": LABELS[unit_type(entry)], "effective_tags": sorted(class_tags(entry))}
        for key, entry in fe8.classes.items()
    }
    return {
        "terrain": dict(load_terrain()),
        "fumbles": dict(load_fumbles()),
        "classes": classes,
        "weapons": dict(fe8.weapons),
        "items": dict(fe8.items),
    }
