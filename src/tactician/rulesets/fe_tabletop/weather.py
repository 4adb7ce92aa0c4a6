"""Rain and storms (001 L112).

001 L112: "the units' speeds are reduced to 1 per square (or 2 if
mounted/flying), though no other terrain bonuses/penalties are granted due to
the storm." The sentence is garbled (ruling ``storm``): by default
(``mov_minus``) a storm takes 1 from MOV (2 from mounted or flying units), to a
minimum of 1, and changes nothing else; ``flat_cost`` reads it as every square
costing 1 (2 for mounted or flying units) with the terrain's hit bonuses and
penalties suspended (``terrain.tile_modifiers(storm=True)``).
"""

from __future__ import annotations

from tactician.rulesets.fe_common.battle.weather import storm_mov
from tactician.rulesets.fe_tabletop.options import TabletopOptions


def storm_movement(mov: int, mounted_or_flying: bool, options: TabletopOptions) -> int:
    """MOV under a storm (``mov_minus``), else unchanged (``flat_cost`` acts on costs)."""
    if options.storm != "mov_minus":
        return mov
    return storm_mov(mov, mounted_or_flying)  # the one copy, shared with fe-classic


def storm_square_cost(mounted_or_flying: bool, options: TabletopOptions) -> int | None:
    """Under ``flat_cost``, what every square costs; None under ``mov_minus``."""
    if options.storm != "flat_cost":
        return None
    return 2 if mounted_or_flying else 1
