"""Tactician defaults for the dice 001 asks for but no Fire Emblem game publishes.

001 L2 "Look up the class's Base HP and roll the specified dice" and L45 "deal
damage listed upon the damage dice for the weapon": no class table and no
weapon list exist in 001, and no FE game has HP or damage dice. These two
conversions turn FE8's numbers into physical dice whose mean is FE8's number
(plus a half for damage), so a table can roll them. Both are "Tactician
default (not published)"; a GM overrides any class's or weapon's dice in data.
"""

from __future__ import annotations

from tactician.dice.distribution import DiceSum

HP_DICE_SOURCE = "Tactician default (not published): 2d6 + (FE8 base HP - 7)"
DAMAGE_DICE_SOURCE = (
    "Tactician default (not published): Mt <= 4 -> 1d(2*Mt); Mt >= 5 -> 1d10 + (Mt - 5)"
)


def hp_dice(base_hp: int) -> DiceSum:
    """``2d6 + (base HP - 7)``: mean = FE8's base HP (Cavalier 20 -> 2d6+13)."""
    return DiceSum(((2, 6),), base_hp - 7, "HP dice")


def damage_dice(might: int) -> DiceSum | None:
    """Might 1..4 -> ``1d(2*Mt)`` (3 -> 1d6); 5+ -> ``1d10+(Mt-5)`` (Iron Sword 5 -> 1d10).

    The mean is Mt + 0.5; the form matches 001's own "1d6+4" (L53). Might 0
    (staves, Eclipse's marker) has no damage dice.
    """
    if might <= 0:
        return None
    if might <= 4:
        return DiceSum(((1, 2 * might),), 0, "damage")
    return DiceSum(((1, 10),), might - 5, "damage")
