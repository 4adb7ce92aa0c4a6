"""001's level-up through the contract (fe-tabletop and fe-classic alike): one
``growth.level_up`` (001 L12-26: "Each unit rolls 1d100 for each stat other than
HP and Constitution", the carried "left-over mods" added to the next roll, +1 HP a level by L2), the
report showing every d100, its total and the remainder carried on.

001's level-up asks the player nothing. Dice order for ``--rolls``: Str/Mag, Skl,
Spd, Lck, Def, Res (``stats.GROWTH_STATS``). A unit at its level cap (20, a trainee
10: FE8's, ruling G1-53) does not level up: it promotes (L9-10), the choice
``promote=CLASS`` (``promote_step``), with ``skills`` where L90's count changes.
"""

from __future__ import annotations

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest, ChoiceSpec, Row, Section
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.experience import level_cap
from tactician.rulesets.fe_common.character.growth import level_up, number_to_beat
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.promote_step import promotion
from tactician.rulesets.fe_common.character.stats import LABELS
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.rulings import with_overrides

CHOICES = (
    ChoiceSpec("promote", "Promote instead of levelling up (001 L9-10): the new class, one "
               "its class promotes to, from level 10 (`character promote NAME --to CLASS`)."),
    ChoiceSpec("skills", "With promote: the whole new list of skills where 001 L90's count "
               "changes (a promoted unit has 3), comma-separated."),
)


def advance(
    unit: Unit,
    request: AdvanceRequest,
    dice: DiceSource,
    ruleset: str = "fe-tabletop",
    defaults: CharacterOptions | None = None,
) -> Advancement:
    """One level-up of ``unit`` for ``ruleset``, whose rulings start from ``defaults``
    (or, with the choice ``promote``, its promotion)."""
    choices = dict(request.choices)
    unknown = sorted(set(choices) - {c.name for c in CHOICES})
    if unknown or ("skills" in choices and "promote" not in choices):
        raise RulesError(f"{ruleset} advancement takes no choice "
                         f"{', '.join(unknown) or 'skills'} here: a level-up asks nothing "
                         "(001); a promotion takes promote=CLASS and, where L90's count "
                         "changes, skills=...")
    options = with_overrides(defaults or CharacterOptions(), list(request.options))
    content = load_content()
    klass = content.klass(unit.class_name)
    if "promote" in choices:
        return promotion(unit, klass, content.klass(choices["promote"]), options, ruleset,
                         choices.get("skills"), request.asker)
    cap = level_cap(klass)
    if unit.level >= cap:
        paths = ", ".join(klass.promotes_to)
        how = (f": promote it (001 L9-10), `character promote {unit.name} --to CLASS`, "
               f"one of {paths}" if paths else "")
        raise RulesError(f"{unit.name} is a level {unit.level} {klass.name}, the level cap "
                         f"of a {'trainee' if klass.recruit else 'unit'} ({cap}){how}")
    new, record = level_up(unit, klass.caps, klass.hp_cap, dice, options)
    rolls = [
        {"stat": r.stat, "growth": r.growth, "number_to_beat": number_to_beat(r.growth),
         "carried_before": r.carried_before, "roll": r.roll, "total": r.total,
         "gained": r.gained and not r.capped, "capped": r.capped,
         "carried_after": r.carried_after, "shown": r.shown}
        for r in record.rolls
    ]
    table = tuple(
        (LABELS[r.stat], f"{r.growth}%", str(number_to_beat(r.growth)), str(r.carried_before),
         str(r.roll), str(r.total),
         "capped" if r.capped else r.shown)
        for r in record.rolls
    )
    sections = (
        Section(f"{unit.name} reaches level {record.level}",
                rows=(Row("HP", f"+{record.hp_gained} (max {new.max_hp})"),)),
        Section("Growth rolls (d100 + carried; a failure carries its total)",
                columns=("stat", "growth", "to beat", "carried", "d100", "total", "result"),
                table=table),
        Section("Carried remainders", lines=(
            ", ".join(f"{LABELS[r.stat]} {r.carried_after}" for r in record.rolls),)),
    )
    report = {"ruleset": ruleset, "name": unit.name, "level": record.level,
              "hp_gained": record.hp_gained, "rolls": rolls,
              "carried": new.carried.model_dump(by_alias=True)}
    data = new.model_dump(mode="json", by_alias=True)
    data.pop("hp_faces", None)
    return Advancement(unit=data, report=report, sections=sections)
