"""Artisan repair of a roster character's weapon between battles (001 L94).

001 L94: "Artisan (Sword, Axe, Lance, or Bow): Can be used to repair weaponry,
however it can only bring the weapon to a maximum of half its durability. Damage
scales down by 1 point with each repair done to it." L89: "All skills require a 3d6
roll + a unit's select stat". Rulings (G1-45, docs/rulings.md): the artisan (the
healer of ``character repair NAME WEAPON --healer ARTISAN``, else the owner) has
``Artisan (TYPE)`` for the weapon's type (``skill_checks = listed``) and rolls 3d6 +
Skill against Normal (20); a success brings the uses left up to half the durability,
rounded down (refused at or above it), and the weapon takes -1 damage for good
(the unit's ``repairs``, read by every fight); a failure changes nothing (001 sets no
limit: it may be tried again, each attempt recorded with its dice).

The weapon's uses left are those its last battle left (``campaign_aftermath``'s
``uses``; a weapon never used is whole), and the sheet is the one it left (its
``unit``), else the unit file's: the result goes back into the carried state, which
the next battle's muster reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.dice.source import DiceSource
from tactician.errors import RulesError
from tactician.rulesets.contract import CareRequest, CareResult
from tactician.rulesets.fe_common.character.checks import DIFFICULTIES, roll_check, success_chance
from tactician.rulesets.fe_common.character.content import load_content
from tactician.rulesets.fe_common.character.skills import ARTISAN_WEAPONS, parse_skill
from tactician.rulesets.fe_common.character.unit import Unit
from tactician.rulesets.fe_common.character.unit_file import load_unit
from tactician.rulesets.fe_tabletop.healing import repair
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.rulings import with_overrides

KINDS = ("repair",)
REPAIR_DC = DIFFICULTIES["normal"]  # G1-45


def _sheet(path: Any, carried: Mapping[str, Any]) -> Unit:
    """The character as its last battle left it, else its unit file."""
    data = carried.get("unit")
    return Unit.model_validate(data) if isinstance(data, Mapping) else load_unit(path)


def _artisan(artisan: Unit, weapon_type: str, options: TabletopOptions) -> None:
    if options.skill_checks == "any":
        return
    types = [parse_skill(s).weapon for s in artisan.skills]
    if weapon_type not in types:
        raise RulesError(f"{artisan.name} has no Artisan ({weapon_type.title()}) skill (001 "
                         f"L94); its skills: {', '.join(artisan.skills) or 'none listed'}")


def care(request: CareRequest, options: Sequence[str], dice: DiceSource) -> CareResult:
    """``request.kind`` "repair": the weapon named in ``details`` is repaired on ``dice``."""
    if request.kind not in KINDS:
        raise RulesError(f"unknown care {request.kind!r} (kinds: {', '.join(KINDS)})")
    rules = with_overrides(TabletopOptions(), list(options))
    owner = _sheet(request.patient, request.carried)
    artisan = owner if request.healer is None else _sheet(request.healer,
                                                          request.healer_carried)
    wanted = str(request.details.get("weapon", ""))
    name = next((i for i in owner.inventory if i.casefold() == wanted.casefold()), None)
    if name is None:
        raise RulesError(f"{owner.name} carries no {wanted!r}; carries "
                         f"{', '.join(owner.inventory) or 'nothing'}")
    content = load_content()
    if not content.fe8.is_weapon(name) or content.weapon(name).type not in ARTISAN_WEAPONS:
        raise RulesError(f"{name} is no sword, axe, lance or bow (001 L94 'Artisan (Sword, "
                         "Axe, Lance, or Bow)')")
    weapon = content.weapon(name)
    _artisan(artisan, weapon.type, rules)
    if weapon.uses is None:
        raise RulesError(f"{name} does not wear out: nothing to repair")
    uses = dict(request.carried.get("uses") or {})
    left = int(uses.get(name, weapon.uses))
    repair(left, weapon.uses, 0)  # refused at or above half, before any die
    skill = artisan.stats.skl
    chance = success_chance(skill, REPAIR_DC)
    check = roll_check(skill, REPAIR_DC, dice)
    line = (f"{artisan.name}'s Artisan check: 3d6 {'+'.join(map(str, check.faces))} + Skl "
            f"{skill} = {check.total} against {REPAIR_DC} ({chance:.0%})")
    if not check.success:
        return CareResult(dict(request.carried), (line, f"{name} is not repaired"), False)
    restored, _ = repair(left, weapon.uses, 0)
    done = owner.repairs.get(name, 0) + 1
    sheet = owner.model_copy(update={"repairs": {**owner.repairs, name: done}})
    data = sheet.model_dump(mode="json", by_alias=True)
    data.pop("hp_faces", None)
    carried = {**dict(request.carried), "unit": data, "uses": {**uses, name: restored}}
    return CareResult(carried, (line, f"{name}: {left} -> {restored} uses (half of "
                                      f"{weapon.uses}); damage -{done} ({done} repair"
                                      f"{'s' if done > 1 else ''}, 001 L94)"), True)
