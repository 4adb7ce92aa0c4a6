"""Fire Emblem attack rolls: hit, crit and fumble decided on d100s.

The shapes the three Fire Emblem texts use, as one builder over core ``Bands``
(so resolution and forecast are the same events):

* ``dice``: one d100 (001 L45 "To make an attack, roll a 1d100") or two
  averaged (000's True Hit; GBA's "2RN"), floored like the GBA.
* ``crit_roll``: ``same_die``, the crit nested in the hit roll (001 L51 "you
  reached that percentage on your attack"; 000 "(and if it's equal to or lower
  than the Critical Hit Chance, it is a critical hit)"), so the crit band is
  min(crit, hit); or ``separate_die``, a fresh d100 after a hit (002, GBA).
* ``fumble``: the top ``fumble`` faces of the hit die are a fumble when they
  miss (002's "critical failure"; 0 = none, the 001 default).

A roll hits when the die (or the floored average) is at or under the chance,
the convention of ``Bands`` and of Tropera. Chances are clamped to 0..100.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from tactician.dice.chance import Chance
from tactician.dice.events import AveragedRoll, Bands, Event

Outcome = Literal["crit", "hit", "miss", "fumble"]
CRIT: Outcome = "crit"
HIT: Outcome = "hit"
MISS: Outcome = "miss"
FUMBLE: Outcome = "fumble"
CritRoll = Literal["same_die", "separate_die"]


def clamp(chance: int) -> int:
    """A chance as the d100 reads it: 0..100."""
    return max(0, min(100, chance))


class AttackRoll(NamedTuple):  # a record: a tenth of a frozen dataclass's start-up
    """The roll(s) of one attack, fixed once its chances are known: ``main`` decides
    the outcome (any event: ``Bands`` over one or two dice, or a ruleset's own, such
    as Tropera's first-die True Hit), then ``separate_crit`` a crit after a hit."""

    hit: int
    crit: int
    main: Event[Outcome]
    separate_crit: Bands[bool] | None = None
    averaged: bool = False  # two d100s averaged (000's True Hit, GBA's 2RN)

    def resolve(self, chance: Chance) -> Outcome:
        outcome = chance.decide(self.main)
        if outcome == HIT and self.separate_crit is not None and chance.decide(self.separate_crit):
            return CRIT
        return outcome

    def probabilities(self) -> dict[Outcome, float]:
        """Exact chance of each outcome (the four keys always present)."""
        result: dict[Outcome, float] = {CRIT: 0.0, HIT: 0.0, MISS: 0.0, FUMBLE: 0.0}
        for label, p in self.main.outcomes():
            if label == HIT and self.separate_crit is not None:
                for is_crit, q in self.separate_crit.outcomes():
                    result[CRIT if is_crit else HIT] += p * q
            else:
                result[label] += p
        return result


def attack_roll(
    hit: int,
    crit: int,
    *,
    dice: int = 1,
    crit_roll: CritRoll = "same_die",
    fumble: int = 0,
    purpose: str = "attack roll",
) -> AttackRoll:
    """Build the attack roll for a hit and a crit chance (clamped here to 0..100)."""
    hit, crit = clamp(hit), clamp(crit)
    roll = AveragedRoll(dice, 100, floor=True)
    fumble_bound = max(hit, 100 - max(0, min(100, fumble)))
    if crit_roll == "separate_die":
        main = Bands(roll, (hit, fumble_bound), (HIT, MISS, FUMBLE), purpose)
        crit_die = Bands(AveragedRoll(1, 100), (crit,), (True, False), "critical roll")
        return AttackRoll(hit, crit, main, crit_die if crit > 0 else None, dice > 1)
    bands = Bands(roll, (min(crit, hit), hit, fumble_bound), (CRIT, HIT, MISS, FUMBLE), purpose)
    return AttackRoll(hit, crit, bands, None, dice > 1)
