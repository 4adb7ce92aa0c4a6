"""The insanity check and roll (004 L3009-3139), written once for play and forecast.

Trigger, L3015: "When a character's [Current Physical HP] is less than their [Current
Ghost HP], they must make an insanity roll on the below table. This roll happens whenever
the character's [Current Physical HP] lowers or their [Current Ghost HP] increases."
(L3031's "greater than" is gap C11: the other lines agree on "less than".) Resist
Insanity, L386: "Increase the effective [Current Health Points] when calculating
[Insanity Rolls] by 10 per [Rank]", both for the check and the roll (L3039).

Roll, L3035: "[Insanity] roll result = [Current Ghost HP] - [Current Physical HP] + 3d6",
looked up in Table 7.1; Increase Roll "Add [Severity] to the current [Insanity] roll. Take
the new effects." (L3146); Mist Form also "takes the effect of an [Insanity] roll" of 65 +
3d6 (severity 1, L3232) or 75 + 3d6 (severity 2, L3236). Fast Gather Mist makes "2
[Insanity Rolls] ... The caster takes the effects of both" (L2955).

``insanity_step`` is one lookup of that procedure against a ``Chance``: ``resolve_insanity``
runs it on real dice, ``insanity_distribution`` enumerates it exactly (dice/enumerate.py).
What the table yields is the effects taken with their severities as printed ("1d6"); the
severity dice (days, hours, blocks, miles) are rolled when an effect is applied
(``insanity_conditions.py``), so a forecast's outcomes stay few.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from tactician.content.compendium import lookup
from tactician.dice.distribution import DiceSum
from tactician.dice.enumerate import distribution
from tactician.errors import RulesError
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity import INCREASE, row_for
from tactician.rulesets.miridon.models import InsanityRow
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

THREE_D6 = DiceSum(((3, 6),), 0, "insanity roll 3d6")
MIST_FORM = "Mist Form"
RESIST_PER_RANK = 10  # L386


@dataclass(frozen=True, slots=True)
class InsanityCheck:
    """Whether a check rolls (L3015, L3039) and the number added to its 3d6 (L3035)."""

    current_hp: int
    current_ghost: int
    resist_rank: int
    effective_hp: int
    rolls: bool
    bonus: int


def insanity_check(current_hp: int, current_ghost: int, resist_rank: int = 0) -> InsanityCheck:
    """L3015 with L386/L3039: roll only if effective HP < current ghost HP."""
    if resist_rank < 0:
        raise RulesError(f"a Resist Insanity rank is 0 or more, not {resist_rank}")
    effective = current_hp + RESIST_PER_RANK * resist_rank
    return InsanityCheck(
        current_hp,
        current_ghost,
        resist_rank,
        effective,
        effective < current_ghost,
        current_ghost - effective,
    )


@dataclass(frozen=True, slots=True)
class Taken:
    """One effect taken from Table 7.1: its name and severity as printed (or None)."""

    effect: str
    severity: str | None

    def __str__(self) -> str:
        return f"{self.effect} ({self.severity})" if self.severity else self.effect


@dataclass(frozen=True, slots=True)
class Lookup:
    """A log record: the roll looked up, the row it landed on, and why it was rolled."""

    roll: int
    row: str
    effect: str
    severity: str | None
    cause: str  # "3d6", "increase" or "mist form"


@dataclass(frozen=True, slots=True)
class InsanityState:
    """Where the procedure is: the roll to look up next (None: its 3d6 is still to roll,
    added to ``base``), the effects taken, nested Mist Form rolls so far, rolls still owed,
    and the check's own bonus (``first_bonus``: a Mist Form chain replaces ``base``, and the
    next roll of Fast Gather Mist starts again from the check's bonus)."""

    base: int
    roll: int | None
    taken: tuple[Taken, ...] = ()
    mist_depth: int = 0
    rolls_left: int = 1
    first_bonus: int = 0
    cause: str = field(default="3d6", compare=False)  # for the log only: never splits states

    @property
    def done(self) -> bool:
        return self.rolls_left == 0


def start_state(bonus: int, rolls: int = 1) -> InsanityState:
    """Before the first 3d6 of ``rolls`` insanity rolls (2 with Fast Gather Mist, L2955)."""
    if rolls < 1:
        raise RulesError(f"an insanity check makes 1 or more rolls, not {rolls}")
    return InsanityState(base=bonus, roll=None, rolls_left=rolls, first_bonus=bonus)


class _Table:
    """Table 7.1 indexed by roll (the rows cover every integer; ``row_for`` checks it)."""

    def __init__(self, compendium: Compendium) -> None:
        rows = list(compendium.insanity_table.values())
        bounds = [b for r in rows for b in (r.roll_min, r.roll_max) if b is not None]
        self.low, self.high = min(bounds), max(bounds)
        self.by_roll = {n: row_for(compendium, n) for n in range(self.low, self.high + 1)}

    def row(self, roll: int) -> InsanityRow:
        return self.by_roll[min(max(roll, self.low), self.high)]


_TABLES: dict[int, tuple[Compendium, _Table]] = {}


def _table(compendium: Compendium) -> _Table:
    held = _TABLES.get(id(compendium))
    if held is None or held[0] is not compendium:
        held = (compendium, _Table(compendium))
        _TABLES[id(compendium)] = held
    return held[1]


@lru_cache(maxsize=64)
def _dice(text: str, purpose: str) -> DiceSum:
    return DiceSum.parse(text, purpose)


def insanity_step(
    compendium: Compendium,
    state: InsanityState,
    chance: Any,
    options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> InsanityState:
    """One lookup in Table 7.1 (L3043): roll the 3d6 if owed, follow one row."""
    roll = state.roll
    if roll is None:
        roll = state.base + chance.decide(THREE_D6)
    row = _table(compendium).row(roll)
    if chance.narrating:
        chance.note(Lookup(roll, row.name, row.effect, row.severity, state.cause))
    if row.effect == INCREASE:
        if row.severity is None:
            raise RulesError(f"Increase Roll row {row.name} has no severity")
        step = chance.decide(_dice(row.severity, "insanity increase roll"))
        return replace(state, roll=roll + step, cause="increase")
    severity = row.severity
    if severity is None and row.effect == "Unconscious":
        severity = str(options.insanity_row48_severity)  # C50
    taken = state.taken + (Taken(row.effect, severity),)
    if row.effect == MIST_FORM and state.mist_depth < options.mist_form_rerolls:
        base = _mist_form_base(compendium, severity)
        return replace(
            state,
            base=base,
            roll=None,
            taken=taken,
            mist_depth=state.mist_depth + 1,
            cause="mist form",
        )
    left = state.rolls_left - 1
    if left:
        # the next roll of Fast Gather Mist starts again from the check's own bonus
        return InsanityState(base=state.first_bonus, roll=None, taken=taken, rolls_left=left,
                             first_bonus=state.first_bonus)
    return InsanityState(base=0, roll=None, taken=taken, rolls_left=0)


def _mist_form_base(compendium: Compendium, severity: str | None) -> int:
    chain = lookup(compendium.insanity_effects, MIST_FORM, "insanity effect").chain
    if severity not in chain:
        raise RulesError(f"Mist Form ({severity}) has no chained roll (L3232, L3236)")
    return DiceSum.parse(chain[severity]).bonus


@dataclass(frozen=True, slots=True)
class InsanityResult:
    """A resolved check: what triggered it, every lookup, every effect taken."""

    check: InsanityCheck
    lookups: tuple[Lookup, ...]
    taken: tuple[Taken, ...]


def resolve_insanity(
    compendium: Compendium,
    check: InsanityCheck,
    chance: Any,
    rolls: int = 1,
    options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> InsanityResult:
    """Roll a check on the dice; no roll (and no effect) if the trigger is not met."""
    if not check.rolls:
        return InsanityResult(check, (), ())
    recorder = _Recorder(chance)
    state = start_state(check.bonus, rolls)
    while not state.done:
        state = insanity_step(compendium, state, recorder, options)
    return InsanityResult(check, tuple(recorder.lookups), state.taken)


class _Recorder:
    """Passes decisions to the real chance and keeps the lookups of one resolution (also
    passed on to the chance's own notes when it narrates)."""

    narrating = True

    def __init__(self, chance: Any) -> None:
        self.chance = chance
        self.lookups: list[Lookup] = []

    def decide(self, event: Any) -> Any:
        return self.chance.decide(event)

    def note(self, record: Any) -> None:
        if isinstance(record, Lookup):
            self.lookups.append(record)
        if getattr(self.chance, "narrating", False):
            self.chance.note(record)


def insanity_distribution(
    compendium: Compendium,
    bonus: int,
    rolls: int = 1,
    options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> dict[tuple[Taken, ...], float]:
    """Exact probability of every tuple of effects taken by a roll of ``bonus`` + 3d6
    (memoized: forecasts and the AI ask for the same few bonuses again and again)."""
    key = (id(compendium), bonus, rolls, options)
    held = _OUTCOMES.get(key)
    if held is not None and held[0] is compendium:
        return dict(held[1])
    if rolls > 1:
        # Fast Gather Mist's rolls (L2955) are independent and each starts from the check's
        # own bonus (``insanity_step``): the joint outcome is the product of one roll's and
        # the others', the first roll's effects first -- the same tuples and probabilities
        # the enumerator would reach, without enumerating the second roll once per outcome
        # of the first.
        first = insanity_distribution(compendium, bonus, 1, options)
        rest = insanity_distribution(compendium, bonus, rolls - 1, options)
        outcomes: dict[tuple[Taken, ...], float] = {}
        for taken, p in first.items():
            for more, q in rest.items():
                both = taken + more
                outcomes[both] = outcomes.get(both, 0.0) + p * q
    else:
        final = distribution(
            start_state(bonus, rolls),
            lambda state, chance: insanity_step(compendium, state, chance, options),
            lambda state: state.done,
        )
        outcomes = {state.taken: p for state, p in final.items()}
    if len(_OUTCOMES) > 512:
        _OUTCOMES.clear()
    _OUTCOMES[key] = (compendium, outcomes)
    return dict(outcomes)


_OUTCOMES: dict[
    tuple[int, int, int, SpiritOptions], tuple[Compendium, dict[tuple[Taken, ...], float]]
] = {}


def effect_probabilities(outcomes: dict[tuple[Taken, ...], float]) -> dict[str, float]:
    """P(an effect is among those taken), by effect name (a marginal of the distribution)."""
    found: dict[str, float] = {}
    for taken, p in outcomes.items():
        for name in {t.effect for t in taken}:
            found[name] = found.get(name, 0.0) + p
    return found
