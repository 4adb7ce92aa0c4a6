"""The board as data (``docs/schemas/battle_show.json``): the keys every ruleset gives
plus Miridon's own per unit (strength and speed points of the economy, PDR, stance,
facing, grapple links, the slots used this turn and those left, ghosts, the spell being
cast with its cast time and Spell Ghost HP left, a mech's parts)."""

from __future__ import annotations

from typing import Any

from tactician.rulesets.miridon.battle.state import (
    Condition,
    MiridonBattle,
    UnitState,
    terrain_set,
)
from tactician.rulesets.miridon.battle.verbal_actions import VEILED, veiled_from
from tactician.rulesets.miridon.spirit_battle.barriers import PREFIX as BARRIER
from tactician.rulesets.miridon.spirit_battle.mech_units import MECH, PILOTING, mech_of
from tactician.rulesets.miridon.spirit_battle.unit_slices import (
    CASTING,
    LAST_SPELL,
    casting_of,
    ghost_of,
)

HIDDEN = (LAST_SPELL,)  # kept for Echo Spell (L2108), not a state of the unit


def _effects(state: MiridonBattle, unit: UnitState, acting: bool) -> list[str]:
    words = [f"str {unit.strength}/{unit.profile.battle_strength}",
             f"spd {unit.speed}/{unit.profile.battle_speed}", f"PDR {unit.pdr}",
             f"facing {unit.facing}"]
    ghost = ghost_of(unit)
    if ghost.maximum or ghost.current:
        words.append(f"ghost {ghost.current}/{ghost.maximum}")  # L2994-3013
    if acting:  # L1590: the turn's actions still to take (bonus actions are unlimited)
        left = actions_left(state, unit)
        words.append("actions left: " + ("/".join(left) if left else "bonus actions only"))
    if unit.stance != "No Stance":
        words.append(unit.stance)
    if unit.grappling:
        words.append("grappling " + ", ".join(unit.grappling))
    if unit.grappled_by:
        words.append(f"grappled by {unit.grappled_by} ({unit.grappled_blocks} blocks)")
    words.extend(filter(None, (condition_words(unit, c) for c in unit.conditions)))
    return words


SLOTS = ("offensive", "movement", "verbal")


def actions_left(state: MiridonBattle, unit: UnitState) -> list[str]:
    """The turn's actions ``unit`` still has in this action block (L1590): the acting unit's
    unused ones; all three for one whose turn is still to come; none once its turn is past
    (a unit's slots are only reset when its next turn starts)."""
    if unit.down or unit.id not in state.order:
        return [] if unit.down else list(SLOTS)
    here, now = state.order.index(unit.id), state.turn
    if here > now:
        return list(SLOTS)
    if here < now:
        return []
    return [s for s in SLOTS if s not in unit.slots]


def casting_view(unit: UnitState) -> dict[str, Any] | None:
    """The spell being cast (L3243-3269): what, at whom, the cast time and Spell Ghost HP left."""
    casting = casting_of(unit)
    if casting is None:
        return None
    return {"spell": casting.spell, "modifiers": list(casting.modifiers),
            "target": casting.target, "element": casting.element,
            "remaining": casting.remaining, "spell_ghost": casting.spell_ghost,
            "status": casting.status, "also": list(casting.also)}


def _casting_words(unit: UnitState) -> str:
    found = casting_view(unit)
    assert found is not None
    spell = found["spell"] + "".join(f" + {m}" for m in found["modifiers"])
    element = f" ({found['element']})" if found["element"] else ""
    time = ("ready to activate" if found["remaining"] == 0
            else f"{found['remaining']} block{'s' if found['remaining'] != 1 else ''} to go")
    state = "" if found["status"] == "casting" else f", {found['status']} (L2507)"
    return (f"casting {spell}{element} at {found['target']}: {time}, Spell Ghost HP "
            f"{found['spell_ghost']}{state}")


def _mech_words(unit: UnitState) -> str:
    mech = mech_of(unit)
    parts = ", ".join(f"{p.name} {p.speed}/{p.max_speed} spd" + (" (acted)" if p.acted else "")
                      for p in mech.parts)
    who = f"piloted by {mech.pilot}" if mech.pilot else "no pilot"
    return f"mech, {who}: {parts}" + ("; DISABLED (L3651)" if mech.disabled else "")


def condition_words(unit: UnitState, held: Condition) -> str:
    """A condition as the table reads it (None: bookkeeping the table need not see)."""
    if held.name == CASTING:
        return _casting_words(unit)
    if held.name == MECH:
        return _mech_words(unit)
    if held.name == PILOTING:
        return f"inside {held.source}"
    if held.name in HIDDEN:
        return ""
    if held.name == VEILED:  # L3273: the sides it deceives, while its spell is cast
        sides = veiled_from(unit)
        return f"veiled from {', '.join(sides)}" if sides else ""
    if held.name.startswith(BARRIER):
        return f"{held.name} {held.value} left" + (f" ({held.blocks} blocks)" if held.blocks
                                                    else "")
    return held.name + (f" ({held.blocks} blocks)" if held.blocks else "")


def unit_view(state: MiridonBattle, unit: UnitState, acting: bool) -> dict[str, Any]:
    ghost = ghost_of(unit)
    return {
        "id": unit.id, "name": unit.name, "side": unit.side, "number": unit.number,
        "tier": unit.tier, "controller": unit.controller,
        "position": list(unit.position) if unit.position else None,
        "hp": max(0, unit.hp), "max_hp": unit.profile.max_hp, "equipped": unit.weapon,
        "acted": bool(unit.slots) and not acting, "effects": _effects(state, unit, acting),
        "down": None if unit.status == "ok" else unit.status,
        "strength": unit.strength, "max_strength": unit.profile.battle_strength,
        "speed": unit.speed, "max_speed": unit.profile.battle_speed,
        "pdr": unit.pdr, "stance": unit.stance, "facing": unit.facing,
        "slots_used": list(unit.slots), "actions_left": actions_left(state, unit),
        "status": unit.status,
        # part 3: ghosts (L2994-3013) and the spell being cast (L3243-3269)
        "ghost": ghost.current, "max_ghost": ghost.maximum, "casting": casting_view(unit),
        # the turn order's key (L1594): Maximum Speed Points
        "initiative": unit.profile.max_speed,
        # the sides a veiled caster is kept from (L3273): not in their views at all
        "hidden_from": veiled_from(unit),
    }


def board_view(state: MiridonBattle, reach_unit: str | None = None) -> dict[str, Any]:
    current = state.current
    data: dict[str, Any] = {
        "ruleset": "miridon", "name": state.name, "round": state.block,
        "phase": current.side if current else (state.sides[0] if state.sides else "player"),
        "phase_label": (f"{current.name}'s turn, action block {state.block}" if current
                        else "before the battle begins (the `begin` action rolls the order)"),
        "acting": [current.id] if current else [],
        "sides": list(state.sides), "result": state.result,
        "result_reason": state.result_reason or None,
        **state.map.describe(terrain_set()),
        "objectives": {"victory": [g.describe() for g in state.objectives.victory],
                       "defeat": [g.describe() for g in state.objectives.defeat],
                       "draw": state.objectives.draw()},
        "units": [unit_view(state, u, current is not None and u.id == current.id)
                  for u in state.units],
        "order": list(state.order),
        "turn": current.id if current else None,
        "chain": state.chain.model_dump() if state.chain else None,
    }
    if reach_unit is not None:
        data["reach"] = reach_of(state, reach_unit)
    return data


def reach_of(state: MiridonBattle, unit_id: str) -> dict[str, Any]:
    """``unit_id``'s reach: the squares its ``move`` action takes it to now, with what
    each spends (``move_reach``; 8 directions, so ``diagonal``), the squares it can
    attack from there or where it stands and the foes it can hit from where
    (``attack_reach``), and the feet to every other unit under the battle's own
    ``distance_metric`` and ``square_feet``."""
    from tactician.rulesets.miridon.battle.attack_reach import attack_reach
    from tactician.rulesets.miridon.battle.geometry import distance_ft
    from tactician.rulesets.miridon.battle.move_reach import moves
    from tactician.rulesets.miridon.battle.rules import battle_rules

    unit = state.unit(unit_id)
    options = battle_rules(state.options).options
    moved, refused = moves(state, unit.id)
    return {"unit": unit.id, "move": [[end[0], end[1]] for end, _, _ in moved],
            "costs": {f"{end[0]},{end[1]}": shown for end, _, shown in moved},
            "refused": None if moved else refused, **attack_reach(state, unit.id, moved),
            "diagonal": True,
            "distances_ft": {u.id: distance_ft(unit.position, u.position, options)
                             for u in state.units
                             if u.position and unit.position and u.id != unit.id}}


def hidden_from(state: MiridonBattle, side: str) -> set[str]:
    """The units of other sides ``side`` does not see: casters its units' Veil contests
    all lost, while that spell is cast (``veiled_from``, L3273)."""
    return {u.id for u in state.units if u.side != side
            and (u.id in state.gm_hidden or side in veiled_from(u))}  # or the GM hid it


def side_state(state: MiridonBattle, side: str) -> MiridonBattle:
    """The battle as ``side`` knows it: the units hidden from it are not in it, nor in
    the turn order, a grapple or the attack chain (issue 25: nothing hidden is put in
    the side's view to be filtered out later). While a hidden unit has the turn, the
    side's state gives it to the next unit it sees (the table asks it nothing then)."""
    hidden = hidden_from(state, side)
    if not hidden:
        return state
    units = []
    for unit in state.units:
        if unit.id in hidden:
            continue
        update: dict[str, Any] = {}
        if set(unit.grappling) & hidden:
            update["grappling"] = tuple(g for g in unit.grappling if g not in hidden)
        if unit.grappled_by in hidden:
            update.update(grappled_by=None, grappled_blocks=0)
        units.append(unit.model_copy(update=update) if update else unit)
    order = tuple(u for u in state.order if u not in hidden)
    turn = 0
    if state.order and order:
        ahead = [*state.order[state.turn:], *state.order[:state.turn]]
        turn = order.index(next(u for u in ahead if u not in hidden))
    chain = state.chain
    if chain is not None and {chain.unit, chain.target} & hidden:
        chain = None
    return state.model_copy(update={"units": tuple(units), "order": order, "turn": turn,
                                    "chain": chain, "gm_hidden": tuple(
                                        u for u in state.gm_hidden if u not in hidden)})


def side_view(state: MiridonBattle, reach_unit: str | None, side: str) -> dict[str, Any]:
    """The board of the battle as ``side`` knows it (``side_state``)."""
    from tactician.errors import RulesError
    from tactician.rulesets.contract.sight import renumbered

    if side not in state.sides:
        raise RulesError(f"no side {side!r} in this battle (sides: {', '.join(state.sides)})")
    hidden = hidden_from(state, side)
    data = board_view(side_state(state, side), reach_unit)
    data["viewer"] = side
    if hidden:
        data["units"] = renumbered(data["units"], side)
        current = state.current
        if current is not None and current.id in hidden:
            data.update(turn=None, acting=[], phase="waiting", phase_label="Waiting for the GM",
                        waiting=True)
    return data
