"""fe-classic's sheet: 001's character card with 002's combat numbers per weapon.

The card is 001's (L2-5: HP, CON, MOV, level, EXP, ranks, growths); per carried
weapon, 002's numbers before any enemy is known: Attack (Str/Mag + Mt, L124),
accuracy (Wpn Hit + 2×Skl + ⌊Lck/2⌋ + S rank, L86-92), crit (Wpn Crit +
⌊Skl/2⌋ + class bonus + S rank, L107-111), attack speed (L59-64) and the range
(L134-142); then avoid on open ground (L95) and critical avoid (L115). The
first row says what the ruleset is: 002 combat on 001 characters.
"""

from __future__ import annotations

from pathlib import Path

from tactician.rulesets.contract import Row, Section, Sheet
from tactician.rulesets.fe_classic import numbers
from tactician.rulesets.fe_classic.combatant import combatant, with_weapon
from tactician.rulesets.fe_classic.options import ClassicOptions
from tactician.rulesets.fe_classic.unit_types import LABELS as TYPE_LABELS
from tactician.rulesets.fe_common.character.aid import aid_words
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.skills import skills_words
from tactician.rulesets.fe_common.character.stats import GROWTH_STATS, LABELS
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.fe_common.compendium import load_fe8

COMPOSITION = "002 combat (GBA formulas, terrain table) on 001 characters (creation, growths)"


def sheet(path: Path, options: ClassicOptions | None = None) -> Sheet:
    options = options or ClassicOptions()
    unit = load_unit(path)
    fe8 = load_fe8()
    klass = fe8.klass(unit.class_name)
    base = combatant(unit, klass, None, options)
    mounted = load_content().klass(unit.class_name).mounted_or_flying
    basics = Section("Unit", rows=(
        Row("Rules", COMPOSITION),
        Row("Class", unit.class_name), Row("Unit type", TYPE_LABELS[base.unit_type]),
        Row("Level", str(unit.level)), Row("EXP", str(unit.exp)),
        Row("HP", f"{unit.hp}/{unit.max_hp}"), Row("CON", str(unit.con)),
        Row("MOV", str(unit.mov)),
        Row("Aid", aid_words(unit.con, mounted, unit.sex)),
        Row("Ranks", ", ".join(f"{t} {r}" for t, r in unit.ranks.items()) or "none"),
        Row("Skills", skills_words(unit.skills, load_content().klass(unit.class_name))),
        Row("Class crit bonus", f"+{base.crit_bonus}" if base.crit_bonus else "none"),
    ))
    stats = Section("Stats", columns=("stat", "value", "growth %", "carried"), table=tuple(
        (LABELS[s], str(unit.stat(s)), str(unit.growths.get(s)), str(unit.carried.get(s)))
        for s in GROWTH_STATS))
    lines = []
    for name in unit.inventory:
        if not fe8.is_weapon(name):
            continue
        weapon = fe8.weapon(name)
        armed = with_weapon(base, weapon, unit.ranks.get(weapon.type) == "S")
        low, high = weapon.range
        reach = f"{low}-{high}" if high is not None else f"{low}-{max(5, unit.stats.pow // 2)}"
        if weapon.type == "staff":
            lines.append({"weapon": weapon.name, "attack": None,
                          "accuracy": numbers.staff_accuracy(armed), "crit": None,
                          "attack_speed": numbers.attack_speed(armed), "range": reach})
            continue
        lines.append({"weapon": weapon.name, "attack": armed.pow + weapon.might,
                      # against its own weapon type: no triangle either way
                      "accuracy": numbers.accuracy(armed, armed, options),
                      "crit": numbers.crit_rate(armed, options),
                      "attack_speed": numbers.attack_speed(armed), "range": reach})
    weapons = Section(
        "Weapons (002: before the enemy; a staff's accuracy is 5×Mag + Skl + 30)",
        columns=("weapon", "attack", "accuracy", "crit", "AS", "range"),
        table=tuple((str(w["weapon"]), "-" if w["attack"] is None else str(w["attack"]),
                     str(w["accuracy"]), "-" if w["crit"] is None else str(w["crit"]),
                     str(w["attack_speed"]), str(w["range"])) for w in lines))
    first = next((fe8.weapon(n) for n in unit.inventory
                  if fe8.is_weapon(n) and fe8.weapon(n).type != "staff"), None)
    armed = with_weapon(base, first, False)
    defence = Section("Defence", rows=(
        Row("Avoid (open ground)", str(numbers.avoid(armed, options))),
        Row("Critical avoid", str(numbers.crit_avoid(armed))),
        Row("Def / Res", f"{unit.stats.def_} / {unit.stats.res}"),
    ))
    items = Section("Inventory", lines=tuple(unit.inventory) or ("nothing",))
    return Sheet(
        ruleset="fe-classic", name=unit.name, kind=unit.class_name,
        title=f"{unit.name}, level {unit.level} {unit.class_name}",
        sections=(basics, stats, weapons, defence, items), level=unit.level,
        data={"unit": unit.model_dump(mode="json", by_alias=True), "weapons": lines,
              "unit_type": base.unit_type, "rules": COMPOSITION},
    )
