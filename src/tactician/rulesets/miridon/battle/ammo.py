"""Ammunition (gap M22): "This [Offensive Action] can be used to reload a gun to full
ammo" (Reload, L1905; Quick Reload, L2411) but no gun of 004 has a capacity. Ruling
``track_ammo`` (spec 004 §3.21 default off): when on, a gun given a magazine in the units
file (``ammo: {Revolver: 6}`` on a placement) holds that many shots, each shot (a
shotgun's blast, a Shoot Through's one shot along the line) uses one, an empty gun is
refused, and Reload / Quick Reload fill it again. A gun with no magazine is not counted.

Counts live in the unit's ``pools`` (``magazine:<gun>`` the capacity, ``ammo:<gun>``
what is left), so undo and replay carry them like every other point.
"""

from __future__ import annotations

from collections.abc import Mapping

from tactician.counted import counted
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.registry import Context
from tactician.rulesets.miridon.battle.state import UnitState

MAGAZINE = "magazine:"
AMMO = "ammo:"


def magazines(capacities: Mapping[str, int]) -> dict[str, int]:
    """The pools a unit starts with for its magazines: full."""
    pools: dict[str, int] = {}
    for gun, size in capacities.items():
        pools[MAGAZINE + gun] = size
        pools[AMMO + gun] = size
    return pools


def left(unit: UnitState, gun: str) -> int | None:
    """Shots left in ``gun``, or None when it is not counted."""
    if MAGAZINE + gun not in unit.pools:
        return None
    return unit.pools.get(AMMO + gun, 0)


def loaded(track: bool, unit: UnitState, gun: str) -> bool:
    """Whether ``gun`` can fire: not an empty counted magazine (``track``: ``track_ammo``)."""
    return not track or left(unit, gun) != 0


def spend_shot(ctx: Context, unit: UnitState, gun: str) -> UnitState:
    """One shot of ``gun`` (when ammunition is counted), or the refusal of an empty gun."""
    if not ctx.options.track_ammo or ctx.book.weapon(gun).attack != "gun":
        return unit
    shots = left(unit, gun)
    if shots is None:
        return unit
    if shots < 1:
        raise RulesError(f"{unit.id}'s {gun} is empty: Reload first (004 L1905, ruling "
                         "track_ammo)")
    ctx.say(f"{unit.id}'s {gun}: {shots - 1} of {counted(unit.pools[MAGAZINE + gun], 'shot')} "
            "left")
    return unit.model_copy(update={"pools": {**unit.pools, AMMO + gun: shots - 1}})


def refill(unit: UnitState, gun: str) -> tuple[UnitState, str]:
    """Reload "to full ammo" (L1905, L2411): the unit and what the narration says."""
    if MAGAZINE + gun not in unit.pools:
        return unit, "ammunition is not counted for it, M22"
    size = unit.pools[MAGAZINE + gun]
    return unit.model_copy(update={"pools": {**unit.pools, AMMO + gun: size}}), \
        f"{size} of {counted(size, 'shot')}"
