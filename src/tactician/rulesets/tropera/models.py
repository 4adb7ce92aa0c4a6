"""Tropera content and unit files as pydantic models.

Weapons, items and feats are compendium data (``data/*.yaml``); a unit file
describes one character. Derived numbers (current stats, Hit, Avoid...) are
computed, never stored: a character is its creation choices plus its level-up
records.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tactician.counted import word_for
from tactician.rulesets.tropera.gear import MAGIC_TYPES, targets_resistance
from tactician.rulesets.tropera.relics import relic_effect
from tactician.rulesets.tropera.stats import RANKS, STATS, Rank

WeaponType = Literal[
    "sword",
    "lance",
    "axe",
    "bow",
    "knife",
    "light",
    "anima",
    "dark",
    "staff",
    "claws",
    "talons",
    "bite",
    "martial",
    "breath",
]
Kind = Literal["human", "laguz-beast", "laguz-bird", "laguz-dragon", "manakete"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Weapon(Strict):
    """A weapon, tome or staff. Numbers follow 000's weapon stats: Might,
    Accuracy, Critical, Range, Weight, Special, Charges."""

    name: str = Field(min_length=1)
    type: WeaponType
    might: int = Field(ge=0)
    accuracy: int = Field(ge=0)
    critical: int = Field(default=0, ge=0)
    range: tuple[int, int] = (1, 1)
    weight: int = Field(default=0, ge=0)
    rank: Rank | None = None
    brave: bool = False
    heavy: bool = False
    # a physical weapon whose attacks target Resistance (e.g. Levin Sword): War Mage's
    # "Magic weapons use 100% of both"
    magic_weapon: bool = False
    effective: list[str] = Field(default_factory=list)
    charges: int | None = Field(default=None, ge=1)
    heal: int | None = Field(default=None, ge=0)
    inflicts: str | None = None
    # an attack that "targets multiple opponents" (000 Chain Lightning): how many
    # further enemies it may jump to, and the most spaces between one and the next
    extra_targets: int = Field(default=0, ge=0)
    jump: int = Field(default=0, ge=0)
    special: str = ""
    source: str = ""

    @field_validator("range", mode="before")
    @classmethod
    def _parse_range(cls, value: object) -> object:
        if isinstance(value, int):
            return (value, value)
        if isinstance(value, str):
            low, sep, high = value.partition("-")
            try:
                return (int(low), int(high)) if sep else (int(low), int(low))
            except ValueError:
                raise ValueError(f"range {value!r} must look like 1 or 1-2") from None
        return value

    @model_validator(mode="after")
    def _check_range(self) -> Weapon:
        low, high = self.range
        if low < 0 or high < low:
            raise ValueError(f"range {low}-{high} must have 0 <= min <= max")
        return self

    @property
    def is_magic(self) -> bool:
        """Targets Resistance: tomes (Light, Anima, Dark) and magic weapons."""
        return targets_resistance(self.type, self.magic_weapon)

    @property
    def is_staff(self) -> bool:
        return self.type == "staff"


class Item(Strict):
    """An item or relic. ``heal`` is HP restored by a medicinal item."""

    name: str = Field(min_length=1)
    kind: Literal["medicinal", "consumable", "clip", "relic", "key", "other"] = "other"
    heal: int | None = Field(default=None, ge=0)
    charges: int | None = Field(default=None, ge=1)
    # clips enhance natural weapons and Martial Artist's unarmed attack
    might: int = 0
    accuracy: int = 0
    critical: int = 0
    stat_bonus: dict[str, int] = Field(default_factory=dict)
    # a stat booster's gain is for good; a fading one (Pure Water) falls by 1 at each
    # of the user's turns
    lasts: Literal["permanent", "fading"] = "permanent"
    special: str = ""
    # a relic's named behaviour (``relics.RELIC_EFFECTS``), e.g. negate_crit
    effect: str | None = None

    @field_validator("effect")
    @classmethod
    def _known_effect(cls, value: str | None) -> str | None:
        relic_effect(value)  # raises ValueError naming the known effects
        return value
    source: str = ""

    @field_validator("stat_bonus")
    @classmethod
    def _known_stats(cls, value: dict[str, int]) -> dict[str, int]:
        unknown = sorted(set(value) - set(STATS) - {"mov"})
        if unknown:
            raise ValueError(f"unknown {word_for(len(unknown), 'stat')} {unknown}; use "
                             f"{list(STATS) + ['mov']}")
        return value


class Feat(Strict):
    """A feat as 000 lists it; ``requires`` are the text's prerequisites."""

    name: str = Field(min_length=1)
    text: str
    requires: list[str] = Field(default_factory=list)
    requires_any: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    implemented: bool = False
    level1_option: bool = False  # Laguz/Manakete options replace the level-1 feat


class StatLine(Strict):
    """Values for the eight stats; omitted stats are 0."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    hp: int = 0
    str_: int = Field(default=0, alias="str")
    mag: int = 0
    skl: int = 0
    spd: int = 0
    lck: int = 0
    def_: int = Field(default=0, alias="def")
    res: int = 0

    def get(self, stat: str) -> int:
        return int(getattr(self, _attr(stat)))

    def as_dict(self) -> dict[str, int]:
        return {stat: self.get(stat) for stat in STATS}

    @classmethod
    def of(cls, values: dict[str, int]) -> StatLine:
        return cls.model_validate({stat: values.get(stat, 0) for stat in STATS})


def _attr(stat: str) -> str:
    return {"str": "str_", "def": "def_"}.get(stat, stat)


WeaponRef = str | Weapon


class LevelUp(Strict):
    """One level gained: what was rolled, what rose, and the picks it granted."""

    level: int = Field(ge=2)
    rolls: dict[str, list[int]] = Field(default_factory=dict)
    increases: StatLine = StatLine()
    proficiency: str | None = None
    feat: str | None = None


class Character(Strict):
    """A Tropera character (unit file). Current stats are derived, not stored."""

    name: str = Field(min_length=1)
    kind: Kind = "human"
    points: StatLine
    growths: StatLine
    feats: list[str] = Field(default_factory=list)
    proficiencies: dict[str, Rank] = Field(default_factory=dict)
    level_ups: list[LevelUp] = Field(default_factory=list)
    weapons: list[WeaponRef] = Field(default_factory=list)
    items: list[str] = Field(default_factory=list)
    relic: str | None = None
    equipped: str | None = None
    alt: bool = False
    # the proficiency the Focus feat was taken for (000 Focus: "a proficiency of your choice")
    focus: str | None = None
    # stat boosters used ("Use Item"): permanent gains outside the points and level-ups
    boosts: StatLine = StatLine()
    movement_boost: int = Field(default=0, ge=0)  # e.g. Boots
    # 000 Dragon's Breath: "Choose Fire, Ice, or Lightning as your element."
    breath: Literal["Fire", "Ice", "Lightning"] | None = None
    transformed: bool = True  # laguz only: in beast form
    notes: str = ""

    @field_validator("proficiencies", mode="before")
    @classmethod
    def _normalize_ranks(cls, value: object) -> object:
        if isinstance(value, dict):
            return {
                str(k).lower(): ("S+1" if str(v).upper() == "S+" else str(v).upper())
                for k, v in value.items()
            }
        return value

    @property
    def level(self) -> int:
        return 1 + len(self.level_ups)


__all__ = [
    "Character",
    "Feat",
    "Item",
    "Kind",
    "LevelUp",
    "RANKS",
    "StatLine",
    "Weapon",
    "WeaponType",
    "MAGIC_TYPES",
]
