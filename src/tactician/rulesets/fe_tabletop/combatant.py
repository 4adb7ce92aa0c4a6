"""One side of a fe-tabletop fight: the numbers 001's formulas read.

Built from a ``Unit`` and its equipped weapon by ``combatant``; the battle
layer adds what depends on the board: the tile's hit modifiers (001 L72-76)
and the adjacent support bonus (L118-121).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tactician.rulesets.fe_common.character.classes import MoveKind
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon, as_repaired
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.terrain import TabletopTerrain, tile_modifiers


@dataclass(frozen=True, slots=True)
class Combatant:
    name: str
    hp: int
    pow: int
    skl: int
    spd: int
    lck: int
    def_: int
    res: int
    con: int
    weapon: TabletopWeapon | None
    uses: int | None = None
    tile_enemy_hit: int = 0  # subtracted from enemies' hit against this unit (Forest 20...)
    tile_own_hit: int = 0  # subtracted from this unit's own hit (Mountains 5, Forests 5)
    support_hit: int = 0
    support_damage: int = 0


def combatant(
    unit: Unit,
    weapon: TabletopWeapon | None,
    *,
    uses: int | None = None,
    tile_enemy_hit: int = 0,
    tile_own_hit: int = 0,
    support_hit: int = 0,
    support_damage: int = 0,
) -> Combatant:
    """``uses`` defaults to the weapon's full durability (a fresh weapon); the weapon
    carries the unit's Artisan repairs (001 L94)."""
    s = unit.stats
    weapon = as_repaired(weapon, unit.repairs) if weapon is not None else None
    return Combatant(
        name=unit.name,
        hp=unit.hp,
        pow=s.pow,
        skl=s.skl,
        spd=s.spd,
        lck=s.lck,
        def_=s.def_,
        res=s.res,
        con=unit.con,
        weapon=weapon,
        uses=uses if uses is not None else (weapon.uses if weapon else None),
        tile_enemy_hit=tile_enemy_hit,
        tile_own_hit=tile_own_hit,
        support_hit=support_hit,
        support_damage=support_damage,
    )


def on_tile(
    fighter: Combatant,
    tile: TabletopTerrain,
    kind: MoveKind,
    options: TabletopOptions,
    *,
    storm: bool = False,
) -> Combatant:
    """The fighter standing on ``tile``: its hit modifiers (001 L72-76) for its kind."""
    enemy_hit, own_hit = tile_modifiers(tile, kind, options, storm=storm)
    return replace(fighter, tile_enemy_hit=enemy_hit, tile_own_hit=own_hit)
