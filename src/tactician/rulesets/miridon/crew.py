"""Crew Members derived from their skiffmaster (004 L246-268).

"Special Notes: Crew members have their strength points, speed points, skills, and
talents based on the stats of their skiffmaster leader." (L252). Strength and speed are
fixed when recruited (``CrewMember``); skills and talents are the leader's minus 2
(L264, L268), floored at 0 (ruling ``crew_rank_floor``), live unless ``crew_sync``
snapshots them. A crew member is a unique class: no flairs, no class special, no
Dual-Class (L244).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactician.rulesets.miridon.character import Character, CrewMember
from tactician.rulesets.miridon.options import MiridonOptions

CREW_CLASS = "Crew Member"
UNRANKED_TALENTS = frozenset({"dual-class"})


@dataclass(frozen=True)
class CrewSheet:
    name: str
    leader: str
    max_strength: int
    max_speed: int
    skills: dict[str, int]
    talents: dict[str, int]
    max_hp: int


def _less_two(ranks: Mapping[str, int], options: MiridonOptions) -> dict[str, int]:
    result = {}
    for name, rank in ranks.items():
        if name.casefold() in UNRANKED_TALENTS:
            continue
        value = rank - 2
        result[name] = max(0, value) if options.crew_rank_floor else value
    return result


def crew_sheet(leader: Character, member: CrewMember, options: MiridonOptions) -> CrewSheet:
    """The crew member's numbers now (L256-268)."""
    if options.crew_sync == "sync_all":
        strength, speed = max(0, leader.max_strength - 3), max(0, leader.max_speed - 3)
    else:
        strength, speed = member.max_strength, member.max_speed
    skills = member.skills if member.skills is not None else leader.skills
    talents = member.talents if member.talents is not None else leader.talents
    return CrewSheet(
        name=member.name,
        leader=leader.name,
        max_strength=strength,
        max_speed=speed,
        skills=_less_two(skills, options),
        talents=_less_two(talents, options),
        max_hp=2 * (strength + speed),  # same formula as a character (ruling max_hp_formula)
    )
