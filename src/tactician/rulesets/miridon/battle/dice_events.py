"""The two dice events of a Miridon attack, each exact (``outcomes``) and rolled on real
dice (``sample``), so one procedure resolves and forecasts (``dice.enumerate``).

``ToHitRoll``: "[Base To Hit Roll] ... 2d6, or 1d6 for each bullet of a shotgun" (L1620)
plus the [To Hit Bonus] (L1724) against [Evasion]: hit "greater than or equal to" (L1726,
ruling ``hit_comparison``); a critical needs the base roll in the critical range and a
hit (L1668-1670, L1722). Its outcome is (hit, crit, margin), the margin (To Hit Roll -
Evasion, L2600, L2628) kept only when a modifier reads it, so the forecast merges equal
branches.

``D6Pool``: damage d6s; with Strong Attack / Strong Shot "every 1d6 rolled for [Damage
Dealt] will be re-rolled if it rolls a 1 ... until ... greater than 1" (L581; 1 or 2 with
the Advanced flair, L591): each die is then uniform on 2..6 (3..6), every re-roll drawn
and logged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from tactician.dice.source import DiceSource

HitOutcome = tuple[bool, bool, int | None]


@dataclass(frozen=True, slots=True)
class ToHitRoll:
    bonus: int
    evasion: int
    crit_from: int | None  # the lowest base roll that crits (None: cannot crit)
    dice: int = 2  # 2 (2d6) or 1 (a shotgun bullet)
    strict: bool = False  # ruling hit_comparison=gt
    keep_margin: bool = False
    purpose: str = "to hit"
    # the outcomes, computed once (a forecast asks for them once per branch)
    table: tuple[tuple[HitOutcome, float], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "table", _hit_outcomes(self))

    def judge(self, base: int) -> HitOutcome:
        total = base + self.bonus
        hit = total > self.evasion if self.strict else total >= self.evasion
        crit = hit and self.crit_from is not None and base >= self.crit_from
        margin = (max(0, total - self.evasion) if hit else None) if self.keep_margin else None
        return hit, crit, margin

    def outcomes(self) -> Sequence[tuple[HitOutcome, float]]:
        return self.table

    def sample(self, dice: DiceSource) -> HitOutcome:
        base = sum(dice.draw(6, self.purpose) for _ in range(self.dice))
        return self.judge(base)

    def chance_of_hit(self) -> float:
        return sum(p for (hit, _, _), p in self.outcomes() if hit)


def _hit_outcomes(roll: ToHitRoll) -> tuple[tuple[HitOutcome, float], ...]:
    return _grouped(roll.bonus, roll.evasion, roll.crit_from, roll.dice, roll.strict,
                    roll.keep_margin)


@lru_cache(maxsize=4096)
def _grouped(bonus: int, evasion: int, crit_from: int | None, dice: int, strict: bool,
             keep: bool) -> tuple[tuple[HitOutcome, float], ...]:
    judge = ToHitRoll.judge
    probe = _Probe(bonus, evasion, crit_from, strict, keep)
    grouped: dict[HitOutcome, float] = {}
    for base, p in _sums(dice, 0):
        key = judge(probe, base)  # type: ignore[arg-type]
        grouped[key] = grouped.get(key, 0.0) + p
    return tuple(grouped.items())


@dataclass(frozen=True)
class _Probe:
    """The fields ``ToHitRoll.judge`` reads (so the table is built before the roll is)."""

    bonus: int
    evasion: int
    crit_from: int | None
    strict: bool
    keep_margin: bool


@dataclass(frozen=True, slots=True)
class D6Pool:
    """``count`` d6 plus ``bonus``; each die re-rolled while it shows ``reroll_up_to`` or
    less (0: no re-rolls)."""

    count: int
    bonus: int = 0
    reroll_up_to: int = 0
    purpose: str = "damage"

    def outcomes(self) -> Sequence[tuple[int, float]]:
        return _pool(self.count, self.bonus, self.reroll_up_to)

    @staticmethod
    @lru_cache(maxsize=4096)
    def of(count: int, bonus: int, reroll_up_to: int, purpose: str) -> D6Pool:
        """The pool, made once (the forecast asks for the same pools on every branch)."""
        return D6Pool(count, bonus, reroll_up_to, purpose)

    def sample(self, dice: DiceSource) -> int:
        total = self.bonus
        for _ in range(self.count):
            face = dice.draw(6, self.purpose)
            while face <= self.reroll_up_to:
                face = dice.draw(6, f"{self.purpose} (re-roll of {face})")
            total += face
        return total


@lru_cache(maxsize=4096)
def _pool(count: int, bonus: int, low: int) -> tuple[tuple[int, float], ...]:
    faces = range(low + 1, 7)
    ways: dict[int, int] = {0: 1}
    for _ in range(count):
        following: dict[int, int] = {}
        for total, n in ways.items():
            for face in faces:
                following[total + face] = following.get(total + face, 0) + n
        ways = following
    whole = len(faces) ** count
    return tuple((total + bonus, n / whole) for total, n in sorted(ways.items()))


@lru_cache(maxsize=64)
def _sums(count: int, low: int) -> tuple[tuple[int, float], ...]:
    return _pool(count, 0, low)
