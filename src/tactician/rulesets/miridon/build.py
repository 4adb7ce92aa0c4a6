"""Build a character from a unit file: create, replay the ledger, check the loadout.

Creation (004 L5): "When a character chooses a basic class, they gain the initial stats
for that class." (the numbers are ruling ``class_start_stats``, data/classes.yaml), plus
the starting skill points (ruling ``start_skill_points``) as ledger entry #0. Every event
is then checked and applied in order. An illegal build is refused with EVERY violation
named (file, entry, field, 004 line); an illegal event is still applied for the rest of
the check, so one mistake does not hide another nor cascade into false ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.miridon.character import Character, LedgerEntry
from tactician.rulesets.miridon.compendium import Compendium
from tactician.rulesets.miridon.events import LedgerEvent
from tactician.rulesets.miridon.loadout import check_loadout
from tactician.rulesets.miridon.options import DEFAULT_OPTIONS, MiridonOptions
from tactician.rulesets.miridon.purchases import apply, check
from tactician.rulesets.miridon.unit import MiridonUnit, read_unit, unit_from
from tactician.rulesets.miridon.violations import Violation, refuse

START_NOTE = "starting skill points (ruling miridon.start_skill_points)"


def create(
    unit: MiridonUnit, compendium: Compendium, options: MiridonOptions
) -> tuple[Character | None, list[Violation]]:
    """The new character before any ledger event, or the reasons it cannot exist."""
    try:
        klass = compendium.character_class(unit.class_)
    except RulesError as exc:
        return None, [Violation("unit", "class", str(exc), "L3-51")]
    if klass.kind == "unique" and not options.allow_unique_start:
        return None, [
            Violation(
                "unit",
                "class",
                f"{klass.name} is a unique class, not for starting players (crew: recruit_crew)",
                "L244",
            )
        ]
    if klass.start is None:
        return None, [
            Violation("unit", "class", f"{klass.name} has no starting stats in the data", "L5")
        ]
    event = LedgerEvent(
        kind="grant_points", amount=max(1, options.start_skill_points), note=START_NOTE
    )
    ledger = (
        (
            LedgerEntry(
                0,
                event,
                granted=options.start_skill_points,
                rule="ruling miridon.start_skill_points",
            ),
        )
        if options.start_skill_points > 0
        else ()
    )
    character = Character(
        name=unit.name,
        classes=(klass.name,),
        max_strength=klass.start.max_strength,
        max_speed=klass.start.max_speed,
        max_ghost_hp=klass.start.max_ghost_hp,
        race=unit.race,
        mutations=unit.mutations,
        weapons=unit.weapons,
        armor=unit.armor,
        ledger=ledger,
    )
    return character, []


def replay(
    character: Character,
    events: tuple[LedgerEvent, ...],
    compendium: Compendium,
    options: MiridonOptions,
) -> tuple[Character, list[Violation]]:
    problems: list[Violation] = []
    for position, event in enumerate(events, start=1):
        label = f"ledger #{position} {event.label()}"
        found = check(character, event, compendium, options, label)
        problems.extend(found)
        if any(v.field == "name" and "unknown" in v.message for v in found):
            continue  # nothing to apply
        character, _ = apply(character, event, compendium, options)
    return character, problems


def build_character(
    unit: MiridonUnit,
    compendium: Compendium,
    options: MiridonOptions = DEFAULT_OPTIONS,
    source: str = "",
) -> Character:
    """The character a unit file describes, or one RulesError listing every violation."""
    character, problems = create(unit, compendium, options)
    if character is None:
        raise refuse(problems, source)
    character, problems = replay(character, unit.ledger, compendium, options)
    problems.extend(check_loadout(character, compendium, options))
    if problems:
        raise refuse(problems, source)
    return character


def load_character(
    path: Path, compendium: Compendium, options: MiridonOptions = DEFAULT_OPTIONS
) -> Character:
    """Read and build a unit file; errors name the file."""
    return build_character(read_unit(path), compendium, options, source=str(path))


def character_from(data: dict[str, Any], source: str, compendium: Compendium,
                   options: MiridonOptions = DEFAULT_OPTIONS) -> Character:
    """Build a unit file's data (a campaign roster's sheet); errors name ``source``."""
    return build_character(unit_from(data, source), compendium, options, source=source)


def unit_of(character: Character) -> MiridonUnit:
    """The unit file of a character (the inverse of ``build_character``): creation choices
    and the ledger's events, without the starting grant."""
    events = tuple(e.event for e in character.ledger if e.event.note != START_NOTE)
    return MiridonUnit.model_validate(
        {
            "name": character.name,
            "class": character.base_class,
            "race": character.race,
            "mutations": character.mutations,
            "weapons": character.weapons,
            "armor": character.armor,
            "ledger": events,
        }
    )
