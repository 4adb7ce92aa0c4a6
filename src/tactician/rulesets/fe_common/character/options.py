"""The rulings of 001's character layer, shared by every ruleset built on 001's characters.

fe-tabletop (001) and fe-classic (002 combat on 001 characters) both read these:
growths (001 L13 "roll above the %", L16-17 "The number to beat"), promotion
(L9-10), weapon ranks (L5), rescue (L8 against L43) and experience (L123-128).
Each ruleset's own rulings dataclass extends this one, so one option name means
one thing in both; defaults and reasons are in ``docs/rulings.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class CharacterOptions:
    # growths (001 L13 "roll above the %", L16-17 "The number to beat")
    growth_threshold: Literal["at_least", "strictly_above"] = "at_least"
    zero_growth_never_grows: bool = False
    stat_caps: Literal["class", "none"] = "class"
    # promotion (001 L9-10)
    promotion_min_level: int = 10
    recruit_growths_forever: bool = False
    # weapon ranks (001 L5)
    weapon_rank_required: bool = True
    # rescue (001 L8 against L43)
    rescue_aid: Literal["at_least", "greater"] = "at_least"
    # experience (001 L123-128)
    exp_award: Literal["each", "split"] = "each"
    exp_chart_extends: bool = True
    # roleplay skills (001 L89 "Extremely Hard: 30-40", L90 "An unpromoted unit has 2 skills")
    skill_dc_extreme: int = 35
    skill_checks: Literal["listed", "any"] = "listed"
