"""Miridon's battle rulings as named options (scope ``battle``: stored in a battle file).

Each settles a gap or ambiguity of 004 that a battle meets; ``docs/rulings.md`` (section
"Miridon battles") has the quote each one settles. The character options
(``miridon.options.MiridonOptions``, scope ``rules``) stay apart, so the build-time ones
(``talent_max_rank``, ``skill_max_rank``...) never enter a battle file.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tactician.content.loader import describe_errors
from tactician.errors import RulesError


class BattleOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # M27: 004 measures in feet, every distance a multiple of 5 ft (melee 5 ft, L1676)
    square_feet: int = Field(default=5, ge=1)
    # M27: a diagonal step; chebyshev = 5 ft, so melee range is the 8 neighbours
    distance_metric: Literal["chebyshev", "euclidean", "alternating"] = "chebyshev"
    # C33: "determined by [Maximum Speed Points]" (L1594), not the battle maximum
    initiative_stat: Literal["max_speed", "battle_speed"] = "max_speed"
    # C1: "greater than or equal to" (L1608, L1726) vs "exceed" (L1640)
    hit_comparison: Literal["ge", "gt"] = "ge"
    # C53: L1592 "They can also perform" is cut off: no limit on defensive actions
    defensive_limit: int | None = Field(default=None, ge=0)
    # C66: "< 3 * [Redouble]" (L2343) vs "less than or equal to 6 times the [Rank]" (L2347)
    redouble_threshold: Literal["at_most_6_rank", "below_3_rank"] = "at_most_6_rank"
    # C40: Redouble after "an offensive [Melee Attack]" (L2345): the attack must have hit
    redouble_on_miss: bool = False
    # L1672 "double the [Damage Dealt Bonus]": every additive damage term doubles on a crit
    bonus_doubles_on_crit: bool = True
    # L1742 "any additional [Damage Dealt]": a hit for 0 does not kill
    dead_on_zero: bool = False
    # C35: hammer speed damage "for this round" (L3460): given back at the block's end
    hammer_sp_damage: Literal["temporary", "permanent"] = "temporary"
    # C10: drilled PDR "regenerate by 1 at the start of the character's [Turn]" (L1696)
    drill_recovery: Literal["per_turn_1", "next_round_full"] = "per_turn_1"
    # L2962: Initiate Grapple "uses as its accuracy bonus the grappler's [Grapple ...]"
    grapple_uses_weapon_hit: bool = False
    # C7: "equal to the twice the grappler's [Grapple Attack] skill" (L2987)
    grapple_damage_double: bool = False
    # C51: "up to the number of [Current Strength Points] specified in the table" (L2966)
    grapple_table_index: Literal["current", "maximum"] = "current"
    # M15: the "Stances" page is missing: a block stance ends at the stance-taker's next turn
    block_stance_exit: Literal["next_turn", "block_end"] = "next_turn"
    # C36: Steady Shot needs no action "in the previous [Action Block]" (L3538)
    steady_shot: Literal["previous_and_this_block", "previous_block"] = "previous_and_this_block"
    # C56: Rapid Fire on "a [Critical Hit]" (L2398): its own crit may fire again
    rapid_fire_chain: bool = True
    # M9: the charisma rolls are undefined (L1776-1778): 2d6 + the skill's rank each side
    charisma_roll: Literal["2d6_plus_rank", "not_offered"] = "2d6_plus_rank"
    # M22: no gun has a capacity (L1905 "reload a gun to full ammo"); on: the units
    # file's magazines are counted (battle/ammo.py)
    track_ammo: bool = False
    # L851, L861, L874 "each bullet is calculated individually": per_bullet = each bullet
    # that hit an earlier target faces the flairs (battle/shoot_through.py); any_bullet =
    # every bullet does once any hit before; off = never for a shotgun
    shoot_through_shotgun: Literal["per_bullet", "any_bullet", "off"] = "per_bullet"
    # Tactician: reactions the action does not state (dodge, block, riposte, maintain
    # grapple) are chosen by the defender's reaction policy, or not taken
    auto_reactions: Literal["policy", "off"] = "policy"
    # M28: the AI (docs/miridon-ai.md): simple = no reactions but Dodge; tactical = the
    # standard planner with the threat of the foes in reach in its score (ai_threat.py)
    ai_preset: Literal["standard", "simple", "tactical"] = "standard"
    # C52: Magic Shield Deflection adds "the bonus to [Physical Damage Reduction] applied by
    # the [Shield Block Stance]" (L2207): the shield's tier bonus, or the whole stance's
    msd_amount: Literal["shield_bonus", "whole_stance"] = "shield_bonus"
    # C60: Ghastly Strength "causes a target to become [Dead]" (L152): as written; true also
    # on the hit that knocks the target unconscious (battle/ghastly.py)
    ghastly_on_ko: bool = False
    # C26: Mech Slash "Adds an additional 1d6" (L159), the other dual specials "for every
    # [Rank]" (L145, L166): 1d6 per rank, or one 1d6 (spirit_battle/part_attacks.py)
    mech_slash_per_rank: bool = True
    # L238: Mech Puzzle Weapon's further puzzle parts come "For every 3 [Ranks] in [Mech
    # Spell Training]" (copied from L224?): the Mech Puzzle Weapon rank, or as printed
    puzzle_parts_rank: Literal["mech_puzzle_weapon", "mech_spell_training"] = \
        "mech_puzzle_weapon"
    # M28: the AI's Maintain Grapple invests the least that holds with this chance (%)
    maintain_hold: int = Field(default=75, ge=0, le=100)
    # no text names a last action block (docs/rulings.md "Round cap and draw"): undecided
    # after block 30, a draw (none: no cap)
    round_cap: int | None = Field(default=30, ge=1)

    @classmethod
    def parse(cls, pairs: Iterable[tuple[str, str]]) -> BattleOptions:
        try:
            return cls.model_validate({k: _value(v) for k, v in pairs})
        except ValidationError as exc:
            raise RulesError([f"option {line}" for line in describe_errors(exc)]) from None


def _value(text: str) -> object:
    return None if text.strip().casefold() == "none" else text


BATTLE_OPTION_NAMES = frozenset(BattleOptions.model_fields)
DEFAULT_BATTLE = BattleOptions()
