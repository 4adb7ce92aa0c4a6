"""Everything a Miridon sheet derives from the stored character.

Each function cites the 004 words it follows. Battle-time bonuses that depend on the
battle state (Guardian of an ally, Guidance, stances, Charge, sniper range bands) are the
battle issues'; these are the values a character brings to a battle.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.rulesets.miridon.character import Character
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.models import Armor, Weapon
from tactician.rulesets.miridon.options import MiridonOptions
from tactician.rulesets.miridon.specials import rank_in
from tactician.rulesets.miridon.weight import balanced, max_weight_penalty, weight_penalty

UNARMED = "Unarmed"
BASE_ACTIVE_EVASION = 7  # "Every character starts with an [Active Evasion] of 7." (L1614)
AIMED_BONUS = (
    3  # "The [To Hit Bonus] of the [Aimed Attack] is increased by an additional +3." (L1840)
)
# "When the character is wielding the [Unarmed] weapon, the effects of the [Melee Boost]
# talent are doubled." (Dragon Claw L1412, Eldritch Grasp L1478, Death Worm Body L1488)
UNARMED_DOUBLERS = ("dragon claw", "eldritch grasp", "death worm body")


def flair_set(character: Character) -> frozenset[str]:
    return frozenset(f.casefold() for f in character.flairs)


def wielded(character: Character, compendium: Compendium) -> list[Weapon]:
    """The wielded weapons; with none, the [Unarmed] row (L3486; ruling ``unarmed``)."""
    names = character.weapons or (UNARMED,)
    return [compendium.weapon(n) for n in names]


def armor_of(character: Character, compendium: Compendium) -> Armor:
    return compendium.armor_piece(character.armor)


def max_hp(character: Character, options: MiridonOptions) -> int:
    """[Maximum Health Points] is used (L1666, L1736) but never defined for a character
    (gap M3). Ruling ``max_hp_formula``: 2 x (Max Strength + Max Speed)."""
    return 2 * (character.max_strength + character.max_speed)


def character_mwp(character: Character, compendium: Compendium, options: MiridonOptions) -> int:
    inhuman = rank_in(character, compendium, "Inhuman Strength")
    return max_weight_penalty(character.max_strength, inhuman, options)


def character_wp(character: Character, compendium: Compendium, options: MiridonOptions) -> int:
    weapons = [w for w in wielded(character, compendium) if w.name != UNARMED]
    return weight_penalty(
        weapons, armor_of(character, compendium).weight, flair_set(character), options
    )


def max_battle_strength(
    character: Character, compendium: Compendium, options: MiridonOptions
) -> int:
    """L1600: "[Maximum Battle Strength Points] ... are the [Maximum Strength Points] minus
    the [Weight Penalty]"; L65: Inhuman Strength "[Maximum Battle Strength Points] are
    increased by [Rank]". Never below 0."""
    value = character.max_strength - character_wp(character, compendium, options)
    return max(0, value + rank_in(character, compendium, "Inhuman Strength"))


def max_battle_speed(character: Character, compendium: Compendium) -> int:
    """L1604: Maximum Speed Points minus the armor's [Speed Point Reduction]; L115: Inhuman
    Speed "[Maximum Battle Speed Points] are increased by [Rank]". Never below 0."""
    value = character.max_speed - armor_of(character, compendium).speed_point_reduction
    return max(0, value + rank_in(character, compendium, "Inhuman Speed"))


def single_sword(character: Character, compendium: Compendium) -> bool:
    """Parry's "wielding a single [Sword] and no other [Weapon]" (L475, L483)."""
    weapons = wielded(character, compendium)
    return len(weapons) == 1 and weapons[0].category == "sword"


def passive_evasion(
    character: Character, compendium: Compendium, options: MiridonOptions, guardian: int = 0
) -> int:
    """L1610: "[Passive Evasion] of is defined by a character's [Armor], with [Unarmored]
    having a [Passive Evasion] of 7." Plus Agile Evasion, "increased by 1 for every 2 the
    character's [Maximum Weight Penalty] exceeds the character's [Weight Penalty]" (L415),
    measured on [Armor Weight] instead with Advanced Agile Evasion (L424, L426); plus
    Advanced Parry, the [Rank] in [Riposte] with a single sword (L483); plus ``guardian``,
    the highest [Rank] in [Guardian] of a friend within 5 feet (L173; ruling
    ``guardian_stacking``: several Guardians do not add up)."""
    armor = armor_of(character, compendium)
    value = armor.passive_evasion
    flairs = flair_set(character)
    mwp = character_mwp(character, compendium, options)
    if "agile evasion" in flairs:
        load = (
            armor.weight
            if "advanced agile evasion" in flairs
            else character_wp(character, compendium, options)
        )
        if load < mwp:
            value += (mwp - load) // 2
    if "advanced parry" in flairs and single_sword(character, compendium):
        value += rank_in(character, compendium, "Riposte")
    return value + guardian


def active_evasion(character: Character, compendium: Compendium) -> int:
    """L1614: 7, "increased by the [Dodge Boost] talent" (+2 per rank, L380); Parry: "+[Rank]
    in [Riposte]" with a single sword (L475)."""
    value = BASE_ACTIVE_EVASION + 2 * character.talent_rank("Dodge Boost")
    if "parry" in flair_set(character) and single_sword(character, compendium):
        value += rank_in(character, compendium, "Riposte")
    return value


def physical_damage_reduction(character: Character) -> int:
    """ "Increase the character's [Physical Damage Reduction] by 3 per [Rank]." (L358); armor
    adds none (004 never gives armor a PDR)."""
    return 3 * character.talent_rank("Physical Damage Reduction Boost")


def spell_damage_reduction(character: Character) -> int:
    """ "Increase the character's [Spell Damage Reduction] by 5 per [Rank]." (L370)."""
    return 5 * character.talent_rank("Spell Damage Reduction Boost")


def melee_boost_rank(character: Character, weapon: Weapon) -> int:
    rank = character.talent_rank("Melee Boost")
    if weapon.name == UNARMED and flair_set(character) & set(UNARMED_DOUBLERS):
        return 2 * rank
    return rank


def agile_strike(character: Character, weapon: Weapon, mwp: int) -> int:
    """L404-405: "Condition: [Weapon Weight] < [Maximum Weight Penalty]" and "[To Hit Bonus]
    of the [Weapon] increases by 1 for every 2 the character's [Maximum Weight Penalty]
    exceeds the [Weapon Weight] of the [Weapon]." """
    if "agile strike" not in flair_set(character) or weapon.weight >= mwp:
        return 0
    return (mwp - weapon.weight) // 2


@dataclass(frozen=True)
class WeaponLine:
    """A weapon's numbers on the sheet: To Hit Bonus of its attack (and of an Aimed
    Attack for a gun) and the talent part of its Damage Dealt Bonus."""

    weapon: str
    weight: int
    attack: str
    to_hit: int
    aimed_to_hit: int | None
    damage: str
    damage_bonus: str


def weapon_lines(
    character: Character, compendium: Compendium, options: MiridonOptions
) -> list[WeaponLine]:
    """L1624-1634: every weapon has its own [To Hit Bonus]; Melee Boost adds 1 per rank to
    melee (L292), Gun Boost 2 per rank to guns (L300); Agile Strike (L405). Sword Dancer
    (L463-467): two [Balanced] weapons, one a sword, both use the higher value."""
    mwp = character_mwp(character, compendium, options)
    weapons = wielded(character, compendium)
    hits: list[int] = []
    for weapon in weapons:
        talent = (
            melee_boost_rank(character, weapon)
            if weapon.attack == "melee"
            else 2 * character.talent_rank("Gun Boost")
        )
        hits.append(weapon.to_hit + talent + agile_strike(character, weapon, mwp))
    flairs = flair_set(character)
    if (
        "sword dancer" in flairs
        and len(weapons) == 2
        and any(w.category == "sword" for w in weapons)
        and balanced(weapons[0], weapons[1], flairs)
    ):
        hits = [max(hits)] * 2
    lines = []
    for weapon, hit in zip(weapons, hits, strict=True):
        if weapon.attack == "melee":
            bonus_rank = melee_boost_rank(character, weapon)
            bonus = f"+{bonus_rank}d6" if bonus_rank else "+0"
            lines.append(
                WeaponLine(
                    weapon.name, weapon.weight, "Melee Attack", hit, None, weapon.damage, bonus
                )
            )
        else:
            bonus = f"+{2 * character.talent_rank('Gun Boost')}"
            lines.append(
                WeaponLine(
                    weapon.name,
                    weapon.weight,
                    "Gun Attack",
                    hit,
                    hit + AIMED_BONUS,
                    weapon.damage,
                    bonus,
                )
            )
    return lines


def grapple_to_hit(character: Character, compendium: Compendium) -> int:
    """Initiate Grapple: Grapple Boost "+2 per [Rank]" (L308) + the grappling weapon's
    [Grapple To Hit Bonus] (L3479); the weapon's ordinary To Hit Bonus does not apply
    ("uses as its accuracy bonus the grappler's [Grapple Accuracy Boost Skill]", L2962)."""
    weapon_bonus = max((w.grapple_to_hit_bonus or 0) for w in wielded(character, compendium))
    return 2 * character.talent_rank("Grapple Boost") + weapon_bonus


def max_grapple_strength(character: Character, compendium: Compendium, strength_points: int) -> int:
    """Table 6.6 by strength points (L2973-2983) + Grapple Boost rank (L312) + the weapon's
    [Maximum Grapple Strength] (L3481)."""
    table = 0
    for row in compendium.grapple_table.values():
        if strength_points >= row.strength_min and (
            row.strength_max is None or strength_points <= row.strength_max
        ):
            table = row.max_invested
    weapon_bonus = max((w.max_grapple_strength or 0) for w in wielded(character, compendium))
    return table + character.talent_rank("Grapple Boost") + weapon_bonus
