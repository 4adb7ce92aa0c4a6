"""Moving weapons, items and relics between two units' inventories (Trade, Steal).

Source: 000 "Characters start the game with 3 inventory slots for weapons, 2
slots for items, and 1 slot for a relic. At 8th level, characters gain an
additional slot each for weapons and items, but not for relics" (with Arsenal,
``progression.weapon_slots`` / ``item_slots`` / ``relic_slots``); natural
weapons use no slot (``creation.inventory_problems``).

Uses left are kept per unit and per name (``Unit.uses``: the one partly used
copy of each name; further copies are full, as ``use_item`` spends them). A
moved copy keeps its uses left: a unit holding several copies hands over a
full one and keeps its worn copy; its last copy leaves with its count. A unit
cannot receive a worn copy of a name of which it already holds a worn copy
(the state tracks one worn copy per name): such a move is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactician.errors import RulesError
from tactician.rulesets.tropera.battle_state import Unit
from tactician.rulesets.tropera.compendium import Compendium, load_compendium
from tactician.rulesets.tropera.creation import natural_weapons, weapon_name
from tactician.rulesets.tropera.models import WeaponRef
from tactician.rulesets.tropera.progression import item_slots, weapon_slots

Slot = str  # "weapon", "item" or "relic"


@dataclass(frozen=True)
class Held:
    """One carried thing taken out of an inventory."""

    slot: Slot
    ref: WeaponRef  # what the character list stores (a name, or an inline weapon)
    name: str  # the compendium's name: the key of ``Unit.uses``
    uses: int | None  # uses left that travel with it (None: full or no charges)


def _canonical(slot: Slot, ref: WeaponRef, compendium: Compendium) -> str:
    if slot == "weapon":
        try:
            return compendium.weapon(ref).name
        except RulesError:
            return weapon_name(ref)
    try:
        return compendium.item(weapon_name(ref)).name
    except RulesError:
        return weapon_name(ref)


def _count(unit: Unit, name: str, compendium: Compendium) -> int:
    character = unit.character
    refs: list[tuple[Slot, WeaponRef]] = [("weapon", r) for r in character.weapons]
    refs += [("item", r) for r in character.items]
    if character.relic:
        refs.append(("relic", character.relic))
    return sum(1 for slot, ref in refs if _canonical(slot, ref, compendium) == name)


def find(unit: Unit, wanted: str, compendium: Compendium | None = None) -> tuple[Slot, WeaponRef]:
    """Which slot holds ``wanted`` (case-insensitive), or a RulesError naming the inventory."""
    compendium = compendium or load_compendium()
    character = unit.character
    key = wanted.casefold()
    for ref in character.weapons:
        if key in (weapon_name(ref).casefold(), _canonical("weapon", ref, compendium).casefold()):
            return "weapon", ref
    for ref in character.items:
        if key in (ref.casefold(), _canonical("item", ref, compendium).casefold()):
            return "item", ref
    if character.relic and key in (
        character.relic.casefold(),
        _canonical("relic", character.relic, compendium).casefold(),
    ):
        return "relic", character.relic
    carried = [weapon_name(r) for r in character.weapons] + list(character.items)
    if character.relic:
        carried.append(character.relic)
    raise RulesError(
        f"{unit.name} carries no {wanted!r} (carries: {', '.join(carried) or 'nothing'})"
    )


def take_out(unit: Unit, wanted: str, compendium: Compendium | None = None) -> tuple[Unit, Held]:
    """``unit`` without one copy of ``wanted``, and that copy."""
    compendium = compendium or load_compendium()
    slot, ref = find(unit, wanted, compendium)
    name = _canonical(slot, ref, compendium)
    if slot == "weapon" and name.casefold() in {
        w.name.casefold() for w in natural_weapons(unit.character, compendium)
    }:
        raise RulesError(f"{name} is {unit.name}'s natural weapon; it cannot change hands")
    character = unit.character
    update: dict[str, object] = {}
    if slot == "weapon":
        weapons = list(character.weapons)
        weapons.remove(ref)
        update["weapons"] = weapons
    elif slot == "item":
        items = list(character.items)
        items.remove(weapon_name(ref))
        update["items"] = items
    else:
        update["relic"] = None
    last_copy = _count(unit, name, compendium) == 1
    uses = dict(unit.uses)
    moving = uses.pop(name, None) if last_copy else None
    unit_update: dict[str, object] = {"uses": uses}
    if (
        last_copy
        and unit.equipped
        and unit.equipped.casefold()
        in (
            name.casefold(),
            weapon_name(ref).casefold(),
        )
    ):
        unit_update["equipped"] = None  # the next usable weapon is wielded
    if (
        last_copy
        and character.equipped
        and character.equipped.casefold() in (name.casefold(), weapon_name(ref).casefold())
    ):
        update["equipped"] = None
    unit_update["character"] = character.model_copy(update=update)
    return unit.model_copy(update=unit_update), Held(slot, ref, name, moving)


def put_in(unit: Unit, held: Held, compendium: Compendium | None = None) -> Unit:
    """``unit`` holding ``held`` (slots are checked by ``check_slots``)."""
    compendium = compendium or load_compendium()
    character = unit.character
    update: dict[str, object] = {}
    if held.slot == "weapon":
        update["weapons"] = [*character.weapons, held.ref]
    elif held.slot == "item":
        update["items"] = [*character.items, held.ref]
    else:
        if character.relic:
            raise RulesError(
                f"{unit.name} already carries the relic {character.relic} (000: '1 slot for "
                "a relic')"
            )
        update["relic"] = held.ref
    uses = dict(unit.uses)
    if held.uses is not None:
        if held.name in uses:
            raise RulesError(
                f"{unit.name} already holds a partly used {held.name}; a unit keeps one "
                "partly used copy of each item (use it up first)"
            )
        uses[held.name] = held.uses
    return unit.model_copy(update={"character": character.model_copy(update=update), "uses": uses})


def check_slots(unit: Unit, compendium: Compendium | None = None) -> None:
    """Refuse an inventory over its slots (000's slot counts; natural weapons are free)."""
    compendium = compendium or load_compendium()
    character = unit.character
    natural = {w.name.casefold() for w in natural_weapons(character, compendium)}
    weapons = [r for r in character.weapons if weapon_name(r).casefold() not in natural]
    problems = []
    if len(weapons) > weapon_slots(character):
        problems.append(
            f"{unit.name} would carry {len(weapons)} weapons in "
            f"{weapon_slots(character)} weapon slots"
        )
    if len(character.items) > item_slots(character):
        problems.append(
            f"{unit.name} would carry {len(character.items)} items in "
            f"{item_slots(character)} item slots"
        )
    if problems:
        raise RulesError(
            [*problems, "000: 3 weapon and 2 item slots, +1 each at 8th level and with Arsenal"]
        )
