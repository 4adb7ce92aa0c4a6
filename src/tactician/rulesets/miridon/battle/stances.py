"""Stances (the "Stances" page is missing, gap M15; spec 004 §3.11 defaults as data,
``data/stances.yaml``): the PDR a block stance adds (ruling ``block_bonus``: Block +2,
Heavy +4, Super +6, anchored on the Large Shield row L3429) and, in a shield stance, the
shield's own Block / Heavy Block / Super Block Bonus on top (L3419-3423).
"""

from __future__ import annotations

from tactician.rulesets.miridon.battle.state import NO_STANCE, UnitState
from tactician.rulesets.miridon.compendium import Compendium

# the three block tiers: the action, its stance, its shield stance
TIERS = {
    1: ("Block", "Block Stance", "Shield Block Stance"),
    2: ("Heavy Block", "Heavy Block Stance", "Heavy Shield Block Stance"),
    3: ("Super Block", "Super Block Stance", "Super Shield Block Stance"),
}
TIER_NAMES = {"block": 1, "heavy": 2, "super": 3}
_SHIELD_FIELDS = {1: "block_bonus", 2: "heavy_block_bonus", 3: "super_block_bonus"}


def shield_of(unit: UnitState, book: Compendium) -> str | None:
    for weapon in unit.profile.weapons:
        if book.weapon(weapon.name).category == "shield":
            return weapon.name
    return None


def free_shield(unit: UnitState, book: Compendium) -> str | None:
    """The shield a Shield Block may use now: one the unit wields that has not made a Melee
    Attack this block - "A [Shield Block] can not be performed with a [Shield] after a
    [Melee Attack] or [Melee Combo Attack] is performed with the same [Shield] in the same
    [Action Block]" (L2461) - so with two shields the other one stays free; with Shield
    Bash any shield (L527: "A [Shield Block] can be performed with a [Shield] after a
    [Melee Attack] ... with the same [Shield]"). The attacking shield is the one an attack
    leaves held ready (``attack_actions``)."""
    shields = [w.name for w in unit.profile.weapons if book.weapon(w.name).category == "shield"]
    if not shields:
        return None
    if unit.shield_attacked and not unit.profile.has("Shield Bash") and unit.weapon in shields:
        shields.remove(unit.weapon)  # one copy: twin shields of one name leave the other
    return shields[0] if shields else None


def stance_pdr(book: Compendium, stance: str, shield: str | None) -> int:
    """The PDR ``stance`` adds (0 for No Stance and the non-block stances)."""
    if stance == NO_STANCE:
        return 0
    entry = book.stances.get(stance.casefold())
    if entry is None or entry.family not in ("block", "shield_block"):
        return 0
    bonus = entry.pdr_bonus
    if entry.family == "shield_block" and shield is not None:
        bonus += getattr(book.weapon(shield), _SHIELD_FIELDS[entry.tier]) or 0
    return bonus


def tier_of(book: Compendium, stance: str) -> int:
    entry = book.stances.get(stance.casefold())
    if entry is None or entry.family not in ("block", "shield_block"):
        return 0
    return entry.tier


def unit_pdr(book: Compendium, unit: UnitState) -> int:
    """Current PDR with the stance's bonus."""
    return unit.pdr + stance_pdr(book, unit.stance, shield_of(unit, book))
