"""fe-classic's rulings as options (design principle 4), each settling words of 002.

002 is combat only; its characters are 001's, so the character rulings are
001's (``CharacterOptions``, shared with fe-tabletop). The ten lost formulas are
FE8's (spec §2.12, ``numbers.py``); their constants are options here. Defaults
and the words each settles are in ``docs/rulings.md`` ("Fire Emblem Classic").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tactician.rulesets.fe_common.character.options import CharacterOptions


@dataclass(frozen=True, slots=True)
class ClassicOptions(CharacterOptions):
    """002's rulings on top of 001's character rulings."""

    # the lost formulas' constants (002 L65, L90-92, L106, L110-111, L127-129)
    double_threshold: int = 4
    defender_doubles: bool = True
    triangle_hit: int = 15
    triangle_might: int = 1
    reaver_reversal: bool = True
    s_rank_hit: int = 5
    s_rank_crit: int = 5
    class_crit_bonus: int = 15
    myrmidon_crit_bonus: bool = True
    crit_multiplier: int = 3
    effective_multiplier: int = 3
    # the hit roll (002 L97-98) and critical failure / break check (L99-101)
    hit_roll: Literal["one_die", "two_dice_averaged"] = "one_die"
    percentile: Literal["zero_to_99", "one_to_100"] = "zero_to_99"
    fumble_at: int = 100
    fumble_needs_miss: bool = True
    break_save: int = 50
    # terrain (002 L161-465)
    terrain_def_vs_magic: bool = False
    fliers_get_terrain_bonus: bool = True
    sea_fliers: Literal["allowed", "literal"] = "allowed"
    thicket_flier_cost: int = 1
    terrain_damage_fliers: bool = True
    ice_forced_step_free: bool = False
    # offensive staves (002 L145-152)
    status_turns: int = 5
    # battles (002 L17-19, L56-58)
    lord_death_loses: bool = True
    # 001's EXP in a 002 battle (001 L123-128; ``battle_gains``)
    exp_per: Literal["fight", "battle"] = "fight"
    # a fallen unit in PvP (002 L56-58 "unusable for a set time"; G2-34)
    pvp_death: Literal["dead", "benched"] = "dead"
    # fog of war: 002 has none (G2-39); 001 L110's vision as an option
    fog_rules: Literal["none", "tabletop"] = "none"
    # what the engine's play knows of under that fog (001 L110; ``battle_ai``)
    ai_sight: Literal["own_side", "gm_sees_all"] = "own_side"
    # weather: 002 L8 names it, gives no rule (G2-33); 001 L112's Rain/Storm as an option
    weather_rules: Literal["none", "tabletop"] = "none"
    # no text names a last round (docs/rulings.md "Round cap and draw"): undecided after
    # round 50, a draw (none: no cap)
    round_cap: int | None = 50
