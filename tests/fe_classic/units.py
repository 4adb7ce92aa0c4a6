"""Combatants built from numbers, for the check cases of spec §5.3 (FC-1..FC-12)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tactician.rulesets.fe_classic.combatant import Combatant
from tactician.rulesets.fe_classic.terrain import load_terrain, terrain
from tactician.rulesets.fe_common.compendium import load_fe8


def weapon(name: str) -> Any:
    return load_fe8().weapon(name)


def tile(name: str) -> Any:
    return terrain(load_terrain(), name)


def fighter(name: str = "Unit", weapon_name: str | None = "Iron Sword", **stats: Any
            ) -> Combatant:
    """A combatant: every stat 0 unless given, 30 HP, foot, on no tile."""
    base = Combatant(
        name=name, class_name="Mercenary", hp=30, max_hp=30, pow=0, skl=0, spd=0, lck=0,
        def_=0, res=0, con=20, weapon=weapon(weapon_name) if weapon_name else None,
        s_rank=False, crit_bonus=0, unit_type="foot", tags=frozenset(),
    )
    if "tile" in stats and isinstance(stats["tile"], str):
        stats["tile"] = tile(stats["tile"])
    if "tags" in stats:
        stats["tags"] = frozenset(stats["tags"])
    return replace(base, **stats)
