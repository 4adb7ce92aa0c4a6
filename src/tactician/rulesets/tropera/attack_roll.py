"""The Attack Roll: one d100 (or two, averaged, under True Hit) deciding hit
and critical hit.

Source: 000 "The DM then rolls a d100. If the result of the roll is equal to or
lower than the Hit Chance, the attack hits (and if it's equal to or lower than
the Critical Hit Chance, it is a critical hit)." and "True Hit: ... Accuracy
rolls are made twice each time a unit makes at attack with an Accuracy of 60%
or higher, and the results averaged together. If the averaged result would hit,
the attack hits." Gamble: "you are no longer affected by True Hit".

How the crit is judged under True Hit is the ``true_hit_crit`` ruling:
``averaged`` (the averaged result is "the result of the roll" for both),
``first_die`` (the first of the two dice, as if rolled once) or ``separate``
(a fresh d100 after a hit, as the Game Boy Advance games do).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from tactician.dice.events import AveragedRoll, Bands
from tactician.rulesets.fe_common.attack_roll import CRIT, HIT, MISS, AttackRoll, Outcome
from tactician.rulesets.tropera.options import TroperaOptions

if TYPE_CHECKING:  # annotations only: a forecast never imports the dice sources
    from tactician.dice.source import DiceSource

# the roll itself (resolve and exact odds) is the shared Fire Emblem one; what is
# Tropera's is how 000's chances and True Hit rulings build it
_LABELS: tuple[Outcome, Outcome, Outcome] = (CRIT, HIT, MISS)


class FirstDieTrueHit(NamedTuple):
    """True Hit where the first die alone judges the crit (``first_die`` ruling)."""

    hit: int
    crit: int
    floor: bool
    purpose: str = "attack roll"

    def outcomes(self) -> Sequence[tuple[Outcome, float]]:
        return _first_die_outcomes(self.hit, self.crit, self.floor)

    def sample(self, dice: DiceSource) -> Outcome:
        first = dice.draw(100, self.purpose)
        second = dice.draw(100, self.purpose)
        return _judge_first_die(first, second, self.hit, self.crit, self.floor)


def _judge_first_die(first: int, second: int, hit: int, crit: int, floor: bool) -> Outcome:
    hits = (first + second) // 2 <= hit if floor else first + second <= 2 * hit
    if not hits:
        return MISS
    return CRIT if first <= crit else HIT


@lru_cache(maxsize=4096)
def _first_die_outcomes(hit: int, crit: int, floor: bool) -> tuple[tuple[Outcome, float], ...]:
    counts = {CRIT: 0, HIT: 0, MISS: 0}
    for first in range(1, 101):
        for second in range(1, 101):
            counts[_judge_first_die(first, second, hit, crit, floor)] += 1
    return tuple((label, counts[label] / 10_000) for label in _LABELS if counts[label])


def attack_roll(
    hit_chance: int, crit_chance: int, gamble: bool, options: TroperaOptions
) -> AttackRoll:
    """Build the attack roll for displayed chances (each already clamped 0..100)."""
    true_hit = hit_chance >= options.true_hit_threshold and not gamble
    floor = options.true_hit_average == "floor"
    roll = AveragedRoll(2, 100, floor) if true_hit else AveragedRoll(1, 100)
    # 000 nests the crit inside the hit: "(and if it's equal to or lower than the
    # Critical Hit Chance, it is a critical hit)"
    crit_bound = min(crit_chance, hit_chance)
    if true_hit and options.true_hit_crit == "first_die":
        return AttackRoll(
            hit_chance, crit_chance, FirstDieTrueHit(hit_chance, crit_chance, floor), None, True
        )
    if true_hit and options.true_hit_crit == "separate":
        main = Bands(roll, (hit_chance,), (HIT, MISS), "attack roll (True Hit)")
        crit_roll = Bands(AveragedRoll(1, 100), (crit_chance,), (True, False), "critical roll")
        return AttackRoll(hit_chance, crit_chance, main, crit_roll, True)
    purpose = "attack roll (True Hit)" if true_hit else "attack roll"
    return AttackRoll(
        hit_chance,
        crit_chance,
        Bands(roll, (crit_bound, hit_chance), _LABELS, purpose),
        None,
        true_hit,
    )
