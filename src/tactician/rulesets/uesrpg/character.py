"""A UESRPG unit: the unit file (pydantic) and its fixed numbers (``Profile``).

The derived numbers are from outside the text (UESRPG 3e v4 core,
shared/rules/reference-facts.md): "HP = Endurance / 2 rounded up; Wound
Threshold = SB + EB + WB; Stamina = EB; Magicka = Intelligence; Action Points =
3 per round; Initiative rating = AB + IB + PcB, initiative = 1d6 + rating;
Speed = SB + 2*AB", and "player characters have 'lucky numbers' (as many as
LB) and 'unlucky numbers' (5 - LB) drawn at creation".

A ``Profile`` is what a battle needs of a unit and never changes during it;
what changes (HP, conditions, wounds...) is the ``CombatState``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator

from tactician.content.loader import read_yaml, validate_entry
from tactician.errors import ContentError, RulesError
from tactician.rulesets.uesrpg.characteristics import (
    BONUS_NAME,
    CHARACTERISTIC_OF_BONUS,
    CHARACTERISTICS,
    Characteristic,
    bonus,
)
from tactician.rulesets.uesrpg.checks import NPC_CRITICAL_FAILURE, NPC_CRITICAL_SUCCESS
from tactician.rulesets.uesrpg.content import Armor, Compendium, Strict, Weapon, load_compendium
from tactician.rulesets.uesrpg.damage import DamageType, Trait
from tactician.rulesets.uesrpg.locations import LOCATIONS, BodyPart, Location

ACTION_POINTS = 3  # core: "Action Points = 3 per round"


class SkillEntry(Strict):
    """A skill or combat style: its governing characteristic and the bonus its rank gives.
    Its target number is the characteristic's score plus ``bonus``."""

    characteristic: Characteristic
    bonus: int = Field(default=0, ge=-100, le=100)


class TraitEntry(Strict):
    """``Resistance (X, type)`` or ``Weakness (X, type)``."""

    trait: Literal["resistance", "weakness"]
    x: int = Field(ge=1)
    type: DamageType


class Character(Strict):
    """A unit file. Field order matters: later checks read earlier fields."""

    name: str = Field(min_length=1)
    kind: Literal["pc", "npc"] = "npc"
    characteristics: dict[Characteristic, int]
    lucky: tuple[int, ...] = ()
    unlucky: tuple[int, ...] = ()
    skills: dict[str, SkillEntry] = Field(default_factory=dict)
    weapons: tuple[str | Weapon, ...] = ()
    armor: tuple[str | Armor, ...] = ()
    traits: tuple[TraitEntry, ...] = ()
    lost: tuple[BodyPart, ...] = Field(default=(), description="body parts lost before play")
    description: str = ""

    @field_validator("characteristics")
    @classmethod
    def _all_eight(cls, value: dict[Characteristic, int]) -> dict[Characteristic, int]:
        missing = [c for c in CHARACTERISTICS if c not in value]
        if missing:
            raise ValueError(f"missing {', '.join(missing)} (all eight are needed)")
        for name, score in value.items():
            if not 0 <= score <= 100:
                raise ValueError(f"{name} is {score}; a characteristic is 0..100")
        return value

    @field_validator("lucky", "unlucky")
    @classmethod
    def _numbers(cls, value: tuple[int, ...], info: ValidationInfo) -> tuple[int, ...]:
        what = info.field_name
        for number in value:
            if not 1 <= number <= 100:
                raise ValueError(f"{number} is not a d100 result (1..100)")
        if len(set(value)) != len(value):
            raise ValueError(f"the {what} numbers repeat a number")
        kind = info.data.get("kind")
        characteristics = info.data.get("characteristics")
        if kind == "npc":
            if value:
                raise ValueError(f"an NPC has no {what} numbers (NPC criticals are 1-3 and 98-100)")
            return value
        if characteristics is None:
            return value
        luck_bonus = bonus(characteristics["luck"])
        expected = luck_bonus if what == "lucky" else max(0, 5 - luck_bonus)
        if len(value) != expected:
            rule = "as many as LB" if what == "lucky" else "5 - LB"
            raise ValueError(
                f"a PC with Luck {characteristics['luck']} (LB {luck_bonus}) has {expected} "
                f"{what} numbers ({rule}); found {len(value)}"
            )
        if what == "unlucky":
            shared = sorted(set(value) & set(info.data.get("lucky", ())))
            if shared:
                raise ValueError(f"{', '.join(map(str, shared))} is both lucky and unlucky")
        return value

    @field_validator("skills")
    @classmethod
    def _skill_keys(cls, value: dict[str, SkillEntry]) -> dict[str, SkillEntry]:
        keys = [name.strip().casefold() for name in value]
        if len(set(keys)) != len(keys):
            raise ValueError("a skill is listed twice (names ignore case)")
        return {name.strip().casefold(): entry for name, entry in value.items()}

    @field_validator("lost")
    @classmethod
    def _lost_distinct(cls, value: tuple[BodyPart, ...]) -> tuple[BodyPart, ...]:
        if len(set(value)) != len(value):
            raise ValueError("a body part is listed twice")
        return value


@dataclass(frozen=True, eq=False)
class ArmorAt:
    """The armor on one location: AR per damage kind, and as partial armor."""

    ar: Mapping[str, int]
    partial_ar: Mapping[str, int]
    full: bool
    pieces: tuple[str, ...] = ()


_NO_ARMOR = ArmorAt({}, {}, False)


@dataclass(frozen=True, eq=False)
class Profile:
    """A unit's fixed numbers for a battle. Equality compares content; the hash is
    the name (cheap, and equal profiles have equal names), so battle states that
    carry a profile stay fast to merge."""

    name: str
    pc: bool
    characteristics: Mapping[Characteristic, int]
    lucky: frozenset[int] = frozenset()
    unlucky: frozenset[int] = frozenset()
    skills: Mapping[str, SkillEntry] = field(default_factory=dict)
    weapons: tuple[Weapon, ...] = ()
    armor: Mapping[Location, ArmorAt] = field(default_factory=dict)
    traits: tuple[Trait, ...] = ()
    lost: frozenset[BodyPart] = frozenset()

    def _key(self) -> tuple[Any, ...]:
        return (
            self.name,
            self.pc,
            tuple(sorted(self.characteristics.items())),
            self.lucky,
            self.unlucky,
            tuple(sorted(self.skills.items())),
            self.weapons,
            tuple(
                (loc, tuple(sorted(a.ar.items())), tuple(sorted(a.partial_ar.items())), a.full)
                for loc, a in sorted(self.armor.items())
            ),
            self.traits,
            self.lost,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Profile) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self.name)

    # --- characteristics and bonuses ---

    def score(self, characteristic: Characteristic) -> int:
        return self.characteristics[characteristic]

    def bonus(self, name: Characteristic | str) -> int:
        """A bonus by characteristic (``"strength"``) or by name (``"SB"``)."""
        characteristic = CHARACTERISTIC_OF_BONUS.get(str(name), name)
        return bonus(self.characteristics[characteristic])  # type: ignore[index]

    @property
    def luck_bonus(self) -> int:
        return self.bonus("luck")

    # --- derived numbers (core, from outside 003) ---

    @property
    def max_hp(self) -> int:
        """ "HP = Endurance / 2 rounded up"."""
        return -(-self.score("endurance") // 2)

    @property
    def base_wound_threshold(self) -> int:
        """ "Wound Threshold = SB + EB + WB"."""
        return self.bonus("strength") + self.bonus("endurance") + self.bonus("willpower")

    @property
    def max_stamina(self) -> int:
        """ "Stamina = EB"."""
        return self.bonus("endurance")

    @property
    def max_magicka(self) -> int:
        """ "Magicka = Intelligence"."""
        return self.score("intelligence")

    @property
    def base_speed(self) -> int:
        """ "Speed = SB + 2*AB"."""
        return self.bonus("strength") + 2 * self.bonus("agility")

    @property
    def initiative_rating(self) -> int:
        """ "Initiative rating = AB + IB + PcB"."""
        return self.bonus("agility") + self.bonus("intelligence") + self.bonus("perception")

    def critical_numbers(self) -> tuple[frozenset[int], frozenset[int]]:
        """Critical success and failure faces: a PC's lucky and unlucky numbers,
        an NPC's 1-3 and 98-100."""
        if self.pc:
            return self.lucky, self.unlucky
        return NPC_CRITICAL_SUCCESS, NPC_CRITICAL_FAILURE

    # --- skills, weapons, armor ---

    def skill(self, name: str) -> SkillEntry | None:
        return self.skills.get(name.strip().casefold())

    def skill_target(self, name: str) -> int | None:
        entry = self.skill(name)
        return None if entry is None else self.score(entry.characteristic) + entry.bonus

    def weapon(self, name: str | None = None) -> Weapon:
        if not self.weapons:
            raise RulesError(f"{self.name} carries no weapon")
        if name is None:
            return self.weapons[0]
        for weapon in self.weapons:
            if weapon.name.casefold() == name.casefold():
                return weapon
        carried = ", ".join(w.name for w in self.weapons)
        raise RulesError(f"{self.name} carries no {name!r} (carries {carried})")

    def armor_at(self, location: Location) -> ArmorAt:
        return self.armor.get(location, _NO_ARMOR)


def build_profile(
    character: Character, compendium: Compendium | None = None, source: str = "unit"
) -> Profile:
    """Resolve a unit file's weapon and armor names; errors name source, entry and field."""
    compendium = compendium or load_compendium()
    entry = character.name

    def refuse(where: str, problem: str) -> ContentError:
        return ContentError(f"{source}: entry {entry!r}: {where}: {problem}")

    weapons: list[Weapon] = []
    for index, ref in enumerate(character.weapons):
        try:
            weapon = compendium.weapon(ref)
        except RulesError as exc:
            raise refuse(f"weapons.{index}", str(exc)) from None
        if weapon.skill not in character.skills:
            raise refuse(
                f"weapons.{index}",
                f"{weapon.name} is used with the skill {weapon.skill!r}, which is not under skills",
            )
        weapons.append(weapon)
    armor: dict[Location, ArmorAt] = {}
    for index, armor_ref in enumerate(character.armor):
        try:
            piece = compendium.armor_piece(armor_ref)
        except RulesError as exc:
            raise refuse(f"armor.{index}", str(exc)) from None
        for location in piece.locations:
            if location in armor:
                raise refuse(
                    f"armor.{index}",
                    f"{piece.name} covers {location}, already covered by "
                    f"{armor[location].pieces[0]} (one piece per location)",
                )
            full_ar: dict[str, int] = {str(k): v for k, v in piece.ar.items()}
            partial: dict[str, int] = (
                {str(k): v for k, v in piece.partial_ar.items()}
                if piece.partial_ar is not None
                else {k: v // 2 for k, v in full_ar.items()}
            )
            armor[location] = ArmorAt(
                full_ar,
                partial if piece.coverage == "full" else full_ar,
                piece.coverage == "full",
                (piece.name,),
            )
    traits = tuple(Trait(t.trait, t.x, t.type) for t in character.traits)
    return Profile(
        name=character.name,
        pc=character.kind == "pc",
        characteristics=dict(character.characteristics),
        lucky=frozenset(character.lucky),
        unlucky=frozenset(character.unlucky),
        skills=dict(character.skills),
        weapons=tuple(weapons),
        armor=armor,
        traits=traits,
        lost=frozenset(character.lost),
    )


def load_character(path: Path | str) -> Character:
    """Read a unit file (YAML) into a ``Character``; errors name the file and field."""
    path = Path(path)
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ContentError(f"{path}: a unit file is a mapping of fields (name:, kind:, ...)")
    return validate_entry(Character, data, str(path), str(data.get("name") or path.stem))


def character_from(data: dict[str, Any], source: str) -> Character:
    """A unit file's data (a campaign roster's sheet) as a ``Character``; errors name
    ``source``."""
    return validate_entry(Character, data, source, str(data.get("name") or source))


def load_profile(path: Path | str, compendium: Compendium | None = None) -> Profile:
    """Read a unit file and resolve it against the compendium."""
    return build_profile(load_character(path), compendium, str(path))


def load_templates(path: Path | str | None = None) -> dict[str, Character]:
    """NPC templates (``data/npcs.yaml`` by default): a list of unit entries."""
    from tactician.content.loader import load_entries
    from tactician.rulesets.uesrpg.content import DATA_DIR

    return load_entries(Character, Path(path) if path else DATA_DIR / "npcs.yaml")


__all__ = [
    "ACTION_POINTS",
    "BONUS_NAME",
    "LOCATIONS",
    "ArmorAt",
    "Character",
    "Profile",
    "SkillEntry",
    "TraitEntry",
    "build_profile",
    "load_character",
    "load_profile",
    "load_templates",
]
