"""fe-tabletop's sheet through the contract: 001's character sheet (L2-5) and,
per carried weapon, 001's numbers before any enemy is known (``sheet.weapon_line``)."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from tactician.rulesets.contract import Row, Section, Sheet
from tactician.rulesets.fe_common.character.aid import aid_words
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.skills import skills_words
from tactician.rulesets.fe_common.character.stats import GROWTH_STATS, LABELS
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.sheet import weapon_line


def sheet(path: Path, options: TabletopOptions | None = None) -> Sheet:
    unit = load_unit(path)
    content = load_content()
    options = options or TabletopOptions()
    stats = Section("Stats", columns=("stat", "value", "growth %", "carried"), table=tuple(
        (LABELS[s], str(unit.stat(s)), str(unit.growths.get(s)), str(unit.carried.get(s)))
        for s in GROWTH_STATS))
    basics = Section("Unit", rows=(
        Row("Class", unit.class_name), Row("Level", str(unit.level)), Row("EXP", str(unit.exp)),
        Row("HP", f"{unit.hp}/{unit.max_hp}"), Row("CON", str(unit.con)),
        Row("MOV", str(unit.mov)),
        Row("Aid", aid_words(unit.con, content.klass(unit.class_name).mounted_or_flying, unit.sex)),
        Row("Ranks", ", ".join(f"{t} {r}" for t, r in unit.ranks.items()) or "none"),
        Row("Skills", skills_words(unit.skills, load_content().klass(unit.class_name))),
    ))
    lines = [weapon_line(unit, content.weapon(n), options) for n in unit.inventory
             if content.fe8.is_weapon(n)]
    weapons = Section("Weapons", columns=("weapon", "hit", "crit", "damage", "AS", "uses"),
                      table=tuple((w.weapon, str(w.base_hit), str(w.crit), w.damage,
                                   str(w.attack_speed), "-" if w.uses is None else str(w.uses))
                                  for w in lines))
    items = Section("Inventory", lines=tuple(unit.inventory) or ("nothing",))
    return Sheet(
        ruleset="fe-tabletop", name=unit.name, kind=unit.class_name,
        title=f"{unit.name}, level {unit.level} {unit.class_name}",
        sections=(basics, stats, weapons, items), level=unit.level,
        data={"unit": unit.model_dump(mode="json", by_alias=True),
              "weapons": [asdict(w) for w in lines]},
    )
