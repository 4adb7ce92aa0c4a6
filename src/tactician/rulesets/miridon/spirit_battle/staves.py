"""Staves in battle (004 L3494-3509, Table 6.6.1).

"Staves are magical melee weapon. They can store [Ghost Power] for use in spells. They can
also decrease the [Strength Cost] of the [Cast Spell] action." (L3496)

- [Cast Spell Strength Cost] (L3500): "This stat is used as the [Strength Cost] of [Cast
  Spell] instead of the default value." A unit wielding a staff pays it for Cast Spell and
  for Echo Spell, which "acts as [Cast Spell]" (L2110); with two staves the lower one
  (a ruling: the text names no pick, and either staff could be the one that casts).
- [Ghost Power Storage] (L3498): "Outside of battle, a character can transfer their
  [Current Ghost Power] to the [Stave]. The maximum [Ghost Power] that can be stored is
  equal to this stat. When using the [Cast Spell] action, the character can use the [Ghost
  Power] of the [Stave] instead of their own [Current Ghost Power]." The transfer is
  outside battle, so a units file gives what each staff holds (``staff_ghost: {Short
  Staff: 10}`` on a placement, at most the staff's storage); ``cast_spell staff=yes`` (or
  the staff's name) pays the Spell Ghost HP from it. Kept in the unit's ``pools``
  (``staff_ghost:<staff>``), so undo and replay carry it.
"""

from __future__ import annotations

from collections.abc import Mapping

from tactician.errors import ContentError, RulesError
from tactician.rulesets.miridon.battle.costs import Cost, action_cost
from tactician.rulesets.miridon.battle.state import Profile, UnitState
from tactician.rulesets.miridon.compendium import Compendium

STORED = "staff_ghost:"
CAST_ACTIONS = ("Cast Spell", "Echo Spell")  # Echo Spell "acts as [Cast Spell]" (L2110)


def staves(book: Compendium, profile: Profile) -> list[str]:
    return [w.name for w in profile.weapons if book.weapon(w.name).category == "staff"]


def cast_cost(book: Compendium, unit: UnitState, action: str = "Cast Spell") -> Cost:
    """Cast Spell's (or Echo Spell's) cost for ``unit``: the data's, its Strength Cost
    replaced by the lowest [Cast Spell Strength Cost] of the staves it wields (L3500)."""
    strength, speed = action_cost(book, action, unit)
    own = [book.weapon(name).cast_spell_strength_cost for name in staves(book, unit.profile)]
    given = [cost for cost in own if cost is not None]
    return (min(given), speed) if given else (strength, speed)


def stored(unit: UnitState, staff: str) -> int:
    return unit.pools.get(STORED + staff, 0)


def with_stored(unit: UnitState, staff: str, amount: int) -> UnitState:
    return unit.model_copy(update={"pools": {**unit.pools, STORED + staff: amount}})


def staff_named(book: Compendium, unit: UnitState, raw: object) -> str | None:
    """The staff a ``cast_spell``'s ``staff=`` names: ``yes`` the one held ready (else the
    first wielded), a staff's name, ``no`` / nothing none; a unit without one is refused."""
    if raw in (None, "", False) or str(raw).casefold() in ("no", "false", "0"):
        return None
    held = staves(book, unit.profile)
    if not held:
        raise RulesError(f"{unit.id} wields no staff to cast from (004 L3498)")
    if str(raw).casefold() in ("yes", "true", "1"):
        return unit.weapon if unit.weapon in held else held[0]
    for name in held:
        if name.casefold() == str(raw).casefold():
            return name
    raise RulesError(f"staff: {unit.id} wields {', '.join(held)}, not {raw!r}")


def starting_store(given: Mapping[str, int], profile: Profile, book: Compendium,
                   where: str) -> dict[str, int]:
    """A placement's ``staff_ghost:``: each a staff the unit wields, 0..its [Ghost Power
    Storage] ("The maximum [Ghost Power] that can be stored is equal to this stat", L3498)."""
    found: dict[str, int] = {}
    held = {name.casefold(): name for name in staves(book, profile)}
    for name, amount in given.items():
        staff = held.get(name.casefold())
        if staff is None:
            raise ContentError(f"{where}: staff_ghost: {name!r} is not a staff the unit "
                               f"wields ({', '.join(held.values()) or 'none'})")
        most = book.weapon(staff).ghost_power_storage or 0
        if not 0 <= amount <= most:
            raise ContentError(f"{where}: staff_ghost: {staff} stores 0..{most} ghost power "
                               f"(004 L3498), not {amount}")
        found[STORED + staff] = amount
    return found
