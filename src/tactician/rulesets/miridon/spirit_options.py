"""Miridon's rulings for ghosts, insanity, spells, racial flairs and mechs, as options.

Each gap or ambiguity of 004 chapters 7-9 that these rules meet is a named option with a
default; the quotes they settle are in ``docs/rulings.md`` (section "Miridon part 3"). The
battle layer passes one ``SpiritOptions`` to every rule of this part.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tactician.content.loader import describe_errors
from tactician.errors import RulesError


class SpiritOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # C50: row 48 "Unconscious" has no severity (58/68/78 have 1d6/2d6/3d6 hours)
    insanity_row48_severity: int = Field(default=1, ge=1)
    # L3232/L3236: a Mist Form result rolls again (65/75 + 3d6), which may be Mist Form
    # again; after this many nested extra rolls a Mist Form result rolls no more
    mist_form_rerolls: int = Field(default=4, ge=0)
    # C39: one insanity check per resolved attack per target (a shotgun blast is one)
    insanity_per_bullet: bool = False
    # C44: the remaining cast time falls only by Channel Spell (and Shorten Spell)
    cast_time_passes: bool = False
    # C47: Channel Spell drains the spell by its cost (its cost is 0/0 by default anyway)
    channel_drains: bool = False
    # C32: Gather Mist may be cast at 0 ghost with a notional Spell Ghost HP of 1
    gather_mist_at_zero: bool = True
    # C46: a block stance ends the casting (spell cancelled)
    casting_exclusive: bool = True
    # C45-like gap: an area Elemental Spell / Health Recovery (Explosive, Beam) rolls its
    # effect once for every target ("once") or once per target ("per_target")
    area_spell_roll: Literal["once", "per_target"] = "once"
    # M25: Dragon Breath targets one unit within this many feet, hits automatically
    dragon_breath_range_ft: int = Field(default=30, ge=5)
    # M32: while inside, the pilot acts only through the mech's parts
    pilot_acts: bool = False
    # M18: Enter Mech reach (pilot adjacent to the mech)
    enter_mech_reach_ft: int = Field(default=5, ge=0)

    @classmethod
    def parse(cls, values: Mapping[str, object]) -> SpiritOptions:
        """Options from ``name=value`` pairs; an unknown name or bad value is one clear error."""
        try:
            return cls.model_validate(dict(values))
        except ValidationError as exc:
            raise RulesError([f"option {line}" for line in describe_errors(exc)]) from None


DEFAULT_SPIRIT_OPTIONS = SpiritOptions()
