"""The party's Supply between battles (001 L49): "A unit can only carry 5
items/Weapons on their person at a time. The entire party has a mass inventory known
as the Supply which can carry 99 items, and can be accessed outside of battle."

A roster character's inventory is the one its last battle left it (``carried``'s
``unit``, the 001 sheet ``campaign_aftermath`` stores), else its unit file's. A
move changes that sheet's inventory and the Supply by ``inventory.deposit`` /
``withdraw`` (outside battle: ``in_battle=False``). The Supply holds item names
only; uses left stay on the character's record by item name (``carried``'s
``uses``), so an item the same character takes back has its uses again and a copy
another character takes starts full (a ruling without a switch, docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.inventory import deposit, withdraw
from tactician.rulesets.fe_common.character.unit import Unit


def _current(sheet: Mapping[str, Any]) -> tuple[Unit, str]:
    """The character's 001 sheet as it stands, and where it lives in the roster sheet."""
    carried = sheet.get("carried") or {}
    if isinstance(carried, Mapping) and isinstance(carried.get("unit"), Mapping):
        return Unit.model_validate(carried["unit"]), "carried"
    data = sheet.get("unit")
    if not isinstance(data, Mapping):
        raise RulesError("this roster character has no unit sheet")
    return Unit.model_validate(data), "unit"


def move(sheet: Mapping[str, Any], supply: Sequence[str], way: str, item: str
         ) -> tuple[dict[str, Any], list[str]]:
    """``way`` deposit or withdraw ``item``; the new roster sheet and Supply."""
    unit, where = _current(sheet)
    if way == "deposit":
        inventory, after = deposit(unit.inventory, tuple(supply), item)
    else:
        inventory, after = withdraw(unit.inventory, tuple(supply), item, in_battle=False)
    new_unit = unit.model_copy(update={"inventory": inventory})
    data = new_unit.model_dump(mode="json", by_alias=True)
    data.pop("hp_faces", None)
    new_sheet = dict(sheet)
    if where == "carried":
        new_sheet["carried"] = {**dict(sheet["carried"]), "unit": data}
    else:
        new_sheet["unit"] = {**dict(sheet["unit"]), "inventory": list(inventory)}
    return new_sheet, list(after)
