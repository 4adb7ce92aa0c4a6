"""Offensive staves: their own hit formula and distance, one d%, a status.

002 L145-152 "Offensive staves (Status inflicting staves, generally) have their
own accuracy and avoid formulae. Stave accuracy is as follows." (formula lost)
"Stave avoid is worked out as below." (formula lost) "Where distance is the
number of tiles between you and your foe." The chance is ``numbers.staff_chance`` (FE8
``GetOffensiveStaffAccuracy``), rolled on one d100 whatever ``hit_roll`` says
(FE8 ``Roll1RN``, G2-20). FE8's offensive staves (Sleep, Silence, Berserk) deal
no damage, cannot crit and draw no counter, and their status lasts
``status_turns`` of the target's turns (FE8 ``SetUnitStatus``: 5; G2-19). The
staff's reach is 1 to max(5, ⌊Mag/2⌋) (FE8 ``GetUnitMagBy2Range``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.dice.chance import SampledChance
from tactician.dice.events import Bands
from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.fe_classic import numbers
from tactician.rulesets.fe_classic.combatant import Combatant
from tactician.rulesets.fe_classic.fight import reaches
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.rolls import staff_roll

# FE8's status staves and what each inflicts (src/data_items.c: the staff effects)
OFFENSIVE = {"sleep": "sleep", "silence": "silence", "berserk": "berserk"}


def status_of(staff_name: str) -> str | None:
    return OFFENSIVE.get(staff_name.casefold())


@dataclass(frozen=True)
class StaffPlan:
    user: Combatant
    target: Combatant
    distance: int
    status: str
    turns: int
    chance: int
    roll: Bands[bool]


def plan_staff(user: Combatant, target: Combatant, distance: int,
               options: ClassicOptions) -> StaffPlan:
    staff = user.weapon
    status = status_of(staff.name) if staff is not None else None
    if staff is None or staff.type != "staff" or status is None:
        raise RulesError(f"{user.name} holds no offensive staff "
                         f"({', '.join(s.title() for s in OFFENSIVE)})")
    if not reaches(staff, distance, user.pow):
        raise RulesError(f"{user.name}'s {staff.name} does not reach distance {distance} "
                         f"(1 to {max(5, user.pow // 2)}: Mag/2, at least 5)")
    if user.hp <= 0 or target.hp <= 0:
        raise RulesError("a defeated unit cannot be a staff's user or target")
    chance = numbers.staff_chance(user, target, distance)
    roll = staff_roll(chance, options, f"staff roll ({user.name}, {staff.name})")
    return StaffPlan(user, target, distance, status, options.status_turns, chance, roll)


def probability(plan: StaffPlan) -> float:
    """The exact chance the status lands (the same event the dice decide)."""
    return sum(p for landed, p in plan.roll.outcomes() if landed)


def resolve(plan: StaffPlan, dice: DiceSource) -> tuple[bool, SampledChance]:
    chance = SampledChance(dice)
    return chance.decide(plan.roll), chance
