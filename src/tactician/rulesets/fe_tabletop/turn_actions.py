"""Move, Wait, Equip and End Phase (001 L44, L54, L56, L42).

001 L54 "- Move: Move up to your speed." (MOV, G1-33) over the terrain of
L71-75 (``battle_units.reach``), once a turn, whole, before or after the
standard action (L44). L56 "- Free: Equip Weapon". End Phase ends the current
player's turn, then the Player turn, then the Enemy Turn (``player_turns``);
when a side's phase begins, its units on a Fort, Throne or Gate get "+5 HP ...
at the beginning of their next turn" (L76-78) and, under ``torch_decays``, a
lit torch burns down by 1 (FE8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactician.dice.source import DiceSource
from tactician.engine.actions import as_tile
from tactician.engine.rules import Outcome
from tactician.errors import RulesError
from tactician.rulesets.fe_common.battle import phases
from tactician.rulesets.fe_common.battle.turn import (
    after_move,
    check_free,
    check_move,
    wait,
)
from tactician.rulesets.fe_tabletop.battle_fight import chosen_weapon
from tactician.rulesets.fe_tabletop.battle_registry import ACTIONS
from tactician.rulesets.fe_tabletop.battle_state import TabletopBattle
from tactician.rulesets.fe_tabletop.battle_units import mov, path, reach, tile_terrain
from tactician.rulesets.fe_tabletop.options import TabletopOptions
from tactician.rulesets.fe_tabletop.player_turns import (
    check_ender,
    check_nobody_carried,
    check_player,
    next_player,
    order_if_due,
    players_left,
)
from tactician.rulesets.fe_tabletop.terrain import turn_start_heal


@ACTIONS.register("move", keys=("to",))
def move(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
         options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    to = as_tile(action.get("to"), "to")
    check_move(state, unit)
    check_player(state, unit)
    if not state.map.board().in_bounds(to):
        raise RulesError(f"{to} is off the {state.map.width}x{state.map.height} map")
    tiles = reach(state, unit, options)
    if to not in tiles:
        raise RulesError(f"{unit.name} cannot reach {to} (MOV {unit.character.mov}, 001 L44 "
                         "and the terrain of L71-75)")
    after = state.replace_units(after_move(unit, to))
    walked = path(state, unit, to, options) or [to]
    left = mov(state, unit, options) - tiles[to]
    return after, Outcome(f"{unit.name} moves to {to} ({tiles[to]} spent)", [
        {"type": "move", "unit": unit.id, "from": list(unit.position or to), "to": list(to),
         "path": [list(t) for t in walked], "spent": tiles[to], "movement_left": left}])


@ACTIONS.register("wait")
def wait_action(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
                options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    unit = state.unit(action.get("unit"))
    check_free(state, unit)  # waiting when the turn is already over changes nothing
    check_player(state, unit)
    return state.replace_units(wait(unit)), Outcome(f"{unit.name} waits",
                                                    [{"type": "wait", "unit": unit.id}])


@ACTIONS.register("equip", keys=("weapon",))
def equip(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
          options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    """L56 "Free: Equip Weapon": any carried weapon the unit's rank allows."""
    unit = state.unit(action.get("unit"))
    check_free(state, unit)
    check_player(state, unit)
    if action.get("weapon") is None:
        raise RulesError("equip needs weapon=NAME")
    weapon = chosen_weapon(unit, action.get("weapon"), options)
    after = state.replace_units(unit.model_copy(update={"equipped": weapon.name}))
    return after, Outcome(f"{unit.name} equips {weapon.name}",
                          [{"type": "equip", "unit": unit.id, "weapon": weapon.name}])


@ACTIONS.register("turn_order", aliases=("roll_order",))
def turn_order(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
               options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    """Roll the players' d100s now (the first action of a Player turn rolls them
    anyway, ``battle_actions.apply``): refused once they are rolled this round."""
    rolled, records = order_if_due(state, dice)
    if not records:
        raise RulesError("the players' turn order is rolled already (or it is not the "
                         "Player turn)")
    order = records[0]
    rolls = ", ".join(f"{p} {v}" for p, v in order["rolls"])
    return rolled, Outcome(f"round {order['round']} Player turn order: "
                           f"{', '.join(order['order'])}" + (f" (d100: {rolls})" if rolls
                                                             else ""), records)


@ACTIONS.register("end_phase")
def end_phase(state: TabletopBattle, action: Mapping[str, Any], dice: DiceSource,
              options: TabletopOptions) -> tuple[TabletopBattle, Outcome]:
    if state.result != "ongoing":
        raise RulesError(f"the battle is over ({state.result}: {state.result_reason})")
    check_ender(state, action)
    check_nobody_carried(state)
    if players_left(state):
        ending = state.current_player
        after = next_player(state)
        return after, Outcome(f"{ending}'s turn ends; {after.current_player}'s turn", [
            {"type": "end_turn", "player": ending, "next": after.current_player}])
    ended = state.side

    def starts(s: TabletopBattle, side: str) -> tuple[TabletopBattle, list[str]]:
        return _phase_start(s, side, options)

    after, lines = phases.end_phase(state, starts)
    return after, Outcome(f"the {ended} phase ends; " + "; ".join(lines), [
        {"type": "end_phase", "ended": ended, "round": after.round, "phase": after.side,
         "notes": lines}])


def _phase_start(state: TabletopBattle, side: str, options: TabletopOptions
                 ) -> tuple[TabletopBattle, list[str]]:
    lines: list[str] = []
    changed = []
    for unit in state.units:
        if unit.side != side or not unit.on_map or unit.position is None:
            continue
        tile = tile_terrain(state, unit.position)
        healed = turn_start_heal(unit.hp, unit.max_hp, tile)
        now = unit
        if healed != unit.hp:
            lines.append(f"{unit.name} regains {healed - unit.hp} HP on the {tile.name}")
            now = now.with_hp(healed)
        if options.torch_decays and now.torch > 0:
            now = now.model_copy(update={"torch": now.torch - 1})
            lines.append(f"{unit.name}'s torch burns down to +{now.torch}")
        if now is not unit:
            changed.append(now)
    return (state.replace_units(*changed) if changed else state), lines
