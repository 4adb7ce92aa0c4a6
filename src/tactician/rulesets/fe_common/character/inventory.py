"""Inventory and the party's Supply (001 L49).

001 L49: "A unit can only carry 5 items/Weapons on their person at a time. The
entire party has a mass inventory known as the Supply which can carry 99 items,
and can be accessed outside of battle. Any weapon or equipment picked up by the
units while they have 5 can be sent to the Supply. (Example: Rodrick the Fighter
ends up picking up a Vulnerary as a drop from an enemy unit. Because his
inventory is filled, he must choose: Will he send one of his old weapons/items
to the Supply, or put the Vulnerary in the Supply?)"

Pure functions on tuples of item names: a refused change raises and returns
nothing. In battle the Supply only takes what a full unit picks up (ruling
``supply_in_battle``); taking from it is outside battle only.
"""

from __future__ import annotations

from tactician.errors import RulesError
from tactician.rulesets.fe_common.character.unit import INVENTORY_SIZE

SUPPLY_SIZE = 99

Items = tuple[str, ...]


def _without(items: Items, name: str, where: str) -> Items:
    for index, item in enumerate(items):
        if item.casefold() == name.casefold():
            return items[:index] + items[index + 1 :]
    raise RulesError(f"{name!r} is not in {where}")


def _into_supply(supply: Items, item: str) -> Items:
    if len(supply) >= SUPPLY_SIZE:
        raise RulesError(f"the Supply is full ({SUPPLY_SIZE} items)")
    return (*supply, item)


def pick_up(
    inventory: Items, supply: Items, item: str, send: str | None = None
) -> tuple[Items, Items]:
    """Take ``item``; with 5 already carried, ``send`` (the new item or an old one) goes
    to the Supply. Returns the new (inventory, supply)."""
    if len(inventory) < INVENTORY_SIZE:
        if send is not None:
            raise RulesError("the inventory has room; nothing needs to go to the Supply")
        return (*inventory, item), supply
    if send is None:
        raise RulesError(
            f"the inventory holds {INVENTORY_SIZE} items: choose one of them or {item!r} "
            "to send to the Supply"
        )
    if send.casefold() == item.casefold():
        return inventory, _into_supply(supply, item)
    kept = _without(inventory, send, "the inventory")
    return (*kept, item), _into_supply(supply, send)


def deposit(
    inventory: Items, supply: Items, item: str, *, in_battle: bool = False
) -> tuple[Items, Items]:
    """Send a carried item to the Supply; in battle only through ``pick_up`` when full."""
    if in_battle:
        raise RulesError("in battle, only an item picked up with 5 carried goes to the Supply")
    return _without(inventory, item, "the inventory"), _into_supply(supply, item)


def withdraw(
    inventory: Items, supply: Items, item: str, *, in_battle: bool
) -> tuple[Items, Items]:
    """Take an item from the Supply: outside battle only ("can be accessed outside of battle")."""
    if in_battle:
        raise RulesError("the Supply can be accessed outside of battle only")
    if len(inventory) >= INVENTORY_SIZE:
        raise RulesError(f"the inventory already holds {INVENTORY_SIZE} items")
    return (*inventory, item), _without(supply, item, "the Supply")
