"""UESRPG rulings: every gap or ambiguity of 003 as a named, switchable option.

Each option has a default, a reason and the quote it settles;
``docs/rulings.md`` lists the same. A campaign (or a command's
``--option name=value``) can switch any of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from tactician.rulesets.rulings import with_overrides

ElementalAR = Literal["both", "higher", "specific"]
WoundPenalties = Literal["stack", "once"]
DeathCount = Literal["total", "consecutive"]
BleedingWT = Literal["once", "per_instance"]
DefenceTie = Literal["defender", "attacker"]
FrenzyEnd = Literal["always", "encounter_end"]
WoundRelief = Literal["longest", "add"]
FirstAid = Literal["one_wound", "all_wounds"]
PartialArmor = Literal["half", "unchanged"]


@dataclass(frozen=True)
class UesrpgOptions:
    # 003 damage types: "Fire | Fire AR (and Magic AR)" (likewise Frost, Shock, Poison)
    elemental_ar: ElementalAR = "both"
    # 003 passive effects: "-20 to all tests until the wound is fully healed" and
    # "-2 to future initiative rolls" — with two wounds, twice?
    wound_penalties: WoundPenalties = "stack"
    # 003 treating: "A dramatic failure causes the limb to become Maimed immediately."
    # 0 = a critical failure only; N > 0 = also any failure by N or more degrees
    dramatic_failure_degrees: int = 0
    # 003 death: "Failing a number of tests exceeding their Luck Bonus while unconscious"
    death_count: DeathCount = "total"
    # 003 shock effects: "(head: Stunned for 1 round instead)"; true = until the same
    # point next round, so the next start-of-round refill is lost too
    head_stun_skips_refill: bool = True
    # 003 Bleeding: "Reduce WT by 1." with "Multiple instances stack (add X values)."
    bleeding_wt: BleedingWT = "once"
    # core (outside 003): an attack against a defence is an opposed test
    defence_tie: DefenceTie = "defender"
    # 003 magic extras: "Frost: Test End or gain Dazed" — no duration given (0 = until removed)
    frost_dazed_rounds: int = 1
    # 003 wounds: "If a single attack deals damage ... in excess of ... (WT), it causes a
    # wound." Is a Burning tick an attack?
    burning_can_wound: bool = False
    # 003 Frenzied: "Ends when the encounter ends (lose 2 SP) or the character passes
    # Willpower -20 as an action"
    frenzy_end_costs_sp: FrenzyEnd = "always"
    # 003 curing: "if the character regenerates HP (by any means) equal to or exceeding
    # the damage that caused the wound" — does healing beyond max HP count?
    cure_counts_overheal: bool = True
    # 003 magical healing: "forestalls unconsciousness for a number of rounds equal to the
    # HP restored" — a second heal while the first still holds
    wound_relief: WoundRelief = "longest"
    # 003 passive effects: "These effects can be removed by first aid" — one test, how many wounds?
    first_aid: FirstAid = "one_wound"
    # 003 Prone: "Full armor counts as Partial." The partial-armor numbers are not in 003
    partial_armor_ar: PartialArmor = "half"
    # 003 Hidden: "Entering line of sight of a new observer requires a Stealth vs
    # Observe test to remain hidden" (who wins equal degrees of success?)
    stealth_tie: Literal["observer", "hider"] = "observer"
    # 003 Lost Parts, eye: "-20 to sight-based tests" read as every attack and
    # defence ("sight", default) or only tests to see ("perception")
    lost_eye_combat: Literal["sight", "perception"] = "sight"

    def with_overrides(self, pairs: list[str]) -> UesrpgOptions:
        """Apply ``name=value`` strings, refusing unknown names or values by name."""
        return with_overrides(self, pairs)


def options_from(pairs: Iterable[str] = ()) -> UesrpgOptions:
    """The rulings with ``name=value`` overrides applied."""
    return UesrpgOptions().with_overrides(list(pairs))
