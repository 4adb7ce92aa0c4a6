"""Tropera's rulings: every gap or ambiguity of 000 as a named, switchable option.

Each option has a default, a reason and the quote it settles; ``docs/rulings.md``
lists the same. A campaign (or a command's ``--option name=value``) can switch
any of them.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from tactician.rulesets.rulings import with_overrides

TrueHitCrit = Literal["averaged", "first_die", "separate"]
AttackSpeed = Literal["speed", "speed_minus_weight_over_str"]
Rounding = Literal["floor", "exact"]
Halving = Literal["floor", "ceil"]


class TroperaOptions(NamedTuple):
    """Tropera's rulings (a ``NamedTuple``, not a frozen dataclass: every forecast
    defines it, at a tenth of the cost; ``tactician.records``)."""

    # 000: "If the averaged result would hit, the attack hits." and "If the result of
    # the roll is ... equal to or lower than the Critical Hit Chance, it is a critical hit"
    true_hit_crit: TrueHitCrit = "averaged"
    # 000: "Accuracy rolls are made twice ... and the results averaged together."
    true_hit_average: Rounding = "floor"
    # 000: "Accuracy of 60% or higher"
    true_hit_threshold: int = 60
    # 000: "Extra Strike (Speed): (Attacker's Attack Speed) >= (Target's Speed +4)"
    attack_speed: AttackSpeed = "speed"
    # 000: "Critical Hit: (Skill /2) + (Bonuses)" (and Silencer's "rounded down")
    halves: Halving = "floor"
    # 000: "Heavy Armor/Resistant: (Damage) /2" then "Critical Hit Damage: 3x Damage"
    crit_after_halving: bool = True
    # 000 Frost Tome "Slowed condition" alters "the number of attacks": no numbers given
    slowed_denies_speed_extra: bool = True
    # 000 Chain Lightning: "the order of the Attack Sequence will be Player A, Enemy 1,
    # Enemy 3, Enemy 2, and then back to Player A"
    chain_attacker_strikes_each_target: bool = True
    # 000 gives ranks to weapons only implicitly ("D Rank: Usable", "D-Rank staves"):
    # a weapon with a rank needs that rank in its proficiency
    weapon_rank_required: bool = True
    # 000 Reckless: "you take an Extra Attack from all enemies that attack you"
    reckless_grants_counterattackers: bool = True
    # 000 Enemy Actions: tiers "have more or fewer restrictions on the order in which
    # they can act during their phase, and what actions they can take": enforced for
    # every command (a GM's too), not only the AI's choices
    enforce_enemy_tiers: bool = True
    # 000 Mob/Army "always act in numerical order": one order over the side's Mob and
    # Army units together ("side"), or each tier's own ("tier")
    numerical_order: Literal["side", "tier"] = "side"
    # no text names a last round (a ruling of the project, docs/rulings.md "Round cap
    # and draw"): once round 50 is over undecided the battle is a draw (none: no cap)
    round_cap: int | None = 50

    def with_overrides(self, pairs: list[str]) -> TroperaOptions:
        """Apply ``name=value`` strings, refusing unknown names or values by name."""
        return with_overrides(self, pairs)
