"""HP back: the Vulnerary, the Heal skill and Artisan repair of weapons (001 L6, L94, L100).

001 L6 "Every unit starts with a weapon they're proficient with and a
vulnerary" and L55 "Vulnerary" (a standard action) name the item without its
numbers: FE8's Vulnerary heals 10 HP and has 3 uses (``fe8_items.yaml``).
L100: "Heal: 3d6+Skill. Can be used to negate poison, or heal up to half HP as
a standard action once per day." L94: "Artisan (Sword, Axe, Lance, or Bow): Can
be used to repair weaponry, however it can only bring the weapon to a maximum
of half its durability. Damage scales down by 1 point with each repair done to
it."
"""

from __future__ import annotations

from tactician.errors import RulesError


def heal(hp: int, max_hp: int, amount: int) -> int:
    """HP after healing ``amount`` (never above max, never a defeated unit)."""
    if hp <= 0:
        raise RulesError("a defeated unit cannot be healed")
    return min(max_hp, hp + max(0, amount))


def heal_skill_amount(max_hp: int) -> int:
    """L100 "heal up to half HP": half the target's max HP, rounded down (ruling)."""
    return max_hp // 2


def repair(uses: int, max_uses: int, repairs_so_far: int) -> tuple[int, int]:
    """A successful Artisan repair: uses up to half the durability; the weapon's damage
    penalty grows by 1. Returns (uses, damage penalty)."""
    half = max_uses // 2
    if uses >= half:
        raise RulesError(
            f"repair can only bring a weapon to half its durability ({half}); it has {uses}"
        )
    return half, repairs_so_far + 1
