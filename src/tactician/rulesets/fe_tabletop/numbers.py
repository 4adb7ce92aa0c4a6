"""001's combat numbers: hit, crit, attack speed and doubling, damage of one hit.

001 L46: "Weapon's Hit Chance + Half Strength/Magic + Double Skill - Enemies'
Speed - 1/4 Enemies' Luck - Half Weapon's Weight if it exceeds units CON. After
adding Skill and STR/MAG, determine bonuses or penalties due to the weapon
triangle. If the weapon is superior, add +15% to the attack or if the opponent's
weapon is superior subtract -15% to your attack." L51: "(0% + Luck/2 + Weapon's
critical hit rate) ... deal x2 on the damage roll." L48: "If a unit's speed is
more than 5 points higher than the enemy they're attacking they get two attacks
... If a unit is equipping a weapon upon them greater than their CON, they
subtract half the weapon's weight from their speed". L45: "Add damage to your
damage dice and add Strength or Magic/2 to the damage rolled." L53: "subtract an
amount of damage equal to half their defense/resistance ... (which half of 1 is
counted as .5), they are considered to have a 0 Defense". Halves round down
(L53's example). Terrain: L72-76 ("-35% to enemies hit chance", "-5% to units
hit chance"); supports: L121 ("+5 to Hit and +2 Damage").
"""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.contract.modifiers import Modifier, clamp_terms, total
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon
from tactician.rulesets.fe_common.triangle import advantage
from tactician.rulesets.fe_tabletop.combatant import Combatant
from tactician.rulesets.fe_tabletop.options import TabletopOptions

TRIANGLE_HIT = 15
DOUBLING_MARGIN = 5  # "more than 5 points higher"
BOUNDED = 'Tactician: a chance under 0 or over 100 reads as 0 or 100 (001 L45: "roll a 1d100")'


def weight_penalty(weight: int, con: int, options: TabletopOptions) -> int:
    """Half the weight when it exceeds CON (ruling ``weight_penalty``: or half the excess)."""
    if weight <= con:
        return 0
    return weight // 2 if options.weight_penalty == "half_weight" else (weight - con) // 2


def _weight(unit: Combatant) -> int:
    return unit.weapon.weight if unit.weapon else 0


def attack_speed(unit: Combatant, options: TabletopOptions) -> int:
    """Speed for the doubling check: minus half a weapon's weight over CON (L48)."""
    return unit.spd - weight_penalty(_weight(unit), unit.con, options)


def triangle_hit(attacker: Combatant, defender: Combatant) -> int:
    a = attacker.weapon.type if attacker.weapon else None
    d = defender.weapon.type if defender.weapon else None
    return TRIANGLE_HIT * advantage(a, d)


def hit_terms(attacker: Combatant, defender: Combatant, options: TabletopOptions
              ) -> tuple[Modifier, ...]:
    """001 L46's hit, then triangle, tiles and support, term by term, with the term
    that keeps it in 0..100 (the d100 reads it); ``hit_chance`` is their sum."""
    weapon = _armed(attacker)
    enemy_speed = defender.spd if options.hit_enemy_speed == "raw" else attack_speed(
        defender, options)
    l46 = "001 L46"
    terms = (
        Modifier("hit", weapon.hit, "weapon's Hit", f'{l46}: "Weapon\'s Hit Chance"'),
        Modifier("hit", attacker.pow // 2, "half Strength/Magic",
                 f'{l46}: "+ Half Strength/Magic"'),
        Modifier("hit", 2 * attacker.skl, "double Skill", f'{l46}: "+ Double Skill"'),
        Modifier("hit", -enemy_speed, "enemy's Speed", f'{l46}: "- Enemies\' Speed"'),
        Modifier("hit", -(defender.lck // 4), "quarter of enemy's Luck",
                 f'{l46}: "- 1/4 Enemies\' Luck"'),
        Modifier("hit", -weight_penalty(weapon.weight, attacker.con, options),
                 "weapon weight over CON",
                 f'{l46}: "- Half Weapon\'s Weight if it exceeds units CON"'),
        Modifier("hit", triangle_hit(attacker, defender), "weapon triangle",
                 f'{l46}: "If the weapon is superior, add +15%"'),
        Modifier("hit", attacker.support_hit, "support", '001 L121: "+5 to Hit"'),
        Modifier("hit", -defender.tile_enemy_hit, "enemy's tile",
                 '001 L72-76: "-35% to enemies hit chance"'),
        Modifier("hit", -attacker.tile_own_hit, "own tile",
                 '001 L72-76: "-5% to units hit chance"'),
    )
    return clamp_terms("hit", terms, 0, 100, BOUNDED)


def hit_chance(attacker: Combatant, defender: Combatant, options: TabletopOptions) -> int:
    """001 L46's hit as ``hit_terms`` sums it."""
    return total(hit_terms(attacker, defender, options))


def crit_terms(attacker: Combatant) -> tuple[Modifier, ...]:
    """001 L51: "(0% + Luck/2 + Weapon's critical hit rate)", term by term."""
    terms = (
        Modifier("crit", attacker.lck // 2, "half Luck", '001 L51: "Luck/2"'),
        Modifier("crit", _armed(attacker).crit, "weapon's crit",
                 '001 L51: "Weapon\'s critical hit rate"'),
    )
    return clamp_terms("crit", terms, 0, 100, BOUNDED)


def crit_chance(attacker: Combatant) -> int:
    """001 L51: Luck/2 + the weapon's crit (``crit_terms``)."""
    return total(crit_terms(attacker))


def doubles(unit: Combatant, enemy: Combatant, options: TabletopOptions) -> bool:
    """Two attacks when attack speed exceeds the enemy's by more than 5 (ruling on its speed)."""
    enemy_speed = attack_speed(enemy, options) if options.doubling_enemy_speed == "effective" \
        else enemy.spd
    return attack_speed(unit, options) - enemy_speed > DOUBLING_MARGIN


def defence(attacker: Combatant, defender: Combatant) -> int:
    """Half the target's Def, or Res against magic (L53); 1 -> 0."""
    stat = defender.res if _armed(attacker).magic else defender.def_
    return stat // 2


def hit_damage(
    attacker: Combatant, defender: Combatant, dice_total: int, crit: bool, options: TabletopOptions
) -> int:
    """Damage of one hit from the faces' sum of the weapon's dice (ruling ``crit_doubles``)."""
    weapon = _armed(attacker)
    flat = (weapon.damage.bonus if weapon.damage else 0) - weapon.repairs + attacker.pow // 2
    flat += attacker.support_damage
    reduce = defence(attacker, defender)
    if not crit:
        return max(0, dice_total + flat - reduce)
    if options.crit_doubles == "dice_only":
        return max(0, 2 * dice_total + flat - reduce)
    if options.crit_doubles == "after_defense":
        return 2 * max(0, dice_total + flat - reduce)
    return max(0, 2 * (dice_total + flat) - reduce)


def _armed(unit: Combatant) -> TabletopWeapon:
    if unit.weapon is None or unit.weapon.damage is None:
        raise RulesError(f"{unit.name} has no weapon that deals damage")
    return unit.weapon
