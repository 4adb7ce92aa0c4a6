"""001's character creation through the contract (``Capability.CREATION``, shared by
fe-tabletop and fe-classic): ``creation.create_unit`` (001 L1-10: "Look up the
class's Base HP and roll the specified dice", "it starts at level 1, with 0
experience, or whatever level the party is at", "A unit starts with E weapon
proficiency", "Every unit starts with a weapon they're proficient with and a
vulnerary"), its every die in the report: the HP dice, then for a promoted start
nine level-ups of six d100 (L10), then one level-up per level up to the party's.

The choices (``--choose NAME=VALUE``): ``class`` (required), ``sex`` (a mounted or
flying class needs it for its Aid, L8), ``luck`` (the class base has none), ``weapon``
(else the first the class may wield), ``party_level``, ``from_class`` (a promoted
start's unpromoted class, else FE8's), ``skills`` (L90's roleplay skills; none: not
chosen yet).
"""

from __future__ import annotations

from collections.abc import Mapping

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest, ChoiceSpec, Row, Section
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.creation import create_unit
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.skills import skill_problems
from tactician.rulesets.fe_common.character.stats import LABELS
from tactician.rulesets.rulings import with_overrides

CHOICES = (
    ChoiceSpec("class", "The class (required), e.g. Cavalier: `compendium list classes`."),
    ChoiceSpec("sex", "male or female (a mounted or flying class needs it for Aid, 001 L8)."),
    ChoiceSpec("luck", "Starting Luck (the class base gives none; default 0)."),
    ChoiceSpec("weapon", "The starting weapon (default: the first the class may wield)."),
    ChoiceSpec("party_level", "Start at the party's level (001 L4; default 1)."),
    ChoiceSpec("from_class", "A promoted start's unpromoted class (001 L10; default FE8's)."),
    ChoiceSpec("skills", "The roleplay skills, comma-separated (001 L90: 2 unpromoted, 3 "
               "promoted, 1 recruit, 5 thieves, Lords +2 Knowledge; default none chosen)."),
)


def _number(choices: Mapping[str, str], name: str, default: int) -> int:
    raw = choices.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise RulesError(f"--choose {name}={raw!r}: give a whole number") from None


def create(name: str, request: AdvanceRequest, dice: DiceSource, ruleset: str,
           defaults: CharacterOptions) -> Advancement:
    """A new unit named ``name`` by 001's creation rules, on ``dice``."""
    choices = dict(request.choices)
    unknown = sorted(set(choices) - {c.name for c in CHOICES})
    if unknown:
        raise RulesError(f"{ruleset} creation has no choice {', '.join(unknown)} "
                         f"(choices: {', '.join(c.name for c in CHOICES)})")
    class_name = choices.get("class")
    if not class_name:
        raise RulesError(f"{ruleset}: give the class, e.g. --choose class=Cavalier")
    sex = choices.get("sex")
    if sex is not None and sex not in ("male", "female"):
        raise RulesError(f"--choose sex={sex!r}: give male or female")
    options = with_overrides(defaults, list(request.options))
    made = create_unit(name, class_name, load_content(), dice, options, sex=sex,
                       luck=_number(choices, "luck", 0), weapon=choices.get("weapon"),
                       party_level=_number(choices, "party_level", 1),
                       from_class=choices.get("from_class"))
    unit = made.unit
    if choices.get("skills"):
        chosen = tuple(part.strip() for part in choices["skills"].split(",") if part.strip())
        problems = skill_problems(chosen, load_content().klass(unit.class_name))
        if problems:
            raise RulesError([f"skills: {p}" for p in problems])
        unit = unit.model_copy(update={"skills": chosen})
    faces = ", ".join(str(f) for f in made.hp_faces)
    stats = unit.stats.model_dump(by_alias=True)
    sections = [
        Section(f"{unit.name}, a level {unit.level} {unit.class_name}", rows=(
            Row("HP", f"{unit.max_hp} (HP dice {made.hp_dice}: {faces}; +1 a level, 001 L2)"),
            Row("CON / MOV", f"{unit.con} / {unit.mov} (the class's, 001 L3)"),
            Row("Stats", ", ".join(f"{LABELS.get(k, k)} {v}" for k, v in stats.items())),
            Row("Ranks", ", ".join(f"{t} {r}" for t, r in unit.ranks.items()) or "none"),
            Row("Inventory", ", ".join(unit.inventory)),
        )),
    ]
    if made.level_ups:
        sections.append(Section("Level-ups on the way (d100 per stat, remainders carried)",
                                columns=("level", "rolls"),
                                table=tuple((str(up.level), ", ".join(
                                    f"{LABELS[r.stat]} {r.roll}" for r in up.rolls))
                                    for up in made.level_ups)))
    data = unit.model_dump(mode="json", by_alias=True)
    data.pop("hp_faces", None)
    report = {"ruleset": ruleset, "name": unit.name, "class": unit.class_name,
              "level": unit.level, "hp_dice": made.hp_dice, "hp_faces": list(made.hp_faces),
              "max_hp": unit.max_hp, "level_ups": len(made.level_ups),
              "inventory": list(unit.inventory)}
    return Advancement(unit=data, report=report, sections=tuple(sections))
