"""fe-tabletop's rulings as options (design principle 4), each settling words of 001.

Defaults and reasons are in ``docs/rulings.md`` ("Fire Emblem Tabletop").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class TabletopOptions:
    # growths (001 L13 "roll above the %", L16-17 "The number to beat")
    growth_threshold: Literal["at_least", "strictly_above"] = "at_least"
    zero_growth_never_grows: bool = False
    stat_caps: Literal["class", "none"] = "class"
    # promotion (001 L9-10)
    promotion_min_level: int = 10
    recruit_growths_forever: bool = False
    # weapon ranks (001 L5)
    weapon_rank_required: bool = True
    # combat (001 L45-53)
    crit_roll: Literal["same_die", "separate_die"] = "same_die"
    crit_doubles: Literal["damage_roll", "dice_only", "after_defense"] = "damage_roll"
    hit_enemy_speed: Literal["raw", "effective"] = "raw"
    weight_penalty: Literal["half_weight", "half_excess"] = "half_weight"
    doubling_enemy_speed: Literal["effective", "raw"] = "effective"
    defender_doubles: bool = True
    durability_on_miss: bool = False
    # rescue (001 L8 against L43)
    rescue_aid: Literal["at_least", "greater"] = "at_least"
    # skills (001 L89)
    skill_dc_extreme: int = 35
    # experience (001 L123-128)
    exp_award: Literal["each", "split"] = "each"
    exp_chart_extends: bool = True
    # terrain and weather (001 L71-75, L112)
    movement_001: Literal["caps", "per_tile"] = "caps"
    brigands_unaffected: Literal["movement", "all"] = "movement"
    storm: Literal["mov_minus", "flat_cost"] = "mov_minus"
    # battles (001 L42-56, L110-111, L118)
    ai_sight: Literal["gm_sees_all", "own_side"] = "gm_sees_all"
    torch_decays: bool = False
    dance_dancers: bool = False
    support_conversations: Literal["after_battle", "none"] = "after_battle"
    exp_per: Literal["fight", "battle"] = "fight"
    steal_speed_check: bool = True
