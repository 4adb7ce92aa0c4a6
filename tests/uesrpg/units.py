"""Build UESRPG units directly for rule tests (no files)."""

from __future__ import annotations

from typing import Any

from tactician.dice.chance import SampledChance
from tactician.dice.source import PhysicalDice
from tactician.rulesets.uesrpg.character import Character, Profile, build_profile
from tactician.rulesets.uesrpg.state import CombatState, start_state

SKILLS: dict[str, Any] = {
    "combat style": {"characteristic": "strength", "bonus": 10},
    "evade": {"characteristic": "agility"},
    "profession (medicine)": {"characteristic": "intelligence", "bonus": 10},
    "destruction": {"characteristic": "willpower", "bonus": 10},
}


def profile(
    name: str = "U",
    *,
    pc: bool = False,
    str_: int = 40,
    end: int = 40,
    ag: int = 40,
    int_: int = 40,
    wp: int = 40,
    prc: int = 40,
    prs: int = 40,
    lck: int = 40,
    lucky: tuple[int, ...] = (),
    unlucky: tuple[int, ...] = (),
    weapons: tuple[Any, ...] = ("Longsword",),
    armor: tuple[Any, ...] = (),
    traits: tuple[dict[str, Any], ...] = (),
    skills: dict[str, Any] | None = None,
    lost: tuple[str, ...] = (),
) -> Profile:
    data: dict[str, Any] = {
        "name": name,
        "kind": "pc" if pc else "npc",
        "characteristics": {
            "strength": str_,
            "endurance": end,
            "agility": ag,
            "intelligence": int_,
            "willpower": wp,
            "perception": prc,
            "personality": prs,
            "luck": lck,
        },
        "lucky": list(lucky),
        "unlucky": list(unlucky),
        "skills": SKILLS if skills is None else skills,
        "weapons": list(weapons),
        "armor": list(armor),
        "traits": list(traits),
        "lost": list(lost),
    }
    return build_profile(Character.model_validate(data))


def unit(name: str = "U", **kwargs: Any) -> CombatState:
    return start_state(profile(name, **kwargs))


def rolls(*values: int) -> SampledChance:
    """A chance that reads the given die results in order (the table's dice)."""
    return SampledChance(PhysicalDice(list(values)))


def armor_piece(name: str, locations: list[str], **ar: int) -> dict[str, Any]:
    return {"name": name, "locations": locations, "ar": ar}
