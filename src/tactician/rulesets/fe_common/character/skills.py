"""A unit's roleplay skills: which 001 lists, how many a unit has (001 L90, L93-108).

001 L90: "An unpromoted unit has 2 skills, a promoted unit has 3 skills, a recruit
unit only has 1 skill, and Thieves/Rogues have 5 skills. A Lord gains 2 free
knowledge skills along with their normal skills." L88: "The skills below are
general and more may be added at the GM's discretion."

A unit file lists its skills by name (``skills: [Stealth, Awareness]``), or none
(not chosen: an enemy or a unit from before skills were kept; ruling, docs/rulings.md).
Two skills carry their choice in parentheses: "Artisan (Choose one): 3d6+Skill or
Luck" (L93) records its stat, ``Artisan (Skill)`` or ``Artisan (Luck)`` (G1-44), and
"Artisan (Sword, Axe, Lance, or Bow)" (L94) the weapon type it repairs,
``Artisan (Sword)`` ... ``Artisan (Bow)`` (G1-45). Shared by fe-tabletop and
fe-classic (both use 001's characters).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.classes import TabletopClass

# L93-L108: each skill and the stat(s) it adds ("Skill or Luck": chosen once, L93)
SKILLS: dict[str, tuple[str, ...]] = {
    "Artisan": ("skl", "lck"),
    "Artisan (Weapons)": ("skl",),  # L94 names no stat: Skill (G1-45)
    "Athletics": ("spd",),
    "Awareness": ("skl",),
    "Etiquette": ("lck",),
    "Deception": ("lck",),
    "Handle Animal": ("skl",),
    "Heal": ("skl",),
    "Knowledge (Magic)": ("pow",),
    "Knowledge (Dark Magic)": ("pow",),
    "Knowledge (Tactics)": ("skl",),
    "Knowledge (History)": ("skl",),
    "Knowledge (Royalty)": ("skl",),
    "Knowledge (Wilderness)": ("skl",),
    "Stealth": ("skl",),
    "Persuasion": ("lck",),
}
ARTISAN_STATS = {"skill": "skl", "luck": "lck"}
ARTISAN_WEAPONS = ("sword", "axe", "lance", "bow")  # L94 "(Sword, Axe, Lance, or Bow)"
FREE_KNOWLEDGE = 2  # L90 "A Lord gains 2 free knowledge skills"


@dataclass(frozen=True, slots=True)
class Skill:
    """One skill a unit has: 001's name, the stat it adds, the weapon type an Artisan
    (weapons) repairs, and how the unit file writes it."""

    name: str
    stat: str
    weapon: str | None
    label: str

    @property
    def knowledge(self) -> bool:
        return self.name.startswith("Knowledge (")


def parse_skill(text: str) -> Skill:
    """A unit file's skill entry, refused in 001's words if it names no skill of L93-108
    or leaves an Artisan's choice out."""
    raw = " ".join(str(text).split())
    folded = raw.casefold()
    if folded.startswith("artisan (") and folded.endswith(")"):
        inner = folded[len("artisan ("):-1].strip()
        if inner in ARTISAN_STATS:
            stat = ARTISAN_STATS[inner]
            return Skill("Artisan", stat, None, f"Artisan ({inner.title()})")
        if inner in ARTISAN_WEAPONS:
            return Skill("Artisan (Weapons)", "skl", inner, f"Artisan ({inner.title()})")
        raise RulesError(f"{raw!r}: an Artisan is 'Artisan (Skill)' or 'Artisan (Luck)' "
                         "(L93 '3d6+Skill or Luck') or 'Artisan (Sword|Axe|Lance|Bow)' (L94)")
    if folded == "artisan":
        raise RulesError("'Artisan': say its stat, 'Artisan (Skill)' or 'Artisan (Luck)' "
                         "(001 L93 'Artisan (Choose one): 3d6+Skill or Luck')")
    for name, stats in SKILLS.items():
        if name.casefold() == folded and name != "Artisan (Weapons)":
            return Skill(name, stats[0], None, name)
    raise RulesError(f"unknown skill {raw!r}; 001's skills are "
                     f"{', '.join(n for n in SKILLS if not n.startswith('Artisan'))}, "
                     "Artisan (Skill|Luck) and Artisan (Sword|Axe|Lance|Bow)")


def skill_count(tier: str, *, thief: bool, lord: bool) -> tuple[int, int]:
    """(skills, free Knowledge skills) by L90."""
    count = 5 if thief else {"trainee": 1, "unpromoted": 2, "promoted": 3}[tier]
    return count, FREE_KNOWLEDGE if lord else 0


def count_words(klass: TabletopClass) -> str:
    """What L90 gives ``klass``, in its words."""
    count, free = skill_count(klass.tier, thief=klass.thief, lord=klass.lord)
    why = ("Thieves/Rogues have 5 skills" if klass.thief else
           {"trainee": "a recruit unit only has 1 skill",
            "unpromoted": "An unpromoted unit has 2 skills",
            "promoted": "a promoted unit has 3 skills"}[klass.tier])
    extra = (f" + {free} Knowledge ('A Lord gains 2 free knowledge skills')" if free else "")
    return f"{count}{extra} (001 L90 '{why}')"


def skill_problems(entries: tuple[str, ...] | list[str], klass: TabletopClass) -> list[str]:
    """What is wrong with a listed set of skills for a unit of ``klass`` (none listed:
    nothing, the skills are not chosen yet)."""
    if not entries:
        return []
    problems: list[str] = []
    skills: list[Skill] = []
    for entry in entries:
        try:
            skills.append(parse_skill(entry))
        except RulesError as exc:
            problems += exc.problems
    count, free = skill_count(klass.tier, thief=klass.thief, lord=klass.lord)
    if len(entries) != count + free:
        problems.append(f"{len(entries)} listed; a {klass.name} has {count_words(klass)}")
    knowledge = sum(1 for s in skills if s.knowledge)
    if free and knowledge < free:
        problems.append(f"a Lord's {free} free skills are Knowledge skills; "
                        f"{knowledge} listed")
    repeated = sorted(k for k, n in Counter(s.label.casefold() for s in skills).items() if n > 1)
    if repeated:
        problems.append(f"listed more than once: {', '.join(repeated)}")
    return problems


def has_skill(entries: tuple[str, ...] | list[str], name: str) -> Skill | None:
    """The unit's entry for skill ``name`` (an Artisan by its base name or its label)."""
    wanted = " ".join(name.split()).casefold()
    for entry in entries:
        skill = parse_skill(entry)
        if wanted in (skill.name.casefold(), skill.label.casefold()) or (
                wanted == "artisan" and skill.name == "Artisan"):
            return skill
    return None


def skills_words(entries: tuple[str, ...], klass: TabletopClass) -> str:
    """The sheet's Skills row: the listed skills, or what L90 lets the unit choose."""
    return ", ".join(entries) if entries else f"not chosen: {count_words(klass)}"
