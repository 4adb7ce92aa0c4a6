"""Aid and the rescue condition (001 L8, L43).

001 L8: "Aid is (Constitution - 1) for units on foot, (20 - Constitution) for
mounted/flying female units, and (25 - Constitution) for mounted/flying male
units. A unit must have an Aid score equal to or greater than the other unit's
CON to rescue them." L43: "A unit with a higher Aid score than another unit's
Constitution score may rescue them" (the contradiction is ruling ``rescue_aid``).
"""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.options import CharacterOptions


def aid(con: int, mounted_or_flying: bool, sex: str | None) -> int:
    if not mounted_or_flying:
        return con - 1
    if sex == "female":
        return 20 - con
    if sex == "male":
        return 25 - con
    raise RulesError("a mounted or flying unit needs sex: male or female for its Aid (001 L8)")


def can_rescue(rescuer_aid: int, other_con: int, options: CharacterOptions) -> bool:
    if options.rescue_aid == "greater":
        return rescuer_aid > other_con
    return rescuer_aid >= other_con


def aid_words(con: int, mounted_or_flying: bool, sex: str | None) -> str:
    """The sheet's Aid row (001 L8 "Fill in the unit's Aid"), with the formula used."""
    if not mounted_or_flying:
        return f"{aid(con, False, sex)} (CON - 1, on foot; 001 L8)"
    if sex not in ("male", "female"):
        return "unknown: a mounted or flying unit needs sex: male or female (001 L8)"
    base = 20 if sex == "female" else 25
    return f"{aid(con, True, sex)} ({base} - CON, mounted/flying {sex}; 001 L8)"
