"""The insanity outcome an attack could cause, exactly (spec §3.22 items 1 and 7).

A hit that lowers Current HP calls for an insanity check (L3015, L3023); the check rolls
only if effective HP < Current Ghost HP (L3039). Given the exact distribution of the damage
an attack deals (the attack forecast's), this mixes the exact Table 7.1 distributions
(``insanity_roll.insanity_distribution``, the procedure the roll runs) over it: P(the check
rolls) and P(each tuple of effects). One check per resolved attack (C39).

HP lost is capped at the target's HP: L1740 "If the [Current Physical HP] of a character is
reduced to 0 or less, they become [Unconscious]" and the battle keeps Current HP at 0 or
more (``battle/strike``, ruling in docs/rulings.md), so the check it rolls reads an HP of at
least 0 - the roll "[Current Ghost HP] - [Current Physical HP] + 3d6" (L3035) never grows
with damage past the HP the target had. Forecast and battle read the same HP.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.insanity_roll import (
    Taken,
    effect_probabilities,
    insanity_check,
    insanity_distribution,
)
from tactician.rulesets.miridon.spirit_options import DEFAULT_SPIRIT_OPTIONS, SpiritOptions

NO_ROLL: tuple[Taken, ...] = ()


@dataclass(frozen=True, slots=True)
class InsanityForecast:
    p_roll: float
    outcomes: Mapping[tuple[Taken, ...], float]  # () = no roll happened

    def effect(self, name: str) -> float:
        return effect_probabilities(dict(self.outcomes)).get(name, 0.0)


def hp_after(current_hp: int, dealt: int) -> int:
    """Current HP after ``dealt`` damage: never below 0 (L1740; the battle's ``strike``)."""
    return max(0, current_hp - dealt)


def attack_insanity(
    compendium: Compendium, current_hp: int, current_ghost: int, resist_rank: int,
    damage: Mapping[int, float], options: SpiritOptions = DEFAULT_SPIRIT_OPTIONS,
) -> InsanityForecast:
    """``damage``: Damage Dealt -> probability (0 for a miss). Equal roll bonuses share one
    table distribution. The HP after the hit is ``max(0, current_hp - dealt)``, as the
    battle keeps it (L1740)."""
    by_bonus: dict[int, float] = {}
    outcomes: dict[tuple[Taken, ...], float] = {}
    for dealt, p in damage.items():
        check = insanity_check(hp_after(current_hp, dealt), current_ghost, resist_rank)
        if dealt > 0 and check.rolls:
            by_bonus[check.bonus] = by_bonus.get(check.bonus, 0.0) + p
        else:
            outcomes[NO_ROLL] = outcomes.get(NO_ROLL, 0.0) + p
    p_roll = sum(by_bonus.values())
    for bonus, weight in by_bonus.items():
        for taken, q in insanity_distribution(compendium, bonus, options=options).items():
            outcomes[taken] = outcomes.get(taken, 0.0) + weight * q
    return InsanityForecast(p_roll, outcomes)
