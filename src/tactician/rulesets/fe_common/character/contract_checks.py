"""001's roleplay skill checks through the contract (``Capability.CHECKS``), for
fe-tabletop and fe-classic alike (001's characters):
``tactician check UNIT SKILL --dc NAME``.

001 L89: "All skills require a 3d6 roll + a unit's select stat with the likelihood
of success is as follows: (Very Easy: 10, Easy: 15, Normal: 20, Hard: 25, Extremely
Hard: 30-40)". The exact chance comes from the same ``DiceSum`` event the check
rolls (``checks.CHECK_DICE``), shown before the dice. L90: a unit checks the skills
its file lists (ruling ``skill_checks``).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import CheckRequest, CheckResult, Row, Section
from tactician.rulesets.fe_common.character.checks import (
    SKILLS,
    difficulty,
    roll_check,
    skill_stat,
    success_chance,
)
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.skills import count_words, has_skill
from tactician.rulesets.fe_common.character.stats import LABELS
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.rulings import with_overrides


def kinds() -> list[str]:
    return list(SKILLS)


def _dc(raw: str, options: CharacterOptions) -> int:
    text = raw.strip()
    if text.lstrip("-").isdigit():
        value = int(text)
        if not 1 <= value <= 100:
            raise RulesError(f"--dc {value}: give a difficulty from 1 to 100 or a name")
        return value
    return difficulty(text, options)


def _own_stat(unit: Unit, request: CheckRequest, stat: str) -> str:
    """001 L90: a unit has its skills ("An unpromoted unit has 2 skills"); it checks
    one of them (ruling ``skill_checks = listed``), an Artisan with the stat it chose
    (L93, G1-44)."""
    klass = load_content().klass(unit.class_name)
    if not unit.skills:
        raise RulesError(f"{unit.name} lists no skills: a {klass.name} has "
                         f"{count_words(klass)}; add skills: to the unit file (or -o "
                         "skill_checks=any)")
    own = has_skill(unit.skills, request.skill)
    if own is None:
        raise RulesError(f"{unit.name} has no {request.skill} skill (001 L90); its skills: "
                         f"{', '.join(unit.skills)}")
    if request.stat is not None and request.stat != own.stat:
        raise RulesError(f"{unit.name}'s {own.label} adds {own.stat}, chosen when taken "
                         "(001 L93 'Skill or Luck')")
    return own.stat


def check(path: Path, request: CheckRequest, dice: DiceSource, ruleset: str,
          defaults: CharacterOptions) -> CheckResult:
    """``path``'s unit rolls 3d6 + the skill's stat against the difficulty, under the
    rulings of ``ruleset`` (fe-tabletop or fe-classic), which start from ``defaults``."""
    options = with_overrides(defaults, list(request.options))
    unit = load_unit(path)
    stat = skill_stat(request.skill, request.stat)
    if options.skill_checks == "listed":
        stat = _own_stat(unit, request, stat)
    value = int(getattr(unit.stats, stat))
    dc = _dc(request.difficulty, options)
    chance = success_chance(value, dc)
    rolled = roll_check(value, dc, dice)
    skill = next(name for name in SKILLS if name.casefold() == request.skill.strip().casefold())
    verdict = "success" if rolled.success else "failure"
    exact = Fraction(chance).limit_denominator(216)
    report = {"ruleset": ruleset, "name": unit.name, "skill": skill, "stat": stat,
              "stat_value": value, "dc": dc, "chance": chance, "chance_exact": str(exact),
              "faces": list(rolled.faces), "total": rolled.total, "success": rolled.success}
    sections = (Section(f"{unit.name}: {skill} against {dc}", rows=(
        Row("Roll", f"3d6 + {LABELS.get(stat, stat)} {value} (001 L89)"),
        Row("Chance", f"{chance:.1%} ({exact}), before the dice"),
        Row("Dice", ", ".join(str(f) for f in rolled.faces)),
        Row("Total", f"{rolled.total}: {verdict}"),
    )),)
    return CheckResult(report, sections)
