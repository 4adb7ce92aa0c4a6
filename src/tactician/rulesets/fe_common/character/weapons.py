"""001's weapons, read from the shared FE8 compendium.

001 L45 "deal damage listed upon the damage dice for the weapon", L46
"Weapon's Hit Chance", "Weapon's Weight", L51 "Weapon's critical hit rate", L52
"the weapon loses durability". Hit, crit, weight, range, rank and uses
(durability) are FE8's; the damage dice are ``conversions.damage_dice``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tactician.dice.distribution import DiceSum
from tactician.rulesets.fe_common.character.conversions import DAMAGE_DICE_SOURCE, damage_dice
from tactician.rulesets.fe_common.compendium import FE8Compendium, FE8Weapon


@dataclass(frozen=True, slots=True)
class TabletopWeapon:
    name: str
    type: str
    damage: DiceSum | None
    hit: int
    crit: int
    weight: int
    min_range: int
    max_range: int | None  # None: half the user's Magic, at least 5 (FE8 staves)
    uses: int | None
    rank: str
    magic: bool
    legendary: bool
    prf_for: tuple[str, ...]
    source: str
    damage_source: str = DAMAGE_DICE_SOURCE
    repairs: int = 0  # 001 L94 "Damage scales down by 1 point with each repair done to it."

    @property
    def staff(self) -> bool:
        return self.type == "staff"

    def reaches(self, distance: int, magic: int = 0) -> bool:
        """Whether the weapon can strike at ``distance`` (001 L47 "has range to attack")."""
        top = self.max_range if self.max_range is not None else max(5, magic // 2)
        return self.min_range <= distance <= top


def tabletop_weapon(entry: FE8Weapon, dice: DiceSum | None = None) -> TabletopWeapon:
    damage = dice or damage_dice(entry.might)
    return TabletopWeapon(
        name=entry.name,
        type=entry.type,
        damage=damage.with_purpose(f"damage ({entry.name})") if damage else None,
        hit=entry.hit,
        crit=entry.crit,
        weight=entry.weight,
        min_range=entry.range[0],
        max_range=entry.range[1],
        uses=entry.uses,
        rank=entry.rank,
        magic=entry.uses_magic,
        legendary=entry.legendary,
        prf_for=entry.prf_for,
        source=entry.source,
    )


def find_weapon(compendium: FE8Compendium, name: str) -> TabletopWeapon:
    return tabletop_weapon(compendium.weapon(name))


def as_repaired(weapon: TabletopWeapon, repairs: dict[str, int]) -> TabletopWeapon:
    """``weapon`` with the repairs its owner's Artisan gave it (001 L94 "Damage scales
    down by 1 point with each repair done to it"): a unit's ``repairs`` by weapon name."""
    done = repairs.get(weapon.name, 0)
    return replace(weapon, repairs=done) if done != weapon.repairs else weapon
