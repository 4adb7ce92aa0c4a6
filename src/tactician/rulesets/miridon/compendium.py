"""Miridon's compendium: every content table of 004 as data, plus a GM's own.

The default files in ``data/`` are entered from the rules text 004 (each entry with its
line) or, where 004 cites something it never gives (skills, armor, stances, weight, mech
parts, class starting stats, most action costs), a placeholder marked
``default (not in text)``. A GM overrides or extends any file by pointing
``TACTICIAN_MIRIDON_DATA`` (or ``extra_dirs``) at a folder of files with the same names:
its entries replace defaults of the same name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tactician.content.compendium import lookup, merged
from tactician.errors import RulesError
from tactician.rulesets.miridon.models import (
    Action,
    Armor,
    AttackModifier,
    CharacterClass,
    Flair,
    GrappleRow,
    InsanityEffect,
    InsanityRow,
    MechPart,
    Skill,
    Special,
    Spell,
    SpellModifier,
    Stance,
    Talent,
    Weapon,
    WeightRule,
)

DATA_DIR = Path(__file__).parent / "data"
GROUP_FIELDS = ("group", "category", "slot", "kind", "family", "variety")
ENV_VAR = "TACTICIAN_MIRIDON_DATA"


@dataclass(frozen=True)
class Compendium:
    classes: dict[str, CharacterClass]
    specials: dict[str, Special]
    talents: dict[str, Talent]
    flairs: dict[str, Flair]
    weapons: dict[str, Weapon]
    armor: dict[str, Armor]
    spells: dict[str, Spell]
    spell_modifiers: dict[str, SpellModifier]
    attack_modifiers: dict[str, AttackModifier]
    actions: dict[str, Action]
    insanity_table: dict[str, InsanityRow]
    insanity_effects: dict[str, InsanityEffect]
    grapple_table: dict[str, GrappleRow]
    skills: dict[str, Skill]
    stances: dict[str, Stance]
    weight: dict[str, WeightRule]
    mech_parts: dict[str, MechPart]

    def character_class(self, name: str) -> CharacterClass:
        """A class by name or alias ("Vessel" is "The Vessel", L95)."""
        for entry in self.classes.values():
            if name.casefold() in (a.casefold() for a in entry.aliases):
                return entry
        return lookup(self.classes, name, "class")

    def talent(self, name: str) -> Talent:
        for entry in self.talents.values():
            if name.casefold() in (a.casefold() for a in entry.aliases):
                return entry
        return lookup(self.talents, name, "talent")

    def flair(self, name: str) -> Flair:
        return lookup(self.flairs, name, "flair")

    def special(self, name: str) -> Special:
        return lookup(self.specials, name, "special ability")

    def weapon(self, name: str) -> Weapon:
        return lookup(self.weapons, name, "weapon")

    def armor_piece(self, name: str) -> Armor:
        return lookup(self.armor, name, "armor")

    def skill(self, name: str) -> Skill:
        return lookup(self.skills, name, "skill")

    def class_special(self, class_name: str) -> Special | None:
        """The Class Special Ability of a class (L53-115), or None (Crew Member)."""
        special = self.character_class(class_name).special
        return self.special(special) if special else None

    def search(self, kind: str, query: str = "", group: str | None = None) -> list[Any]:
        """Entries of one table (``kind`` = a field name, e.g. "flairs", "weapons") whose
        name contains ``query`` (case-insensitive), optionally of one ``group`` (a flair's
        group, a weapon's category, an action's slot, a special's kind)."""
        if kind not in FILES:
            raise RulesError(f"unknown compendium kind {kind!r}; one of {', '.join(FILES)}")
        found = []
        for entry in getattr(self, kind).values():
            if query.casefold() not in entry.name.casefold():
                continue
            if group is not None:
                value = next((getattr(entry, f) for f in GROUP_FIELDS if hasattr(entry, f)), None)
                if str(value).casefold() != group.casefold():
                    continue
            found.append(entry)
        return found

    def dual_special(self, first: str, second: str) -> Special | None:
        """The Dual-Class Special Ability of an unordered class pair (L129)."""
        pair = {self.character_class(first).name, self.character_class(second).name}
        for entry in self.specials.values():
            if entry.kind == "dual" and set(entry.classes) == pair:
                return entry
        return None


FILES: dict[str, tuple[type, str]] = {
    "classes": (CharacterClass, "classes.yaml"),
    "specials": (Special, "specials.yaml"),
    "talents": (Talent, "talents.yaml"),
    "flairs": (Flair, "flairs.yaml"),
    "weapons": (Weapon, "weapons.yaml"),
    "armor": (Armor, "armor.yaml"),
    "spells": (Spell, "spells.yaml"),
    "spell_modifiers": (SpellModifier, "spell_modifiers.yaml"),
    "attack_modifiers": (AttackModifier, "attack_modifiers.yaml"),
    "actions": (Action, "actions.yaml"),
    "insanity_table": (InsanityRow, "insanity_table.yaml"),
    "insanity_effects": (InsanityEffect, "insanity_effects.yaml"),
    "grapple_table": (GrappleRow, "grapple_table.yaml"),
    "skills": (Skill, "skills.yaml"),
    "stances": (Stance, "stances.yaml"),
    "weight": (WeightRule, "weight.yaml"),
    "mech_parts": (MechPart, "mech_parts.yaml"),
}


def data_dirs(extra_dirs: tuple[Path, ...] = ()) -> tuple[Path, ...]:
    """Defaults first, then ``TACTICIAN_MIRIDON_DATA`` (os.pathsep-separated), then extras."""
    dirs = [DATA_DIR]
    env = os.environ.get(ENV_VAR)
    if env:
        dirs.extend(Path(p) for p in env.split(os.pathsep) if p)
    dirs.extend(extra_dirs)
    return tuple(dirs)


def load_compendium(extra_dirs: tuple[Path, ...] = ()) -> Compendium:
    """The compendium from the default data, the GM's folder(s) and ``extra_dirs``."""
    return _load(data_dirs(extra_dirs))


@lru_cache(maxsize=8)
def _load(folders: tuple[Path, ...]) -> Compendium:
    tables: dict[str, Any] = {
        field: merged(model, filename, folders) for field, (model, filename) in FILES.items()
    }
    return Compendium(**tables)
