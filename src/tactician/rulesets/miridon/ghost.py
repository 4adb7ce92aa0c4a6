"""Ghost HP: [Maximum Ghost HP] and [Current Ghost HP] (004 Chapter 7, L2989-3007).

"On top of their [Physical HP], each character also has a [Ghost HP]. This represents the
number and strength of the ghosts that are currently possessing the user." (L2993) "This
encompasses two stats, [Maximum Ghost HP] and [Current Ghost HP]." (L2995). The text also
calls it "Ghost Power" (L97, L618, L1984; gap C13): one stat.

Every change is a pure function returning a ``GhostChange``: the new ghost and whether it
*increased* current ghost, which (with any loss of Current HP) is what calls for an
insanity check (L3015, L3025-3027; ``insanity_roll.insanity_check``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.errors import RulesError
from tactician.rulesets.miridon.words import article

TELEPORT_FEET_PER_RANK = 5  # L1978
TELEPORT_GHOST_PER_FOOT = 1  # L1984


@dataclass(frozen=True, slots=True)
class Ghost:
    """A unit's ghosts: bonded (maximum) and present now (current)."""

    maximum: int
    current: int

    def __post_init__(self) -> None:
        if self.maximum < 0 or self.current < 0:
            raise RulesError(f"ghost HP is 0 or more, not {self.current}/{self.maximum}")


@dataclass(frozen=True, slots=True)
class GhostChange:
    """The ghost after a change, what caused it, and whether Current Ghost HP rose."""

    before: Ghost
    after: Ghost
    cause: str
    line: int

    @property
    def increased(self) -> bool:
        return self.after.current > self.before.current

    @property
    def maximum_increased(self) -> bool:
        return self.after.maximum > self.before.maximum


def _amount(amount: int, what: str) -> int:
    if amount < 0:
        raise RulesError(f"{what} is 0 or more, not {amount}")
    return amount


def possessed(ghost: Ghost, amount: int) -> GhostChange:
    """L2999: the target of Possession "will automatically have your [Maximum Ghost HP]
    increased by the amount dictated by the "Possession" spell. This will also increase
    your [Current Ghost HP]." (The amount is ``magic.possession``'s gain.)"""
    _amount(amount, "a possession gain")
    after = Ghost(ghost.maximum + amount, ghost.current + amount)
    return GhostChange(ghost, after, "possession", 2999)


def possession_ritual(ghost: Ghost, stored: int) -> GhostChange:
    """L3001: a willing ritual with a puzzle weapon holding ``stored`` ghost HP raises both."""
    _amount(stored, "the ghost HP stored in a puzzle weapon")
    after = Ghost(ghost.maximum + stored, ghost.current + stored)
    return GhostChange(ghost, after, "possession ritual", 3001)


def puzzle_hit(ghost: Ghost, puzzle_damage: int, capacity: int) -> GhostChange:
    """L3003: "your [Maximum Ghost HP] is decreased by the amount of puzzle damage ... This
    damage cannot exceed the storage capacity of the puzzle weapon or your [Current Ghost
    HP]. This will also reduce your [Current Ghost HP]." (No weapon of the tables has a
    puzzle stat, gap M21: the battle layer passes a GM weapon's numbers.)"""
    taken = min(_amount(puzzle_damage, "puzzle damage"), _amount(capacity, "a capacity"),
                ghost.current)
    after = Ghost(max(0, ghost.maximum - taken), ghost.current - taken)
    return GhostChange(ghost, after, "puzzle weapon", 3003)


def dispersal_hit(ghost: Ghost, dispersal_damage: int) -> GhostChange:
    """L3007: a glass (dispersing) weapon lowers Current Ghost HP; "[Current Ghost HP] can
    only be reduced to 0 in this manner." The maximum is untouched."""
    _amount(dispersal_damage, "dispersal damage")
    after = Ghost(ghost.maximum, max(0, ghost.current - dispersal_damage))
    return GhostChange(ghost, after, "dispersing weapon", 3007)


def gather(ghost: Ghost) -> GhostChange:
    """Gather Mist's Base Effect (L3324): "[Current Ghost HP] is restored to [Maximum Ghost
    HP]"; L3027 makes the increase an insanity trigger."""
    return GhostChange(ghost, Ghost(ghost.maximum, ghost.maximum), "gather mist", 3324)


def invest(ghost: Ghost, spell_ghost: int) -> GhostChange:
    """L3247: "The [Spell Ghost HP] must be greater than 0. The [Spell Ghost HP] must be less
    than or equal to the character's [Current Ghost HP]. The [Spell Ghost HP] of the spell is
    deducted from the [Current Ghost HP] of the character at this time.\""""
    if spell_ghost <= 0:
        raise RulesError(f"the Spell Ghost HP invested must be greater than 0, not {spell_ghost}")
    if spell_ghost > ghost.current:
        raise RulesError(
            f"cannot invest {spell_ghost} Spell Ghost HP with {ghost.current} Current Ghost HP"
        )
    return GhostChange(ghost, Ghost(ghost.maximum, ghost.current - spell_ghost), "cast spell",
                       3247)


def teleport_reach(rank: int) -> int:
    """L1978: "move up to 5 feet per [Rank] in [Teleport]"."""
    return TELEPORT_FEET_PER_RANK * rank


def teleport(ghost: Ghost, feet: int, rank: int) -> GhostChange:
    """L1976-1984: needs rank 1; reach 5 ft per rank; "The character spends 1 [Current Ghost
    Power] for every 1 foot moved." A move it cannot pay for is refused."""
    if rank < 1:
        raise RulesError("Teleport needs rank 1 in Teleport (L1976)")
    if feet <= 0:
        raise RulesError(f"a teleport moves more than 0 feet, not {feet}")
    if feet > teleport_reach(rank):
        raise RulesError(
            f"Teleport rank {rank} reaches {teleport_reach(rank)} ft, not {feet} ft (L1978)"
        )
    cost = TELEPORT_GHOST_PER_FOOT * feet
    if cost > ghost.current:
        raise RulesError(
            f"{article(str(feet))} ft teleport costs {cost} Current Ghost HP; {ghost.current} left"
        )
    return GhostChange(ghost, Ghost(ghost.maximum, ghost.current - cost), "teleport", 1984)


def drained(ghost: Ghost) -> GhostChange:
    """Draining Critical Hit (L958): "the target will have their remaining [Current Ghost
    Power] reduced to 0"."""
    return GhostChange(ghost, Ghost(ghost.maximum, 0), "draining critical hit", 958)


def staff_storage_spend(stored: int, spell_ghost: int) -> int:
    """L3496-3498: a staff's [Ghost Power Storage] can pay a Cast Spell's Spell Ghost HP;
    returns what is left stored."""
    if spell_ghost <= 0:
        raise RulesError(f"the Spell Ghost HP invested must be greater than 0, not {spell_ghost}")
    if spell_ghost > stored:
        raise RulesError(f"the staff stores {stored} ghost power, not {spell_ghost}")
    return stored - spell_ghost


@dataclass(frozen=True, slots=True)
class PointsRecovered:
    strength: int
    speed: int


def ghastly_strength(rank: int, melee_killed: bool) -> PointsRecovered:
    """Ghastly Strength (Grand Devourer and Vessel, L149-152): "Recover a number of [Strength
    Points] and [Speed Points] equal to the character's [Rank] in [Ghastly Strength] when the
    character's [Melee Attack] or [Melee Combo Attack] causes a target to become [Dead].\""""
    gained = rank if melee_killed and rank > 0 else 0
    return PointsRecovered(gained, gained)
