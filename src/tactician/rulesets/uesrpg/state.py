"""The per-unit combat state: immutable and hashable, so the enumerator can merge it.

Every rule function takes a ``CombatState`` and returns a new one plus the
``Record``s of what happened (design principle 2: the dice behind each record
are attached to it by the ``Chance`` when narrating). Nothing here rolls dice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal, get_args

from tactician.dice.chance import Chance
from tactician.rulesets.uesrpg.character import ACTION_POINTS, Profile
from tactician.rulesets.uesrpg.locations import BodyPart, Location

ConditionName = Literal[
    "Bleeding",
    "Blinded",
    "Burning",
    "Chameleon",
    "Crippled Body Part",
    "Dazed",
    "Deafened",
    "Entangled",
    "Fatigued",
    "Frenzied",
    "Hidden",
    "Immobilized",
    "Invisible",
    "Lost Body Part",
    "Muffled",
    "Paralyzed",
    "Prone",
    "Restrained",
    "Silenced",
    "Slowed",
    "Stunned",
    "Unconscious",
]
CONDITION_NAMES: tuple[ConditionName, ...] = get_args(ConditionName)

# 003 passive effects: "30 seconds (5 rounds) before blood loss drops them to 0 HP"
BLOOD_LOSS_ROUNDS = 5


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition on a unit.

    ``x`` is the X of Bleeding/Burning/Chameleon/Muffled (for Silenced, 1 once the
    character has realised it); ``rounds`` counts down at each start of round
    (``None``: until removed); ``where`` is Burning's location or a crippled part;
    ``count`` is how many instances were merged into this one (Bleeding);
    ``cause`` says why (e.g. Unconscious from ``hp`` or ``fatigue``).
    """

    name: ConditionName
    x: int = 0
    rounds: int | None = None
    where: str | None = None
    count: int = 1
    cause: str = ""


def _condition_key(c: Condition) -> tuple[str, str, int, int, int, str]:
    return (c.name, c.where or "", c.x, -1 if c.rounds is None else c.rounds, c.count, c.cause)


@dataclass(frozen=True, slots=True)
class Wound:
    """003: "Record the damage and hit location, then resolve shock effects and passive
    effects." ``crippled`` lists the parts this wound crippled (they become lost if the
    character is Maimed); ``passive`` is whether its passive effects still apply (first
    aid removes them); ``blood_loss`` is rounds left before blood loss drops the
    character to 0 HP (``None``: stopped or spent)."""

    id: int
    damage: int
    location: Location
    crippled: tuple[BodyPart, ...] = ()
    passive: bool = True
    blood_loss: int | None = BLOOD_LOSS_ROUNDS
    treated: bool = False
    cured_by: int = 0
    days_untreated: int = 0
    treat_tried: bool = False
    maimed: bool = False


@dataclass(frozen=True, slots=True)
class CombatState:
    """Everything about one unit that changes in a battle.

    ``relief`` is rounds of magical relief from wound passive effects; ``ap_debt``
    is AP owed to the next refill (003: "if none remain, start next Turn with 1
    fewer"); ``next_test_fails`` is 003's "Taking any damage causes the next test
    to automatically fail"; ``fatigue_extra`` is fatigue from sources other than
    stamina below 0.
    """

    profile: Profile
    hp: int
    sp: int
    mp: int
    ap: int = ACTION_POINTS
    ap_debt: int = 0
    conditions: tuple[Condition, ...] = ()
    wounds: tuple[Wound, ...] = ()
    lost: frozenset[BodyPart] = frozenset()
    fatigue_extra: int = 0
    dead: bool = False
    stable: bool = False
    death_failures: int = 0
    next_test_fails: bool = False
    relief: int = 0
    wound_count: int = 0
    # the battle unit this is (its id): whose roll its tests are (issue 25's dice
    # authority, ``dice.roller``); None outside a battle
    unit_id: str | None = None

    @property
    def name(self) -> str:
        return self.profile.name

    def conditions_named(self, name: ConditionName) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if c.name == name)

    def condition(self, name: ConditionName, where: str | None = None) -> Condition | None:
        for c in self.conditions:
            if c.name == name and (where is None or c.where == where):
                return c
        return None

    def with_conditions(self, conditions: Iterable[Condition]) -> CombatState:
        """A copy with ``conditions`` in a canonical order (so equal states compare equal)."""
        return replace(self, conditions=tuple(sorted(conditions, key=_condition_key)))

    def wound(self, wound_id: int) -> Wound | None:
        for w in self.wounds:
            if w.id == wound_id:
                return w
        return None

    def with_wound(self, wound: Wound) -> CombatState:
        return replace(self, wounds=tuple(wound if w.id == wound.id else w for w in self.wounds))


def start_state(profile: Profile) -> CombatState:
    """A unit at full HP, Stamina, Magicka and AP with no conditions."""
    return CombatState(
        profile=profile,
        hp=profile.max_hp,
        sp=profile.max_stamina,
        mp=profile.max_magicka,
        lost=profile.lost,
    )


RecordKind = Literal[
    "test", "damage", "healing", "condition", "wound", "death", "ap", "stamina", "refused"
]


@dataclass(frozen=True, slots=True)
class Record:
    """One thing that happened to a unit, in words, citing the rule when useful."""

    unit: str
    kind: RecordKind
    text: str


class Log:
    """Collects records and, when the chance narrates, notes each one (so the dice
    decided since the previous note are attached to it)."""

    __slots__ = ("chance", "records")

    def __init__(self, chance: Chance | None = None) -> None:
        self.chance = chance
        self.records: list[Record] = []

    def add(self, unit: CombatState, kind: RecordKind, text: str) -> None:
        record = Record(unit.name, kind, text)
        self.records.append(record)
        if self.chance is not None and self.chance.narrating:
            self.chance.note(record)

    def done(self, state: CombatState) -> tuple[CombatState, tuple[Record, ...]]:
        return state, tuple(self.records)


Changed = tuple[CombatState, tuple[Record, ...]]
