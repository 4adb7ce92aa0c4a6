"""002's dice: the hit d%, the crit d%, the critical failure and the break check.

002 L97-98 "If the result is over 100, you automatically hit, otherwise, roll a
d%. If the number is lower than your chance to hit, then the attack connects."
(one die; GBA's two averaged is ruling ``hit_roll``). L99-101 "A critical
failure on this roll (The number required for it to be a failure is determined
by the weapon), you must make a break check. If the break check fails as well,
the weapon is rendered useless and is removed from the units inventory." L104-106
"Whether an attack is critical or not is worked out after an attack has hit.
You must roll a d% and get lower than your critical rate."

The engine's d100 reads 1..100 and passes at or under its bound. Under the
default ``percentile = zero_to_99`` a face f is the percentile f − 1, so "lower
than" the chance is f ≤ chance, exactly the chance (G2-02); ``one_to_100``
reads faces as written, f < chance. The fumble is the top of the die from
``fumble_at`` (100: only a 100), on a miss only (``fumble_needs_miss``, G2-05);
no roll, no fumble. The break check is a d100 right after: the weapon survives
on ≤ ``break_save`` (G2-06). Neither the text nor FE8 gives these numbers: they
are Tactician defaults.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactician.dice.events import AveragedRoll, Bands
from tactician.dice.source import DiceSource
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_common.attack_roll import FUMBLE, HIT, MISS, AttackRoll, Outcome


@dataclass(frozen=True, slots=True)
class Certain:
    """An outcome no die decides (002 L97 "over 100, you automatically hit")."""

    outcome: Outcome

    def outcomes(self) -> Sequence[tuple[Outcome, float]]:
        return [(self.outcome, 1.0)]

    def sample(self, dice: DiceSource) -> Outcome:
        return self.outcome


def passing(chance: int, options: ClassicOptions) -> int:
    """The highest 1..100 face that is "lower than" ``chance`` (0..100)."""
    bound = chance if options.percentile == "zero_to_99" else chance - 1
    return max(0, min(100, bound))


def hit_roll(chance: int, crit: int, options: ClassicOptions, purpose: str,
             fumble_at: int | None = None) -> AttackRoll:
    """The attack roll for a chance to hit (unclamped) and a total crit rate (0..100);
    ``fumble_at`` is the weapon's own (``fumbles.py``), else the ruling's."""
    crit_die = None
    if crit > 0:
        crit_die = Bands(AveragedRoll(1, 100), (passing(crit, options),), (True, False),
                         "critical roll")
    if chance > 100:
        return AttackRoll(100, crit, Certain(HIT), crit_die, False)
    hit = passing(chance, options)
    fumble_from = max(1, min(101, options.fumble_at if fumble_at is None else fumble_at))
    if options.fumble_needs_miss:
        bounds = (hit, max(hit, fumble_from - 1))
    else:  # a face from fumble_at on fails whatever the chance
        hit = min(hit, fumble_from - 1)
        bounds = (hit, fumble_from - 1)
    dice = 2 if options.hit_roll == "two_dice_averaged" else 1
    main = Bands(AveragedRoll(dice, 100, floor=True), bounds, (HIT, MISS, FUMBLE), purpose)
    return AttackRoll(hit, crit, main, crit_die, dice > 1)


def break_check(options: ClassicOptions, weapon: str, save: int | None = None) -> Bands[bool]:
    """True when the weapon breaks: a d100 above ``break_save`` (the weapon's own if given)."""
    save = max(0, min(100, options.break_save if save is None else save))
    return Bands(AveragedRoll(1, 100), (save,), (False, True), f"break check ({weapon})")


def staff_roll(chance: int, options: ClassicOptions, purpose: str) -> Bands[bool]:
    """One d% for an offensive staff whatever ``hit_roll`` says (FE8 ``Roll1RN``, G2-20)."""
    return Bands(AveragedRoll(1, 100), (passing(chance, options),), (True, False), purpose)

