"""Promotion as an advancement step (001 L9-10), fe-tabletop and fe-classic alike:
``character promote NAME --to CLASS`` or ``character advance NAME --choose
promote=CLASS``.

001 L9: "If a unit is a recruit class and promotes to an unpromoted class, they use
their previous Growth Rates as opposed to the new classes' Growth Rates. In addition,
if the class they promote to does not have the weapon they use, they lose that
proficiency." L10: "adding on the promoted class bonuses". The rules are
``promotion.promote`` (level 1, 0 EXP, the new class's bonuses, CON and MOV; rulings
G1-10, G1-14). L90's skills follow the new tier ("a promoted unit has 3 skills"):
a unit that lists skills names its new list (``--choose skills=...``, or asked on a
terminal); no dice.
"""

from __future__ import annotations

from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import Advancement, Asker, Row, Section
from tactician.rulesets.fe_common.character.classes import TabletopClass
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.promotion import check_promotion, promote
from tactician.rulesets.fe_common.character.skills import count_words, skill_count, skill_problems
from tactician.rulesets.fe_common.character.stats import GROWTH_STATS, LABELS
from tactician.rulesets.fe_common.character.unit import Unit


def _listed(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _new_skills(unit: Unit, target: TabletopClass, given: str | None,
                asker: Asker | None) -> tuple[str, ...]:
    """The skills after promoting: the list given, else the old one if the new tier has
    as many (L90), else asked (a terminal), else refused with what the new class has."""
    if given is None and (not unit.skills or not skill_problems(unit.skills, target)):
        return unit.skills
    count, free = skill_count(target.tier, thief=target.thief, lord=target.lord)
    question = (f"as a {target.name}, {unit.name} has {count_words(target)}, now "
                f"{', '.join(unit.skills)}")
    if given is None and asker is None:
        raise NeedChoice([("skills", f"{question}: give --choose skills=... with all "
                                     f"{count + free}")])
    while True:
        if given is None:
            assert asker is not None
            chosen = _listed(asker.ask(f"{question}; all {count + free}, comma-separated"))
        else:
            chosen = _listed(given)
        problems = skill_problems(chosen, target)
        if not problems:
            return chosen
        if given is not None or asker is None:
            raise RulesError([f"skills: {p}" for p in problems])
        asker.warn("; ".join(problems))


def promotion(unit: Unit, current: TabletopClass, target: TabletopClass,
              options: CharacterOptions, ruleset: str, skills: str | None,
              asker: Asker | None = None) -> Advancement:
    """``unit`` promoted from ``current`` to ``target``: the new unit and its report."""
    check_promotion(unit, current, target, options)
    new = promote(unit, current, target, options)
    new = new.model_copy(update={"skills": _new_skills(unit, target, skills, asker)})
    lost = [t for t in unit.ranks if t not in new.ranks]
    gained = [t for t in new.ranks if t not in unit.ranks]
    kept = new.growths == unit.growths
    rows = (
        Row("Class", f"{current.name} -> {target.name} (level {unit.level} -> 1, EXP 0)"),
        Row("HP", f"+{target.promotion_hp} (max {new.max_hp})"),
        Row("Bonuses", ", ".join(f"{LABELS[s]} +{target.promotion_bonus.get(s)}"
                                 for s in GROWTH_STATS if target.promotion_bonus.get(s))
            or "none"),
        Row("CON / MOV", f"{new.con} / {new.mov} (the new class's, 001 L3)"),
        Row("Growths", "kept (001 L9: a recruit promoting to an unpromoted class)" if kept
            else "the new class's"),
        Row("Ranks", ", ".join(f"{t} {r}" for t, r in new.ranks.items()) or "none"),
    )
    notes = []
    if lost:
        notes.append(f"Lost: {', '.join(lost)} (001 L9 'if the class they promote to does "
                     "not have the weapon they use, they lose that proficiency')")
    if gained:
        notes.append(f"New weapon types at E (D in Dark): {', '.join(gained)}")
    if new.skills != unit.skills:
        notes.append(f"Skills: {', '.join(new.skills)}")
    sections = (Section(f"{unit.name} promotes to {target.name}", rows=rows),
                *((Section(lines=tuple(notes)),) if notes else ()))
    report = {"ruleset": ruleset, "name": unit.name, "promoted": True,
              "from": current.name, "to": target.name, "level": new.level,
              "hp_gained": target.promotion_hp, "stats": new.stats.model_dump(by_alias=True),
              "con": new.con, "mov": new.mov, "ranks": dict(new.ranks),
              "lost_ranks": lost, "growths_kept": kept, "skills": list(new.skills)}
    data = new.model_dump(mode="json", by_alias=True)
    data.pop("hp_faces", None)
    return Advancement(unit=data, report=report, sections=sections, rolled=False)
