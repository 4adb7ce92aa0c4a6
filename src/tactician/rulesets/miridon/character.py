"""A Miridon character: immutable state rebuilt from its creation choices and ledger.

The sheet fields of 004 (class or dual class, race, Maximum Strength / Speed Points,
Ghost HP, skills, talents, flairs, crew, equipment) are stored; everything derived (ranks,
HP, battle maxima, weight penalty, evasions, damage reductions, to-hit) is computed by
``derived``. A purchase never edits a character: it returns a new one with one more
``LedgerEntry`` (design: immutable values in, new values out).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from tactician.rulesets.miridon.events import LedgerEvent


def frozen_map(values: Mapping[str, int] | None = None) -> Mapping[str, int]:
    return MappingProxyType(dict(values or {}))


@dataclass(frozen=True)
class LedgerEntry:
    """One applied event: what it was, what it cost, what it refunded, the rule's line."""

    index: int
    event: LedgerEvent
    cost: int = 0
    refund: int = 0
    granted: int = 0
    rank: int | None = None
    rule: str = ""

    @property
    def points_delta(self) -> int:
        return self.granted + self.refund - self.cost


@dataclass(frozen=True)
class CrewMember:
    """A recruited Crew Member (004 L246-268). Strength and speed are fixed "When
    recruited" (L256, L260); skills and talents follow the leader unless the option
    ``crew_sync`` snapshots them (then ``skills``/``talents`` hold the snapshot)."""

    name: str
    max_strength: int
    max_speed: int
    recruited_at: int
    skills: Mapping[str, int] | None = None
    talents: Mapping[str, int] | None = None


@dataclass(frozen=True)
class Character:
    name: str
    classes: tuple[str, ...]
    max_strength: int
    max_speed: int
    max_ghost_hp: int
    race: str = "Human"
    mutations: tuple[str, ...] = ()
    skills: Mapping[str, int] = field(default_factory=frozen_map)
    talents: Mapping[str, int] = field(default_factory=frozen_map)
    flairs: tuple[str, ...] = ()
    crew: tuple[CrewMember, ...] = ()
    weapons: tuple[str, ...] = ()
    armor: str = "Unarmored"
    ledger: tuple[LedgerEntry, ...] = ()

    @property
    def base_class(self) -> str:
        return self.classes[0]

    @property
    def second_class(self) -> str | None:
        return self.classes[1] if len(self.classes) > 1 else None

    @property
    def points_granted(self) -> int:
        return sum(e.granted for e in self.ledger)

    @property
    def points_spent(self) -> int:
        """Skill points paid minus refunds: always the sum over the ledger."""
        return sum(e.cost - e.refund for e in self.ledger)

    @property
    def unspent_points(self) -> int:
        return sum(e.points_delta for e in self.ledger)

    def skill_rank(self, name: str) -> int:
        return _rank(self.skills, name)

    def talent_rank(self, name: str) -> int:
        return _rank(self.talents, name)

    def has_flair(self, name: str) -> bool:
        return name.casefold() in (f.casefold() for f in self.flairs)

    def has_mutation(self, name: str) -> bool:
        """Race or mutation tag ("[Dragon] Mutation", 004 L1361)."""
        tags = (self.race, *self.mutations)
        return name.casefold() in (t.casefold() for t in tags)

    def with_changes(self, **changes: object) -> Character:
        return replace(self, **changes)  # type: ignore[arg-type]


def _rank(table: Mapping[str, int], name: str) -> int:
    for key, value in table.items():
        if key.casefold() == name.casefold():
            return value
    return 0
