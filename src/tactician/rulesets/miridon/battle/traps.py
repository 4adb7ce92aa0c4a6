"""Traps (Arm Trap / Disarm Trap, L1845-1863; no trap exists in 004, gap M23: a GM gives
them in a units file, ``traps:`` with id, damage dice, ``at`` or ``carried_by``, and
``range_ft``).

- ``arm_trap`` (offensive): "remove a trap from their inventory, drop the trap, and arm
  the trap" (``trap=ID at=X,Y``, within 5 ft; default the unit's own square), or "arm a
  disarmed trap that has already been placed" within 5 ft.
- ``disarm_trap`` (offensive): "disarm a trap, pick up the trap, and place the trap in
  their inventory" (``take=yes``) or "disarm a trap and leave it in place".
- "Any trap that is disarmed will not be triggered if someone enters the trap's range"
  (L1863): an armed trap triggers on a unit entering its range (its square, or within
  ``range_ft``) by a movement action; it deals its damage dice less the unit's PDR (it is
  physical harm, as a wall's knockback is, spec §3.1) and is then spent (disarmed, left in
  place: a Tactician default). The move goes on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactician.dice.distribution import DiceSum
from tactician.dice.roller import rolled_by
from tactician.engine.actions import as_tile
from tactician.errors import RulesError
from tactician.rulesets.miridon.battle.checks import acting, active, use_slot
from tactician.rulesets.miridon.battle.costs import action_cost, pay, text
from tactician.rulesets.miridon.battle.geometry import Tile, distance_ft
from tactician.rulesets.miridon.battle.registry import ACTIONS, Context
from tactician.rulesets.miridon.battle.stances import unit_pdr
from tactician.rulesets.miridon.battle.state import MiridonBattle, Trap, UnitState

REACH_FT = 5  # "drop the trap": at hand, the unit's square or a neighbour


def _trap(state: MiridonBattle, trap_id: object) -> Trap:
    for trap in state.traps:
        if trap.id == trap_id:
            return trap
    known = ", ".join(t.id for t in state.traps) or "none"
    raise RulesError(f"no trap {trap_id!r} in this battle (traps: {known})")


def _with(state: MiridonBattle, trap: Trap) -> MiridonBattle:
    return state.model_copy(update={"traps": tuple(trap if t.id == trap.id else t
                                                   for t in state.traps)})


def _at_hand(ctx: Context, unit: UnitState, tile: Tile | None) -> None:
    if tile is None or unit.position is None or \
            distance_ft(unit.position, tile, ctx.options) > REACH_FT:
        raise RulesError(f"{tile} is not within {REACH_FT} ft of {unit.id}")


@ACTIONS.register("arm_trap", keys=("trap", "at"))
def arm_trap(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "arm_trap")
    trap = _trap(state, action.get("trap"))
    if trap.carried_by == unit.id:
        tile = as_tile(action["at"], "at") if action.get("at") is not None else unit.position
        _at_hand(ctx, unit, tile)
        if not state.board().in_bounds(tile):  # type: ignore[arg-type]
            raise RulesError(f"{tile} is off the map")
    elif trap.position is not None and not trap.armed:
        tile = trap.position
        _at_hand(ctx, unit, tile)
    else:
        raise RulesError(f"{unit.id} can arm only a trap it carries or a disarmed one that "
                         "lies within reach (004 L1849-1851)")
    cost = action_cost(ctx.book, "Arm Trap", unit)
    unit = active(pay(use_slot(unit, "offensive", "Arm Trap"), cost, "Arm Trap"), state.block)
    ctx.summary = f"{unit.id} arms trap {trap.id} at {tile} ({text(cost)})"
    return _with(state.replace_units(unit),
                 trap.model_copy(update={"position": tile, "carried_by": None, "armed": True}))


@ACTIONS.register("disarm_trap", keys=("trap", "take"))
def disarm_trap(ctx: Context, state: MiridonBattle, action: Mapping[str, Any]) -> MiridonBattle:
    unit = acting(state, action, "disarm_trap")
    trap = _trap(state, action.get("trap"))
    if trap.position is None:
        raise RulesError(f"trap {trap.id} is carried, not placed")
    _at_hand(ctx, unit, trap.position)
    take = str(action.get("take", "no")) in ("yes", "true", "1")
    if not trap.armed and not take:
        raise RulesError(f"trap {trap.id} is already disarmed")
    cost = action_cost(ctx.book, "Disarm Trap", unit)
    unit = active(pay(use_slot(unit, "offensive", "Disarm Trap"), cost, "Disarm Trap"),
                  state.block)
    after = trap.model_copy(update={"armed": False, **({"position": None,
                                                         "carried_by": unit.id} if take
                                                        else {})})
    ctx.summary = f"{unit.id} disarms trap {trap.id}" + (" and picks it up" if take else "")
    return _with(state.replace_units(unit), after)


def enter(ctx: Context, state: MiridonBattle, unit_id: str, start: Tile,
          path: Sequence[Tile]) -> MiridonBattle:
    """The armed traps whose range ``unit_id`` enters along ``path`` (from ``start``)."""
    from tactician.rulesets.miridon.battle.strike import release_grapples

    for tile in path:
        for trap in state.traps:
            if not trap.armed or trap.position is None:
                continue
            inside = distance_ft(tile, trap.position, ctx.options) <= trap.range_ft
            before = distance_ft(start, trap.position, ctx.options) <= trap.range_ft
            if not inside or before:
                continue
            unit = state.unit(unit_id)
            # no unit's roll (the GM's), whoever armed it or walked in
            with rolled_by(None):
                rolled = ctx.chance.decide(DiceSum.parse(trap.damage, f"trap {trap.id} damage"))
            damage = max(0, rolled - unit_pdr(ctx.book, unit))
            status = unit.status
            if damage > 0 and status == "unconscious":
                status = "dead"  # L1742
            hp = max(0, unit.hp - damage)
            if hp == 0 and status == "ok":
                status = "unconscious"  # L1740
            ctx.say(f"{unit.id} enters trap {trap.id}'s range at {tile}: {rolled} - PDR = "
                    f"{damage} damage, {hp} HP left" + ("" if status == "ok" else f", {status}"))
            state = _with(state.replace_units(unit.model_copy(update={"hp": hp,
                                                                      "status": status})),
                          trap.model_copy(update={"armed": False}))
            if status != "ok":
                state = release_grapples(state, state.unit(unit_id))
        start = tile
    return state
