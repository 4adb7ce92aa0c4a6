"""001's level-up through the contract (fe-tabletop and fe-classic alike): one
``growth.level_up`` (001 L12-26: "Each unit rolls 1d100 for each stat other than
HP and Constitution", the carried "left-over mods" added to the next roll, +1 HP a level by L2), the
report showing every d100, its total and the remainder carried on.

No choices: 001's level-up asks the player nothing. Dice order for ``--rolls``:
Str/Mag, Skl, Spd, Lck, Def, Res (``stats.GROWTH_STATS``).
"""

from __future__ import annotations

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import Advancement, AdvanceRequest, Row, Section
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.growth import level_up, number_to_beat
from tactician.rulesets.fe_common.character.options import CharacterOptions
from tactician.rulesets.fe_common.character.stats import LABELS
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.rulings import with_overrides


def advance(
    unit: Unit,
    request: AdvanceRequest,
    dice: DiceSource,
    ruleset: str = "fe-tabletop",
    defaults: CharacterOptions | None = None,
) -> Advancement:
    """One level-up of ``unit`` for ``ruleset``, whose rulings start from ``defaults``."""
    if request.choices:
        raise RulesError(f"{ruleset} level-ups take no choice "
                         f"({', '.join(sorted(request.choices))}): 001 asks nothing")
    options = with_overrides(defaults or CharacterOptions(), list(request.options))
    klass = load_content().klass(unit.class_name)
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
