"""Weapon ranks by use (001 L5, L7, L9).

001 L5: "A unit starts with E weapon proficiency. To increase proficiency with
a weapon, the unit must use the weapon/staff a certain amount of times. In order
to level up from Rank E to Rank D, the unit must deal damage to a target 10
times with that weapon. If a unit lands a killing blow, that hit counts twice.
Each rank after requires that the unit deal damage 10 more times than before.
(20 from D to C, 30 from C to B, etc.)" L7: "Any Dark Magic using class has a D
in Dark."

Uses are counted per weapon type and kept cumulative: D at 10, C at 30, B at
60, A at 100, S at 150. A staff counts each use (it deals no damage; ruling
``staff_rank_by_use``); a hit for 0 damage counts nothing ("deal damage").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.unit import Rank, Unit
from tactician.rulesets.fe_common.character.weapons import TabletopWeapon

RANKS: tuple[Rank, ...] = ("E", "D", "C", "B", "A", "S")
STEP = 10  # "10 times", then "10 more times than before"


def uses_for(rank: Rank) -> int:
    """Cumulative uses that reach ``rank``: E 0, D 10, C 30, B 60, A 100, S 150."""
    k = RANKS.index(rank)
    return STEP * k * (k + 1) // 2


def rank_for(uses: int) -> Rank:
    reached: Rank = "E"
    for rank in RANKS:
        if uses >= uses_for(rank):
            reached = rank
    return reached


def starting_rank(weapon_type: str) -> Rank:
    """E in every class weapon (L5), D in Dark (L7)."""
    return "D" if weapon_type == "dark" else "E"


def hit_value(damage: int, killed: bool) -> int:
    """What one hit counts: 0 without damage, 2 for a killing blow, else 1."""
    if damage <= 0:
        return 0
    return 2 if killed else 1


@dataclass(frozen=True, slots=True)
class RankUp:
    weapon_type: str
    before: Rank
    after: Rank


def add_uses(unit: Unit, counts: Mapping[str, int]) -> tuple[Unit, tuple[RankUp, ...]]:
    """Add counted uses per weapon type; ranks rise as the thresholds are met.

    A type the unit has no rank in gains nothing (it cannot wield it).
    """
    uses, ranks, ups = dict(unit.rank_uses), dict(unit.ranks), []
    for weapon_type, count in counts.items():
        if weapon_type not in ranks or count <= 0:
            continue
        total = uses.get(weapon_type, uses_for(ranks[weapon_type])) + count
        uses[weapon_type] = total
        new = rank_for(total)
        if RANKS.index(new) > RANKS.index(ranks[weapon_type]):
            ups.append(RankUp(weapon_type, ranks[weapon_type], new))
            ranks[weapon_type] = new
    return unit.model_copy(update={"rank_uses": uses, "ranks": ranks}), tuple(ups)


def can_wield(
    unit: Unit, weapon: TabletopWeapon, options: CharacterOptions
) -> tuple[bool, str]:
    """Whether the unit's rank allows the weapon, and why not (ruling ``weapon_rank_required``).

    A Prf weapon goes only to the classes it names (FE8's locks).
    """
    if weapon.type not in unit.ranks:
        return False, f"{unit.name} has no {weapon.type} rank"
    if weapon.rank == "Prf":
        if unit.class_name in weapon.prf_for:
            return True, ""
        return False, f"{weapon.name} is personal to {', '.join(weapon.prf_for) or 'no class'}"
    if not options.weapon_rank_required:
        return True, ""
    have = unit.ranks[weapon.type]
    if RANKS.index(have) < RANKS.index(weapon.rank):
        need = f"rank {weapon.rank} in {weapon.type}"
        return False, f"{weapon.name} needs {need}; {unit.name} has {have}"
    return True, ""
