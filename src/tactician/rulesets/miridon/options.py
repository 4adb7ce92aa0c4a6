"""Miridon's rulings for characters and advancement, as named options.

Every gap or ambiguity of 004 that a build meets is an option here with a default; the
quotes they settle and the reasons are in ``docs/rulings.md`` (section Miridon). Options
for battle rules belong to the battle issues and are added there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tactician.content.loader import describe_errors
from tactician.errors import RulesError


class MiridonOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # 004 L276-278 gives only "If the cost is [Rank] points": class skill r, cross-class 2r
    skill_cost: Literal["class_rank_cross_double", "rank"] = "class_rank_cross_double"
    # M7: nothing in 004 grants skill points; a new character starts with this grant
    start_skill_points: int = Field(default=30, ge=0)
    # M3: character HP is never defined; 2 x (Max Strength + Max Speed)
    max_hp_formula: Literal["twice_points"] = "twice_points"
    # M14: no base Maximum Weight Penalty; floor(Max Strength / 2) + Inhuman Strength rank
    max_weight_penalty: Literal["half_strength", "max_strength"] = "half_strength"
    # M13: Weight page missing; an unbalanced pair adds the lighter weapon again
    unbalanced_extra: Literal["lighter_weapon", "none"] = "lighter_weapon"
    # L2234 "wielding two weapons": at most two wielded weapons
    max_wielded: int = Field(default=2, ge=1)
    # L244 "Generally, starting players should not be allowed to play a unique class."
    allow_unique_start: bool = False
    # M33: no maximum rank anywhere in 004
    talent_max_rank: int | None = Field(default=None, ge=1)
    skill_max_rank: int | None = Field(default=None, ge=1)
    # L264/L268 "2 fewer than the skiffmaster's [Rank]": never below 0
    crew_rank_floor: bool = True
    # L252-260: strength/speed "When recruited" (snapshot); skills and talents follow the leader
    crew_sync: Literal["snapshot_stats", "snapshot_all", "sync_all"] = "snapshot_stats"

    @classmethod
    def parse(cls, values: Mapping[str, object]) -> MiridonOptions:
        """Options from ``name=value`` pairs; an unknown name or bad value is one clear error."""
        try:
            return cls.model_validate(dict(values))
        except ValidationError as exc:
            raise RulesError([f"option {line}" for line in describe_errors(exc)]) from None


DEFAULT_OPTIONS = MiridonOptions()
