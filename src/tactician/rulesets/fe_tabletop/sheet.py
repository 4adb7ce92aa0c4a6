"""A unit's weapon lines before any enemy is known (001 L46).

001 L46: "(It is highly recommended the player determines their hit chance
wielding weapons before the game begins)". For each carried weapon: the hit
before the enemy's Speed, Luck, triangle and terrain (weapon hit + half Str/Mag
+ double Skill - the weight penalty), the crit (L51), the damage roll before
defence (L45) and the speed used for doubling (L48).
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.dice.distribution import DiceSum
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon, as_repaired
from tactician.rulesets.fe_tabletop.numbers import weight_penalty
from tactician.rulesets.fe_tabletop.options import TabletopOptions


@dataclass(frozen=True, slots=True)
class WeaponLine:
    weapon: str
    base_hit: int
    crit: int
    damage: str
    attack_speed: int
    uses: int | None


def weapon_line(unit: Unit, weapon: TabletopWeapon, options: TabletopOptions) -> WeaponLine:
    s = unit.stats
    weapon = as_repaired(weapon, unit.repairs)
    penalty = weight_penalty(weapon.weight, unit.con, options)
    flat = s.pow // 2 - weapon.repairs
    damage = "-" if weapon.damage is None else str(
        DiceSum(weapon.damage.dice, weapon.damage.bonus + flat))
    return WeaponLine(
        weapon=weapon.name,
        base_hit=weapon.hit + s.pow // 2 + 2 * s.skl - penalty,
        crit=s.lck // 2 + weapon.crit,
        damage=damage,
        attack_speed=s.spd - penalty,
        uses=weapon.uses,
    )
