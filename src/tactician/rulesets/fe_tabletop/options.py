"""fe-tabletop's rulings as options (design principle 4), each settling words of 001.

Defaults and reasons are in ``docs/rulings.md`` ("Fire Emblem Tabletop").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tactician.rulesets.fe_common.character.options import CharacterOptions


@dataclass(frozen=True, slots=True)
class TabletopOptions(CharacterOptions):
    """001's character rulings (``CharacterOptions``, shared with fe-classic) and its own."""

    # combat (001 L45-53)
    crit_roll: Literal["same_die", "separate_die"] = "same_die"
    crit_doubles: Literal["damage_roll", "dice_only", "after_defense"] = "damage_roll"
    hit_enemy_speed: Literal["raw", "effective"] = "raw"
    weight_penalty: Literal["half_weight", "half_excess"] = "half_weight"
    doubling_enemy_speed: Literal["effective", "raw"] = "effective"
    defender_doubles: bool = True
    durability_on_miss: bool = False
    # skills (001 L89)
    skill_dc_extreme: int = 35
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
    # no text names a last round (docs/rulings.md "Round cap and draw"): undecided after
    # round 50, a draw (none: no cap)
    round_cap: int | None = 50
