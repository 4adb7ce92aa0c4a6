"""Roleplay skill checks: 3d6 + a stat against a difficulty (001 L87-108).

001 L89: "All skills require a 3d6 roll + a unit's select stat with the
likelihood of success is as follows: (Very Easy: 10, Easy: 15, Normal: 20,
Hard: 25, Extremely Hard: 30-40) ." L90: "An unpromoted unit has 2 skills, a
promoted unit has 3 skills, a recruit unit only has 1 skill, and
Thieves/Rogues have 5 skills. A Lord gains 2 free knowledge skills along with
their normal skills." L88: "more may be added at the GM's discretion."

A check succeeds when the total meets the difficulty (a ruling without a switch,
docs/rulings.md, Skills, G1-43..G1-46). Which skills there are and how many a unit
has: ``skills``. Shared by fe-tabletop and fe-classic (001's characters).
The odds are exact: the same ``DiceSum`` event rolls the check and counts it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.dice.distribution import DiceSum, at_least
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.skills import SKILLS, skill_count

CHECK_DICE = DiceSum(((3, 6),), 0, "skill check 3d6")

DIFFICULTIES = {"very easy": 10, "easy": 15, "normal": 20, "hard": 25}


def difficulty(name: str | int, options: CharacterOptions) -> int:
    """A DC by name or number; "extremely hard" is 30-40 (``skill_dc_extreme``, 35)."""
    if isinstance(name, int):
        return name
    key = name.strip().casefold()
    if key == "extremely hard":
        return options.skill_dc_extreme
    if key not in DIFFICULTIES:
        raise RulesError(
            f"unknown difficulty {name!r}; use very easy, easy, normal, hard, extremely hard "
            "or a number"
        )
    return DIFFICULTIES[key]


def skill_stat(skill: str, stat: str | None = None) -> str:
    """The stat a skill adds; for Artisan (Choose one) the chosen one."""
    for name, stats in SKILLS.items():
        if name.casefold() == skill.strip().casefold():
            if stat is None:
                return stats[0]
            if stat not in stats:
                raise RulesError(f"{name} adds {' or '.join(stats)}, not {stat}")
            return stat
    raise RulesError(f"unknown skill {skill!r}; skills are {', '.join(SKILLS)}")


@dataclass(frozen=True, slots=True)
class Check:
    faces: tuple[int, ...]
    stat_value: int
    dc: int

    @property
    def total(self) -> int:
        return sum(self.faces) + self.stat_value

    @property
    def success(self) -> bool:
        return self.total >= self.dc


def roll_check(stat_value: int, dc: int, dice: DiceSource) -> Check:
    """Roll 3d6 + the stat against ``dc``; every die kept."""
    _, faces = CHECK_DICE.sample_with_faces(dice)
    return Check(faces, stat_value, dc)


def success_chance(stat_value: int, dc: int) -> float:
    """Exact P(3d6 + stat >= dc)."""
    return at_least(CHECK_DICE, dc - stat_value)


__all__ = ["CHECK_DICE", "SKILLS", "Check", "difficulty", "roll_check", "skill_count",
           "skill_stat", "success_chance"]
