"""001 unit files through the contract: every violation of a file (the ``Unit``
fields, the class, the carried names, the class caps), shared by fe-tabletop
and fe-classic (each ruleset draws its own sheet, its combat numbers differ).

A unit file is a ``Unit`` written as YAML (``examples/fe_tabletop/``): the 001
character sheet (L2-5: HP, CON, MOV, level, EXP, ranks), its growths and the
carried growth remainders (L18-25) and at most 5 items (L49).
"""

from __future__ import annotations

from pathlib import Path

from tactician.errors import ContentError, TacticianError
from tactician.rulesets.contract import UnitCheck, Violation
from tactician.rulesets.contract.helpers import entry_name, model_violations, read_unit
from tactician.rulesets.fe_common.character.classes import TabletopClass
from tactician.rulesets.fe_common.character.content import TabletopContent, load_content
from tactician.rulesets.fe_common.character.experience import level_cap
from tactician.rulesets.fe_common.character.skills import skill_problems
from tactician.rulesets.fe_common.character.stats import GROWTH_STATS
from tactician.rulesets.fe_common.character.unit import Unit


def carried_name(content: TabletopContent, name: str) -> None:
    """Refuse a name that is neither an FE8 weapon nor an FE8 item."""
    if content.fe8.is_weapon(name):
        return
    try:
        content.fe8.item(name)
    except TacticianError:
        raise TacticianError(f"{name!r} is neither a weapon nor an item of the compendium") \
            from None


def check_unit(path: Path) -> UnitCheck:
    data, violations = read_unit(path)
    if data is None:
        return UnitCheck(str(path), path.stem, "", tuple(violations))
    return check_data(data, path)


def check_data(data: dict[str, object], path: Path) -> UnitCheck:
    """Every violation of a unit file's ``data``, each naming ``path`` (the file, or
    the source of data that has none: a campaign roster's sheet)."""
    entry = entry_name(data, path)
    content = load_content()
    unit, found = model_violations(Unit, data, path)
    found.extend(_unknown_carried(data, content, path, entry))
    if unit is None:
        return UnitCheck(str(path), entry, "", tuple(found))
    try:
        klass = content.klass(unit.class_name)
    except TacticianError as exc:
        found.append(Violation(str(path), entry, "class_name", str(exc)))
        return UnitCheck(str(path), entry, "", tuple(found))
    for stat in GROWTH_STATS:  # FE8 class caps (ruling stat_caps = class)
        if unit.stat(stat) > klass.caps.get(stat):
            found.append(Violation(str(path), entry, f"stats.{stat}",
                                   f"{unit.stat(stat)} is above the {klass.name} cap "
                                   f"{klass.caps.get(stat)}"))
    found.extend(Violation(str(path), entry, name, problem)
                 for name, problem in class_problems(unit, klass))
    summary = (f"{unit.name}, level {unit.level} {klass.name}; HP {unit.hp}/{unit.max_hp}; "
               f"carries {', '.join(unit.inventory) or 'nothing'}")
    return UnitCheck(str(path), entry, summary, tuple(found))


def class_problems(unit: Unit, klass: TabletopClass) -> list[tuple[str, str]]:
    """(field, problem) for what the class fixes: 001 L3 "Assign the unit's CON and MOV
    stat based on the class info", L90's number of skills, and the level cap (20,
    trainees 10: FE8's, ruling G1-53) that ``gain_exp`` stops at."""
    found = []
    for name, value, wanted in (("con", unit.con, klass.con), ("mov", unit.mov, klass.mov)):
        if value != wanted:
            found.append((name, f"{value} is not the {klass.name}'s {name.upper()} {wanted} "
                                "(001 L3 'Assign the unit's CON and MOV stat based on the "
                                "class info')"))
    found += [("skills", problem) for problem in skill_problems(unit.skills, klass)]
    found += [(f"repairs.{name}", f"{count} repairs: a repair count is 1 or more")
              for name, count in unit.repairs.items() if count < 1]
    cap = level_cap(klass)
    if unit.level > cap:
        found.append(("level", f"{unit.level} is above the level cap {cap} of a "
                               f"{'trainee' if klass.recruit else klass.name} (001 L10: "
                               "promote at 10; FE8's caps)"))
    return found


def _unknown_carried(data: dict[str, object], content: TabletopContent, path: Path,
                     entry: str) -> list[Violation]:
    found = []
    refs = data.get("inventory")
    for index, ref in enumerate(refs if isinstance(refs, list) else []):
        if not isinstance(ref, str):
            continue
        try:
            carried_name(content, ref)
        except TacticianError as exc:
            found.append(Violation(str(path), entry, f"inventory.{index}", str(exc)))
    return found


def load_unit(path: Path) -> Unit:
    """The unit at ``path``, or one error listing every violation."""
    verdict = check_unit(path)
    if not verdict.valid:
        raise ContentError("; ".join(str(v) for v in verdict.violations))
    return Unit.model_validate(_data(path))


def unit_from(data: dict[str, object], source: str) -> Unit:
    """A unit file's data (a campaign roster's sheet) as a ``Unit``, or one error
    listing every violation, each naming ``source``."""
    verdict = check_data(data, Path(source))
    if not verdict.valid:
        raise ContentError("; ".join(str(v) for v in verdict.violations))
    return Unit.model_validate(data)


def _data(path: Path) -> dict[str, object]:
    data, _ = read_unit(path)
    assert data is not None
    return data
