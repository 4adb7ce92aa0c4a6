"""The eight characteristics and their bonuses.

From outside the text (UESRPG 3e v4 core): 003 leans on a core it does not
contain ("Test Ag", "Endurance test", "their Luck Bonus", "SB+EB+WB"). The core
says: "Characteristics: Strength, Endurance, Agility, Intelligence, Willpower,
Perception, Personality, Luck. A characteristic bonus (SB, EB, AB, IB, WB, PcB,
PsB, LB) is the tens digit of the score." (shared/rules/reference-facts.md)
"""

from __future__ import annotations

from typing import Literal, get_args

Characteristic = Literal[
    "strength",
    "endurance",
    "agility",
    "intelligence",
    "willpower",
    "perception",
    "personality",
    "luck",
]
CHARACTERISTICS: tuple[Characteristic, ...] = get_args(Characteristic)

# the abbreviations 003 and the core use ("Test Ag", "Str or Ag test", "SB+EB+WB")
ABBREVIATION: dict[Characteristic, str] = {
    "strength": "Str",
    "endurance": "End",
    "agility": "Ag",
    "intelligence": "Int",
    "willpower": "Wp",
    "perception": "Prc",
    "personality": "Prs",
    "luck": "Lck",
}
BONUS_NAME: dict[Characteristic, str] = {
    "strength": "SB",
    "endurance": "EB",
    "agility": "AB",
    "intelligence": "IB",
    "willpower": "WB",
    "perception": "PcB",
    "personality": "PsB",
    "luck": "LB",
}
CHARACTERISTIC_OF_BONUS: dict[str, Characteristic] = {v: k for k, v in BONUS_NAME.items()}


def bonus(score: int) -> int:
    """A characteristic bonus: "the tens digit of the score" (core, from outside 003).

    A score of 100 or more keeps counting tens (105 → 10); a negative score gives 0.
    """
    return max(0, score) // 10
