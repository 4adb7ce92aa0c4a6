"""Weight Penalty, Maximum Weight Penalty and which weapon pairs are [Balanced].

The "Weight" page is missing (004 L1600: 'For multiple weapons, the "Weight" page
calculates the character's [Weight Penalty].'). Ruling ``weight_penalty``: armor weight +
the wielded weapons' weights, and a pair that is not [Balanced] adds the lighter weapon's
weight again (option ``unbalanced_extra``). Balance follows the text: "Pistols are
[Balanced] with other pistols. Swords are [Balanced] with shields." (L438), widened by the
Ambidexterity flairs (L430-458).
"""

from __future__ import annotations

from tactician.rulesets.miridon.models import Weapon
from tactician.rulesets.miridon.options import MiridonOptions

AMBIDEXTERITY = frozenset({"pistol", "tesla", "sword", "shield", "grappling"})  # L432-436
ADVANCED_AMBIDEXTERITY = frozenset({"drill", "hammer", "sniper_rifle", "shotgun"})  # L445-448


def balanced(first: Weapon, second: Weapon, flairs: frozenset[str]) -> bool:
    """Whether two wielded weapons are [Balanced] with each other."""
    a, b = first.category, second.category
    if "greater ambidexterity" in flairs:
        return True  # "All [Weapons] are [Balanced] with each other and themselves." (L456)
    if {a, b} == {"pistol"} or {a, b} == {"sword", "shield"}:
        return True  # L438
    if "ambidexterity" in flairs and a in AMBIDEXTERITY and b in AMBIDEXTERITY:
        return True  # L431
    if "advanced ambidexterity" in flairs:
        # "Any [Weapon] is [Balanced] with a [Weapon] listed [Ambidexterity]. These [Weapons]
        # are not [Balanced] with each other or themselves." (L444)
        return (a in ADVANCED_AMBIDEXTERITY and b in AMBIDEXTERITY) or (
            b in ADVANCED_AMBIDEXTERITY and a in AMBIDEXTERITY
        )
    return False


def weight_penalty(
    weapons: list[Weapon], armor_weight: int, flairs: frozenset[str], options: MiridonOptions
) -> int:
    total = armor_weight + sum(w.weight for w in weapons)
    unbalanced = len(weapons) == 2 and not balanced(weapons[0], weapons[1], flairs)
    if unbalanced and options.unbalanced_extra == "lighter_weapon":
        total += min(w.weight for w in weapons)
    return total


def max_weight_penalty(max_strength: int, inhuman_strength: int, options: MiridonOptions) -> int:
    """No base value in 004; L67: "The character's [Maximum Weight Penalty] is increased by
    [Rank]." (Inhuman Strength). Ruling ``max_weight_penalty``: floor(Max Strength / 2)
    (or Max Strength) + that rank."""
    base = max_strength // 2 if options.max_weight_penalty == "half_strength" else max_strength
    return base + inhuman_strength
