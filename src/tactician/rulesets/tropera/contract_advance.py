"""Tropera's level-up through the contract: choices by name, the table's
questions through an ``Asker``, the report as sections (``levelup.level_up``
does the rules; this module only translates).

Choices: ``pick`` (the 4 stats to raise), ``points`` (levels 8 and 16),
``proficiency``, ``feat``, ``feat_proficiency``. Rulings:
``stat_cap_after_creation`` and ``hp_cap_after_creation`` (``LevelUpOptions``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import NeedChoice, RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest, Asker, ChoiceSpec, Section
from tactician.rulesets.rulings import with_overrides
from tactician.rulesets.tropera.compendium import Compendium
from tactician.rulesets.tropera.contract_sheet import stat_name
from tactician.rulesets.tropera.creation import character_data, validate_character
from tactician.rulesets.tropera.levelup import (
    PICKS,
    LevelUpOptions,
    LevelUpReport,
    check_picks,
    check_points,
    highest,
    level_up,
    new_feat_problems,
    raise_proficiency,
)
from tactician.rulesets.tropera.models import Character
from tactician.rulesets.tropera.progression import (
    FEAT_LEVELS,
    FEAT_PROFICIENCY_RANKS,
    FREE_POINT_LEVELS,
    MAX_PROFICIENCIES,
    PROFICIENCY_LEVELS,
    PROFICIENCY_TYPES,
)
from tactician.rulesets.tropera.stats import RANKS, rank_index

CHOICES = (
    ChoiceSpec("pick", "The 4 stats to raise of the 5 highest rolls, e.g. str,spd,def,skl, "
               "or 'highest' (the 4 highest); asked on a terminal, else refused with the "
               "candidates."),
    ChoiceSpec("points", "Levels 8 and 16: 9 points, at most 2 per stat, e.g. "
               "str=2,spd=2,def=2,skl=2,hp=1."),
    ChoiceSpec("proficiency", "Levels 4, 7, 10, 13, 16, 19, 20: the type to raise, or to "
               "gain at D."),
    ChoiceSpec("feat", "Levels 8 and 16: the new feat."),
    ChoiceSpec("feat_proficiency", "Focus: 1 type; Versatile: 3 types, comma-separated."),
)


def split(text: str | None) -> list[str]:
    if text is None:
        return []
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def parse_points(text: str) -> dict[str, int]:
    """``str=2,spd=2,hp=1`` -> {"str": 2, "spd": 2, "hp": 1} (repeats add up)."""
    result: dict[str, int] = {}
    for part in split(text):
        name, sep, raw = part.partition("=")
        try:
            value = int(raw) if sep else 1
        except ValueError:
            raise RulesError(f"points entry {part!r}: {raw!r} is not a whole number") from None
        key = name.strip()
        result[key] = result.get(key, 0) + value
    return result


def advance(
    character: Character, compendium: Compendium, request: AdvanceRequest, dice: DiceSource
) -> Advancement:
    """One level for ``character``; refuses an illegal character first."""
    known = {c.name for c in CHOICES}
    unknown = sorted(set(request.choices) - known)
    if unknown:
        raise RulesError(f"tropera level-ups take no choice {', '.join(unknown)}; "
                         f"choices: {', '.join(sorted(known))}")
    options = with_overrides(LevelUpOptions(), list(request.options))
    validate_character(character, compendium, options)
    given = request.choices
    points = parse_points(given["points"]) if "points" in given else None
    proficiency, feat = given.get("proficiency"), given.get("feat")
    feat_profs = split(given.get("feat_proficiency"))
    asker = request.asker
    if asker is not None:
        proficiency, feat, feat_profs, points = _ask_level_inputs(
            asker, character, compendium, proficiency, feat, feat_profs, points)
    else:
        _refuse_missing(character, compendium, proficiency, feat, feat_profs, points)
    picks: Any = split(given["pick"]) if "pick" in given else None
    if picks is not None and [p.casefold() for p in picks] == ["highest"]:
        picks = highest
    elif asker is not None and picks is None:
        picks = _chooser(asker)
    leveled, report = level_up(
        character, dice, picks, points=points, proficiency=proficiency, feat=feat,
        feat_proficiencies=feat_profs, compendium=compendium, options=options,
    )
    return Advancement(
        unit=character_data(leveled),
        report=report.as_dict(),
        sections=report_sections(report),
        rolled=report.rolled,
    )


def _refuse_missing(character: Character, compendium: Compendium, proficiency: str | None,
                    feat: str | None, feat_profs: list[str],
                    points: dict[str, int] | None) -> None:
    """With nobody to ask, every choice the next level needs and was not given is
    refused at once, with its values, before any die is drawn."""
    level, needs = character.level + 1, []
    if level in PROFICIENCY_LEVELS and not proficiency:
        needs.append(("proficiency", (
            f"{character.name} level {level}: a proficiency rank (000 'gaining additional "
            f"levels at 4, 7, 10, 13, 16, 19, and 20th levels'): give --choose proficiency="
            f"TYPE, one of {', '.join(proficiency_options(character))}")))
    if level in FEAT_LEVELS and not feat:
        needs.append(("feat", (
            f"{character.name} level {level}: a new feat (000 'an additional feat of choice "
            f"... at 8th and 16th levels'): give --choose feat=NAME, one of "
            f"{', '.join(feat_options(character, compendium))}")))
    needed = FEAT_PROFICIENCY_RANKS.get((feat or "").strip().casefold(), 0)
    if needed and not feat_profs:
        needs.append(("feat_proficiency", (
            f"{feat}: {needed} proficiency type(s) for its rank(s): give --choose "
            f"feat_proficiency=TYPE{',TYPE,TYPE' if needed == 3 else ''}")))
    if level in FREE_POINT_LEVELS and points is None:
        needs.append(("points", (
            f"{character.name} level {level}: 9 points to assign, at most 2 per stat (000): "
            "give --choose points=str=2,spd=2,def=2,skl=2,hp=1")))
    if needs:
        raise NeedChoice(needs)


def proficiency_options(character: Character) -> list[str]:
    """What a new proficiency rank may go to: a held type below S+4 ("increase a rank in
    an existing class to a maximum of S+4") or, with fewer than 3, a new type at D."""
    held = dict(character.proficiencies)
    options = [f"{kind} (to {RANKS[rank_index(rank) + 1]})" for kind, rank in held.items()
               if rank_index(rank) + 1 < len(RANKS)]
    if len(held) < MAX_PROFICIENCIES:
        options += [f"{kind} (new, D)" for kind in PROFICIENCY_TYPES if kind not in held]
    return options


def feat_options(character: Character, compendium: Compendium) -> list[str]:
    """The feats ``character`` may take at its next feat level."""
    return [feat.name for feat in compendium.feats.values()
            if not new_feat_problems(character, feat.name, compendium)]


def _chooser(asker: Asker) -> Any:
    def choose(view: LevelUpReport) -> list[str]:
        asker.show([rolls_section(view)])
        labels = ", ".join(f"{stat_name(r.stat)} {r.total}" for r in view.rolls if r.candidate)
        while True:
            answer = split(asker.ask(f"Pick {PICKS} of {labels} (or highest)"))
            if [a.casefold() for a in answer] == ["highest"]:
                return highest(view)
            keys, problems = check_picks(view.candidates, answer)
            if not problems:
                return keys
            asker.warn("; ".join(problems))

    return choose


def _ask_level_inputs(
    asker: Asker, character: Character, compendium: Compendium, proficiency: str | None,
    feat: str | None, feat_profs: list[str], points: dict[str, int] | None,
) -> tuple[str | None, str | None, list[str], dict[str, int] | None]:
    """Ask for what the next level needs and was not given."""
    level = character.level + 1
    profs = dict(character.proficiencies)
    if level in PROFICIENCY_LEVELS and not proficiency:
        while True:
            proficiency = asker.ask(f"Level {level} proficiency rank, one of "
                                    f"{', '.join(proficiency_options(character))}")
            _, problem = raise_proficiency(dict(profs), proficiency)
            if not problem:
                break
            asker.warn(problem)
    if level in FEAT_LEVELS and not feat:
        while True:
            feat = asker.ask(f"Level {level} feat, one of "
                             f"{', '.join(feat_options(character, compendium))}")
            problems = new_feat_problems(character, feat, compendium)
            if not problems:
                break
            asker.warn("; ".join(problems))
    if feat and not feat_profs:
        needed = FEAT_PROFICIENCY_RANKS.get(feat.strip().casefold(), 0)
        if needed:
            feat_profs = split(asker.ask(f"{feat}: {needed} proficiency type(s), "
                                         "comma-separated"))
    if level in FREE_POINT_LEVELS and points is None:
        points = _ask_points(asker, level)
    return proficiency, feat, feat_profs, points


def _ask_points(asker: Asker, level: int) -> dict[str, int]:
    while True:
        answer = asker.ask(f"Level {level}: assign 9 points, at most 2 per stat "
                           "(e.g. str=2,spd=2,def=2,skl=2,hp=1)")
        try:
            points = parse_points(answer)
        except RulesError as exc:
            asker.warn(str(exc))
            continue
        _, problems = check_points(points)
        if not problems:
            return points
        asker.warn("; ".join(problems))


def rolls_section(report: LevelUpReport) -> Section:
    """The d20 of each stat and what it decided."""
    rows = []
    for roll in report.rolls:
        notes = []
        if roll.natural_20:
            notes.append("natural 20: free point, not eligible")
        if roll.natural_1:
            notes.append("natural 1: ineligible")
        if roll.rerolls:
            notes.append("tie reroll " + ", ".join(str(v) for v in roll.rerolls))
        if roll.candidate:
            notes.append("candidate")
        if roll.stat in report.picked:
            notes.append("picked")
        if roll.lost:
            notes.append(f"{roll.lost} lost to the cap")
        rise = f"+{roll.increase}" if roll.increase else ""
        rows.append((stat_name(roll.stat), str(roll.die), f"+{roll.growth}", str(roll.total),
                     ", ".join(notes), rise))
    return Section(title=f"{report.name}: level {report.level} roll",
                   columns=("stat", "d20", "growth", "total", "note", "rise"), table=tuple(rows))


def _names(stats: Sequence[str]) -> str:
    return ", ".join(stat_name(s) for s in stats) or "none"


def _pairs(values: Mapping[str, int], sign: str = "") -> str:
    return ", ".join(f"{stat_name(k)} {sign}{v}" for k, v in values.items() if v)


def report_sections(report: LevelUpReport) -> tuple[Section, ...]:
    lines = []
    sections = []
    if report.rolled:
        sections.append(rolls_section(report))
        lines += [f"Candidates (5 highest eligible): {_names(report.candidates)}",
                  f"Picked: {_names(report.picked)}"]
    else:
        lines.append(f"{report.name}: level {report.level}, no roll: 9 free points "
                     f"({_pairs(report.assigned, '+')}) and 2 HP")
    lines.append(f"Increases: {_pairs(report.increases.as_dict(), '+') or 'none'}")
    if report.lost:
        lines.append(f"Lost to the cap: {_pairs(report.lost)}")
    if report.proficiency:
        lines.append(f"Proficiency: {report.proficiency} now {report.proficiency_rank}")
    if report.feat:
        extra = f" ({', '.join(report.feat_proficiencies)})" if report.feat_proficiencies else ""
        lines.append(f"Feat: {report.feat}{extra}")
    stats = ", ".join(f"{stat_name(k)} {v}" for k, v in report.stats.as_dict().items())
    lines.append(f"Now level {report.level}: {stats}, MOV {report.movement}")
    sections.append(Section(lines=tuple(lines)))
    return tuple(sections)
