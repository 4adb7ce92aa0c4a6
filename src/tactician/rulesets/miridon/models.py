"""Miridon compendium entries as pydantic models.

Every entry carries its place in the rules text 004 (``line`` or ``lines`` = first and
last line), so a sheet or an error can cite it. Numbers the text lacks are marked in the
data by ``source: default (not in text)`` (or ``cost_source``); the models keep that
mark so a GM can see what is invented. Behaviour a number cannot express is a named
``effect`` id that the battle code implements.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tactician.counted import word_for

DEFAULT_SOURCE = "default (not in text)"

Slot = Literal["offensive", "movement", "verbal", "defensive", "bonus", "mech", "out_of_battle"]
Cost = int | Literal["chosen"]


class Entry(BaseModel):
    """A compendium entry: a name and its line(s) in 004."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    line: int | None = Field(default=None, ge=1)
    lines: tuple[int, int] | None = None

    @model_validator(mode="after")
    def _cited(self) -> Entry:
        if self.line is None and self.lines is None:
            raise ValueError("needs 'line' or 'lines' (its place in 004)")
        if self.lines is not None and self.lines[0] > self.lines[1]:
            raise ValueError("'lines' must be [first, last]")
        return self

    @property
    def first_line(self) -> int:
        return self.line if self.line is not None else self.lines[0]  # type: ignore[index]

    @property
    def cite(self) -> str:
        """``L123`` or ``L123-130``."""
        if self.lines is not None and self.lines[0] != self.lines[1]:
            return f"L{self.lines[0]}-{self.lines[1]}"
        return f"L{self.first_line}"


class Sub(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StartStats(Sub):
    max_strength: int = Field(ge=0)
    max_speed: int = Field(ge=0)
    max_ghost_hp: int = Field(ge=0)
    source: str
    basis: str = ""


class CharacterClass(Entry):
    kind: Literal["basic", "unique"]
    special: str | None
    aliases: tuple[str, ...] = ()
    start: StartStats | None = None
    class_skills: tuple[str, ...] = ()
    class_skills_source: str = ""


class Special(Entry):
    """A class special (``kind: class``) or dual-class special (``kind: dual``)."""

    kind: Literal["class", "dual"]
    classes: tuple[str, ...]
    rank_per: int = Field(default=10, ge=1)
    effect: str
    grants: tuple[str, ...] = ()
    text: str

    @model_validator(mode="after")
    def _pair(self) -> Special:
        wanted = 1 if self.kind == "class" else 2
        if len(self.classes) != wanted:
            raise ValueError(f"a {self.kind} special names {wanted} "
                             f"{word_for(wanted, 'class')}")
        return self


class StatRequirement(Sub):
    max_strength: int = 0
    max_speed: int = 0


class Talent(Entry):
    cost_per_rank: int | None = Field(default=None, ge=0)
    flat_cost: int | None = Field(default=None, ge=0)
    ranked: bool = True
    requires: StatRequirement | None = None
    requires_line: int | None = None
    aliases: tuple[str, ...] = ()
    effect: str
    per_rank: str
    text: str = ""

    @model_validator(mode="after")
    def _one_cost(self) -> Talent:
        if (self.cost_per_rank is None) == (self.flat_cost is None):
            raise ValueError("needs exactly one of 'cost_per_rank' and 'flat_cost'")
        return self


class Prerequisite(Sub):
    """One "Pre-requisite:" item: exactly one of flair, talent, special, mutation, class."""

    flair: str | None = None
    talent: str | None = None
    special: str | None = None
    mutation: str | None = None
    class_: str | None = Field(default=None, alias="class")
    rank: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _one(self) -> Prerequisite:
        set_ = [k for k in ("flair", "talent", "special", "mutation", "class_") if getattr(self, k)]
        if len(set_) != 1:
            raise ValueError(
                "a prerequisite names exactly one of flair, talent, special, mutation, class"
            )
        if (self.talent or self.special) and self.rank is None:
            raise ValueError("a talent or special prerequisite needs a 'rank'")
        return self

    @property
    def kind(self) -> str:
        for k in ("flair", "talent", "special", "mutation"):
            if getattr(self, k):
                return k
        return "class"

    @property
    def target(self) -> str:
        return str(getattr(self, self.kind if self.kind != "class" else "class_"))

    def describe(self) -> str:
        if self.kind in ("talent", "special"):
            return f"rank {self.rank} in {self.target} ({self.kind})"
        return f"{self.target} ({self.kind})"


class Grant(Sub):
    action: str | None = None
    attack_modifier: str | None = None
    spell_modifier: str | None = None


FlairGroup = Literal[
    "general", "action", "attack_modifier", "critical_hit", "spell_casting_modifier", "racial"
]


class Flair(Entry):
    group: FlairGroup
    prerequisites: tuple[Prerequisite, ...] = ()
    prerequisite_line: int | None = None
    actions: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    applies_to_bonus_actions: bool | None = None
    condition: str | None = None
    effect: str
    grants: tuple[Grant, ...] = ()
    text: str
    normal: str = ""


class Weapon(Entry):
    category: Literal[
        "sword",
        "shield",
        "drill",
        "hammer",
        "grappling",
        "staff",
        "pistol",
        "sniper_rifle",
        "shotgun",
        "tesla",
    ]
    table: str
    attack: Literal["melee", "gun"]
    weight: int = Field(ge=0)
    damage: str
    to_hit: int
    block_bonus: int | None = None
    heavy_block_bonus: int | None = None
    super_block_bonus: int | None = None
    pdr_damage: int | None = None
    mech_pdr_damage: int | None = None
    speed_point_damage: int | None = None
    strength_point_damage: int | None = None
    grapple_attack_damage: str | None = None
    grapple_speed_damage: int | None = None
    grapple_to_hit_bonus: int | None = None
    max_grapple_strength: int | None = None
    ghost_power_storage: int | None = None
    cast_spell_strength_cost: int | None = None
    range_ft: int | None = None
    short_range_ft: int | None = None
    medium_range_ft: int | None = None
    long_range_ft: int | None = None
    steady_shot_bonus: int | None = None
    bullets_per_shot: int | None = None
    source: str = "text"


class Armor(Entry):
    passive_evasion: int
    weight: int = Field(ge=0)
    speed_point_reduction: int = Field(ge=0)
    source: str


class Boost(Sub):
    per_rank: str
    unit: str = ""
    line: int


class Spell(Entry):
    range_ft: int | None
    targets_self: bool
    radius_ft: int | None = None
    cast_time: int = Field(ge=0)
    subtlety: int
    duration_blocks: int | None = None
    effect: str
    boosts: dict[Literal["offensive", "defensive", "general"], Boost] = Field(default_factory=dict)
    base: str | None = None
    text: str = ""


class CostTier(Sub):
    flair: str
    strength_cost: int
    speed_cost: int
    line: int


class ActionRequirement(Sub):
    flair: str | None = None
    talent: str | None = None
    special: str | None = None
    rank: int | None = None


class Action(Entry):
    slot: Slot
    strength_cost: Cost
    speed_cost: Cost
    cost_source: str
    cost_basis: str = ""
    cost_with: tuple[CostTier, ...] = ()
    requires: ActionRequirement | None = None
    skill: str | None = None
    listed_under: Slot | None = None
    note: str = ""
    prerequisite: str = ""
    trigger: str = ""
    condition: str = ""
    text: str = ""


class AttackModifier(Entry):
    actions: tuple[str, ...]
    requires_flair: str
    strength_cost: int
    speed_cost: int
    cost_source: str
    cost_basis: str = ""
    cost_with: tuple[CostTier, ...] = ()
    excludes: tuple[str, ...] = ()
    applies_to_bonus_actions: bool
    effect: str
    text: str = ""


class SpellModifier(Entry):
    spells: tuple[str, ...] | None
    requires_flair: str | None
    strength_cost: int
    speed_cost: int
    cost_source: str
    cost_with: tuple[CostTier, ...] = ()
    excludes: tuple[str, ...] = ()
    effect: str
    cast_time_change: int = 0
    note: str = ""
    text: str = ""


class InsanityRow(Entry):
    roll_min: int | None
    roll_max: int | None
    effect: str
    severity: str | None = None


class InsanityEffect(Entry):
    effect: str
    text: str
    chain: dict[str, str] = Field(default_factory=dict)


class GrappleRow(Entry):
    strength_min: int = Field(ge=0)
    strength_max: int | None
    max_invested: int = Field(ge=0)


class Skill(Sub):
    """A placeholder skill (004 lists none): cited by the lines that use its name."""

    name: str = Field(min_length=1)
    variety: Literal["charisma", "intelligence"]
    used_at: tuple[int, ...] = Field(min_length=1)
    source: str


class Stance(Sub):
    name: str = Field(min_length=1)
    family: Literal["none", "block", "shield_block", "casting", "grapple"]
    tier: int = Field(ge=0)
    pdr_bonus: int = Field(ge=0)
    named_at: tuple[int, ...] = Field(min_length=1)
    source: str


class WeightRule(Sub):
    name: str
    rule: Literal["balanced_sum"]
    unbalanced_extra: Literal["lighter_weapon", "none"]
    armor_counts: bool
    source: str
    cited_at: tuple[int, ...]
    text: str


class MechPartAction(Sub):
    """A character action a mech part performs, paid in that part's speed points only
    (L3641, L3647); its speed cost is a default (the text lists no part action, M17)."""

    action: str = Field(min_length=1)
    speed_cost: int = Field(ge=0)


class MechPart(Sub):
    name: str = Field(min_length=1)
    kind: Literal["body", "blade", "gun", "puzzle_gun", "puzzle_blade", "spell_core", "other"]
    mech_points: int = Field(ge=0)
    max_speed: int = Field(ge=0)
    speed_regen: int = Field(ge=0)
    max_hp: int | None = None
    hp_regen: int | None = None
    pdr: int | None = None
    pdr_regen: int | None = None
    sdr: int | None = None
    auto_dodge: int | None = None
    weapon: str | None = None
    actions: tuple[MechPartAction, ...] = ()
    source: str
    cited_at: tuple[int, ...] = Field(min_length=1)
